import { arapRightHandSide } from './arapRightHandSide.ts';
import { fitRotationGroups } from './fitRotationGroups.ts';
import type { ReducedArapState } from './reducedArapState.ts';

/**
 * Reduced ARAP's local step done exactly (seed 004 §3.4.4 without App. A's clustering): every rotation group's
 * rotation fitted to p = Uv (fitRotationGroups, Sorkine & Alexa 2007 §3), the full right-hand side b (arapRightHandSide)
 * and its projection b̃ = Uᵀb onto the working basis. Costs passes over the whole mesh; the clustered step does not.
 *
 * @param state  the reduced state: reads p (= Uv, refreshed by the caller), writes rotations, quaternions and b
 * @param br     r×3 b̃, zeroed by the caller; receives Uᵀb
 * @returns Σ_k tr(R_kᵀS_k), the energy's rotation term with its sign flipped
 */
export function exactLocalStep(state: ReducedArapState, br: Float64Array): number {
  const { model, globalCount: r0, globalBasis: Wg } = state.basis;
  const { b, activeGroupData, columnOffset } = state;
  const n = model.vertexCount;
  const rotationTerm = fitRotationGroups(model, state.p, state.quaternions, state.rotations, state.fitScratch, state.coldStart);
  arapRightHandSide(model, state.rotations, b);
  for (let m = 0; m < n; m++) {
    const row = m * r0;
    const bx = b[3 * m];
    const by = b[3 * m + 1];
    const bz = b[3 * m + 2];
    for (let g = 0; g < r0; g++) {
      const w = Wg[row + g];
      br[3 * g] += w * bx;
      br[3 * g + 1] += w * by;
      br[3 * g + 2] += w * bz;
    }
  }
  activeGroupData.forEach((group, i) => {
    const B = group.children.length;
    const o = columnOffset[i];
    group.region.forEach((m, k) => {
      for (let a = 0; a < B; a++) {
        const w = group.values[k * B + a];
        br[3 * (o + a)] += w * b[3 * m];
        br[3 * (o + a) + 1] += w * b[3 * m + 1];
        br[3 * (o + a) + 2] += w * b[3 * m + 2];
      }
    });
  });
  return rotationTerm;
}
