import { embeddedSurfacePositions } from '../embeddedSurfacePositions.ts';
import { rigidAlignment } from '../rigidAlignment.ts';
import type { TetFitData } from './types.ts';

/**
 * Moves the initial guess x of a frame's fit by the rigid motion that best aligns its embedded surface C′x with the
 * frame's targets (weighted Kabsch with Λ, rigidAlignment), and turns the per-tet warm-start rotations with it
 * (q_t ← q_R·q_t). A rigidly moving input is then fitted before the first local/global iteration of seed 004 Eq. 4.1,
 * and the global part of a character's motion (walking, turning) costs no iterations; ARAP alone spreads a large
 * rotation from the surface into the lattice cells outside it only over many local/global iterations.
 *
 * @param data              the fitter (tetFitData): reads Λ and the embedding; writes alignment, surfaceScratch and
 *   the rotations
 * @param x                 #N×3 lattice positions [m], moved in place
 * @param surfacePositions  #S×3 targets q̄ [m]
 */
export function rigidPreAlignment(data: TetFitData, x: Float64Array, surfacePositions: ArrayLike<number>): void {
  const { vertexCount: n, tetCount, surfaceVertexCount: S, rotations, alignment } = data;
  rigidAlignment(embeddedSurfacePositions(data.embedding, x, data.surfaceScratch), surfacePositions, data.dataWeights, S, alignment);
  const R = alignment.rotation;
  const { sourceCentroid: c, targetCentroid: q } = alignment;
  const cx = c[0];
  const cy = c[1];
  const cz = c[2];
  const qx = q[0];
  const qy = q[1];
  const qz = q[2];
  for (let v = 0; v < n; v++) {
    const dx = x[3 * v] - cx;
    const dy = x[3 * v + 1] - cy;
    const dz = x[3 * v + 2] - cz;
    x[3 * v] = qx + R[0] * dx + R[1] * dy + R[2] * dz;
    x[3 * v + 1] = qy + R[3] * dx + R[4] * dy + R[5] * dz;
    x[3 * v + 2] = qz + R[6] * dx + R[7] * dy + R[8] * dz;
  }
  // Per-tet rotation warm starts: q_t ← q_R · q_t.
  const ax = alignment.quaternion[0];
  const ay = alignment.quaternion[1];
  const az = alignment.quaternion[2];
  const aw = alignment.quaternion[3];
  for (let t = 0; t < tetCount; t++) {
    const o = 4 * t;
    const x0 = rotations[o];
    const y0 = rotations[o + 1];
    const z0 = rotations[o + 2];
    const w0 = rotations[o + 3];
    rotations[o] = aw * x0 + ax * w0 + ay * z0 - az * y0;
    rotations[o + 1] = aw * y0 - ax * z0 + ay * w0 + az * x0;
    rotations[o + 2] = aw * z0 + ax * y0 - ay * x0 + az * w0;
    rotations[o + 3] = aw * w0 - ax * x0 - ay * y0 - az * z0;
  }
}
