import type { LatticeEmbedding } from './latticeEmbedding.ts';

/**
 * The unique edges of the lattice's tetrahedra, for a wireframe (the app's lattice toggle): six per tet,
 * deduplicated, each as (a, b) with a < b, sorted by (a, b). Duplicated cells keep their own edges, since
 * their vertices are distinct even where positions coincide.
 *
 * @param embedding  the lattice (latticeEmbedding)
 * @returns #E×2 vertex indices into embedding.positions
 */
export function latticeEdges(embedding: LatticeEmbedding): Uint32Array {
  const { tetCount, tetrahedra, vertexCount } = embedding;
  // Bucket each edge under its smaller vertex, then dedupe per bucket with a marker array.
  const counts = new Int32Array(vertexCount + 1);
  const pairs = [0, 1, 0, 2, 0, 3, 1, 2, 1, 3, 2, 3];
  for (let t = 0; t < tetCount; t++) {
    for (let k = 0; k < 12; k += 2) {
      const a = tetrahedra[4 * t + pairs[k]];
      const b = tetrahedra[4 * t + pairs[k + 1]];
      counts[Math.min(a, b) + 1]++;
    }
  }
  for (let v = 0; v < vertexCount; v++) counts[v + 1] += counts[v];
  const others = new Uint32Array(counts[vertexCount]);
  const cursor = counts.slice(0, vertexCount);
  for (let t = 0; t < tetCount; t++) {
    for (let k = 0; k < 12; k += 2) {
      const a = tetrahedra[4 * t + pairs[k]];
      const b = tetrahedra[4 * t + pairs[k + 1]];
      others[cursor[Math.min(a, b)]++] = Math.max(a, b);
    }
  }
  const edges: number[] = [];
  for (let v = 0; v < vertexCount; v++) {
    const bucket = Array.from(others.subarray(counts[v], counts[v + 1])).sort((x, y) => x - y);
    for (let i = 0; i < bucket.length; i++) if (i === 0 || bucket[i] !== bucket[i - 1]) edges.push(v, bucket[i]);
  }
  return Uint32Array.from(edges);
}
