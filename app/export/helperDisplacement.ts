import type { HelperBoneFitState } from './helperBoneFitState.ts';

/**
 * Refreshes one cached displacement u_ih(t) = L_parent(t)·(D_h(t)·b_i(t) − b_i(t)): the world offset helper h gives
 * vertex i at frame t at full weight, with L the linear part of the parent's skin matrix (S_h = S_parent·D_h, so the
 * parent's translation cancels). Written into state.displacements at pair (i, n).
 *
 * @param state  the fit (helperBoneFitState); reads quaternions, translations, bindPositions, skinMatrices
 * @param t      frame
 * @param h      helper
 * @param i      vertex
 * @param n      h's slot among vertex i's candidates
 */
export function helperDisplacement(state: HelperBoneFitState, t: number, h: number, i: number, n: number): void {
  const { vertexCount: R, jointCount: J, helperCount: N, pairCount: P, quaternions, translations, bindPositions, skinMatrices, displacements, rotated } = state;
  const q = (t * N + h) * 4;
  const b = (t * R + i) * 3;
  rotate(quaternions, q, bindPositions[b], bindPositions[b + 1], bindPositions[b + 2], rotated);
  const dx = rotated[0] + translations[(t * N + h) * 3] - bindPositions[b];
  const dy = rotated[1] + translations[(t * N + h) * 3 + 1] - bindPositions[b + 1];
  const dz = rotated[2] + translations[(t * N + h) * 3 + 2] - bindPositions[b + 2];
  const m = (t * J + state.parents[h]) * 16;
  const o = (t * P + state.pairOffset[i] + n) * 3;
  displacements[o] = skinMatrices[m] * dx + skinMatrices[m + 4] * dy + skinMatrices[m + 8] * dz;
  displacements[o + 1] = skinMatrices[m + 1] * dx + skinMatrices[m + 5] * dy + skinMatrices[m + 9] * dz;
  displacements[o + 2] = skinMatrices[m + 2] * dx + skinMatrices[m + 6] * dy + skinMatrices[m + 10] * dz;
}

/** out = R(q)·(x, y, z) for the unit quaternion q = (x, y, z, w) at q[o]. */
function rotate(q: Float64Array, o: number, x: number, y: number, z: number, out: Float64Array): void {
  const qx = q[o],
    qy = q[o + 1],
    qz = q[o + 2],
    qw = q[o + 3];
  // v + 2w(q×v) + 2 q×(q×v)
  const tx = 2 * (qy * z - qz * y);
  const ty = 2 * (qz * x - qx * z);
  const tz = 2 * (qx * y - qy * x);
  out[0] = x + qw * tx + (qy * tz - qz * ty);
  out[1] = y + qw * ty + (qz * tx - qx * tz);
  out[2] = z + qw * tz + (qx * ty - qy * tx);
}
