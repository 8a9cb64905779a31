import { warmStartedRotation } from '../../embedding/index.ts';
import type { ReducedArapState } from './reducedArapState.ts';

/**
 * Reduced ARAP's local step and right-hand side by rotation clusters (seed 004 App. A, Eqs. A.2–A.3, after Jacobson
 * et al. 2012), with no pass over the mesh, O(r·#clusters): S_k = Σ_a v_a ⊗ B̃_k[a] over the working basis' columns,
 * R_k = the proper rotation maximising tr(R_kᵀS_k) (warmStartedRotation from the last iteration's quaternion; 24
 * sweeps cold, 8 warm), and b̃_a = Σ_k R_k B̃_k[a]. B̃_k[a] is the 3-vector u_aᵀB_k^c: basis.clusterGlobal for the
 * global columns, each group's clusterCoefficients for its own.
 *
 * @param state  the reduced state: reads v, the working basis and coldStart; writes clusterCovariance, rotations and
 *               quaternions
 * @param br     r×3 b̃, zeroed by the caller; receives Σ_k R_k B̃_k
 * @returns Σ_k tr(R_kᵀS_k), the energy's rotation term with its sign flipped
 */
export function clusteredLocalStep(state: ReducedArapState, br: Float64Array): number {
  const { basis, v, activeGroupData, columnOffset, rotations, quaternions, coldStart } = state;
  const r0 = basis.globalCount;
  const K = basis.clusters.count;
  const S = state.clusterCovariance;
  S.fill(0);
  const G = basis.clusterGlobal;
  for (let k = 0; k < K; k++) {
    const base = k * r0 * 3;
    const s = 9 * k;
    for (let g = 0; g < r0; g++) {
      const e = base + 3 * g;
      if (G[e] === 0 && G[e + 1] === 0 && G[e + 2] === 0) continue;
      addOuterProduct(S, s, v, 3 * g, G, e);
    }
  }
  activeGroupData.forEach((group, i) => {
    const B = group.children.length;
    const o = columnOffset[i];
    group.clusters.forEach((k, slot) => {
      const s = 9 * k;
      for (let a = 0; a < B; a++) addOuterProduct(S, s, v, 3 * (o + a), group.clusterCoefficients, (slot * B + a) * 3);
    });
  });
  let total = 0;
  const { covariance, quaternion, rotation } = state.fitScratch;
  for (let k = 0; k < K; k++) {
    for (let e = 0; e < 9; e++) covariance[e] = S[9 * k + e];
    warmStartedRotation(covariance, quaternions, k, quaternion, rotation, coldStart, coldStart ? 24 : 8);
    for (let e = 0; e < 9; e++) {
      rotations[9 * k + e] = rotation[e];
      total += rotation[e] * covariance[e];
    }
  }
  for (let k = 0; k < K; k++) {
    const base = k * r0 * 3;
    const R = 9 * k;
    for (let g = 0; g < r0; g++) {
      const e = base + 3 * g;
      if (G[e] === 0 && G[e + 1] === 0 && G[e + 2] === 0) continue;
      addRotated(br, 3 * g, rotations, R, G, e);
    }
  }
  activeGroupData.forEach((group, i) => {
    const B = group.children.length;
    const o = columnOffset[i];
    group.clusters.forEach((k, slot) => {
      const R = 9 * k;
      for (let a = 0; a < B; a++) addRotated(br, 3 * (o + a), rotations, R, group.clusterCoefficients, (slot * B + a) * 3);
    });
  });
  return total;
}

/** S[s…s+8] += v[i…i+2] ⊗ b[j…j+2], row-major: a basis column's share of a cluster's covariance S_k. */
function addOuterProduct(S: Float64Array, s: number, v: Float64Array, i: number, b: Float64Array, j: number): void {
  const vx = v[i];
  const vy = v[i + 1];
  const vz = v[i + 2];
  const bx = b[j];
  const by = b[j + 1];
  const bz = b[j + 2];
  S[s] += vx * bx;
  S[s + 1] += vx * by;
  S[s + 2] += vx * bz;
  S[s + 3] += vy * bx;
  S[s + 4] += vy * by;
  S[s + 5] += vy * bz;
  S[s + 6] += vz * bx;
  S[s + 7] += vz * by;
  S[s + 8] += vz * bz;
}

/** out[i…i+2] += R_k·b[j…j+2] with R_k = rotations[r…r+8] (row-major): a cluster's share of b̃. */
function addRotated(out: Float64Array, i: number, rotations: Float64Array, r: number, b: Float64Array, j: number): void {
  const bx = b[j];
  const by = b[j + 1];
  const bz = b[j + 2];
  out[i] += rotations[r] * bx + rotations[r + 1] * by + rotations[r + 2] * bz;
  out[i + 1] += rotations[r + 3] * bx + rotations[r + 4] * by + rotations[r + 5] * bz;
  out[i + 2] += rotations[r + 6] * bx + rotations[r + 7] * by + rotations[r + 8] * bz;
}
