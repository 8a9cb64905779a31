import type { ManipulatorHierarchy } from './manipulatorHierarchy.ts';

/**
 * The finest hierarchy cell holding a vertex (seed 004 §3.4.5's oracle walks from it to the root): the node of the
 * deepest level ≤ maxActiveLevel whose Voronoi cells reach the vertex, and with `active` given, only a node whose
 * parent's group is active (the finest cell the working basis resolves; §3.5.2 keeps one contact row per such node).
 *
 * @param hierarchy       the manipulator hierarchy
 * @param maxActiveLevel  deepest level considered (≤ levelCount − 1)
 * @param vertex          the vertex
 * @param active          the active group nodes, or null for any node
 * @returns the node; the vertex's level-0 cell when no deeper one qualifies
 */
export function finestCellNode(hierarchy: ManipulatorHierarchy, maxActiveLevel: number, vertex: number, active: readonly number[] | null): number {
  for (let level = maxActiveLevel; level >= 1; level--) {
    const node = hierarchy.cells[level][vertex];
    if (node < 0) continue;
    if (!active || active.includes(hierarchy.nodeParent[node])) return node;
  }
  return hierarchy.cells[0][vertex];
}
