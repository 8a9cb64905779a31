import { isKinematicPoint } from '../../../app/contact/index.ts';
import type { GpuOgcDetectionData } from './types.ts';

/**
 * The kinematic flags (from the pins: isKinematicPoint, the colliders' always) and the input's flags (regions,
 * untangle; zeros when left out), into detectionWords.
 * @throws Error when the pins are not one per simulation vertex
 */
export function writeDetectionFlags(d: GpuOgcDetectionData, pinned: Uint8Array, regions: Uint32Array | undefined, untangle: Uint8Array | undefined): void {
  const device = d.device;
  const S = d.surfacePointCount;
  const P = d.pointCount;
  const o = d.options;
  if (pinned.length !== d.vertexCount) throw new Error(`GpuOgcDetection: ${pinned.length} pinned flags, expected ${d.vertexCount}`);
  for (let p = 0; p < P; p++) d.kinematic[p] = p < S ? isKinematicPoint(o.pointVertices, o.pointWeights, pinned, p) : 1;
  const flagWords = (flags: Uint8Array | Uint32Array | undefined): Uint32Array<ArrayBuffer> =>
    flags ? Uint32Array.from(flags.subarray(0, S)) : new Uint32Array(S);
  device.queue.writeBuffer(d.topologyBuffer, 4 * d.sectionStarts.kinematic, d.kinematic);
  if (S > 0) {
    device.queue.writeBuffer(d.topologyBuffer, 4 * d.sectionStarts.regions, flagWords(regions));
    device.queue.writeBuffer(d.topologyBuffer, 4 * d.sectionStarts.untangle, flagWords(untangle));
  }
}
