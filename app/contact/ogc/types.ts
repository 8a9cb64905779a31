/**
 * The public shapes of OGC contact (Offset Geometric Contact, seed 000 ch. 5; docs/references.md): what `ogcContact`
 * is built from (OgcContactOptions), the kinematic inputs of one step call (OgcContactFrame, OgcContactFrameInputs),
 * its counters (OgcContactStats), the contact the VBD step takes (OgcContact), and the state the steps act on
 * (OgcContactState, made by ogcContactState.ts); the steps are the other files of this folder (README.md).
 */
import type { VbdContact, VbdContactData } from '../../solvers/vbd/index.ts';
import type { BoxBvh } from '../../geometry/index.ts';
import type { localNodePairs, LocalNodes, NodeCorners } from '../localNodePairs.ts';
import type { PairLists } from './pairLists.ts';

/** What ogcContact is built from. Units SI. */
export interface OgcContactOptions {
  /** number of simulation (cloth or lattice) vertices #V */
  simulationVertexCount: number;
  /** #S×4 simulation vertices of each surface point and #S×4 weights (cloth: the vertex itself, 1, 0, 0, 0) */
  pointVertices: Uint32Array;
  pointWeights: Float64Array;
  /** #T×3 surface triangles in point indices (triangles with a repeated point are dropped) */
  triangles: ArrayLike<number>;
  /** contact of the surface with itself (default true) */
  selfContact?: boolean;
  /** kinematic colliders: #O points and #U×3 triangles in [0, #O) */
  obstacleVertexCount?: number;
  obstacleTriangles?: ArrayLike<number>;
  /** analytic planes #P×4: n·x + o ≥ 0 is outside (n is normalized here) */
  planes?: ArrayLike<number>;
  /** contact radius r [m] (seed 000 §5.1.1, Eq. 5.1; the offset radius of the blocks, §5.1.4) */
  radius: number;
  /** query radius r_q ≥ r [m] capping the distances the bounds use (default 2r, Warp's advice 1.5–2×) */
  queryRadius?: number;
  /** k_c [N/m] */
  stiffness: number;
  /** friction coefficient μ (default 0.2) */
  friction?: number;
  /** ε_v [m/s] of the friction mollifier (default 0.01, seed 000 Table 3.1) */
  frictionVelocity?: number;
  /**
   * m [m]: the broad phase collects the pairs within D = r_q + 2m and later detections reuse them while the points
   * stay within about m of a common affine motion since (seed 001 §3.1's D_min/D_max rule; the few that do not are
   * searched again alone, see `fullSearchFraction`); default r/2. 0 searches at every detection
   */
  searchMargin?: number;
  /**
   * a detection searches everything anew when more than this fraction of the points are hot (moved more than about m
   * from the common motion since the search); with fewer, only the pairs with a hot side are searched again (default
   * 0.25; see `detect`)
   */
  fullSearchFraction?: number;
  /** γ_p of the conservative bound, < 0.5 (default 0.45, seed 000 Eq. 5.20) */
  boundRelaxation?: number;
  /** γ_e: re-detect when more than this fraction of the free vertices were truncated in an iteration (default 0.01) */
  redetectionFraction?: number;
  /**
   * surface pairs within this many rings of each other make no contact force (default 0: off). Newton filters 2 rings;
   * here a cloth folded flat onto itself then lost all repulsion along the crease, the 2-ring pairs there closed to
   * 1e-18 m under ever smaller bounds and touched (test/app/contact). OGC's blocks already keep neighbours on a smooth
   * surface out of contact, so the filter is only for meshes whose rings are finer than r.
   */
  topologicalRings?: number;
  /**
   * Embedded surfaces: surface pairs within this many rings of each other are left to the embedding: dropped in the
   * broad phase, before any exact distance, so they make no force and no bound (default 0: off; bakeContact uses 3
   * for a surface embedded in a lattice). See "Local pairs" in `ogcContact`.
   */
  localRings?: number;
}

/** Kinematic inputs of one step call (setFrame). Positions are interpolated linearly across its substeps. */
export interface OgcContactFrame {
  /** #O×3 collider vertices at the start and the end of the call [m] */
  obstacleStart?: ArrayLike<number>;
  obstacleEnd?: ArrayLike<number>;
  /**
   * #S×3 surface points of the input (the animation) at the start and end of the call [m]: surface pairs closer than r,
   * or (with `regions`) inside one input region, in the input make no contact and do not limit the bounds (input
   * exclusion)
   */
  referenceStart?: ArrayLike<number>;
  referenceEnd?: ArrayLike<number>;
  /**
   * #S the input region each surface point lies inside (inputRegions' labels: 1.., 0 outside every region, ANY_REGION
   * in all of them): a pair whose two sides lie inside one region is left alone (sameRegion)
   */
  regions?: Uint32Array;
  /** #S×3 constant offsets of the surface points for this call [m] (embedded detail) */
  pointOffsets?: ArrayLike<number>;
  /**
   * #S 1 = pull the point toward its target (pointTargets) with k_c/2‖x − t‖² (CONTACT_KIND.pointTarget): where the
   * simulated surface holds an intersection its input does not, which no contact force can undo
   */
  untangle?: Uint8Array;
  /** #S×3 the pulled points' targets for this call [m] */
  pointTargets?: ArrayLike<number>;
}

/** Counters since the last resetStats(). */
export interface OgcContactStats {
  /** substeps started */
  substeps: number;
  /** collision detections run (one per substep plus re-detections) */
  detections: number;
  /** re-detections triggered by truncation (γ_e) */
  redetections: number;
  /** vertex truncations to the conservative bound (initial guesses and iterations) */
  truncations: number;
  /** contacts found, summed over detections, and the most in one detection */
  contacts: number;
  maxContacts: number;
  /** candidate pairs within r_q left out because they are closer than r in the input (pairs inside one input region are never tested) */
  inputExcluded: number;
  /** broad-phase searches (a detection reuses the last search's pairs while the points follow a common motion) */
  searches: number;
  /** partial searches: detections that searched again only the pairs with a hot side */
  partialSearches: number;
}

/** OGC contact for the VBD step, with its frame inputs and counters. */
export interface OgcContact extends VbdContact {
  /** what makes it one (ogcContactOf): the WebGPU step runs these only */
  readonly method: 'ogc';
  setFrame(frame: OgcContactFrame): void;
  readonly stats: OgcContactStats;
  resetStats(): void;
  /**
   * #V conservative displacement bound of each simulation vertex from the last detection [m] (∞: unbounded): the
   * smallest bound of the points it carries, what it may move whatever the other vertices do. Truncation cuts less,
   * point by point (truncateToBounds).
   */
  readonly bounds: Float64Array;
  /**
   * #S smallest distance d_s of each surface point at the last detection: its own, its edges' and its triangles' to
   * anything within r_q (r_q when nothing is nearer) [m]; the truncation keeps the point within γ_p·d_s (Eq. 5.20)
   */
  readonly pointBounds: Float64Array;
  /** #P×3 surface point positions at the last detection, then obstacle points [m] */
  readonly pointPositions: Float64Array;
  /**
   * #P 1 = the point is kinematic (every simulation vertex it reads is pinned, or a collider's): it follows the input
   * whatever the step does (as of the last substep; all 1 before the first)
   */
  readonly kinematicPoints: Uint8Array;
  /** the options it was made with (the WebGPU step builds its twin from them, kernels/vbd) */
  readonly options: OgcContactOptions;
  /** the current call's kinematic inputs (setFrame's), as the WebGPU step uploads them instead of calling beginSubstep */
  frameInputs(): OgcContactFrameInputs;
}

/** An OgcContact's inputs of the current call (OgcContactFrame, as held): what a step on another device needs. */
export interface OgcContactFrameInputs {
  /** #O×3 collider points at the call's start and end [m] */
  obstacleStart: Float64Array;
  obstacleEnd: Float64Array;
  /** #S×3 the input's surface points at the call's start and end (null: no input exclusion) */
  referenceStart: ArrayLike<number> | null;
  referenceEnd: ArrayLike<number> | null;
  regions: Uint32Array | null;
  untangle: Uint8Array | null;
  /** #S×3 the points' offsets and the pulled points' targets [m] */
  pointOffsets: Float64Array;
  pointTargets: Float64Array;
}

/** One broad-phase walk's local node pairs and what they were made for (proximityPairs' localNodesOf). */
export interface LocalWalk {
  firstVersion: number;
  secondVersion: number;
  epoch: number;
  first: NodeCorners;
  second: NodeCorners;
  nodes: LocalNodes;
}

/** One of the search's six trees as hotCandidatePairs refits it: its item list, partial boxes, changed and hot flags. */
export interface PartialTree {
  tree: BoxBvh;
  /** the tree's items as features (null: the item is the feature) */
  list: Uint32Array | null;
  /** the item boxes with the hot features' boxes mapped back to the search's frame */
  boxes: Float64Array;
  changed: Uint8Array;
  hot: Uint8Array;
}

/*
 * The whole state of one OGC contact (seed 000 ch. 5), as a plain struct the steps of this folder read and write
 * (README.md: which step is which equation), declared and built (app/contact/ogc/state/) in named parts. Counts: #V simulation vertices, #S surface points, #O collider points,
 * #P = #S + #O points, #T triangles (surface then colliders), #E unique edges. Lengths in m. Arrays are allocated once
 * (ogcContactState) except the scratch and contact arrays, which grow (grownArray) and are therefore read through the
 * struct, never kept across a step that can grow them.
 */
/** OgcContactState's settings (fixed): counts, radii, bound relaxation, search margin (ogcContactSettings). */
export interface OgcContactSettings {
  readonly options: OgcContactOptions;
  /** #V, #S, #O, #P */
  readonly V: number;
  readonly S: number;
  readonly O: number;
  readonly P: number;
  /** contact radius r and query radius r_q ≥ r [m] */
  readonly r: number;
  readonly rq: number;
  /** γ_p of the bound (Eq. 5.20) and γ_e of the re-detection rule */
  readonly gammaP: number;
  readonly gammaE: number;
  readonly selfContact: boolean;
  /** localRings > 0: local pairs of an embedded surface are dropped in the broad phase */
  readonly localRings: number;
  /** the search's margin m, its radius D = r_q + 2m, and the box growths (triangles by D, edges by D/2) [m] */
  readonly searchMargin: number;
  readonly searchRadius: number;
  readonly triangleGrowth: number;
  readonly edgeGrowth: number;
  /** more hot points than this fraction of #P: search anew */
  readonly fullSearchFraction: number;
}

/** OgcContactState's topology (fixed; contactTopology, shared with the GPU twin's host), planes and point weight sums (ogcContactTopology). */
export interface OgcContactTopology {
  /** #T triangles (surface then colliders), #E unique edges */
  readonly T: number;
  readonly E: number;
  /** #T×3 triangles in point indices, #T owner (0 surface, 1 collider), #T×3 each triangle's edges */
  readonly triangles: Uint32Array;
  readonly triangleOwner: Uint8Array;
  readonly triangleEdges: Uint32Array;
  /** #E×2 edges in point indices, #E owner */
  readonly edges: Uint32Array;
  readonly edgeOwner: Uint8Array;
  /** CSR: each edge's triangles' opposite corners (edge blocks, Eq. 5.8), each point's 1-ring (vertex blocks, Eq. 5.7) */
  readonly edgeOppositeOffsets: Uint32Array;
  readonly edgeOpposites: Uint32Array;
  readonly neighbourOffsets: Uint32Array;
  readonly neighbours: Uint32Array;
  /** CSR k-ring sets of surface points: `topologicalRings` (no force) and `localRings` (dropped) */
  readonly ringOffsets: Uint32Array;
  readonly ringPoints: Uint32Array;
  readonly localOffsets: Uint32Array;
  readonly localPoints: Uint32Array;
  /** #planes×4 normalized planes n·x + o ≥ 0 outside, and their count */
  readonly planes: Float64Array;
  readonly planeCount: number;
  /** #S Σ_k |w_sk|: a point moves at most this times its vertices' largest move */
  readonly pointWeightSums: Float64Array;
}

/** OgcContactState's current call's inputs (setFrame) and substep (ogcContactCall). */
export interface OgcContactCall {
  /** #O×3 collider points at the call's start and end */
  readonly obstacleFrameStart: Float64Array;
  readonly obstacleFrameEnd: Float64Array;
  /** #S×3 the input's surface points at the call's start and end (null: no input exclusion) */
  referenceStart: ArrayLike<number> | null;
  referenceEnd: ArrayLike<number> | null;
  /** #S input region labels (null: none) */
  regions: Uint32Array | null;
  /** #S 1 = pull toward pointTargets (null: none) */
  untangle: Uint8Array | null;
  /** the call fractions of the last substep's end and of this one */
  previousFraction: number;
  fractionNow: number;
}

/** OgcContactState's detection arrays: points, bounds, minimum distances, kinematic features (ogcDetectionArrays). */
export interface OgcDetectionArrays {
  /** #P×3 points at the last detection, then collider points; #P×3 the input's points there (hasReference) */
  readonly points: Float64Array;
  readonly reference: Float64Array;
  hasReference: boolean;
  /** #V vertex bounds, #S point distances d_s (Eqs. 5.20–5.25) */
  readonly bounds: Float64Array;
  readonly pointBounds: Float64Array;
  /** truncateToBounds's scratch and the state it measures from: #V, #V, #V×3 ×3 */
  readonly vertexMoved: Float64Array;
  readonly vertexScale: Float64Array;
  readonly positionsAtDetection: Float64Array;
  readonly targetsAtDetection: Float64Array;
  readonly targetsNow: Float64Array;
  /** smallest distance to anything within r_q of each point (#P), edge (#E), triangle (#T) */
  readonly minPoint: Float64Array;
  readonly minEdge: Float64Array;
  readonly minTriangle: Float64Array;
  /** kinematic features (#P, #T, #E, 1 = every point kinematic) and whether they changed since the search */
  readonly kinematicPoint: Uint8Array;
  readonly kinematicTriangle: Uint8Array;
  readonly kinematicEdge: Uint8Array;
  kinematicChanged: boolean;
  /** bumped whenever the free/kinematic lists are made again (the local walks are remade then) */
  kinematicEpoch: number;
}

/** OgcContactState's broad phase (candidatePairs, hotCandidatePairs): item lists, boxes, trees, pair lists (ogcBroadPhase). */
export interface OgcBroadPhase {
  /** the subsets as item lists: free and kinematic points, free triangles, free and kinematic edges, with counts */
  readonly freePoints: Uint32Array;
  readonly fixedPoints: Uint32Array;
  readonly freeTriangles: Uint32Array;
  readonly freeEdges: Uint32Array;
  readonly fixedEdges: Uint32Array;
  freePointCount: number;
  fixedPointCount: number;
  freeTriangleCount: number;
  freeEdgeCount: number;
  fixedEdgeCount: number;
  /** item boxes (6 per item: min xyz, max xyz) of the six trees at the search */
  readonly triangleBoxes: Float64Array;
  readonly freeTriangleBoxes: Float64Array;
  readonly freePointBoxes: Float64Array;
  readonly fixedPointBoxes: Float64Array;
  readonly freeEdgeBoxes: Float64Array;
  readonly fixedEdgeBoxes: Float64Array;
  readonly triangleBroadPhase: BoxBvh;
  readonly freeTriangleBroadPhase: BoxBvh;
  readonly freePointBroadPhase: BoxBvh;
  readonly fixedPointBroadPhase: BoxBvh;
  readonly freeEdgeBroadPhase: BoxBvh;
  readonly fixedEdgeBroadPhase: BoxBvh;
  /** the kept pairs before scatterPairs: (first, second), distance, exact numbers (4 per point pair, 2 per edge pair); they grow */
  pairScratch: Uint32Array;
  distanceScratch: Float64Array;
  exactScratch: Float64Array;
  /** #P×3 points at the last search, and whether one ran since the kinematic sets changed */
  readonly pointsAtSearch: Float64Array;
  searched: boolean;
  /** the candidate lists of the last search (within D) and of this detection's partial search (within r_q) */
  readonly pointPairs: PairLists;
  readonly edgePairs: PairLists;
  readonly hotPointPairs: PairLists;
  readonly hotEdgePairs: PairLists;
  hotListed: boolean;
  /** this detection searched anew (the lists' distances are this detection's) */
  fresh: boolean;
}

/** OgcContactState's re-detection bookkeeping: the common motion since the search and the hot features (hotFeatures; ogcRedetection). */
export interface OgcRedetection {
  /** the labels the last search left region pairs out by; #P points whose label changed since; label map scratch */
  searchRegions: Uint32Array | null;
  readonly relabelled: Uint8Array;
  readonly regionMap: Map<number, number>;
  readonly isHotPoint: Uint8Array;
  readonly isHotTriangle: Uint8Array;
  readonly isHotEdge: Uint8Array;
  /** #P×3 every point now mapped back to the search's frame by F⁻¹ */
  readonly mappedPoints: Float64Array;
  /** the six trees' partial boxes (hotCandidatePairs) and their node marks */
  readonly partialTrees: PartialTree[];
  readonly marks: Uint8Array[];
  readonly changedMarks: Uint8Array[];
  /** features hot at the last partial search, and hot now or then */
  readonly wasHotPoint: Uint8Array;
  readonly wasHotTriangle: Uint8Array;
  readonly wasHotEdge: Uint8Array;
  readonly changedPoint: Uint8Array;
  readonly changedTriangle: Uint8Array;
  readonly changedEdge: Uint8Array;
  /** the partial boxes hold the search's boxes (copied at the first partial search after a search) */
  partialBoxesCopied: boolean;
  /** the common motion F(x) = B(x − μ₀) + μ₁: B (3×3 row-major), B⁻¹, μ₀, μ₁ */
  readonly motion: Float64Array;
  readonly motionInverse: Float64Array;
  readonly motionFrom: Float64Array;
  readonly motionTo: Float64Array;
  /** commonMotion's scratch: N + λR, R (and its quaternion), (C + λI)⁻¹, C + λI, the sums of μ₀ and μ₁ (views of one array) */
  readonly fitN: Float64Array;
  readonly fitRotation: Float64Array;
  readonly fitQuaternion: Float64Array;
  readonly fitInverseC: Float64Array;
  readonly fitRegularized: Float64Array;
  readonly fitCentroids: Float64Array;
  /** each point's residual |x_p − F(x⁰_p)| since the search, and the largest of each triangle's and edge's points */
  readonly pointMoved: Float64Array;
  readonly triangleMoved: Float64Array;
  readonly edgeMoved: Float64Array;
}

/** OgcContactState's local pairs (localRings; ogcLocalPairs). */
export interface OgcLocalPairs {
  /** #S stamps of the topological rings of the feature being tested */
  readonly ringStamp: Int32Array;
  /** the broad phase's pairs grouped by their first item (counting sort; grows), group offsets, local stamps */
  groupOrder: Uint32Array;
  readonly groupOffsets: Uint32Array;
  readonly localStamp: Int32Array;
  localStampId: number;
  /** localNodePairs over the local rings (null: localRings 0 or no self-contact) and the four walks' node pairs */
  readonly localNodes: ReturnType<typeof localNodePairs> | null;
  readonly localWalks: LocalWalk[] | null;
}

/** OgcContactState's contact sets' scratch: feature stamps, closest points, activation (ogcContactSets). */
export interface OgcContactSets {
  /** per-point stamps of the features already taken (Eqs. 5.7–5.8 each once) */
  readonly featureVertexStamp: Int32Array;
  readonly featureEdgeStamp: Int32Array;
  /** the exact tests' closest point (barycentrics and feature) and segment parameters; the input's own */
  readonly closest: Float64Array;
  readonly params: Float64Array;
  readonly referenceClosest: Float64Array;
  readonly referenceParams: Float64Array;
  /** contactActivation's out */
  readonly activation: Float64Array;
}

/**
 * The whole state, its named parts together (ogcContactState builds each part with its own function), plus the
 * contact data the vertex solve gathers from (VbdContactData; its contact arrays grow) and the counters.
 */
export interface OgcContactState
  extends OgcContactSettings,
    OgcContactTopology,
    OgcContactCall,
    OgcDetectionArrays,
    OgcBroadPhase,
    OgcRedetection,
    OgcLocalPairs,
    OgcContactSets {
  readonly data: VbdContactData;
  readonly stats: OgcContactStats;
}
