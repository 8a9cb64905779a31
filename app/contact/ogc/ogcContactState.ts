import type { VbdContactData } from '../../solvers/vbd/index.ts';
import { boxBvh, type BoxBvh } from '../boxBvh.ts';
import { contactTopology, ringSets } from '../contactTopology.ts';
import { localNodePairs, type LocalNodes, type NodeCorners } from '../localNodePairs.ts';
import { pairLists, type PairLists } from './pairLists.ts';
import type { OgcContactOptions, OgcContactStats } from './types.ts';

/** Bound of a vertex or point with nothing within r_q: unbounded. */
export const NO_BOUND = Number.POSITIVE_INFINITY;

/**
 * Relative slack of the lower bounds that skip exact distances: a pair is skipped only when its lower bound is at
 * least (1 + this) × the threshold. The bounds and the exact distances round at ~1e-16 of the coordinates; 1e-6 of the
 * threshold keeps a pair whose exact distance rounds below the threshold for coordinates up to ~1e8 radii from the
 * origin, and costs nothing measurable (the pairs within that sliver are tested).
 */
export const LOWER_BOUND_SLACK = 1e-6;

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

/**
 * The whole state of one OGC contact (seed 000 ch. 5), as a plain struct the steps of this folder read and write
 * (README.md: which step is which equation). Counts: #V simulation vertices, #S surface points, #O collider points,
 * #P = #S + #O points, #T triangles (surface then colliders), #E unique edges. Lengths in m. Arrays are allocated once
 * (ogcContactState) except the scratch and contact arrays, which grow (grownArray) and are therefore read through the
 * struct, never kept across a step that can grow them.
 */
export interface OgcContactState {
  // --- settings (fixed) ---
  readonly options: OgcContactOptions;
  /** #V, #S, #O, #P, #T, #E */
  readonly V: number;
  readonly S: number;
  readonly O: number;
  readonly P: number;
  readonly T: number;
  readonly E: number;
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

  // --- topology (fixed; contactTopology, shared with the GPU twin's host) ---
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

  // --- the contact data the vertex solve gathers from (VbdContactData; its contact arrays grow) ---
  readonly data: VbdContactData;
  readonly stats: OgcContactStats;

  // --- the current call's inputs (setFrame) and substep ---
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

  // --- detection ---
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

  // --- broad phase (candidatePairs, hotCandidatePairs) ---
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

  // --- re-detection bookkeeping: the common motion since the search and the hot features (hotFeatures) ---
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
  /** commonMotion's 3×3 scratch: N + λR, R (and its quaternion), (C + λI)⁻¹, C + λI (views of one array) */
  readonly fitN: Float64Array;
  readonly fitRotation: Float64Array;
  readonly fitQuaternion: Float64Array;
  readonly fitInverseC: Float64Array;
  readonly fitRegularized: Float64Array;
  /** each point's residual |x_p − F(x⁰_p)| since the search, and the largest of each triangle's and edge's points */
  readonly pointMoved: Float64Array;
  readonly triangleMoved: Float64Array;
  readonly edgeMoved: Float64Array;

  // --- local pairs (localRings) ---
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

  // --- contact sets ---
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
 * A fresh OgcContactState for `options` (checked here: radius, query radius, γ_p, search margin, full-search
 * fraction, planes): the fixed topology (contactTopology), normalized planes, the contact data and every array the
 * steps use, with every point kinematic and nothing searched.
 *
 * @param options  surface, colliders, planes, radius and stiffness (OgcContactOptions; SI units)
 * @returns the state
 */
export function ogcContactState(options: OgcContactOptions): OgcContactState {
  const V = options.simulationVertexCount;
  const S = options.pointVertices.length / 4;
  const O = options.obstacleVertexCount ?? 0;
  const P = S + O;
  const r = options.radius;
  const rq = options.queryRadius ?? 2 * r;
  if (!(r > 0 && Number.isFinite(r))) throw new RangeError(`ogcContact: radius must be a positive length, got ${r}`);
  if (!(rq >= r)) throw new RangeError(`ogcContact: queryRadius (${rq}) must be ≥ radius (${r})`);
  const gammaP = options.boundRelaxation ?? 0.45;
  if (!(gammaP > 0 && gammaP < 0.5)) throw new RangeError(`ogcContact: boundRelaxation must be in (0, 0.5), got ${gammaP}`);
  const gammaE = options.redetectionFraction ?? 0.01;
  const selfContact = options.selfContact ?? true;
  const rings = options.topologicalRings ?? 0;
  const localRings = options.localRings ?? 0;

  // The fixed topology (contactTopology, shared with the GPU twin's host): surface triangles (owner 0), then collider
  // triangles shifted by S (owner 1); unique edges, each triangle's three edges, the opposite corners of each edge's
  // triangles (edge blocks), 1-ring neighbours of every point (vertex blocks) and k-ring sets of surface points.
  const topology = contactTopology(options.triangles, S, options.obstacleTriangles, O, 'ogcContact');
  const { triangles, triangleOwner, triangleEdges, edges, edgeOwner } = topology;
  const T = triangleOwner.length;
  const E = edges.length / 2;
  const { offsets: ringOffsets, values: ringPoints } = ringSets(topology.neighbours, S, rings);
  const { offsets: localOffsets, values: localPoints } = ringSets(topology.neighbours, S, localRings);

  // Normalized planes.
  const planeInput = options.planes ?? [];
  const planes = new Float64Array(planeInput.length);
  for (let k = 0; k + 3 < planeInput.length; k += 4) {
    const length = Math.hypot(planeInput[k], planeInput[k + 1], planeInput[k + 2]);
    if (!(length > 0)) throw new RangeError(`ogcContact: plane ${k / 4} has a zero normal`);
    planes[k] = planeInput[k] / length;
    planes[k + 1] = planeInput[k + 1] / length;
    planes[k + 2] = planeInput[k + 2] / length;
    planes[k + 3] = planeInput[k + 3] / length;
  }

  // Each vertex's bound divisor: the surface points it carries (CSR of point, weight-sum).
  const pointWeightSums = new Float64Array(S);
  for (let s = 0; s < S; s++) {
    for (let k = 0; k < 4; k++) pointWeightSums[s] += Math.abs(options.pointWeights[4 * s + k]);
  }

  const data: VbdContactData = {
    simulatedPointCount: S,
    pointVertices: options.pointVertices,
    pointWeights: options.pointWeights,
    pointOffsets: new Float64Array(3 * S),
    obstaclePositions: new Float64Array(3 * O),
    obstacleStartPositions: new Float64Array(3 * O),
    planes,
    pointTargets: new Float64Array(3 * S),
    contactCount: 0,
    contactKinds: new Uint8Array(64),
    contactPoints: new Uint32Array(256),
    contactFrictionWeights: new Float64Array(256),
    contactNormals: new Float64Array(192),
    contactNormalForces: new Float64Array(64),
    vertexContactOffsets: new Uint32Array(V + 1),
    vertexContacts: new Uint32Array(64),
    radius: r,
    stiffness: options.stiffness,
    friction: options.friction ?? 0.2,
    frictionVelocity: options.frictionVelocity ?? 0.01,
  };

  // The search's radius D = r_q + 2m.
  // r/2 measured best on the bench's 5k cloth dropped on a sphere (same process, CPU time of the contact hooks per
  // frame): m = r/2 79 searches 209–230 ms, m = r 40 searches 300–351 ms, m = 2r 22 searches 297–352 ms. The larger
  // lists cost every detection more than the searches they save.
  const searchMargin = options.searchMargin ?? 0.5 * r;
  if (!(searchMargin >= 0)) throw new RangeError(`ogcContact: searchMargin must be ≥ 0, got ${searchMargin}`);
  const searchRadius = rq + 2 * searchMargin;
  const fullSearchFraction = options.fullSearchFraction ?? 0.25;
  if (!(fullSearchFraction >= 0)) throw new RangeError(`ogcContact: fullSearchFraction must be ≥ 0, got ${fullSearchFraction}`);

  const fitScratch = new Float64Array(40);
  const triangleBroadPhase = boxBvh();
  const freeTriangleBroadPhase = boxBvh();
  const freePointBroadPhase = boxBvh();
  const fixedPointBroadPhase = boxBvh();
  const freeEdgeBroadPhase = boxBvh();
  const fixedEdgeBroadPhase = boxBvh();
  const freePoints = new Uint32Array(P);
  const fixedPoints = new Uint32Array(P);
  const freeTriangles = new Uint32Array(T);
  const freeEdges = new Uint32Array(E);
  const fixedEdges = new Uint32Array(E);
  const isHotPoint = new Uint8Array(P);
  const isHotTriangle = new Uint8Array(T);
  const isHotEdge = new Uint8Array(E);
  const changedPoint = new Uint8Array(P);
  const changedTriangle = new Uint8Array(T);
  const changedEdge = new Uint8Array(E);
  // localRings with self-contact: the four walks' local node pairs (free points × triangles, kinematic points × free
  // triangles, free edges × themselves, free × kinematic edges), skipped by the walks (localNodePairs).
  const localNodes = localRings > 0 && selfContact ? localNodePairs(S, localOffsets, localPoints) : null;
  const newWalk = (): LocalWalk => ({
    firstVersion: -1,
    secondVersion: -1,
    epoch: -1,
    first: { tree: triangleBroadPhase.tree, corners: new Uint32Array(0), stride: 1 },
    second: { tree: triangleBroadPhase.tree, corners: new Uint32Array(0), stride: 1 },
    nodes: { offsets: new Uint32Array(0), nodes: new Uint32Array(0) },
  });

  return {
    options,
    V,
    S,
    O,
    P,
    T,
    E,
    r,
    rq,
    gammaP,
    gammaE,
    selfContact,
    localRings,
    searchMargin,
    searchRadius,
    triangleGrowth: searchRadius,
    edgeGrowth: 0.5 * searchRadius,
    fullSearchFraction,
    triangles,
    triangleOwner,
    triangleEdges,
    edges,
    edgeOwner,
    edgeOppositeOffsets: topology.edgeOpposites.offsets,
    edgeOpposites: topology.edgeOpposites.values,
    neighbourOffsets: topology.neighbours.offsets,
    neighbours: topology.neighbours.values,
    ringOffsets,
    ringPoints,
    localOffsets,
    localPoints,
    planes,
    planeCount: planes.length / 4,
    pointWeightSums,
    data,
    stats: { substeps: 0, detections: 0, redetections: 0, truncations: 0, contacts: 0, maxContacts: 0, inputExcluded: 0, searches: 0, partialSearches: 0 },
    obstacleFrameStart: new Float64Array(3 * O),
    obstacleFrameEnd: new Float64Array(3 * O),
    referenceStart: null,
    referenceEnd: null,
    regions: null,
    untangle: null,
    previousFraction: 0,
    fractionNow: 1,
    points: new Float64Array(3 * P),
    reference: new Float64Array(3 * P),
    hasReference: false,
    bounds: new Float64Array(V).fill(NO_BOUND),
    pointBounds: new Float64Array(S),
    vertexMoved: new Float64Array(V),
    vertexScale: new Float64Array(V),
    positionsAtDetection: new Float64Array(3 * V),
    targetsAtDetection: new Float64Array(3 * V),
    targetsNow: new Float64Array(3 * V),
    minPoint: new Float64Array(P),
    minEdge: new Float64Array(E),
    minTriangle: new Float64Array(T),
    kinematicPoint: new Uint8Array(P).fill(1),
    kinematicTriangle: new Uint8Array(T),
    kinematicEdge: new Uint8Array(E),
    kinematicChanged: true,
    kinematicEpoch: 0,
    freePoints,
    fixedPoints,
    freeTriangles,
    freeEdges,
    fixedEdges,
    freePointCount: 0,
    fixedPointCount: 0,
    freeTriangleCount: 0,
    freeEdgeCount: 0,
    fixedEdgeCount: 0,
    triangleBoxes: new Float64Array(6 * T),
    freeTriangleBoxes: new Float64Array(6 * T),
    freePointBoxes: new Float64Array(6 * P),
    fixedPointBoxes: new Float64Array(6 * P),
    freeEdgeBoxes: new Float64Array(6 * E),
    fixedEdgeBoxes: new Float64Array(6 * E),
    triangleBroadPhase,
    freeTriangleBroadPhase,
    freePointBroadPhase,
    fixedPointBroadPhase,
    freeEdgeBroadPhase,
    fixedEdgeBroadPhase,
    pairScratch: new Uint32Array(1024),
    distanceScratch: new Float64Array(512),
    exactScratch: new Float64Array(2048),
    pointsAtSearch: new Float64Array(3 * P),
    searched: false,
    pointPairs: pairLists(P, 8 * P, 4),
    edgePairs: pairLists(E, 8 * E, 2),
    hotPointPairs: pairLists(P, 64, 4),
    hotEdgePairs: pairLists(E, 64, 2),
    hotListed: false,
    fresh: true,
    searchRegions: null,
    relabelled: new Uint8Array(P),
    regionMap: new Map<number, number>(),
    isHotPoint,
    isHotTriangle,
    isHotEdge,
    mappedPoints: new Float64Array(3 * P),
    // The search's six trees with their item lists, partial boxes, and changed and hot flags.
    partialTrees: [
      { tree: triangleBroadPhase, list: null, boxes: new Float64Array(6 * T), changed: changedTriangle, hot: isHotTriangle },
      { tree: freeTriangleBroadPhase, list: freeTriangles, boxes: new Float64Array(6 * T), changed: changedTriangle, hot: isHotTriangle },
      { tree: freePointBroadPhase, list: freePoints, boxes: new Float64Array(6 * P), changed: changedPoint, hot: isHotPoint },
      { tree: fixedPointBroadPhase, list: fixedPoints, boxes: new Float64Array(6 * P), changed: changedPoint, hot: isHotPoint },
      { tree: freeEdgeBroadPhase, list: freeEdges, boxes: new Float64Array(6 * E), changed: changedEdge, hot: isHotEdge },
      { tree: fixedEdgeBroadPhase, list: fixedEdges, boxes: new Float64Array(6 * E), changed: changedEdge, hot: isHotEdge },
    ],
    marks: Array.from({ length: 6 }, () => new Uint8Array(0)),
    changedMarks: Array.from({ length: 6 }, () => new Uint8Array(0)),
    wasHotPoint: new Uint8Array(P),
    wasHotTriangle: new Uint8Array(T),
    wasHotEdge: new Uint8Array(E),
    changedPoint,
    changedTriangle,
    changedEdge,
    partialBoxesCopied: false,
    motion: new Float64Array(9),
    motionInverse: new Float64Array(9),
    motionFrom: new Float64Array(3),
    motionTo: new Float64Array(3),
    fitN: fitScratch.subarray(0, 9),
    fitRotation: fitScratch.subarray(9, 18),
    fitQuaternion: fitScratch.subarray(18, 22),
    fitInverseC: fitScratch.subarray(22, 31),
    fitRegularized: fitScratch.subarray(31, 40),
    pointMoved: new Float64Array(P),
    triangleMoved: new Float64Array(T),
    edgeMoved: new Float64Array(E),
    ringStamp: new Int32Array(S).fill(-1),
    groupOrder: new Uint32Array(1024),
    groupOffsets: new Uint32Array(Math.max(P, E) + 2),
    localStamp: new Int32Array(S).fill(-1),
    localStampId: 0,
    localNodes,
    localWalks: localNodes === null ? null : [newWalk(), newWalk(), newWalk(), newWalk()],
    featureVertexStamp: new Int32Array(P),
    featureEdgeStamp: new Int32Array(E),
    closest: new Float64Array(4),
    params: new Float64Array(2),
    // The input's closest point and parameters go to their own scratch, so the simulated pair's stay (computing them
    // again after the input test took a third of detect's exact distances on the bench's character).
    referenceClosest: new Float64Array(4),
    referenceParams: new Float64Array(2),
    activation: new Float64Array(3),
  };
}
