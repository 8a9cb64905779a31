import { cscMatrixFromTriplets, ldltFactorization, ldltSolve, ldltSymbolic } from '../math/sparse/index.ts';

/** An artist-set weight that the interpolation keeps fixed. */
export interface WeightConstraint {
  /** welded simulation vertex */
  vertex: number;
  /** weight in [0, 1] */
  weight: number;
}

/**
 * Physics-blend weights interpolated from a few artist-set values: the minimizer of the squared
 * Laplacian energy ½ wᵀLᵀLw with the set values fixed (seed 004, Li 2019 §4.6.3, Eq. 4.12–4.15),
 * L the uniform (combinatorial) graph Laplacian of the mesh's edges, L_ii = degree, L_ij = −1.
 *
 * Why the bi-Laplacian and not L itself: ½wᵀLw gives harmonic weights with a kink (a cone) at every
 * set vertex; ½wᵀLᵀLw is smooth through them, which an artist expects from "paint a few dots".
 * Li interpolates on tet vertices; we interpolate on the welded surface, where the artist paints,
 * and let app/embedding carry the surface weights into the lattice.
 *
 * \note Solved with the free/fixed partition Q_FF w_F = −Q_FC w_C (Q = LᵀL, SPD on each connected
 * component that holds at least one set value). A component without any set value has no information
 * and takes `fallback`. Biharmonic interpolation overshoots near steep changes, so the result is
 * clamped to [0, 1].
 *
 * @param vertexCount  #V welded simulation vertices
 * @param edges        #E×2 undirected edges (a, b) of the surface, each once
 * @param constraints  artist-set values; a vertex listed twice keeps the last value
 * @param fallback     weight of components without any constraint, in [0, 1]
 * @returns #V weights in [0, 1]
 * @throws RangeError naming the constraint when a vertex index or weight is out of range
 */
export function laplacianInterpolatedWeights(
  vertexCount: number,
  edges: ArrayLike<number>,
  constraints: readonly WeightConstraint[],
  fallback: number,
): Float32Array {
  const fixed = new Float64Array(vertexCount).fill(Number.NaN);
  for (const { vertex, weight } of constraints) {
    if (!(Number.isInteger(vertex) && vertex >= 0 && vertex < vertexCount))
      throw new RangeError(`weight constraint on vertex ${vertex}: the mesh has ${vertexCount} vertices`);
    if (!(weight >= 0 && weight <= 1)) throw new RangeError(`weight constraint on vertex ${vertex}: ${weight} is outside [0, 1]`);
    fixed[vertex] = weight;
  }
  const degree = new Int32Array(vertexCount);
  for (let e = 0; e < edges.length; e++) degree[edges[e]]++;
  const neighborStart = new Int32Array(vertexCount + 1);
  for (let v = 0; v < vertexCount; v++) neighborStart[v + 1] = neighborStart[v] + degree[v];
  const neighbors = new Int32Array(neighborStart[vertexCount]);
  const cursor = neighborStart.slice(0, vertexCount);
  for (let e = 0; e < edges.length; e += 2) {
    neighbors[cursor[edges[e]]++] = edges[e + 1];
    neighbors[cursor[edges[e + 1]]++] = edges[e];
  }

  // Components that hold a constraint are solved; the others take the fallback.
  const component = new Int32Array(vertexCount).fill(-1);
  const constrainedComponent: boolean[] = [];
  const stack: number[] = [];
  for (let seed = 0; seed < vertexCount; seed++) {
    if (component[seed] >= 0) continue;
    const id = constrainedComponent.length;
    let hasConstraint = false;
    component[seed] = id;
    stack.push(seed);
    while (stack.length > 0) {
      const v = stack.pop()!;
      if (!Number.isNaN(fixed[v])) hasConstraint = true;
      for (let k = neighborStart[v]; k < neighborStart[v + 1]; k++) {
        const u = neighbors[k];
        if (component[u] < 0) {
          component[u] = id;
          stack.push(u);
        }
      }
    }
    constrainedComponent.push(hasConstraint);
  }

  const result = new Float32Array(vertexCount);
  const freeIndex = new Int32Array(vertexCount).fill(-1);
  let freeCount = 0;
  for (let v = 0; v < vertexCount; v++) {
    if (!Number.isNaN(fixed[v])) result[v] = fixed[v];
    else if (!constrainedComponent[component[v]]) result[v] = fallback;
    else freeIndex[v] = freeCount++;
  }
  if (freeCount === 0) return result;

  // Q = LᵀL = L² (L symmetric): Q_ij = Σ_k L_ik L_kj over k ∈ {i, j} ∪ (N(i) ∩ N(j)); assembled per k as
  // the outer product of column k of L with itself, restricted to free rows/columns; fixed columns go to the rhs.
  const rows: number[] = [];
  const columns: number[] = [];
  const values: number[] = [];
  const rhs = new Float64Array(freeCount);
  const entryVertices: number[] = [];
  const entryValues: number[] = [];
  for (let k = 0; k < vertexCount; k++) {
    if (freeIndex[k] < 0 && Number.isNaN(fixed[k])) continue; // k lies in an unconstrained component
    entryVertices.length = 0;
    entryValues.length = 0;
    entryVertices.push(k);
    entryValues.push(degree[k]);
    for (let n = neighborStart[k]; n < neighborStart[k + 1]; n++) {
      entryVertices.push(neighbors[n]);
      entryValues.push(-1);
    }
    for (let a = 0; a < entryVertices.length; a++) {
      const i = freeIndex[entryVertices[a]];
      if (i < 0) continue;
      for (let b = 0; b < entryVertices.length; b++) {
        const j = entryVertices[b];
        const product = entryValues[a] * entryValues[b];
        if (freeIndex[j] >= 0) {
          rows.push(i);
          columns.push(freeIndex[j]);
          values.push(product);
        } else {
          rhs[i] -= product * fixed[j];
        }
      }
    }
  }
  const { matrix } = cscMatrixFromTriplets(freeCount, freeCount, rows, columns, values);
  const factor = ldltFactorization(ldltSymbolic(matrix), matrix);
  const solution = ldltSolve(factor, rhs, new Float64Array(freeCount));
  for (let v = 0; v < vertexCount; v++) {
    const i = freeIndex[v];
    if (i >= 0) result[v] = Math.min(1, Math.max(0, solution[i]));
  }
  return result;
}
