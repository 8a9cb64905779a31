import { tetLaplacianTriplets } from '../../geometry/index.ts';
import { tetShapeGradients, triangleNormal } from '../../geometry/index.ts';
import { cscMatrixFromTriplets } from '../../math/sparse/index.ts';
import { unionFindMerge, unionFindRoot } from '../../math/index.ts';
import { cotangentEdgeWeights } from './cotangentEdgeWeights.ts';
import type { ArapModel, ArapModelDescription } from './types.ts';

/**
 * Builds the ARAP energy E(p, R) = ½tr(pᵀLp) − Σ_k tr(R_kᵀ pᵀB_k) + c (types.ts; seed 004 §3.2 and App. A, Eq. A.1)
 * of a triangle or tetrahedral mesh:
 * - 'vertex' rotations (Sorkine & Alexa 2007, the spokes energy Σ_i Σ_{j∈N(i)} (w_ij/4)‖(p_i − p_j) − R_i(p̄_i − p̄_j)‖²,
 *   the form seed 004 §3.2 uses on tet meshes): w the clamped cotangent weights (cotangentEdgeWeights) of a surface,
 *   or the tet cotangent weights −Σ_t V_t g_i·g_j of a tet mesh, clamped the same way; L the weighted graph
 *   Laplacian; B_i = Σ_j (w_ij/2)(e_i − e_j)(p̄_i − p̄_j)ᵀ (Eq. A.1).
 * - 'element' rotations (tets only): E = ½Σ_t V_t‖F_t − R_t‖², the corotated energy with λ = 0 (seed 002 Eq. 4.3 /
 *   PBNG view, seed002 notes §1.4), L the P1 stiffness Laplacian Σ_t V_t g_i·g_j (unclamped: each tet's term is
 *   positive semidefinite on its own), B_t = V_t·G_t with rows g_k (tetShapeGradients).
 * Both are rotation invariant and zero exactly on rigid motions of the rest shape.
 *
 * @param description  rest positions and triangles or tetrahedra; rotation kind
 * @returns the model
 * @throws RangeError for empty or non-finite positions, out-of-range indices, or 'element' rotations without tetrahedra
 */
export function createArapModel(description: ArapModelDescription): ArapModel {
  const rest = Float64Array.from(description.restPositions);
  const n = rest.length / 3;
  if (!(n >= 1) || !Number.isInteger(n)) throw new RangeError('createArapModel: restPositions must hold #V×3 numbers, #V ≥ 1');
  for (let i = 0; i < rest.length; i++) if (!Number.isFinite(rest[i])) throw new RangeError(`createArapModel: restPositions[${i}] is not finite`);
  const tetrahedra = description.tetrahedra;
  const triangles = description.triangles;
  const elements = tetrahedra ?? triangles;
  if (!elements || elements.length === 0) throw new RangeError('createArapModel: give triangles or tetrahedra');
  const corners = tetrahedra ? 4 : 3;
  if (elements.length % corners !== 0) throw new RangeError(`createArapModel: element indices must come in groups of ${corners}`);
  for (let i = 0; i < elements.length; i++) {
    const v = elements[i];
    if (!(Number.isInteger(v) && v >= 0 && v < n)) throw new RangeError(`createArapModel: element index ${v} at ${i} is not a vertex in 0..${n - 1}`);
  }
  const kind = description.rotations ?? (tetrahedra ? 'element' : 'vertex');
  if (kind === 'element' && !tetrahedra) throw new RangeError("createArapModel: 'element' rotations need tetrahedra");

  const elementCount = elements.length / corners;
  const masses = new Float64Array(n);
  let gradients: Float64Array | null = null;
  let volumes: Float64Array | null = null;
  if (tetrahedra) {
    gradients = new Float64Array(12 * elementCount);
    volumes = new Float64Array(elementCount);
    for (let t = 0; t < elementCount; t++) {
      volumes[t] = tetShapeGradients(rest, tetrahedra, t, gradients);
      if (!(volumes[t] > 0) || !Number.isFinite(volumes[t])) throw new RangeError(`createArapModel: tetrahedron ${t} is degenerate (zero volume)`);
      for (let k = 0; k < 4; k++) masses[tetrahedra[4 * t + k]] += volumes[t] / 4;
    }
  } else {
    const normal = new Float64Array(3);
    for (let f = 0; f < elementCount; f++) {
      const n = triangleNormal(rest, elements[3 * f], elements[3 * f + 1], elements[3 * f + 2], normal);
      const area = 0.5 * Math.hypot(n[0], n[1], n[2]);
      for (let k = 0; k < 3; k++) masses[elements[3 * f + k]] += area / 3;
    }
  }
  // Vertices in no element (or only in degenerate triangles) keep a small mass so M⁻¹ stays finite.
  let meanMass = 0;
  for (let v = 0; v < n; v++) meanMass += masses[v] / n;
  for (let v = 0; v < n; v++) if (!(masses[v] > 1e-12 * meanMass)) masses[v] = Math.max(1e-12 * meanMass, Number.MIN_VALUE);

  // Element edges, components.
  const edgeSet = new Set<number>();
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  for (let e = 0; e < elementCount; e++) {
    for (let i = 0; i < corners; i++) {
      for (let j = i + 1; j < corners; j++) {
        const a = elements[corners * e + i];
        const b = elements[corners * e + j];
        if (a === b) continue;
        edgeSet.add(a < b ? a * n + b : b * n + a);
        unionFindMerge(parent, a, b);
      }
    }
  }
  const edgeKeys = Array.from(edgeSet).sort((x, y) => x - y);
  const edges = new Int32Array(2 * edgeKeys.length);
  edgeKeys.forEach((k, e) => {
    edges[2 * e] = Math.floor(k / n);
    edges[2 * e + 1] = k % n;
  });
  const componentOf = new Int32Array(n);
  const componentIndex = new Map<number, number>();
  for (let v = 0; v < n; v++) {
    const root = unionFindRoot(parent, v);
    if (!componentIndex.has(root)) componentIndex.set(root, componentIndex.size);
    componentOf[v] = componentIndex.get(root) as number;
  }

  let laplacian;
  let groupOffsets: Int32Array;
  let groupVertices: Int32Array;
  let groupCoefficients: Float64Array;
  if (kind === 'element') {
    const T = elementCount;
    const rows = new Int32Array(16 * T);
    const columns = new Int32Array(16 * T);
    const values = new Float64Array(16 * T);
    tetLaplacianTriplets(tetrahedra as ArrayLike<number>, T, gradients as Float64Array, volumes as Float64Array, 1, rows, columns, values, 0);
    laplacian = cscMatrixFromTriplets(n, n, rows, columns, values).matrix;
    groupOffsets = Int32Array.from({ length: T + 1 }, (_, t) => 4 * t);
    groupVertices = Int32Array.from(tetrahedra as ArrayLike<number>);
    groupCoefficients = new Float64Array(12 * T);
    for (let t = 0; t < T; t++)
      for (let k = 0; k < 12; k++) groupCoefficients[12 * t + k] = (volumes as Float64Array)[t] * (gradients as Float64Array)[12 * t + k];
  } else {
    const { pairs, weights } = tetrahedra
      ? tetEdgeWeights(edges, gradients as Float64Array, volumes as Float64Array, tetrahedra, n)
      : cotangentEdgeWeights(rest, elements);
    const E = weights.length;
    const rows = new Int32Array(4 * E);
    const columns = new Int32Array(4 * E);
    const values = new Float64Array(4 * E);
    for (let e = 0; e < E; e++) {
      const i = pairs[2 * e];
      const j = pairs[2 * e + 1];
      const w = weights[e];
      rows.set([i, j, i, j], 4 * e);
      columns.set([i, j, j, i], 4 * e);
      values.set([w, w, -w, -w], 4 * e);
    }
    laplacian = cscMatrixFromTriplets(n, n, rows, columns, values).matrix;
    // Group i: row i holds Σ_j (w_ij/2) ē_ij, row j holds −(w_ij/2) ē_ij (ē_ij = p̄_i − p̄_j), read off L's columns.
    const { columnPointers, rowIndices, values: Lx } = laplacian;
    groupOffsets = new Int32Array(n + 1);
    for (let i = 0; i < n; i++) {
      let neighbors = 0;
      for (let p = columnPointers[i]; p < columnPointers[i + 1]; p++) if (rowIndices[p] !== i) neighbors++;
      // A vertex in no element has a group of itself alone with zero coefficients (its rotation stays I).
      groupOffsets[i + 1] = groupOffsets[i] + neighbors + 1;
    }
    groupVertices = new Int32Array(groupOffsets[n]);
    groupCoefficients = new Float64Array(3 * groupOffsets[n]);
    for (let i = 0; i < n; i++) {
      let slot = groupOffsets[i];
      const self = slot++;
      groupVertices[self] = i;
      for (let p = columnPointers[i]; p < columnPointers[i + 1]; p++) {
        const j = rowIndices[p];
        if (j === i) continue;
        const half = -0.5 * Lx[p];
        for (let c = 0; c < 3; c++) {
          const edge = half * (rest[3 * i + c] - rest[3 * j + c]);
          groupCoefficients[3 * self + c] += edge;
          groupCoefficients[3 * slot + c] = -edge;
        }
        groupVertices[slot++] = j;
      }
    }
  }
  const K = groupOffsets.length - 1;
  // c = Σ_k tr(p̄ᵀB_k) − ½tr(p̄ᵀLp̄): E(p̄, I) = 0.
  let linear = 0;
  for (let k = 0; k < K; k++) {
    for (let s = groupOffsets[k]; s < groupOffsets[k + 1]; s++) {
      const m = 3 * groupVertices[s];
      linear += rest[m] * groupCoefficients[3 * s] + rest[m + 1] * groupCoefficients[3 * s + 1] + rest[m + 2] * groupCoefficients[3 * s + 2];
    }
  }
  let quadratic = 0;
  for (let j = 0; j < n; j++) {
    for (let p = laplacian.columnPointers[j]; p < laplacian.columnPointers[j + 1]; p++) {
      const i = laplacian.rowIndices[p];
      quadratic += laplacian.values[p] * (rest[3 * i] * rest[3 * j] + rest[3 * i + 1] * rest[3 * j + 1] + rest[3 * i + 2] * rest[3 * j + 2]);
    }
  }
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < rest.length; i++) {
    min[i % 3] = Math.min(min[i % 3], rest[i]);
    max[i % 3] = Math.max(max[i % 3], rest[i]);
  }
  return {
    vertexCount: n,
    restPositions: rest,
    laplacian,
    rotations: kind,
    rotationCount: K,
    groupOffsets,
    groupVertices,
    groupCoefficients,
    restEnergy: linear - 0.5 * quadratic,
    vertexMasses: masses,
    componentOf,
    componentCount: componentIndex.size,
    edges,
    size: Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]) || 1,
  };
}

/** Tet cotangent weights w_ij = −Σ_t V_t g_i·g_j per element edge, clamped like cotangentEdgeWeights. */
function tetEdgeWeights(
  edges: Int32Array,
  gradients: Float64Array,
  volumes: Float64Array,
  tetrahedra: ArrayLike<number>,
  n: number,
): { pairs: Int32Array; weights: Float64Array } {
  const index = new Map<number, number>();
  for (let e = 0; e < edges.length / 2; e++) index.set(edges[2 * e] * n + edges[2 * e + 1], e);
  const weights = new Float64Array(edges.length / 2);
  for (let t = 0; t < volumes.length; t++) {
    for (let i = 0; i < 4; i++) {
      for (let j = i + 1; j < 4; j++) {
        const a = tetrahedra[4 * t + i];
        const b = tetrahedra[4 * t + j];
        const gi = 12 * t + 3 * i;
        const gj = 12 * t + 3 * j;
        const dot = gradients[gi] * gradients[gj] + gradients[gi + 1] * gradients[gj + 1] + gradients[gi + 2] * gradients[gj + 2];
        const e = index.get(a < b ? a * n + b : b * n + a) as number;
        weights[e] -= volumes[t] * dot;
      }
    }
  }
  let positiveSum = 0;
  let positiveCount = 0;
  for (const w of weights) {
    if (w > 0) {
      positiveSum += w;
      positiveCount++;
    }
  }
  const minimum = 1e-4 * (positiveCount > 0 ? positiveSum / positiveCount : 1);
  for (let e = 0; e < weights.length; e++) if (!(weights[e] > minimum)) weights[e] = minimum;
  return { pairs: edges, weights };
}
