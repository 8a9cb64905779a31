/**
 * The distinct edges of a tetrahedral mesh, for drawing it as line segments: each tet has six edges
 * and neighbouring tets share theirs, so a lattice of T tets has far fewer than 6T distinct edges
 * (≈ 1.5T for the five-tet cube split). Drawing shared edges once keeps the line count and the
 * overdraw of coincident lines down.
 *
 * @param tetrahedra   #T×4 vertex indices
 * @param vertexCount  N, the number of vertices (indices are < N)
 * @returns #E×2 vertex indices, the smaller first, in first-seen order
 */
export function tetrahedronEdges(tetrahedra: ArrayLike<number>, vertexCount: number): Uint32Array {
  const pairs: Array<[number, number]> = [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]];
  const seen = new Set<number>();
  const edges: number[] = [];
  for (let t = 0; t + 3 < tetrahedra.length; t += 4) {
    for (const [i, j] of pairs) {
      const a = tetrahedra[t + i];
      const b = tetrahedra[t + j];
      const low = Math.min(a, b);
      const high = Math.max(a, b);
      // low·N + high is exact in a double for N up to 2^26 (the lattice's own grid limit).
      const key = low * vertexCount + high;
      if (low === high || seen.has(key)) continue;
      seen.add(key);
      edges.push(low, high);
    }
  }
  return Uint32Array.from(edges);
}
