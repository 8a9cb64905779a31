import { finestCellNode } from './finestCellNode.ts';
import type { ReducedArapBasis } from './reducedArapBasis.ts';

/**
 * The local groups kept active for a whole edit around its handles, as a contact would activate them (seed 004 §3.4.5's
 * oracle applied to the handle vertices): every group with children on the path from a detailed handle vertex's finest
 * cell to its root.
 *
 * @param basis           the reduced basis
 * @param handleVertices  #H distinct handle vertices
 * @param handleGroups    the handles' vertex lists
 * @param detail          true: every handle; false: none; a list: the handles (indices into handleGroups) to detail
 * @param maxActiveLevel  deepest level considered
 * @returns the group nodes, sorted by level, then by index
 */
export function handleDetailNodes(
  basis: ReducedArapBasis,
  handleVertices: Int32Array,
  handleGroups: readonly ArrayLike<number>[],
  detail: boolean | readonly number[],
  maxActiveLevel: number,
): number[] {
  const { hierarchy } = basis;
  if (detail === false) return [];
  const set = new Set<number>();
  const detailed = detail === true ? handleVertices : Int32Array.from(detail.flatMap((index) => Array.from(handleGroups[index] ?? [])));
  for (const m of detailed) {
    const node = finestCellNode(hierarchy, maxActiveLevel, m, null);
    for (let g = hierarchy.nodeParent[node]; g >= 0; g = hierarchy.nodeParent[g]) if (basis.hasGroup(g)) set.add(g);
  }
  return Array.from(set).sort((x, y) => hierarchy.nodeLevel[x] - hierarchy.nodeLevel[y] || x - y);
}
