import { finestCellNode } from './finestCellNode.ts';
import type { ReducedArapState } from './reducedArapState.ts';
import { representativeVertex } from './representativeVertex.ts';

/**
 * The oracle of seed 004 §3.4.5: the local groups the working basis needs after this iteration's detection. Each
 * detected contact asks for every group on the path from its point's finest cell to the root (and renews them for
 * retireAfter iterations); a group no contact asked for in more than retireAfter iterations is retired (the thesis'
 * "given number of frames"; handle-detail groups never are).
 *
 * @param state  the reduced state: reads detected, active and iteration; updates lastNeeded
 * @returns the new active groups sorted by level then index, or null when they are the current ones
 */
export function contactOracleGroups(state: ReducedArapState): number[] | null {
  const { basis, detected, active, lastNeeded, iteration } = state;
  const { hierarchy } = basis;
  const wanted = new Set(active);
  for (let c = 0; c < detected.count; c++) {
    const node = finestCellNode(hierarchy, state.maxActiveLevel, representativeVertex(state.contactPoints, detected.point[c]), null);
    for (let g = hierarchy.nodeParent[node]; g >= 0; g = hierarchy.nodeParent[g]) {
      if (!basis.hasGroup(g)) continue;
      wanted.add(g);
      lastNeeded.set(g, iteration);
    }
  }
  for (const g of active) if (iteration - (lastNeeded.get(g) ?? iteration) > state.retireAfter) wanted.delete(g);
  if (wanted.size === active.length && !active.some((g) => !wanted.has(g))) return null;
  return Array.from(wanted).sort((x, y) => hierarchy.nodeLevel[x] - hierarchy.nodeLevel[y] || x - y);
}
