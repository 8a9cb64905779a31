import { cscMatrixFromTriplets, ldltFactorization, ldltSymbolic, type LdltFactorization } from '../math/sparse/index.ts';
import type { LatticeEmbedding } from './latticeEmbedding.ts';

/**
 * Precomputed map from per-surface-vertex values (painted physics-blend weights, attachment stiffness) to
 * per-lattice-vertex values, used by tetVertexWeights. Factored once per embedding.
 */
export interface TetVertexWeightMap {
  embedding: LatticeEmbedding;
  /** #N Σ_s b_si: how much surface weight lands on each lattice vertex (0 = none: interpolated) */
  coverage: Float64Array;
  /** #U lattice vertices with no surface vertex in any incident tet, in solve order */
  unknown: Int32Array;
  /** #N index of each lattice vertex in `unknown`, or -1 */
  unknownIndex: Int32Array;
  /** CSR over unknown vertices: their neighbours with coverage (the Dirichlet data) */
  knownPointers: Int32Array;
  knownNeighbours: Int32Array;
  /** factor of the graph Laplacian restricted to the unknown vertices (null when there are none) */
  factor: LdltFactorization | null;
  /** #U 1 when the vertex's part of the lattice has no covered vertex at all (gets 0) */
  isolated: Uint8Array;
}

/**
 * Builds the surface → lattice weight map. Lattice vertices of tets that contain surface vertices take the
 * barycentric-weighted average of those vertices' values (the transpose of C′, normalized: w_i =
 * Σ_s b_si w_s / Σ_s b_si, seed 004 Eq. 4.16's force distribution read as an average); the rest (deep inside,
 * or out in the lattice margin) solve the graph Laplace equation with those as boundary values, like Li's
 * Laplace-interpolated weights (§4.6, "bi-Laplace-interpolates them over the tet mesh", harmonic here so the
 * maximum principle keeps every value inside the painted range).
 *
 * @param embedding  the lattice (latticeEmbedding)
 * @returns the map, for tetVertexWeights
 */
export function tetVertexWeightMap(embedding: LatticeEmbedding): TetVertexWeightMap {
  const { vertexCount: n, tetCount, tetrahedra, surfaceVertexCount: S, surfaceTet, surfaceBarycentric } = embedding;
  const coverage = new Float64Array(n);
  for (let s = 0; s < S; s++) {
    for (let i = 0; i < 4; i++) coverage[tetrahedra[4 * surfaceTet[s] + i]] += surfaceBarycentric[4 * s + i];
  }
  // Lattice adjacency (tet edges), deduplicated by assembly.
  const rows = new Int32Array(12 * tetCount);
  const columns = new Int32Array(12 * tetCount);
  const ones = new Float64Array(12 * tetCount).fill(1);
  let k = 0;
  for (let t = 0; t < tetCount; t++) {
    for (let i = 0; i < 4; i++) {
      for (let j = 0; j < 4; j++) {
        if (i === j) continue;
        rows[k] = tetrahedra[4 * t + i];
        columns[k++] = tetrahedra[4 * t + j];
      }
    }
  }
  const adjacency = cscMatrixFromTriplets(n, n, rows, columns, ones).matrix;
  const unknownList: number[] = [];
  const unknownIndex = new Int32Array(n).fill(-1);
  for (let v = 0; v < n; v++) {
    if (coverage[v] > 0) continue;
    unknownIndex[v] = unknownList.length;
    unknownList.push(v);
  }
  const unknown = Int32Array.from(unknownList);
  const U = unknown.length;
  // Unknown vertices that no covered vertex can reach get 0 and stay out of the system.
  const isolated = new Uint8Array(U).fill(1);
  const queue: number[] = [];
  for (let v = 0; v < n; v++) {
    if (coverage[v] <= 0) continue;
    for (let p = adjacency.columnPointers[v]; p < adjacency.columnPointers[v + 1]; p++) {
      const u = unknownIndex[adjacency.rowIndices[p]];
      if (u >= 0 && isolated[u]) {
        isolated[u] = 0;
        queue.push(unknown[u]);
      }
    }
  }
  while (queue.length > 0) {
    const v = queue.pop() as number;
    for (let p = adjacency.columnPointers[v]; p < adjacency.columnPointers[v + 1]; p++) {
      const u = unknownIndex[adjacency.rowIndices[p]];
      if (u >= 0 && isolated[u]) {
        isolated[u] = 0;
        queue.push(unknown[u]);
      }
    }
  }
  const knownPointers = new Int32Array(U + 1);
  const knownList: number[] = [];
  const lRows: number[] = [];
  const lColumns: number[] = [];
  const lValues: number[] = [];
  for (let u = 0; u < U; u++) {
    const v = unknown[u];
    if (isolated[u]) {
      lRows.push(u);
      lColumns.push(u);
      lValues.push(1);
    } else {
      const degree = adjacency.columnPointers[v + 1] - adjacency.columnPointers[v];
      lRows.push(u);
      lColumns.push(u);
      lValues.push(degree);
      for (let p = adjacency.columnPointers[v]; p < adjacency.columnPointers[v + 1]; p++) {
        const neighbour = adjacency.rowIndices[p];
        const w = unknownIndex[neighbour];
        if (w >= 0) {
          lRows.push(u);
          lColumns.push(w);
          lValues.push(-1);
        } else {
          knownList.push(neighbour);
        }
      }
    }
    knownPointers[u + 1] = knownList.length;
  }
  let factor: LdltFactorization | null = null;
  if (U > 0) {
    const laplacian = cscMatrixFromTriplets(U, U, lRows, lColumns, lValues).matrix;
    factor = ldltFactorization(ldltSymbolic(laplacian), laplacian);
  }
  return { embedding, coverage, unknown, unknownIndex, knownPointers, knownNeighbours: Int32Array.from(knownList), factor, isolated };
}
