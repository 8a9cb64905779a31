import type { ArapModel } from '../solvers/arap/index.ts';
import { vertexRotation } from './vertexRotation.ts';

/**
 * The sparse offsets of a keyed pose correction from an edit made at one frame: for every vertex the edit moved by
 * more than `threshold`, offset = R_v(frame)ᵀ·(edited − input), the displacement expressed in the vertex's rest frame
 * (poseCorrectedPositions turns it back with the rotation of whatever frame it is applied at, and reproduces the
 * edit exactly at its own frame).
 *
 * @param model      spokes ARAP model of the mesh's welded rest shape
 * @param input      #V×3 input positions at the frame, before the edit [m]
 * @param edited     #V×3 the edited positions (the ARAP result) [m]
 * @param threshold  smallest displacement kept [m] (default 1e-9 of the model's size)
 * @returns increasing vertex indices and #vertices×3 offsets, the `vertices` and `offsets` of a PoseCorrection
 */
export function poseCorrectionFromEdit(
  model: ArapModel,
  input: ArrayLike<number>,
  edited: ArrayLike<number>,
  threshold = 1e-9 * model.size,
): { vertices: number[]; offsets: number[] } {
  const n = model.vertexCount;
  if (input.length < 3 * n || edited.length < 3 * n) throw new RangeError(`poseCorrectionFromEdit: input and edited need ${n}×3 numbers`);
  const vertices: number[] = [];
  const offsets: number[] = [];
  const covariance = new Float64Array(9);
  const quaternion = new Float64Array(4);
  const R = new Float64Array(9);
  for (let v = 0; v < n; v++) {
    const dx = edited[3 * v] - input[3 * v];
    const dy = edited[3 * v + 1] - input[3 * v + 1];
    const dz = edited[3 * v + 2] - input[3 * v + 2];
    if (!(Math.hypot(dx, dy, dz) > threshold)) continue;
    vertexRotation(model, input, v, covariance, quaternion, R);
    vertices.push(v);
    offsets.push(R[0] * dx + R[3] * dy + R[6] * dz, R[1] * dx + R[4] * dy + R[7] * dz, R[2] * dx + R[5] * dy + R[8] * dz);
  }
  return { vertices, offsets };
}
