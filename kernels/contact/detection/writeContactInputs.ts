import { CONTACT_LAYOUT_FIELDS } from '../../vbd/packVbdContact.ts';
import type { GpuOgcDetectionData } from './types.ts';

/** The points' offsets (S×3), the colliders' positions (O×3) and the pulled points' targets (S×3) [m] (0 when left out), into the contact binding. */
export function writeContactInputs(
  d: GpuOgcDetectionData,
  pointOffsets: ArrayLike<number> | undefined,
  obstaclePositions: ArrayLike<number> | undefined,
  pointTargets: ArrayLike<number> | undefined,
): void {
  const write = (name: (typeof CONTACT_LAYOUT_FIELDS)[number], values: ArrayLike<number> | undefined, length: number): void => {
    if (length === 0) return;
    const data = new Float32Array(length);
    if (values) data.set(values);
    d.device.queue.writeBuffer(d.sized!.contact, 4 * d.contactHeader[CONTACT_LAYOUT_FIELDS.indexOf(name)], data);
  };
  write('pointOffsets', pointOffsets, 3 * d.surfacePointCount);
  write('obstaclePositions', obstaclePositions, 3 * (d.pointCount - d.surfacePointCount));
  write('pointTargets', pointTargets, 3 * d.surfacePointCount);
}
