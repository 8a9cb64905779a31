import type { CheckerMeshData } from './types.ts';

/** movedVertex[v] = 1 where any coordinate of v differs (`!==`) between P and the earlier S. */
export function markMovedVertices(d: CheckerMeshData, P: ArrayLike<number>, S: ArrayLike<number>): void {
  const moved = d.movedVertex;
  for (let v = 0; v < d.vertexCount; v++) moved[v] = P[3 * v] !== S[3 * v] || P[3 * v + 1] !== S[3 * v + 1] || P[3 * v + 2] !== S[3 * v + 2] ? 1 : 0;
}
