import { storageBuffer } from '../../gpu/storageBuffer.ts';
import { cellSizes } from './cellSizes.ts';
import { ensureSizedBuffers } from './ensureSizedBuffers.ts';
import { hostPoints } from './hostPoints.ts';
import { writeContactInputs } from './writeContactInputs.ts';
import { writeDetectionFlags } from './writeDetectionFlags.ts';
import { writeDetectionParams } from './writeDetectionParams.ts';
import { FLAG_STEP_INPUTS, type GpuOgcDetectionData, type GpuOgcStepCall } from './types.ts';

/**
 * One step call's inputs (ogcContact's frame and the call's pins), uploaded: the kinematic flags, the input's flags,
 * the points' offsets and targets, the colliders' and the input's points at the call's start and end, and the
 * control entries its gates copy in (16 bytes each: mode, γ_e threshold (f32), α (f32), α_before (f32)); the tables'
 * cells sized at the first call.
 */
export function setStepCall(d: GpuOgcDetectionData, call: GpuOgcStepCall): void {
  const device = d.device;
  const S = d.surfacePointCount;
  const O = d.pointCount - S;
  writeDetectionFlags(d, call.pinned, call.regions ?? undefined, call.untangle ?? undefined);
  if (!d.cells) d.cells = cellSizes(d, hostPoints(d, call.cellPositions, call.pointOffsets, call.obstacleEnd));
  const frame = new Float32Array(6 * d.pointCount);
  const put = (values: ArrayLike<number>, at: number, n: number): void => {
    for (let k = 0; k < n; k++) frame[at + k] = values[k];
  };
  if (call.obstacleStart) put(call.obstacleStart, 0, 3 * O);
  if (call.obstacleEnd) put(call.obstacleEnd, 3 * O, 3 * O);
  if (call.referenceStart && call.referenceEnd) {
    put(call.referenceStart, 6 * O, 3 * S);
    put(call.referenceEnd, 6 * O + 3 * S, 3 * S);
  }
  if (frame.length > 0) device.queue.writeBuffer(d.frameBuffer, 0, frame);
  if (call.control.byteLength > d.controlBuffer.size) {
    d.controlBuffer.destroy();
    d.controlBuffer = storageBuffer(device, 2 * call.control.byteLength, 0, 'ogcDetection control entries');
  }
  device.queue.writeBuffer(d.controlBuffer, 0, call.control);
  ensureSizedBuffers(d);
  writeContactInputs(d, call.pointOffsets, undefined, call.pointTargets);
  const hasReference = Boolean(call.referenceStart && call.referenceEnd);
  writeDetectionParams(d, (hasReference ? 2 : 0) | (call.regions ? 4 : 0) | (call.untangle ? 8 : 0) | 32 | FLAG_STEP_INPUTS);
}
