import type { CheckerMeshData, FrameIntersections } from './types.ts';
import { zeroArea } from './zeroArea.ts';

/**
 * One check's answer from the pairs it found: the pairs in canonical order (edge mesh, edge, triangle mesh,
 * triangle; the order found depends on the trees and, with `since`, mixes found and kept pairs), the counts per mesh
 * and per pair of meshes, the triangles taking part (each pair's triangle and the triangles around its edge), and
 * the degenerate triangles and zero-length edges of every mesh (from the slot arrays of a mesh fitted this check,
 * counted directly otherwise).
 *
 * @param found       the intersecting pairs, four numbers each (edge mesh, edge, triangle mesh, triangle), any order
 * @param data        the checker's per-mesh structs (`involved` is overwritten)
 * @param positions   per mesh, #V×3 world positions [m] of this check
 * @param checkCount  this check's number (a mesh with fittedAt === checkCount was fitted this check)
 * @param listPairs   whether to return the sorted pairs in pairList (else it is empty)
 * @returns the check's FrameIntersections
 */
export function canonicalIntersections(
  found: readonly number[],
  data: readonly CheckerMeshData[],
  positions: readonly ArrayLike<number>[],
  checkCount: number,
  listPairs: boolean,
): FrameIntersections {
  const pairCount = found.length / 4;
  const order = new Uint32Array(pairCount);
  for (let i = 0; i < pairCount; i++) order[i] = i;
  order.sort(
    (i, j) => found[4 * i] - found[4 * j] || found[4 * i + 1] - found[4 * j + 1] || found[4 * i + 2] - found[4 * j + 2] || found[4 * i + 3] - found[4 * j + 3],
  );
  const self = data.map(() => 0);
  const betweenCounts = new Map<number, number>();
  const pairList: number[] = [];
  for (const d of data) d.involved.fill(0);
  for (const i of order) {
    const em = found[4 * i],
      edge = found[4 * i + 1],
      tm = found[4 * i + 2],
      t = found[4 * i + 3];
    if (listPairs) pairList.push(em, edge, tm, t);
    if (em === tm) self[em]++;
    else {
      const key = Math.min(em, tm) * data.length + Math.max(em, tm);
      betweenCounts.set(key, (betweenCounts.get(key) ?? 0) + 1);
    }
    data[tm].involved[t] = 1;
    const E = data[em];
    for (let k = E.edgeTriangleOffsets[edge]; k < E.edgeTriangleOffsets[edge + 1]; k++) E.involved[E.edgeTriangles[k]] = 1;
  }
  const between: FrameIntersections['between'] = [...betweenCounts.entries()]
    .sort((x, y) => x[0] - y[0])
    .map(([key, count]) => ({ a: Math.floor(key / data.length), b: key % data.length, count }));
  return {
    total: pairCount,
    self,
    between,
    triangles: data.map((d) => {
      let n = 0;
      for (let t = 0; t < d.involved.length; t++) n += d.involved[t];
      const out = new Uint32Array(n);
      for (let t = 0, k = 0; t < d.involved.length; t++) if (d.involved[t] !== 0) out[k++] = t;
      return out;
    }),
    degenerateTriangles: data.map((d, m) =>
      d.fittedAt === checkCount ? d.repeatedCount + countNonZero(d.slotDegenerate) : degenerateTriangleCount(d, positions[m]),
    ),
    degenerateEdges: data.map((d, m) => (d.fittedAt === checkCount ? countNonZero(d.slotShortEdge) : shortEdgeCount(d, positions[m]))),
    pairList,
  };
}

/** Triangles of zero area at P (repeated vertices included), for a mesh not fitted this check. */
function degenerateTriangleCount(d: CheckerMeshData, P: ArrayLike<number>): number {
  let count = d.repeatedCount;
  const tri = d.triangles;
  for (let t = 0; t < d.repeated.length; t++) if (d.repeated[t] === 0 && zeroArea(P, tri[3 * t], tri[3 * t + 1], tri[3 * t + 2])) count++;
  return count;
}

/** Edges of zero length at P, for a mesh not fitted this check. */
function shortEdgeCount(d: CheckerMeshData, P: ArrayLike<number>): number {
  let count = 0;
  const e = d.edges;
  for (let k = 0; k < e.length; k += 2) {
    const p = 3 * e[k],
      q = 3 * e[k + 1];
    if (P[p] === P[q] && P[p + 1] === P[q + 1] && P[p + 2] === P[q + 2]) count++;
  }
  return count;
}

function countNonZero(flags: Uint8Array): number {
  let count = 0;
  for (let k = 0; k < flags.length; k++) if (flags[k] !== 0) count++;
  return count;
}
