import { copyContact } from './contactList.ts';
import { finestCellNode } from './finestCellNode.ts';
import type { ReducedArapState } from './reducedArapState.ts';
import { representativeVertex } from './representativeVertex.ts';

/**
 * Seed 004 §3.5.2's rule against over-constraining the subspace: of the merged contacts, at most one per (collider,
 * finest active cell) becomes a row, the deepest one there (smallest signed distance; the first on ties).
 *
 * @param state  the reduced state: reads merged and active; writes deepest (scratch) and filtered
 */
export function deepestContactPerNode(state: ReducedArapState): void {
  const { merged, filtered, deepest } = state;
  const { hierarchy } = state.basis;
  deepest.clear();
  for (let c = 0; c < merged.count; c++) {
    const cell = finestCellNode(hierarchy, state.maxActiveLevel, representativeVertex(state.contactPoints, merged.point[c]), state.active);
    const key = merged.collider[c] * hierarchy.nodeCount + cell;
    const kept = deepest.get(key);
    if (kept === undefined || merged.distance[c] < merged.distance[kept]) deepest.set(key, c);
  }
  filtered.count = 0;
  for (const c of deepest.values()) copyContact(merged, c, filtered);
}
