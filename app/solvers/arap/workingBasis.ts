import type { ReducedArapState } from './reducedArapState.ts';
import { reducedSystem } from './reducedSystem.ts';

/**
 * Changes the working basis to the given local groups (seed 004 §3.4.4–3.4.5: groups activated by the oracle or by
 * handle detail, retired ones dropped) and refactors its system (reducedSystem). v keeps its values per column: the
 * global block, and each group that stays keeps its local coordinates; a newly active group starts at 0, so p = Uv
 * does not move when the basis changes.
 *
 * @param state  the reduced state (active, v and the system are replaced)
 * @param nodes  the group nodes to make active, in column order
 */
export function workingBasis(state: ReducedArapState, nodes: number[]): void {
  const { active, columnOffset, activeGroupData } = state;
  const r0 = state.basis.globalCount;
  const v = state.v;
  const old = new Map<number, Float64Array>();
  active.forEach((node, i) => old.set(node, v.slice(3 * columnOffset[i], 3 * (columnOffset[i] + activeGroupData[i].children.length))));
  const global = v.slice(0, 3 * r0);
  active.length = 0;
  active.push(...nodes);
  reducedSystem(state);
  const next = new Float64Array(3 * state.r);
  next.set(global);
  active.forEach((node, i) => {
    const values = old.get(node);
    if (values) next.set(values, 3 * columnOffset[i]);
  });
  state.v = next;
}
