import type { BakeContactState } from './types.ts';

/**
 * Marks as core (`state.core`, 1) the surface corners of the listed pairs of a pairList: an edge's two corners when the
 * edge is the surface's (mesh 0), a triangle's three when the triangle is. The final check's correction moves these
 * and a falloff around them.
 *
 * @param state      the bake contact (core written; the checker's surface edges and the triangles read)
 * @param pairList   four numbers a pair: edge mesh, edge, triangle mesh, triangle (FrameIntersections.pairList)
 * @param positions  the index in pairList of each pair to mark (NewIntersections.pairs)
 */
export function markNewPairs(state: BakeContactState, pairList: readonly number[], positions: readonly number[]): void {
  const { core } = state;
  const triangles = state.options.triangles;
  const surfaceEdges = state.checker.edges[0];
  for (const i of positions) {
    if (pairList[i] === 0) {
      core[surfaceEdges[2 * pairList[i + 1]]] = 1;
      core[surfaceEdges[2 * pairList[i + 1] + 1]] = 1;
    }
    if (pairList[i + 2] === 0) for (let k = 0; k < 3; k++) core[triangles[3 * pairList[i + 3] + k]] = 1;
  }
}
