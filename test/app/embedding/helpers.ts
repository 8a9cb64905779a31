/** Checks shared by the embedding tests (independent recomputation from the raw arrays). */
import type { LatticeEmbedding } from '../../../app/embedding/index.ts';
import { mat3Determinant } from '../../../app/math/mat3/index.ts';
import { boundingBoxDiagonal } from '../../../app/geometry/index.ts';

/** Longest bounding-box diagonal of #V×3 positions: the engine's own measure, under the name these tests use. */
export { boundingBoxDiagonal as diagonalOf };

/** Signed volume of tet t (positive when positively oriented). */
export function tetVolume(embedding: LatticeEmbedding, t: number): number {
  const p = embedding.positions;
  const a = 3 * embedding.tetrahedra[4 * t];
  // rows: the edges from vertex a to the other three
  const edges = new Float64Array(9);
  for (let k = 0; k < 3; k++) {
    const v = 3 * embedding.tetrahedra[4 * t + k + 1];
    for (let r = 0; r < 3; r++) edges[3 * k + r] = p[v + r] - p[a + r];
  }
  return mat3Determinant(edges) / 6;
}

/** Problems with the embedding of every surface vertex (empty when all is well). */
export function embeddingProblems(embedding: LatticeEmbedding, positions: ArrayLike<number>): string[] {
  const problems: string[] = [];
  const S = positions.length / 3;
  if (embedding.surfaceVertexCount !== S) problems.push(`surfaceVertexCount ${embedding.surfaceVertexCount} ≠ ${S}`);
  const diagonal = boundingBoxDiagonal(positions) || 1;
  let worstError = 0;
  for (let s = 0; s < S; s++) {
    const t = embedding.surfaceTet[s];
    if (!(t < embedding.tetCount)) {
      problems.push(`vertex ${s}: tet ${t} out of range`);
      continue;
    }
    let sum = 0;
    for (let k = 0; k < 4; k++) {
      const b = embedding.surfaceBarycentric[4 * s + k];
      if (!(b >= -1e-6 && b <= 1 + 1e-6)) problems.push(`vertex ${s}: barycentric ${k} = ${b}`);
      sum += b;
    }
    if (Math.abs(sum - 1) > 1e-9) problems.push(`vertex ${s}: barycentrics sum to ${sum}`);
    for (let a = 0; a < 3; a++) {
      let x = 0;
      for (let k = 0; k < 4; k++) x += embedding.surfaceBarycentric[4 * s + k] * embedding.positions[3 * embedding.tetrahedra[4 * t + k] + a];
      worstError = Math.max(worstError, Math.abs(x - positions[3 * s + a]));
    }
  }
  if (worstError > 1e-6 * diagonal) problems.push(`rest reconstruction error ${worstError} > 1e-6 of the diagonal ${diagonal}`);
  for (let t = 0; t < embedding.tetCount; t++) {
    if (!(tetVolume(embedding, t) > 0)) {
      problems.push(`tet ${t} has volume ${tetVolume(embedding, t)}`);
      break;
    }
  }
  return problems.slice(0, 10);
}

/** Connected component of every lattice vertex (through shared tets). */
export function latticeComponents(embedding: LatticeEmbedding): Int32Array {
  const parent = Int32Array.from({ length: embedding.vertexCount }, (_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x]];
    return x;
  };
  for (let t = 0; t < embedding.tetCount; t++) {
    for (let k = 1; k < 4; k++) {
      const a = find(embedding.tetrahedra[4 * t]);
      const b = find(embedding.tetrahedra[4 * t + k]);
      if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
    }
  }
  return Int32Array.from({ length: embedding.vertexCount }, (_, i) => find(i));
}

/** Lattice vertices of the tets holding the given surface vertices. */
export function latticeVerticesOf(embedding: LatticeEmbedding, surfaceVertices: Iterable<number>): Set<number> {
  const out = new Set<number>();
  for (const s of surfaceVertices) for (let k = 0; k < 4; k++) out.add(embedding.tetrahedra[4 * embedding.surfaceTet[s] + k]);
  return out;
}
