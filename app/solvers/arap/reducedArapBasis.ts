import type { CscMatrix } from '../../math/sparse/index.ts';
import { localRegion, localRegionScratch } from './localRegion.ts';
import { manipulatorHierarchy, type ManipulatorHierarchy } from './manipulatorHierarchy.ts';
import { projectedGlobalLaplacian } from './projectedGlobalLaplacian.ts';
import { rotationClusters, type RotationClusters } from './rotationClusters.ts';
import { semiGeodesicGraph, type SemiGeodesicGraph } from './semiGeodesicGraph.ts';
import type { ArapModel } from './types.ts';
import { wangBasisColumns } from './wangBasisColumns.ts';
import { wangSmoothnessMatrix } from './wangSmoothnessMatrix.ts';

/** Options of reducedArapBasis. */
export interface ReducedArapBasisOptions {
  /** B₀ global manipulators (default: V/5 within 40..100 under 2k vertices, else 40 + V/1000 up to 150) */
  globalCount?: number;
  /** B_i children per node (default 6) */
  childCount?: number;
  /** deepest hierarchy level (default 3) */
  maxLevel?: number;
  /** cells smaller than this are not subdivided (default 4·childCount) */
  minCellSize?: number;
  /** rotation clusters of the fast right-hand side (App. A; default min(#rotations, max(200, 6·B₀))) */
  clusterCount?: number;
  /** compute every local basis now instead of on first activation (default false) */
  precomputeAll?: boolean;
  /**
   * take the subspace (semi-geodesic graph, hierarchy, smoothness form, global basis W_g) from this basis of another
   * shape of the same mesh (the same vertices and elements), and project only the energy of `model` onto it: the Pose
   * tool edits a pose at a frame, and W_g (80% of the precomputation: 1.5 of 1.9 s at 12.8k vertices) is a smooth
   * function of the mesh that serves every pose as well as the rest shape it was built on. The other options then
   * come from that basis too.
   */
  subspaceOf?: ReducedArapBasis;
}

/** One local group: the level-(ℓ+1) basis vectors of a level-ℓ node's children (seed 004 §3.4.2). */
export interface LocalGroup {
  /** the parent node ν */
  node: number;
  /** level of the children (≥ 1) */
  level: number;
  /** child nodes (one column each) */
  children: Int32Array;
  /** region vertices, increasing */
  region: Int32Array;
  /** |region| × B column values, row-major */
  values: Float64Array;
  /** support of L·u (region plus its 1-ring), increasing */
  laplacianSupport: Int32Array;
  /** |laplacianSupport| × B values of L·u */
  laplacianValues: Float64Array;
  /** r₀ × B: W_gᵀ·L·u (the global–local block of L̃, Eq. 3.19) */
  globalCoupling: Float64Array;
  /** clusters touched by the columns (App. A) */
  clusters: Int32Array;
  /** |clusters| × B × 3: B̃_k rows u_aᵀ B_k^c */
  clusterCoefficients: Float64Array;
}

/** Everything reduced ARAP precomputes once per mesh (reducedArapBasis). */
export interface ReducedArapBasis {
  readonly model: ArapModel;
  readonly graph: SemiGeodesicGraph;
  readonly hierarchy: ManipulatorHierarchy;
  /** A = KᵀM⁻¹K (Eq. 3.9) */
  readonly smoothness: CscMatrix;
  /** r₀ = B₀ */
  readonly globalCount: number;
  /** W_g, #V × r₀ row-major: the global basis (Eq. 3.11), constant and linearly precise */
  readonly globalBasis: Float64Array;
  /** W_gᵀ L W_g, r₀ × r₀ */
  readonly globalLaplacian: Float64Array;
  readonly clusters: RotationClusters;
  /** K_c × r₀ × 3: B̃_k^c restricted to the global columns (App. A, Eq. A.3) */
  readonly clusterGlobal: Float64Array;
  /** #nodes: whether node has children (a local group) */
  hasGroup(node: number): boolean;
  /** the local group of node ν's children, computed on first use */
  group(node: number): LocalGroup;
  /** seconds spent so far: hierarchy, global basis, projection, local groups */
  readonly seconds: { hierarchy: number; globalBasis: number; projection: number; clusters: number; localGroups: number };
}

/**
 * Precomputation of hierarchical reduced ARAP (seed 004 §3.3–3.4, App. A): the semi-geodesic graph, the manipulator
 * forest with its Voronoi cells (manipulatorHierarchy), Wang et al.'s global basis W_g on the linearly precise
 * smoothness form (wangSmoothnessMatrix, wangBasisColumns), its projection W_gᵀLW_g (projectedGlobalLaplacian), the
 * rotation clusters and their projected right-hand-side matrices B̃_k (App. A, Eq. A.3), and, on demand (or all at
 * once), each local group's basis with exact locality on its overlapping region (Eqs. 3.12–3.14, localRegion)
 * together with the blocks of L̃ and B̃ it contributes (the memory-light update of Eq. 3.19 instead of the n×n L̃_all).
 *
 * @param model    the ARAP model (surface or tets)
 * @param options  B₀, B_i, depth, cluster level, precomputation
 * @returns the basis
 */
export function reducedArapBasis(model: ArapModel, options: ReducedArapBasisOptions = {}): ReducedArapBasis {
  const n = model.vertexCount;
  const seconds = { hierarchy: 0, globalBasis: 0, projection: 0, clusters: 0, localGroups: 0 };
  let start = performance.now();
  const shared = options.subspaceOf;
  if (
    shared &&
    (shared.model.vertexCount !== n ||
      shared.model.rotations !== model.rotations ||
      shared.model.edges.length !== model.edges.length ||
      shared.model.edges.some((e, i) => e !== model.edges[i]))
  ) {
    throw new RangeError('reducedArapBasis: subspaceOf is a basis of another mesh (its vertices or elements differ)');
  }
  const graph = shared ? shared.graph : semiGeodesicGraph(model);
  const globalTarget = options.globalCount ?? defaultGlobalCount(n);
  const hierarchy = shared
    ? shared.hierarchy
    : manipulatorHierarchy(graph, model.componentOf, model.componentCount, {
        globalCount: globalTarget,
        childCount: options.childCount ?? 6,
        maxLevel: options.maxLevel ?? 3,
        minCellSize: options.minCellSize,
        positions: model.restPositions,
      });
  seconds.hierarchy = (performance.now() - start) / 1000;

  start = performance.now();
  const smoothness = shared ? shared.smoothness : wangSmoothnessMatrix(model);
  const r0 = hierarchy.rootCount;
  const scratch = new Int32Array(n).fill(-1);
  const globalBasis = shared ? shared.globalBasis : componentwiseGlobalBasis(model, smoothness, hierarchy.nodeVertex.subarray(0, r0), scratch);
  seconds.globalBasis = (performance.now() - start) / 1000;

  // W_gᵀ L W_g (the global block of L̃).
  start = performance.now();
  const globalLaplacian = projectedGlobalLaplacian(model.laplacian, globalBasis, r0);
  seconds.projection = (performance.now() - start) / 1000;

  // Rotation clusters and the global block of B̃_k^c = Uᵀ Σ_{i∈C_k} B_i.
  start = performance.now();
  const clusters = shared ? shared.clusters : rotationClusters(model, graph, options.clusterCount ?? Math.min(model.rotationCount, Math.max(200, 6 * r0)));
  const clusterGlobal = new Float64Array(clusters.count * r0 * 3);
  const { groupOffsets, groupVertices, groupCoefficients: B } = model;
  for (let k = 0; k < model.rotationCount; k++) {
    const c = clusters.clusterOf[k] * r0 * 3;
    for (let e = groupOffsets[k]; e < groupOffsets[k + 1]; e++) {
      const w = groupVertices[e] * r0;
      const bx = B[3 * e];
      const by = B[3 * e + 1];
      const bz = B[3 * e + 2];
      for (let g = 0; g < r0; g++) {
        const u = globalBasis[w + g];
        if (u === 0) continue;
        clusterGlobal[c + 3 * g] += u * bx;
        clusterGlobal[c + 3 * g + 1] += u * by;
        clusterGlobal[c + 3 * g + 2] += u * bz;
      }
    }
  }
  // Per-vertex cluster entries (vertex → (cluster, B row)), merged per cluster, for the local columns.
  const vertexClusterOffsets = new Int32Array(n + 1);
  for (let e = 0; e < groupVertices.length; e++) vertexClusterOffsets[groupVertices[e] + 1]++;
  for (let v = 0; v < n; v++) vertexClusterOffsets[v + 1] += vertexClusterOffsets[v];
  const vertexCluster = new Int32Array(groupVertices.length);
  const vertexClusterCoefficients = new Float64Array(3 * groupVertices.length);
  {
    const cursor = vertexClusterOffsets.slice(0, n);
    for (let k = 0; k < model.rotationCount; k++) {
      for (let e = groupOffsets[k]; e < groupOffsets[k + 1]; e++) {
        const slot = cursor[groupVertices[e]]++;
        vertexCluster[slot] = clusters.clusterOf[k];
        vertexClusterCoefficients[3 * slot] = B[3 * e];
        vertexClusterCoefficients[3 * slot + 1] = B[3 * e + 1];
        vertexClusterCoefficients[3 * slot + 2] = B[3 * e + 2];
      }
    }
  }
  seconds.clusters = (performance.now() - start) / 1000;

  const { columnPointers: Lp, rowIndices: Li, values: Lx } = model.laplacian;
  const groups = new Map<number, LocalGroup>();
  const regionScratch = localRegionScratch(n);
  const isFixed = new Uint8Array(n);
  const mark = new Int32Array(n).fill(-1);
  const hasGroup = (node: number): boolean => hierarchy.childOffsets[node + 1] > hierarchy.childOffsets[node];
  // Members of every node's Voronoi cell (node ids are unique across levels), CSR.
  const memberOffsets = new Int32Array(hierarchy.nodeCount + 1);
  for (const cells of hierarchy.cells) for (let v = 0; v < n; v++) if (cells[v] >= 0) memberOffsets[cells[v] + 1]++;
  for (let node = 0; node < hierarchy.nodeCount; node++) memberOffsets[node + 1] += memberOffsets[node];
  const members = new Int32Array(memberOffsets[hierarchy.nodeCount]);
  {
    const cursor = memberOffsets.slice(0, hierarchy.nodeCount);
    for (const cells of hierarchy.cells) for (let v = 0; v < n; v++) if (cells[v] >= 0) members[cursor[cells[v]]++] = v;
  }
  const cellMembers = (node: number): Int32Array => members.subarray(memberOffsets[node], memberOffsets[node + 1]);
  const group = (node: number): LocalGroup => {
    const hit = groups.get(node);
    if (hit) return hit;
    if (!hasGroup(node)) throw new RangeError(`reducedArapBasis: node ${node} has no children`);
    const t0 = performance.now();
    const level = hierarchy.nodeLevel[node] + 1;
    const children = hierarchy.children.subarray(hierarchy.childOffsets[node], hierarchy.childOffsets[node + 1]);
    const B_ = children.length;
    const cell = cellMembers(node);
    const region = localRegion(
      graph,
      cell,
      hierarchy.nodeVertex[node],
      (u) => {
        const m = hierarchy.nodeOfVertex[u];
        return m >= 0 && hierarchy.nodeLevel[m] <= level;
      },
      regionScratch,
    );
    // Fixed inside the region: ν and its ancestors (Eq. 3.14's Z besides the outside).
    const fixedList: number[] = [];
    for (let a = node; a >= 0; a = hierarchy.nodeParent[a]) fixedList.push(hierarchy.nodeVertex[a]);
    for (const v of fixedList) isFixed[v] = 1;
    const manipulators = Int32Array.from(children, (c) => hierarchy.nodeVertex[c]);
    const columns = wangBasisColumns(smoothness, region, manipulators, isFixed, scratch);
    for (const v of fixedList) isFixed[v] = 0;
    // L·u over the region's 1-ring.
    const support: number[] = [];
    for (const m of region) {
      for (let q = Lp[m]; q < Lp[m + 1]; q++) {
        const i = Li[q];
        if (mark[i] !== node) {
          mark[i] = node;
          support.push(i);
        }
      }
    }
    const laplacianSupport = Int32Array.from(support).sort();
    const position = new Map<number, number>();
    laplacianSupport.forEach((v, k) => position.set(v, k));
    const laplacianValues = new Float64Array(laplacianSupport.length * B_);
    region.forEach((m, k) => {
      for (let q = Lp[m]; q < Lp[m + 1]; q++) {
        const s = (position.get(Li[q]) as number) * B_;
        for (let a = 0; a < B_; a++) laplacianValues[s + a] += Lx[q] * columns.values[k * B_ + a];
      }
    });
    const globalCoupling = new Float64Array(r0 * B_);
    laplacianSupport.forEach((m, k) => {
      const w = m * r0;
      for (let g = 0; g < r0; g++) {
        const u = globalBasis[w + g];
        if (u === 0) continue;
        for (let a = 0; a < B_; a++) globalCoupling[g * B_ + a] += u * laplacianValues[k * B_ + a];
      }
    });
    // B̃ rows of the local columns: Σ_m u_a[m] B^c[m] per cluster.
    const clusterIndex = new Map<number, number>();
    const clusterList: number[] = [];
    const coefficientList: number[] = [];
    region.forEach((m, k) => {
      for (let s = vertexClusterOffsets[m]; s < vertexClusterOffsets[m + 1]; s++) {
        const c = vertexCluster[s];
        let slot = clusterIndex.get(c);
        if (slot === undefined) {
          slot = clusterList.length;
          clusterIndex.set(c, slot);
          clusterList.push(c);
          for (let i = 0; i < 3 * B_; i++) coefficientList.push(0);
        }
        for (let a = 0; a < B_; a++) {
          const u = columns.values[k * B_ + a];
          const o = (slot * B_ + a) * 3;
          coefficientList[o] += u * vertexClusterCoefficients[3 * s];
          coefficientList[o + 1] += u * vertexClusterCoefficients[3 * s + 1];
          coefficientList[o + 2] += u * vertexClusterCoefficients[3 * s + 2];
        }
      }
    });
    const result: LocalGroup = {
      node,
      level,
      children: Int32Array.from(children),
      region,
      values: columns.values,
      laplacianSupport,
      laplacianValues,
      globalCoupling,
      clusters: Int32Array.from(clusterList),
      clusterCoefficients: Float64Array.from(coefficientList),
    };
    groups.set(node, result);
    seconds.localGroups += (performance.now() - t0) / 1000;
    return result;
  };
  if (options.precomputeAll) for (let node = 0; node < hierarchy.nodeCount; node++) if (hasGroup(node)) group(node);
  return { model, graph, hierarchy, smoothness, globalCount: r0, globalBasis, globalLaplacian, clusters, clusterGlobal, hasGroup, group, seconds };
}

/**
 * Default B₀: the thesis' 30–50 for ~10k-vertex meshes and 100–200 for complex ones (seed 004 §3.4.2), as
 * 40 + V/1000 up to 150; meshes under 2k vertices get V/5 within 40..100 instead, because handles of many vertices on a
 * few hundred vertices ask more of the global basis than the thesis' single-vertex handles (measured on Fox.glb's
 * 495-vertex lattice: B₀ = 40 left the result 22 units from full space, 100 left 3.6).
 */
function defaultGlobalCount(vertexCount: number): number {
  if (vertexCount < 2000) return Math.min(vertexCount, Math.max(40, Math.min(100, Math.round(vertexCount / 5))));
  return Math.min(150, 40 + Math.round(vertexCount / 1000));
}

/**
 * W_g (Eq. 3.11) one connected component at a time: A is block-diagonal over the components and every component has
 * its own roots (manipulatorHierarchy), so each column lives on its root's component and the blocks are independent
 * solves. One solve over all of them shared wangBasisColumns' fallback for a singular free block (a Tikhonov term,
 * for a piece whose roots do not pin its smoothness form's null space): one such piece (an eye of 86 vertices, a
 * flat plate) put the term on every component, and on the layered test character the body's basis then reproduced
 * its own rest shape only to 9 cm (the linear precision Eqs. 3.6–3.7 promise broken; a handle-free plate 16 cm off at
 * the first iteration). Per component, the term stays on the piece that needs it (the body's basis exact again).
 *
 * @param model       the ARAP model (componentOf)
 * @param smoothness  A (wangSmoothnessMatrix)
 * @param roots       the r₀ root vertices, column order
 * @param scratch     #V Int32Array filled with −1 (wangBasisColumns' scratch)
 * @returns #V × r₀ row-major
 */
function componentwiseGlobalBasis(model: ArapModel, smoothness: CscMatrix, roots: Int32Array, scratch: Int32Array): Float64Array {
  const n = model.vertexCount;
  const r0 = roots.length;
  const out = new Float64Array(n * r0);
  const C = model.componentCount;
  // Vertices and root columns per component (increasing).
  const vertexOffsets = new Int32Array(C + 1);
  for (let v = 0; v < n; v++) vertexOffsets[model.componentOf[v] + 1]++;
  for (let c = 0; c < C; c++) vertexOffsets[c + 1] += vertexOffsets[c];
  const vertices = new Int32Array(n);
  const cursor = vertexOffsets.slice(0, C);
  for (let v = 0; v < n; v++) vertices[cursor[model.componentOf[v]]++] = v;
  const columnsOf: number[][] = Array.from({ length: C }, () => []);
  for (let g = 0; g < r0; g++) columnsOf[model.componentOf[roots[g]]].push(g);
  for (let c = 0; c < C; c++) {
    const columns = columnsOf[c];
    if (columns.length === 0) continue;
    const region = vertices.subarray(vertexOffsets[c], vertexOffsets[c + 1]);
    const block = wangBasisColumns(
      smoothness,
      region,
      columns.map((g) => roots[g]),
      null,
      scratch,
    );
    const k = columns.length;
    for (let i = 0; i < region.length; i++) {
      const row = region[i] * r0;
      for (let a = 0; a < k; a++) out[row + columns[a]] = block.values[i * k + a];
    }
  }
  return out;
}
