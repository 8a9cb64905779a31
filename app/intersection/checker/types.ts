/**
 * The shapes of the exact intersection checker: its public inputs and outputs (CheckedMesh, IntersectionCheckOptions,
 * FrameIntersections, IntersectionChecker) and the struct the steps act on (CheckerMeshData, one per mesh, made by
 * checkerMeshData.ts). The driver is `app/intersection/intersectionChecker.ts`; the steps are the files of this
 * folder (README.md).
 */
import type { BoxBvh } from '../../geometry/index.ts';

/** The fixed part of one mesh the checker looks at: its triangles (welded vertex indices). */
export interface CheckedMesh {
  name: string;
  /** #T×3 vertex indices into the mesh's positions */
  triangles: ArrayLike<number>;
  /** number of vertices (positions hold #V×3 numbers) */
  vertexCount: number;
}

/** Intersections of one frame (intersectionChecker().check). */
export interface FrameIntersections {
  /** all intersecting edge–triangle pairs of the frame, self and between meshes */
  total: number;
  /** per mesh: intersecting pairs of its own edges with its own triangles (pairs sharing a vertex excluded) */
  self: number[];
  /** per pair of meshes that intersect: edges of either against triangles of the other */
  between: Array<{ a: number; b: number; count: number }>;
  /** per mesh: sorted indices of the triangles taking part (the triangle of a pair and the triangles around its edge) */
  triangles: Uint32Array[];
  /** per mesh: triangles of zero area at this frame (repeated vertices included); never tested, counted */
  degenerateTriangles: number[];
  /** per mesh: edges of zero length at this frame; never tested, counted */
  degenerateEdges: number[];
  /**
   * with `listPairs`: every intersecting pair as four numbers (edge mesh, edge index into edges[mesh], triangle mesh,
   * triangle index), sorted by those four numbers in that order (a canonical order: the same frame gives the same
   * list however it was checked, with or without `since`); empty otherwise
   */
  pairList: number[];
}

/** Options of one check (IntersectionChecker.check). */
export interface IntersectionCheckOptions {
  /** per mesh: whether to test the mesh against itself (default all) */
  self?: readonly boolean[];
  /** which pairs of meshes (a < b) to test against each other (default all) */
  pairs?: (a: number, b: number) => boolean;
  /** also list every intersecting pair (pairList) */
  listPairs?: boolean;
  /**
   * An earlier check to start from: `result` is a check of `positions` with the same `self` and `pairs` options and
   * `listPairs: true`, by this checker or another of the same meshes (pairs are named by edge and triangle index,
   * which the triangles alone fix; a kept check's total and pairList are enough). Only pairs with a vertex whose
   * position differs (`!==` on any coordinate) are tested; the others are taken from `result.pairList`. The answer
   * equals a full check.
   */
  since?: { positions: readonly ArrayLike<number>[]; result: Pick<FrameIntersections, 'total' | 'pairList'> };
}

/** A checker for a fixed set of meshes; call check() once per frame. */
export interface IntersectionChecker {
  readonly meshes: readonly CheckedMesh[];
  /** #E×2 unique edges of each mesh (of its triangles with three distinct vertices) */
  readonly edges: readonly Uint32Array[];
  /** per mesh: pairs of distinct triangles sharing an edge that is used by three or more triangles */
  readonly nonManifoldEdges: readonly number[];
  /**
   * Counts the edge–triangle intersections of one frame.
   *
   * @param positions  per mesh, #V×3 world positions [m] of this frame (float32 or float64)
   * @param options    listPairs: also list every intersecting pair (pairList); pairs: which pairs of meshes to test
   *                   against each other (default all); self: which meshes to test against themselves (default
   *                   all); since: an earlier check (with listPairs) of other positions, so that only what moved
   *                   is tested
   */
  check(positions: readonly ArrayLike<number>[], options?: IntersectionCheckOptions): FrameIntersections;
}

/**
 * What the checker keeps per mesh: topology (fixed), a layout in the tree's slot order (rebuilt with the tree's
 * topology), and per-check scratch (allocated once). Slot s holds triangle tree.items[s]; the edges it owns follow
 * one another in slot order, so a leaf's triangles and their edges are neighbours in memory. #T counts the mesh's
 * triangles, #slots those in the tree (#T minus the repeated-vertex ones), #E its unique edges, #N the tree's nodes
 * (at most 2·#slots − 1). Indices are integers; flags are 0/1.
 */
export interface CheckerMeshData {
  /** #V: number of vertices (positions hold #V×3 numbers) */
  vertexCount: number;
  /** #T×3 vertex indices (a copy of CheckedMesh.triangles) */
  triangles: Uint32Array;
  /** #E×2 unique edges (smaller vertex first, sorted), of the triangles with three distinct vertices */
  edges: Uint32Array;
  /** #E+1 offsets into edgeTriangles: edge e's triangles are edgeTriangles[offsets[e] .. offsets[e+1]) */
  edgeTriangleOffsets: Uint32Array;
  /** triangle indices around each edge, in increasing triangle order (CSR with edgeTriangleOffsets) */
  edgeTriangles: Uint32Array;
  /** #T flags: triangles with a repeated vertex index (never in the tree, always degenerate) */
  repeated: Uint8Array;
  /** number of non-zero entries of `repeated` */
  repeatedCount: number;
  /** #slots: the triangle of each tree item (the triangles with three distinct vertices, in increasing order) */
  itemTriangles: Uint32Array;
  /** per check, #slots×6 boxes (min xyz, max xyz) [m] of itemTriangles, by item: the tree's input boxes */
  itemBoxes: Float64Array;
  /**
   * the broad-phase tree over itemBoxes (app/geometry boxBvh, made with rebuildEvery 1: `build` rebuilds, `refitBoxes`
   * refits); null until the first check that fits this mesh
   */
  tree: BoxBvh | null;
  /** the tree's cost (Σ node box areas / root area) right after its last build */
  builtCost: number;
  /** the tree version (BoxBvhTree.version) the slot layout below was made for; 0 before the first */
  layoutBuild: number;
  /** #slots: the triangle in slot s (slot s is the tree's items[s]; a leaf's slots are contiguous) */
  slotTriangles: Uint32Array;
  /** #slots×3 vertex indices of slotTriangles[s] */
  slotVertices: Uint32Array;
  /** per check, #slots×6 boxes (min xyz, max xyz) [m] of slotTriangles[s] (slot order keeps a leaf's boxes together) */
  slotBoxes: Float64Array;
  /** #slots+1 offsets into slotEdges: slot s owns slotEdges[offsets[s] .. offsets[s+1]) (an edge's owner is its first triangle) */
  slotEdgeOffsets: Uint32Array;
  /** #E edge ids (into `edges`) in slot order */
  slotEdges: Uint32Array;
  /** #E×2 vertex indices of slotEdges[k], in slot order */
  slotEdgeEnds: Uint32Array;
  /** the check (a count from 1) the tree and the per-check arrays below were last fitted in; 0 before the first */
  fittedAt: number;
  /** per check, #slots flags: the slot's triangle has exactly zero area at this check's positions */
  slotDegenerate: Uint8Array;
  /** per check, #E flags in slot order: the edge has zero length */
  slotShortEdge: Uint8Array;
  /** per check, #E×6 edge boxes (min xyz, max xyz) [m] in slot order */
  slotEdgeBoxes: Float64Array;
  /** per check with `since`, #V flags: any coordinate differs (`!==`) from the earlier positions */
  movedVertex: Uint8Array;
  /** per check with `since`, #slots flags: the slot's triangle has a moved vertex */
  slotMoved: Uint8Array;
  /** per check with `since`, #E flags in slot order: the edge has a moved end */
  slotEdgeMoved: Uint8Array;
  /** per check with `since`, #N flags (at least 1 entry): the node holds a moved triangle */
  movedNode: Uint8Array;
  /** per check, #T flags: the triangle takes part in an intersecting pair */
  involved: Uint8Array;
}

/** The growable scratch of the dual traversal (overlappingLeaves), shared by all the checks of one checker. */
export interface LeafPairBuffers {
  /** the traversal's explicit stack of node pairs (two node indices an entry) */
  stack: Int32Array;
  /** the overlapping leaf pairs as (leaf of A, leaf of B) node indices, two numbers a pair */
  leafPairs: Int32Array;
}
