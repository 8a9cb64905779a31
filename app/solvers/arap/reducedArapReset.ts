import type { ReducedArapState } from './reducedArapState.ts';
import { workingBasis } from './workingBasis.ts';

/**
 * Starts an edit (seed 004 §3.4.4): the working basis back to the handle-detail groups (active for the whole edit),
 * the global coordinates v_g at the start positions of their manipulator vertices and the local coordinates 0, the
 * pinned roots held there, the contact active set emptied and the rotations back to identity (cold start).
 *
 * @param state  the reduced state
 * @param start  #V×3 positions to start from [m] (default the rest shape)
 */
export function reducedArapReset(state: ReducedArapState, start?: ArrayLike<number>): void {
  const { model, hierarchy, globalCount: r0 } = state.basis;
  const source = start ?? model.restPositions;
  state.lastNeeded.clear();
  for (const g of state.handleNodes) state.lastNeeded.set(g, Infinity);
  workingBasis(state, state.handleNodes.slice());
  const v = new Float64Array(3 * state.r);
  for (let g = 0; g < r0; g++) {
    const m = hierarchy.nodeVertex[g];
    v[3 * g] = source[3 * m];
    v[3 * g + 1] = source[3 * m + 1];
    v[3 * g + 2] = source[3 * m + 2];
  }
  state.v = v;
  state.pinnedRoots.forEach((g, i) => state.pinnedValues.set(v.subarray(3 * g, 3 * g + 3), 3 * i));
  state.activeSet.clear();
  state.coldStart = true;
  const { quaternions } = state;
  for (let k = 0; k < quaternions.length / 4; k++) {
    quaternions[4 * k] = 0;
    quaternions[4 * k + 1] = 0;
    quaternions[4 * k + 2] = 0;
    quaternions[4 * k + 3] = 1;
  }
}
