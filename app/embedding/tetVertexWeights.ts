import { ldltSolve } from '../math/sparse/index.ts';
import type { TetVertexWeightMap } from './tetVertexWeightMap.ts';

/**
 * Per-lattice-vertex values from per-surface-vertex values through a tetVertexWeightMap: barycentric
 * averages where the surface is, harmonic interpolation elsewhere (see tetVertexWeightMap). Every output lies
 * within [min, max] of the input (a convex combination), constants map to the same constant, and a lattice
 * vertex whose tets hold only weight-0 surface vertices gets exactly 0.
 *
 * @param map             tetVertexWeightMap(embedding)
 * @param surfaceWeights  #S values per surface vertex (e.g. physics-blend weights in [0, 1])
 * @param out             #N values per lattice vertex
 * @returns out
 */
export function tetVertexWeights(map: TetVertexWeightMap, surfaceWeights: ArrayLike<number>, out: Float64Array): Float64Array {
  const { embedding, coverage, unknown, knownPointers, knownNeighbours, factor, isolated } = map;
  const { surfaceVertexCount: S, surfaceTet, surfaceBarycentric, tetrahedra, vertexCount: n } = embedding;
  if (surfaceWeights.length < S) throw new RangeError(`tetVertexWeights: surfaceWeights needs ${S} values`);
  if (out.length < n) throw new RangeError(`tetVertexWeights: out needs ${n} values`);
  out.fill(0, 0, n);
  for (let s = 0; s < S; s++) {
    for (let i = 0; i < 4; i++) out[tetrahedra[4 * surfaceTet[s] + i]] += surfaceBarycentric[4 * s + i] * surfaceWeights[s];
  }
  for (let v = 0; v < n; v++) if (coverage[v] > 0) out[v] /= coverage[v];
  if (factor) {
    const U = unknown.length;
    const rhs = new Float64Array(U);
    for (let u = 0; u < U; u++) {
      if (isolated[u]) continue;
      let sum = 0;
      for (let p = knownPointers[u]; p < knownPointers[u + 1]; p++) sum += out[knownNeighbours[p]];
      rhs[u] = sum;
    }
    ldltSolve(factor, rhs, rhs, 1);
    for (let u = 0; u < U; u++) out[unknown[u]] = isolated[u] ? 0 : rhs[u];
  }
  // The averages are convex combinations, but round-off can leave them an ulp outside the painted range
  // (1.0000000000000002 for all-ones weights), which the solver rightly rejects as a weight; clamp it back.
  let low = Infinity;
  let high = -Infinity;
  for (let s = 0; s < S; s++) {
    low = Math.min(low, surfaceWeights[s]);
    high = Math.max(high, surfaceWeights[s]);
  }
  for (let v = 0; v < n; v++) {
    if (out[v] > high) out[v] = high;
    else if (out[v] < low && out[v] !== 0) out[v] = low; // exact 0 stays: isolated lattice vertices
  }
  return out;
}
