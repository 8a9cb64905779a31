import { pointTriangleClosestPoint, segmentSegmentClosestPoints, TRIANGLE_FEATURE } from '../geometry/index.ts';
import { contactActivation, contactPointPosition, CONTACT_KIND, type FloatArray, type VbdContact, type VbdContactData } from '../solvers/vbd/index.ts';
import { closestRotation } from '../embedding/index.ts';
import { boxBvh, type BoxBvh, type BoxBvhTree, type MarkedNodes } from './boxBvh.ts';
import { contactTopology, isKinematicPoint, ringSets } from './contactTopology.ts';
import { grownArray } from './grownArray.ts';
import { localNodePairs, NO_CORNER, type LocalNodes, type NodeCorners } from './localNodePairs.ts';
import { truncateToBounds, type BoundTruncation } from './truncateToBounds.ts';
import { featureRegion, sameRegion } from './inputRegions.ts';

/** One broad-phase walk's local node pairs and what they were made for (ogcContact's localNodesOf). */
interface LocalWalk {
  firstVersion: number;
  secondVersion: number;
  epoch: number;
  first: NodeCorners;
  second: NodeCorners;
  nodes: LocalNodes;
}

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
  /** contact radius r [m] (seed 000 §4.3) */
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

/** Each VbdContact that is an OgcContact, or stands for one (bakeContact's timed wrapper): what ogcContactOf answers. */
const ogcContacts = new WeakMap<VbdContact, OgcContact>();

/**
 * The OgcContact a VbdContact is, or stands for (linkOgcContact); undefined for any other contact. The WebGPU step runs
 * OGC itself from its options and frame inputs, so it accepts only these.
 */
export function ogcContactOf(contact: VbdContact): OgcContact | undefined {
  return ogcContacts.get(contact);
}

/** Says that `contact` (a wrapper that forwards to `ogc`) stands for `ogc` (ogcContactOf). */
export function linkOgcContact(contact: VbdContact, ogc: OgcContact): void {
  ogcContacts.set(contact, ogc);
}

const NO_BOUND = Number.POSITIVE_INFINITY;
/**
 * Relative slack of the lower bounds that skip exact distances: a pair is skipped only when its lower bound is at
 * least (1 + this) × the threshold. The bounds and the exact distances round at ~1e-16 of the coordinates; 1e-6 of the
 * threshold keeps a pair whose exact distance rounds below the threshold for coordinates up to ~1e8 radii from the
 * origin, and costs nothing measurable (the pairs within that sliver are tested).
 */
const LOWER_BOUND_SLACK = 1e-6;

/**
 * Offset Geometric Contact (seed 000 ch. 5) for a surface driven by a VBD simulation, against itself, kinematic
 * colliders and analytic planes: detection, the contact data the vertex solve gathers from (VbdContactData), and the
 * penetration-free machinery of Algorithm 4: per-vertex conservative bounds b_v = γ_p·min(d_min,v, d^E_min,v,
 * d^T_min,v) (Eqs. 5.20–5.25), truncation of the initial guess (Eq. 5.27) and of every iteration, re-detection when more
 * than γ_e of the free vertices were truncated.
 *
 * Detection (Algorithms 2–3, DCD only): refitted BVHs over the points, over triangle boxes grown by the search radius
 * and over edge boxes, walked pairwise (boxBvh.overlapPairs), give the point–triangle and edge–edge candidates, reused
 * by later detections while the points follow a common affine motion and searched again only for the points that do
 * not (partial searches, see detect). For a point v and a triangle t
 * within r: the sub-face a holding the closest point (face, edge, vertex; pointTriangleClosestPoint) makes a contact
 * only if v lies in a's block U_a (Eq. 5.7 vertex, 5.8 edge; a face block always holds it), each (v, a) once. Edge
 * pairs within r whose closest points are interior to both make an edge–edge contact (Eq. 5.16 with interior
 * sub-faces; the vertex sub-faces are the point–edge and point–vertex contacts above). Every force is then orthogonal
 * to its feature (evaluateContactForceHessian).
 *
 * Embedded surfaces. A surface point is Σ w_k x_k + offset over up to four simulation vertices (a lattice tet's
 * barycentrics plus the detail offset, held constant for the call), so contact acts on the surface the user sees;
 * the gather lists carry each point's force to its vertices with w and w². Bounds are carried the same way: a point
 * moves at most Σ|w_k| times its vertices' largest move, so each vertex takes the smallest b_s / Σ_k|w_sk| over the
 * points it carries.
 *
 * Exclusions. Pairs sharing a point are never tested, nor pairs of two kinematic features (every point reads only
 * pinned vertices, or is a collider's: the step cannot change their gap; updateKinematic). Surface pairs within `topologicalRings` rings (off by default)
 * make no force (they still bound the motion). Input exclusion: a pair closer than r in the input at this frame (setFrame's
 * reference), or inside one input region (setFrame's `regions`, the rule of app/contact/inputRegions.ts: both sides
 * within INPUT_REGION_RINGS rings of one crossing of the input), makes no force and no bound: the simulation neither
 * pushes apart what the artist put together nor freezes there.
 *
 * Local pairs of an embedded surface (`localRings`). On a surface embedded in a tet lattice, two points a few rings
 * apart read the same or neighbouring tets, and within a step call their gap changes only as fast as those tets
 * deform: p − q changes by Σ_k (w_pk − w_qk)·Δx_k (the offsets are constant, the weights of each point sum to 1, so a
 * common motion of the tets drops out). Closing a gap of the size of the surface's own edges then takes a strain of
 * the order of one inside a frame, which the lattice's elasticity resists; OGC's bound, which ignores this, let such
 * pairs limit every free vertex. On the bench's character (12.8k points, level 3) 83% of the pairs within r_q were
 * within 2 rings and 95% within 3: these pairs made most of the search's exact distances and most truncations and
 * re-detections. With localRings they are dropped in the broad phase, so they neither push nor bound: the box-tree
 * walks skip node pairs that hold only local pairs (localNodePairs, exact), and the pairs the walks still give are
 * grouped by their first feature, whose k-ring is stamped, and dropped when local. What a fold of the lattice could
 * still do is caught by the bake's final per-frame check, which corrects the frame and counts it. Cloth keeps every
 * pair (its surface is the simulation mesh: nothing else holds a fold).
 *
 * Colliders are kinematic: they sit at their interpolated end-of-substep position through the substep's iterations.
 * The bounds guarantee no crossing of the simulated surface with itself; against a moving collider the guarantee holds
 * only for the collider's own motion within a substep being small next to r (seed 000 §4.9: "body-cloth penetration is
 * possible"), which the bake's final per-frame check covers.
 *
 * @param options  surface, colliders, planes, radius and stiffness
 * @returns the contact (pass it as VbdControls.contact)
 */
export function ogcContact(options: OgcContactOptions): OgcContact {
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
  const { offsets: edgeOppositeOffsets, values: edgeOpposites } = topology.edgeOpposites;
  const { offsets: neighbourOffsets, values: neighbours } = topology.neighbours;
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
  const planeCount = planes.length / 4;

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

  const obstacleFrameStart = new Float64Array(3 * O);
  const obstacleFrameEnd = new Float64Array(3 * O);
  let referenceStart: ArrayLike<number> | null = null;
  let referenceEnd: ArrayLike<number> | null = null;
  let regions: Uint32Array | null = null;
  // The labels the last search left region pairs out by, and the points whose label changed since (hot: detect).
  let searchRegions: Uint32Array | null = null;
  const relabelled = new Uint8Array(P);
  const regionMap = new Map<number, number>();
  let untangle: Uint8Array | null = null;
  let previousFraction = 0;
  let fractionNow = 1;

  const points = new Float64Array(3 * P);
  const reference = new Float64Array(3 * P);
  let hasReference = false;
  const bounds = new Float64Array(V).fill(NO_BOUND);
  const pointBounds = new Float64Array(S);
  // truncateToBounds's scratch: each vertex's displacement since the detection and the smallest cut its points ask
  const vertexMoved = new Float64Array(V);
  const vertexScale = new Float64Array(V);
  const positionsAtDetection = new Float64Array(3 * V);
  const targetsAtDetection = new Float64Array(3 * V);
  const targetsNow = new Float64Array(3 * V);
  const minPoint = new Float64Array(P);
  const minEdge = new Float64Array(E);
  const minTriangle = new Float64Array(T);
  // Kinematic features (see `kinematicOf`): points, triangles and edges whose every point is kinematic. A pair of
  // kinematic features is never searched nor tested: nothing the step does changes its gap.
  const kinematicPoint = new Uint8Array(P).fill(1);
  const kinematicTriangle = new Uint8Array(T);
  const kinematicEdge = new Uint8Array(E);
  let kinematicChanged = true;
  // The broad phase's subsets (item lists into the point, triangle and edge indices) and their trees: free points
  // against every triangle, kinematic points against the free triangles, free edges against themselves and against
  // the kinematic edges.
  const freePoints = new Uint32Array(P);
  const fixedPoints = new Uint32Array(P);
  const freeTriangles = new Uint32Array(T);
  const freeEdges = new Uint32Array(E);
  const fixedEdges = new Uint32Array(E);
  let freePointCount = 0, fixedPointCount = 0, freeTriangleCount = 0, freeEdgeCount = 0, fixedEdgeCount = 0;
  const triangleBoxes = new Float64Array(6 * T);
  const freeTriangleBoxes = new Float64Array(6 * T);
  const freePointBoxes = new Float64Array(6 * P);
  const fixedPointBoxes = new Float64Array(6 * P);
  const freeEdgeBoxes = new Float64Array(6 * E);
  const fixedEdgeBoxes = new Float64Array(6 * E);
  const triangleBroadPhase = boxBvh();
  const freeTriangleBroadPhase = boxBvh();
  const freePointBroadPhase = boxBvh();
  const fixedPointBroadPhase = boxBvh();
  const freeEdgeBroadPhase = boxBvh();
  const fixedEdgeBroadPhase = boxBvh();
  let pairScratch = new Uint32Array(1024);
  let distanceScratch = new Float64Array(512);
  // The exact test's closest point (4 numbers: pointTriangleClosestPoint's out) or parameters (2 numbers) of each kept
  // pair, by kept index then in list order.
  let exactScratch = new Float64Array(2048);
  // The search's radius D = r_q + 2m and the points at the last search.
  // r/2 measured best on the bench's 5k cloth dropped on a sphere (same process, CPU time of the contact hooks per
  // frame): m = r/2 79 searches 209–230 ms, m = r 40 searches 300–351 ms, m = 2r 22 searches 297–352 ms. The larger
  // lists cost every detection more than the searches they save.
  const searchMargin = options.searchMargin ?? 0.5 * r;
  if (!(searchMargin >= 0)) throw new RangeError(`ogcContact: searchMargin must be ≥ 0, got ${searchMargin}`);
  const searchRadius = rq + 2 * searchMargin;
  // The search's box growths (a pair within D overlaps): triangles by D against bare points, edges by D/2 each.
  const triangleGrowth = searchRadius;
  const edgeGrowth = 0.5 * searchRadius;
  const pointsAtSearch = new Float64Array(3 * P);
  const fullSearchFraction = options.fullSearchFraction ?? 0.25;
  if (!(fullSearchFraction >= 0)) throw new RangeError(`ogcContact: fullSearchFraction must be ≥ 0, got ${fullSearchFraction}`);
  // The candidate pairs, CSR lists by point and by edge with each pair's distance and closest point (barycentrics and
  // feature, 4 numbers; edges: s and t, 2) when listed: `pointPairs`/`edgePairs` from the last search (within D then),
  // `hotPointPairs`/`hotEdgePairs` from this detection's partial search (the pairs with a hot side, within r_q now).
  // The detection that made a list reads its distances and closest points instead of computing them again (same
  // points, same call, same numbers).
  const pointPairs = pairLists(P, 8 * P, 4);
  const edgePairs = pairLists(E, 8 * E, 2);
  const hotPointPairs = pairLists(P, 64, 4);
  const hotEdgePairs = pairLists(E, 64, 2);
  let hotListed = false;
  // Hot points (moved more than h from the common motion since the search), triangles and edges (a hot corner); the
  // search's trees' item boxes with the hot items' boxes mapped back to the search's frame (partialSearch), and each
  // tree's nodes that hold a hot item.
  const isHotPoint = new Uint8Array(P);
  const isHotTriangle = new Uint8Array(T);
  const isHotEdge = new Uint8Array(E);
  // Every point now mapped back to the search's frame by F⁻¹ (partialSearch).
  const mappedPoints = new Float64Array(3 * P);
  const partialTriangleBoxes = new Float64Array(6 * T);
  const partialFreeTriangleBoxes = new Float64Array(6 * T);
  const partialFreePointBoxes = new Float64Array(6 * P);
  const partialFixedPointBoxes = new Float64Array(6 * P);
  const partialFreeEdgeBoxes = new Float64Array(6 * E);
  const partialFixedEdgeBoxes = new Float64Array(6 * E);
  const marks: Uint8Array[] = Array.from({ length: 6 }, () => new Uint8Array(0));
  // The features whose boxes a partial search changed since the search (hot then): their trees' nodes are refitted
  // again by the next partial search, with those of the features hot now (changed = hot now or hot before).
  const wasHotPoint = new Uint8Array(P);
  const wasHotTriangle = new Uint8Array(T);
  const wasHotEdge = new Uint8Array(E);
  const changedPoint = new Uint8Array(P);
  const changedTriangle = new Uint8Array(T);
  const changedEdge = new Uint8Array(E);
  const changedMarks: Uint8Array[] = Array.from({ length: 6 }, () => new Uint8Array(0));
  // Whether the partial boxes hold the search's boxes (copied at the first partial search after a search).
  let partialBoxesCopied = false;
  // The common motion since the search (fitCommonMotion): F(x) = B(x − μ₀) + μ₁, F⁻¹(x) = B⁻¹(x − μ₁) + μ₀.
  const motion = new Float64Array(9);
  const motionInverse = new Float64Array(9);
  const motionFrom = new Float64Array(3);
  const motionTo = new Float64Array(3);
  // fitAffine's 3×3 scratch: N + λR, R (and its quaternion), (C + λI)⁻¹, C + λI.
  const fitScratch = new Float64Array(40);
  const fitN = fitScratch.subarray(0, 9);
  const fitRotation = fitScratch.subarray(9, 18);
  const fitQuaternion = fitScratch.subarray(18, 22);
  const fitInverseC = fitScratch.subarray(22, 31);
  const fitRegularized = fitScratch.subarray(31, 40);
  let searched = false;
  const ringStamp = new Int32Array(S).fill(-1);
  // localRings: the broad phase's pairs grouped by their first item (counting sort) and each group's local stamp.
  let groupOrder = new Uint32Array(1024);
  const groupOffsets = new Uint32Array(Math.max(P, E) + 2);
  const localStamp = new Int32Array(S).fill(-1);
  let localStampId = 0;
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
  const localWalks = localNodes === null ? null : [newWalk(), newWalk(), newWalk(), newWalk()];
  let kinematicEpoch = 0;
  // Per-point stamps (the point being queried): features already taken (Eqs. 5.7–5.8 each once).
  const featureVertexStamp = new Int32Array(P);
  const featureEdgeStamp = new Int32Array(E);
  const closest = new Float64Array(4);
  const params = new Float64Array(2);
  // The input's closest point and parameters go to their own scratch, so the simulated pair's stay (computing them
  // again after the input test took a third of detect's exact distances on the bench's character).
  const referenceClosest = new Float64Array(4);
  const referenceParams = new Float64Array(2);
  // Each point's residual since the search, |x_p − F(x⁰_p)| [m], and the largest of each triangle's and each edge's
  // points: a listed pair then at d is now at least σ·d − (moved of one side + moved of the other).
  const pointMoved = new Float64Array(P);
  const triangleMoved = new Float64Array(T);
  const edgeMoved = new Float64Array(E);
  const activation = new Float64Array(3);
  const stats: OgcContactStats = { substeps: 0, detections: 0, redetections: 0, truncations: 0, contacts: 0, maxContacts: 0, inputExcluded: 0, searches: 0, partialSearches: 0 };

  function addContact(kind: number, p0: number, p1: number, p2: number, p3: number, b0: number, b1: number, b2: number, b3: number, nx: number, ny: number, nz: number, distance: number, mollifier: number): void {
    const c = data.contactCount;
    if (c >= data.contactKinds.length) {
      const size = 2 * data.contactKinds.length;
      data.contactKinds = grownArray(data.contactKinds, size);
      data.contactPoints = grownArray(data.contactPoints, 4 * size);
      data.contactFrictionWeights = grownArray(data.contactFrictionWeights, 4 * size);
      data.contactNormals = grownArray(data.contactNormals, 3 * size);
      data.contactNormalForces = grownArray(data.contactNormalForces, size);
    }
    data.contactKinds[c] = kind;
    const o = 4 * c;
    data.contactPoints[o] = p0;
    data.contactPoints[o + 1] = p1;
    data.contactPoints[o + 2] = p2;
    data.contactPoints[o + 3] = p3;
    data.contactFrictionWeights[o] = b0;
    data.contactFrictionWeights[o + 1] = b1;
    data.contactFrictionWeights[o + 2] = b2;
    data.contactFrictionWeights[o + 3] = b3;
    data.contactNormals[3 * c] = nx;
    data.contactNormals[3 * c + 1] = ny;
    data.contactNormals[3 * c + 2] = nz;
    contactActivation(distance, r, data.stiffness, activation);
    data.contactNormalForces[c] = -activation[1] * mollifier;
    data.contactCount = c + 1;
  }

  function detect(simulationPositions: FloatArray): void {
    stats.detections++;
    positionsAtDetection.set(simulationPositions);
    for (let p = 0; p < S; p++) contactPointPosition(data, p, simulationPositions, false, points, 3 * p);
    points.set(data.obstaclePositions, 3 * S);
    hasReference = referenceStart !== null && referenceEnd !== null;
    if (hasReference) {
      for (let k = 0; k < 3 * S; k++) reference[k] = referenceStart![k] + fractionNow * (referenceEnd![k] - referenceStart![k]);
      reference.set(data.obstaclePositions, 3 * S);
    }
    minPoint.fill(rq);
    minEdge.fill(rq);
    minTriangle.fill(rq);
    data.contactCount = 0;

    featureVertexStamp.fill(-1);
    featureEdgeStamp.fill(-1);

    // Candidate pairs (seed 001 §3.1's D_min/D_max rule, with an affine common motion). The last search listed every
    // pair within D = r_q + 2m. Since then the points moved: fit an affine map F(x) = B(x − μ₀) + μ₁ to their moves
    // (fitCommonMotion) and take each point's residual ρ_p = |x_p − F(x⁰_p)|. A pair at d⁰ then is now at least
    // σ·d⁰ − ρ_p − ρ_f apart (σ the smallest singular value of B, ρ_f the largest residual of the other feature's
    // points): F maps a triangle or a segment onto one and shortens no distance by more than the factor σ, and the
    // residuals move each side by at most its largest. So an unlisted pair (d⁰ ≥ D) whose sides both moved at most
    // h = (σD − r_q)/2 is still beyond r_q. A point that moved more is hot, and so are the triangles and edges it is
    // on: the pairs with a hot side are searched again alone (partialSearch, within r_q now), the rest read the lists;
    // when more than `fullSearchFraction` of the points are hot, or h ≤ 0, everything is searched anew. Seed 001's
    // common translation is the case B = I. The affine map also takes out the turn and the squash of a character's
    // jump: on the bench's character (level 3, Jump) at the detections where a translation left 90% of the points
    // beyond m (the median), it leaves 5%. Before the first search there is nothing to fit (σ = 0: search).
    let sigma = searched ? fitCommonMotion() : 0;
    const h = 0.5 * (sigma * searchRadius - rq * (1 + LOWER_BOUND_SLACK));
    // Pairs inside one input region are left out of the search (they cost nothing), so a point whose label changed
    // since the search (the input's crossings slide from frame to frame) is hot too: its pairs are searched again
    // with the labels of now (a new search whenever a label changed instead made 25 searches in 52 detections on the
    // layered character, 13 of them for labels).
    relabelled.fill(0);
    if (searched && searchRegions !== null) {
      // Region numbers change from frame to frame (inputRegions numbers them in vertex order): a point counts as
      // relabelled when it left the region it was in at the search, i.e. its label now is not the one the others of
      // its old region mostly went to (the first of them met). Joining a region needs no search again (its listed
      // pairs are left alone when tested), leaving one does.
      regionMap.clear();
      for (let p = 0; p < S; p++) {
        const before = searchRegions[p];
        if (before === 0) continue;
        const now = regions === null ? 0 : regions[p];
        const mapped = regionMap.get(before);
        if (mapped === undefined) regionMap.set(before, now);
        if (now === 0 || (mapped !== undefined && mapped !== now)) relabelled[p] = 1;
      }
    }
    let hot = 0;
    if (searched && h > 0) for (let k = 0; k < P; k++) if (pointMoved[k] > h || relabelled[k] === 1) hot++;
    const fresh = !searched || !(h > 0) || hot > fullSearchFraction * P;
    if (fresh) {
      search();
      sigma = 1;
      hot = 0;
      pointMoved.fill(0);
    }
    // A listed pair is tested only when σ·d⁰ minus each side's largest residual is below r_q (testing it would give
    // nothing otherwise: a pair at r_q or more makes no contact and no bound). The slack keeps every pair whose exact
    // distance rounds below r_q: only pairs that testing would drop are skipped.
    const movedBelow = rq * (1 + LOWER_BOUND_SLACK);
    if (!fresh) {
      for (let t = 0; t < T; t++) {
        const a = pointMoved[triangles[3 * t]], b = pointMoved[triangles[3 * t + 1]], c = pointMoved[triangles[3 * t + 2]];
        triangleMoved[t] = a > b ? (a > c ? a : c) : b > c ? b : c;
      }
      for (let e = 0; e < E; e++) {
        const a = pointMoved[edges[2 * e]], b = pointMoved[edges[2 * e + 1]];
        edgeMoved[e] = a > b ? a : b;
      }
    } else {
      triangleMoved.fill(0);
      edgeMoved.fill(0);
    }
    hotListed = hot > 0;
    if (hotListed) {
      for (let k = 0; k < P; k++) isHotPoint[k] = pointMoved[k] > h || relabelled[k] === 1 ? 1 : 0;
      for (let t = 0; t < T; t++) isHotTriangle[t] = triangleMoved[t] > h || (isHotPoint[triangles[3 * t]] | isHotPoint[triangles[3 * t + 1]] | isHotPoint[triangles[3 * t + 2]]) === 1 ? 1 : 0;
      for (let e = 0; e < E; e++) isHotEdge[e] = edgeMoved[e] > h || (isHotPoint[edges[2 * e]] | isHotPoint[edges[2 * e + 1]]) === 1 ? 1 : 0;
      partialSearch();
    } else {
      isHotPoint.fill(0);
      isHotTriangle.fill(0);
      isHotEdge.fill(0);
    }

    // Vertex–facet (Algorithm 2): a point's listed pairs without a hot side, then its pairs of the partial search.
    {
      const { offsets, pairs, distances, exact } = pointPairs;
      const hotOffsets = hotPointPairs.offsets, hotPairs = hotPointPairs.pairs, hotDistances = hotPointPairs.distances, hotExact = hotPointPairs.exact;
      for (let p = 0; p < P; p++) {
        if (p < S) for (let k = ringOffsets[p]; k < ringOffsets[p + 1]; k++) ringStamp[ringPoints[k]] = p;
        const px = points[3 * p], py = points[3 * p + 1], pz = points[3 * p + 2];
        if (isHotPoint[p] === 0) {
          for (let q = offsets[p], end = offsets[p + 1]; q < end; q++) {
            const t = pairs[q];
            if (isHotTriangle[t] === 1 || sigma * distances[q] - pointMoved[p] - triangleMoved[t] >= movedBelow) continue;
            let distance: number;
            if (fresh) {
              distance = distances[q];
              closest[0] = exact[4 * q];
              closest[1] = exact[4 * q + 1];
              closest[2] = exact[4 * q + 2];
              closest[3] = exact[4 * q + 3];
            } else distance = Math.sqrt(pointTriangleClosestPoint(points, triangles[3 * t], triangles[3 * t + 1], triangles[3 * t + 2], px, py, pz, closest));
            pointTrianglePair(p, t, distance);
          }
        }
        if (!hotListed) continue;
        for (let q = hotOffsets[p], end = hotOffsets[p + 1]; q < end; q++) {
          closest[0] = hotExact[4 * q];
          closest[1] = hotExact[4 * q + 1];
          closest[2] = hotExact[4 * q + 2];
          closest[3] = hotExact[4 * q + 3];
          pointTrianglePair(p, hotPairs[q], hotDistances[q]);
        }
      }
    }

    // Edge–edge (Algorithm 3), each pair once, listed under a surface edge: the same two sources.
    {
      const { offsets, pairs, distances, exact } = edgePairs;
      const hotOffsets = hotEdgePairs.offsets, hotPairs = hotEdgePairs.pairs, hotDistances = hotEdgePairs.distances, hotExact = hotEdgePairs.exact;
      for (let e = 0; e < E; e++) {
        if (edgeOwner[e] === 1) continue;
        const i = edges[2 * e], j = edges[2 * e + 1];
        for (let k = ringOffsets[i]; k < ringOffsets[i + 1]; k++) ringStamp[ringPoints[k]] = -2 - e;
        for (let k = ringOffsets[j]; k < ringOffsets[j + 1]; k++) ringStamp[ringPoints[k]] = -2 - e;
        if (isHotEdge[e] === 0) {
          for (let q = offsets[e], end = offsets[e + 1]; q < end; q++) {
            const f = pairs[q];
            if (isHotEdge[f] === 1 || sigma * distances[q] - edgeMoved[e] - edgeMoved[f] >= movedBelow) continue;
            let distance: number;
            if (fresh) {
              distance = distances[q];
              params[0] = exact[2 * q];
              params[1] = exact[2 * q + 1];
            } else distance = Math.sqrt(segmentSegmentClosestPoints(points, i, j, points, edges[2 * f], edges[2 * f + 1], params));
            edgeEdgePair(e, f, distance);
          }
        }
        if (!hotListed) continue;
        for (let q = hotOffsets[e], end = hotOffsets[e + 1]; q < end; q++) {
          params[0] = hotExact[2 * q];
          params[1] = hotExact[2 * q + 1];
          edgeEdgePair(e, hotPairs[q], hotDistances[q]);
        }
      }
    }

    // Planes: a unary contact per surface point.
    for (let p = 0; p < S; p++) {
      for (let q = 0; q < planeCount; q++) {
        const n0 = planes[4 * q], n1 = planes[4 * q + 1], n2 = planes[4 * q + 2], offset = planes[4 * q + 3];
        const distance = n0 * points[3 * p] + n1 * points[3 * p + 1] + n2 * points[3 * p + 2] + offset;
        if (distance >= rq) continue;
        // A point below the plane in the input, or now, is not bounded by it (no bound can hold it out).
        const referenceBelow = hasReference && n0 * reference[3 * p] + n1 * reference[3 * p + 1] + n2 * reference[3 * p + 2] + offset < 0;
        if (referenceBelow) continue;
        if (distance > 0 && distance < minPoint[p]) minPoint[p] = distance;
        if (distance < r) addContact(CONTACT_KIND.vertexPlane, p, q, 0, 0, 1, 0, 0, 0, n0, n1, n2, distance, 1);
      }
    }

    // Untangling pulls toward the input (no force along a normal, no friction: distance r).
    if (untangle !== null) for (let p = 0; p < S; p++) if (untangle[p] === 1) addContact(CONTACT_KIND.pointTarget, p, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, r, 1);

    // Conservative bounds (Eqs. 5.20–5.25): points, then carried to the simulation vertices.
    for (let s = 0; s < S; s++) pointBounds[s] = minPoint[s];
    for (let e = 0; e < E; e++) {
      const i = edges[2 * e], j = edges[2 * e + 1];
      if (i < S && minEdge[e] < pointBounds[i]) pointBounds[i] = minEdge[e];
      if (j < S && minEdge[e] < pointBounds[j]) pointBounds[j] = minEdge[e];
    }
    for (let t = 0; t < T; t++) {
      for (let k = 0; k < 3; k++) {
        const i = triangles[3 * t + k];
        if (i < S && minTriangle[t] < pointBounds[i]) pointBounds[i] = minTriangle[t];
      }
    }
    bounds.fill(NO_BOUND);
    for (let s = 0; s < S; s++) {
      const bound = (gammaP * pointBounds[s]) / Math.max(pointWeightSums[s], 1e-12);
      for (let k = 0; k < 4; k++) {
        if (options.pointWeights[4 * s + k] === 0) continue;
        const v = options.pointVertices[4 * s + k];
        if (bound < bounds[v]) bounds[v] = bound;
      }
    }

    buildGatherLists();
    stats.contacts += data.contactCount;
    if (data.contactCount > stats.maxContacts) stats.maxContacts = data.contactCount;
  }

  /**
   * A (point, triangle) pair of detect at `distance` with its closest point in `closest` (the ring stamps of the
   * point set): input exclusion, the bounds' distances, and the contact of the feature that owns the closest point.
   */
  function pointTrianglePair(p: number, t: number, distance: number): void {
    const isObstacle = p >= S;
    const obstacleTriangle = triangleOwner[t] === 1;
    const surfacePair = !isObstacle && !obstacleTriangle;
    const a = triangles[3 * t], b = triangles[3 * t + 1], c = triangles[3 * t + 2];
    const px = points[3 * p], py = points[3 * p + 1], pz = points[3 * p + 2];
    if (distance >= rq) return;
    // Inside one input region: left alone (the search does not list such pairs; the regions can be set after it).
    if (regions !== null && !isObstacle && !obstacleTriangle && sameRegion(regions[p], featureRegion(regions[a], regions[b], regions[c]))) return;
    if (hasReference) {
      const referenceDistance = Math.sqrt(pointTriangleClosestPoint(reference, a, b, c, reference[3 * p], reference[3 * p + 1], reference[3 * p + 2], referenceClosest));
      if (referenceDistance < r) {
        stats.inputExcluded++;
        return;
      }
    }
    if (distance < minPoint[p]) minPoint[p] = distance;
    if (distance < minTriangle[t]) minTriangle[t] = distance;
    if (distance >= r) return;
    if (surfacePair && (ringStamp[a] === p || ringStamp[b] === p || ringStamp[c] === p)) return;
    const feature = closest[3];
    const cx = closest[0] * points[3 * a] + closest[1] * points[3 * b] + closest[2] * points[3 * c];
    const cy = closest[0] * points[3 * a + 1] + closest[1] * points[3 * b + 1] + closest[2] * points[3 * c + 1];
    const cz = closest[0] * points[3 * a + 2] + closest[1] * points[3 * b + 2] + closest[2] * points[3 * c + 2];
    let nx = px - cx, ny = py - cy, nz = pz - cz;
    const length = Math.sqrt(nx * nx + ny * ny + nz * nz);
    if (length > 0) {
      nx /= length;
      ny /= length;
      nz /= length;
    } else {
      faceNormal(points, a, b, c, closest);
      nx = closest[0];
      ny = closest[1];
      nz = closest[2];
    }
    if (feature === TRIANGLE_FEATURE.face) {
      addContact(CONTACT_KIND.vertexFace, p, a, b, c, 1, -closest[0], -closest[1], -closest[2], nx, ny, nz, distance, 1);
    } else if (feature <= TRIANGLE_FEATURE.edgeCA) {
      const e = triangleEdges[3 * t + (feature - TRIANGLE_FEATURE.edgeAB)];
      if (featureEdgeStamp[e] === p) return;
      featureEdgeStamp[e] = p;
      if (!inEdgeBlock(e, px, py, pz)) return;
      const i = edges[2 * e], j = edges[2 * e + 1];
      const u = edgeParameter(i, j, px, py, pz, points);
      addContact(CONTACT_KIND.vertexEdge, p, i, j, 0, 1, -(1 - u), -u, 0, nx, ny, nz, distance, 1);
    } else {
      const w = feature === TRIANGLE_FEATURE.vertexA ? a : feature === TRIANGLE_FEATURE.vertexB ? b : c;
      if (featureVertexStamp[w] === p) return;
      featureVertexStamp[w] = p;
      if (!inVertexBlock(w, px, py, pz)) return;
      addContact(CONTACT_KIND.vertexVertex, p, w, 0, 0, 1, -1, 0, 0, nx, ny, nz, distance, 1);
    }
  }

  /** An edge pair (e, f) of detect at `distance` with its segment parameters in `params` (e's ring stamps set). */
  function edgeEdgePair(e: number, f: number, distance: number): void {
    const i = edges[2 * e], j = edges[2 * e + 1];
    const k = edges[2 * f], l = edges[2 * f + 1];
    const obstacleEdge = edgeOwner[f] === 1;
    if (distance >= rq) return;
    if (regions !== null && !obstacleEdge && sameRegion(featureRegion(regions[i], regions[j], 0), featureRegion(regions[k], regions[l], 0))) return;
    if (hasReference) {
      if (Math.sqrt(segmentSegmentClosestPoints(reference, i, j, reference, k, l, referenceParams)) < r) {
        stats.inputExcluded++;
        return;
      }
    }
    const s = params[0];
    const t = params[1];
    if (distance < minEdge[e]) minEdge[e] = distance;
    if (distance < minEdge[f]) minEdge[f] = distance;
    if (distance >= r) return;
    if (!obstacleEdge && (ringStamp[k] === -2 - e || ringStamp[l] === -2 - e)) return;
    const interiorS = s > 0 && s < 1;
    const interiorT = t > 0 && t < 1;
    if (!interiorS || !interiorT) {
      // The closest point is an endpoint of one edge or both: the pair goes on as that point against the other
      // edge (or point) while the other side's closest point lies in the point's vertex block on the edge graph
      // (seed 000 Eqs. 5.14, 5.16; Algorithm 3), each edge pair its own contact. Dropping the pair here made the
      // energy jump by g(d) per edge at the point (test/app/solvers/vbd/contactEnergy.test.ts).
      edgeEndpointContact(i, j, s, interiorS, k, l, t, interiorT, distance);
      return;
    }
    const ux = points[3 * j] - points[3 * i], uy = points[3 * j + 1] - points[3 * i + 1], uz = points[3 * j + 2] - points[3 * i + 2];
    const wx = points[3 * l] - points[3 * k], wy = points[3 * l + 1] - points[3 * k + 1], wz = points[3 * l + 2] - points[3 * k + 2];
    let nx = points[3 * i] + s * ux - points[3 * k] - t * wx;
    let ny = points[3 * i + 1] + s * uy - points[3 * k + 1] - t * wy;
    let nz = points[3 * i + 2] + s * uz - points[3 * k + 2] - t * wz;
    const length = Math.sqrt(nx * nx + ny * ny + nz * nz);
    const cx = uy * wz - uz * wy, cy = uz * wx - ux * wz, cz = ux * wy - uy * wx;
    const c2 = cx * cx + cy * cy + cz * cz;
    if (length > 0) {
      nx /= length;
      ny /= length;
      nz /= length;
    } else {
      const cl = Math.sqrt(c2) || 1;
      nx = cx / cl;
      ny = cy / cl;
      nz = cz / cl;
    }
    const epsilon = 1e-3 * (ux * ux + uy * uy + uz * uz) * (wx * wx + wy * wy + wz * wz);
    const mollifier = c2 < epsilon ? (c2 / epsilon) * (2 - c2 / epsilon) : 1;
    addContact(CONTACT_KIND.edgeEdge, i, j, k, l, 1 - s, s, -(1 - t), -t, nx, ny, nz, distance, mollifier);
  }

  /**
   * A surface point is kinematic when every simulation vertex it reads (nonzero weight) is pinned: it moves with the
   * animation and its constant offset only, whatever the step does (pinned vertices are never solved nor truncated).
   * Collider points are kinematic. Two kinematic features keep the gap the animation gives them, so a pair of them
   * makes no force the step could use and no bound it could read (their bounds would only limit pinned vertices):
   * such pairs are left out of the search and the tests. The default weights of a character are 0 on most of the
   * body; on the bench's character (level 3) 7 056 of its 12 846 points are kinematic.
   */
  function updateKinematic(pinned: Uint8Array): void {
    for (let p = 0; p < S; p++) {
      const kinematic = isKinematicPoint(options.pointVertices, options.pointWeights, pinned, p);
      if (kinematicPoint[p] !== kinematic) {
        kinematicPoint[p] = kinematic;
        kinematicChanged = true;
      }
    }
    if (kinematicChanged) searched = false;
  }

  function buildGatherLists(): void {
    const offsets = data.vertexContactOffsets;
    offsets.fill(0);
    const C = data.contactCount;
    for (let pass = 0; pass < 2; pass++) {
      for (let c = 0; c < C; c++) {
        const kind = data.contactKinds[c];
        const slots = kind === CONTACT_KIND.vertexPlane || kind === CONTACT_KIND.pointTarget ? 1 : kind === CONTACT_KIND.vertexVertex ? 2 : kind === CONTACT_KIND.vertexEdge ? 3 : 4;
        for (let slot = 0; slot < slots; slot++) {
          const point = data.contactPoints[4 * c + slot];
          if (point >= S) continue;
          for (let corner = 0; corner < 4; corner++) {
            if (options.pointWeights[4 * point + corner] === 0) continue;
            const v = options.pointVertices[4 * point + corner];
            if (pass === 0) offsets[v + 1]++;
            else data.vertexContacts[offsets[v]++] = (c << 4) | (slot << 2) | corner;
          }
        }
      }
      if (pass === 0) {
        for (let v = 0; v < V; v++) offsets[v + 1] += offsets[v];
        if (data.vertexContacts.length < offsets[V]) data.vertexContacts = new Uint32Array(Math.max(offsets[V], 2 * data.vertexContacts.length));
      } else {
        for (let v = V; v > 0; v--) offsets[v] = offsets[v - 1];
        offsets[0] = 0;
      }
    }
  }

  /**
   * The broad phase (BVHs refitted per search, boxBvh) and the candidate pairs it leaves: every point with the
   * triangles within D of it (not its own, not obstacle–obstacle, not surface–surface without self-contact) and every
   * surface edge with the edges within D of it (each surface pair once, sharing no point), as CSR lists by point and
   * by edge, filtered by exact distance. The pairs come from walking two trees together (points against triangles grown
   * by D, edges grown by D/2 against themselves: boxOverlap), which finds the same pairs as a query per point and per
   * edge in about 0.6× the time (bench/contact.bench.ts, "broadPhase"). Measured on the bench's 5k cloth (12 frames, a
   * CPU profile on a loaded 2-core machine): search() went from 2.97 s to 2.53 s of 6–7 s of step(); the rest of
   * search is the three builds (0.45 s, one rebuild in 16) and the exact distances of the pairs.
   */
  function search(): void {
    searched = true;
    searchRegions = regions === null ? null : searchRegions !== null && searchRegions.length === regions.length ? (searchRegions.set(regions), searchRegions) : Uint32Array.from(regions);
    stats.searches++;
    pointsAtSearch.set(points);
    wasHotPoint.fill(0);
    wasHotTriangle.fill(0);
    wasHotEdge.fill(0);
    partialBoxesCopied = false;
    const D = searchRadius;
    if (kinematicChanged) {
      kinematicChanged = false;
      kinematicEpoch++;
      freePointCount = fixedPointCount = freeTriangleCount = freeEdgeCount = fixedEdgeCount = 0;
      for (let p = 0; p < P; p++) {
        if (kinematicPoint[p] === 1) fixedPoints[fixedPointCount++] = p;
        else freePoints[freePointCount++] = p;
      }
      for (let t = 0; t < T; t++) {
        kinematicTriangle[t] = kinematicPoint[triangles[3 * t]] & kinematicPoint[triangles[3 * t + 1]] & kinematicPoint[triangles[3 * t + 2]];
        if (kinematicTriangle[t] === 0) freeTriangles[freeTriangleCount++] = t;
      }
      for (let e = 0; e < E; e++) {
        kinematicEdge[e] = kinematicPoint[edges[2 * e]] & kinematicPoint[edges[2 * e + 1]];
        if (kinematicEdge[e] === 1) fixedEdges[fixedEdgeCount++] = e;
        else freeEdges[freeEdgeCount++] = e;
      }
    }
    for (let t = 0; t < T; t++) boxOf(points, triangles, 3 * t, 3, triangleGrowth, triangleBoxes, 6 * t);
    // Copied number by number: a subarray view per triangle was an allocation per free triangle and search.
    for (let k = 0; k < freeTriangleCount; k++) {
      const from = 6 * freeTriangles[k], to = 6 * k;
      for (let m = 0; m < 6; m++) freeTriangleBoxes[to + m] = triangleBoxes[from + m];
    }
    pointBoxesOf(freePoints, freePointCount, freePointBoxes);
    pointBoxesOf(fixedPoints, fixedPointCount, fixedPointBoxes);
    triangleBroadPhase.build(triangleBoxes, T);
    freeTriangleBroadPhase.build(freeTriangleBoxes, freeTriangleCount);
    freePointBroadPhase.build(freePointBoxes, freePointCount);
    fixedPointBroadPhase.build(fixedPointBoxes, fixedPointCount);
    // Filter into (point, triangle) pairs, counting per point; then a counting sort makes the CSR lists.
    pointPairs.offsets.fill(0);
    let kept = keepPointPairs(freePointBroadPhase, triangleBroadPhase, freePoints, null, 0, D, pointPairs.offsets, ALL_PAIRS, localWalks?.[0]);
    kept = keepPointPairs(fixedPointBroadPhase, freeTriangleBroadPhase, fixedPoints, freeTriangles, kept, D, pointPairs.offsets, ALL_PAIRS, localWalks?.[1]);
    scatterPairs(pointPairs, kept, pairScratch, distanceScratch, exactScratch);

    for (let k = 0; k < freeEdgeCount; k++) boxOf(points, edges, 2 * freeEdges[k], 2, edgeGrowth, freeEdgeBoxes, 6 * k);
    for (let k = 0; k < fixedEdgeCount; k++) boxOf(points, edges, 2 * fixedEdges[k], 2, edgeGrowth, fixedEdgeBoxes, 6 * k);
    freeEdgeBroadPhase.build(freeEdgeBoxes, freeEdgeCount);
    fixedEdgeBroadPhase.build(fixedEdgeBoxes, fixedEdgeCount);
    edgePairs.offsets.fill(0);
    kept = keepEdgePairs(freeEdgeBroadPhase, freeEdges, freeEdgeBroadPhase, freeEdges, 0, D, edgePairs.offsets, ALL_PAIRS, localWalks?.[2]);
    kept = keepEdgePairs(freeEdgeBroadPhase, freeEdges, fixedEdgeBroadPhase, fixedEdges, kept, D, edgePairs.offsets, ALL_PAIRS, localWalks?.[3]);
    scatterPairs(edgePairs, kept, pairScratch, distanceScratch, exactScratch);
  }

  // The search's six trees with, for partialSearch, their item lists, partial boxes, and changed and hot flags.
  const partialTrees = [
    { tree: triangleBroadPhase, list: null, boxes: partialTriangleBoxes, changed: changedTriangle, hot: isHotTriangle },
    { tree: freeTriangleBroadPhase, list: freeTriangles, boxes: partialFreeTriangleBoxes, changed: changedTriangle, hot: isHotTriangle },
    { tree: freePointBroadPhase, list: freePoints, boxes: partialFreePointBoxes, changed: changedPoint, hot: isHotPoint },
    { tree: fixedPointBroadPhase, list: fixedPoints, boxes: partialFixedPointBoxes, changed: changedPoint, hot: isHotPoint },
    { tree: freeEdgeBroadPhase, list: freeEdges, boxes: partialFreeEdgeBoxes, changed: changedEdge, hot: isHotEdge },
    { tree: fixedEdgeBroadPhase, list: fixedEdges, boxes: partialFixedEdgeBoxes, changed: changedEdge, hot: isHotEdge },
  ];

  /**
   * The pairs with a hot side within r_q now (see detect), into hotPointPairs and hotEdgePairs: the search's own walks
   * again, over its trees with each hot item's box mapped back to the search's frame by F⁻¹ (only the nodes whose
   * items changed refitted, the same shape, so the walks still skip the local node pairs), skipping every node pair
   * without a hot item. A cold feature
   * is within h of F of where it was at the search, so a pair with a hot side within r_q now had its sides within
   * (r_q + h)/σ of each other in that frame (F⁻¹ stretches no distance by more than 1/σ), r_q/σ for two hot ones.
   * With h = (σD − r_q)/2 > 0 (detect) that reach is r_q/(2σ) + D/2 < D, which the search's margins already cover
   * (triangles grown by D against bare points, edges by D/2 each): a hot box is the search's box of where F⁻¹ puts
   * the feature now. Each pair comes from one walk, as in the search.
   */
  function partialSearch(): void {
    stats.partialSearches++;
    const m = motionInverse;
    for (let k = 0; k < P; k++) {
      const dx = points[3 * k] - motionTo[0], dy = points[3 * k + 1] - motionTo[1], dz = points[3 * k + 2] - motionTo[2];
      mappedPoints[3 * k] = m[0] * dx + m[1] * dy + m[2] * dz + motionFrom[0];
      mappedPoints[3 * k + 1] = m[3] * dx + m[4] * dy + m[5] * dz + motionFrom[1];
      mappedPoints[3 * k + 2] = m[6] * dx + m[7] * dy + m[8] * dz + motionFrom[2];
    }
    for (let k = 0; k < P; k++) changedPoint[k] = isHotPoint[k] | wasHotPoint[k];
    for (let t = 0; t < T; t++) changedTriangle[t] = isHotTriangle[t] | wasHotTriangle[t];
    for (let e = 0; e < E; e++) changedEdge[e] = isHotEdge[e] | wasHotEdge[e];
    partialBoxes(triangleBoxes, T, null, isHotTriangle, changedTriangle, 3, triangleGrowth, partialTriangleBoxes);
    partialBoxes(freeTriangleBoxes, freeTriangleCount, freeTriangles, isHotTriangle, changedTriangle, 3, triangleGrowth, partialFreeTriangleBoxes);
    partialBoxes(freePointBoxes, freePointCount, freePoints, isHotPoint, changedPoint, 1, 0, partialFreePointBoxes);
    partialBoxes(fixedPointBoxes, fixedPointCount, fixedPoints, isHotPoint, changedPoint, 1, 0, partialFixedPointBoxes);
    partialBoxes(freeEdgeBoxes, freeEdgeCount, freeEdges, isHotEdge, changedEdge, 2, edgeGrowth, partialFreeEdgeBoxes);
    partialBoxes(fixedEdgeBoxes, fixedEdgeCount, fixedEdges, isHotEdge, changedEdge, 2, edgeGrowth, partialFixedEdgeBoxes);
    partialBoxesCopied = true;
    wasHotPoint.set(isHotPoint);
    wasHotTriangle.set(isHotTriangle);
    wasHotEdge.set(isHotEdge);
    for (let k = 0; k < 6; k++) {
      const { tree, list, boxes, changed, hot } = partialTrees[k];
      changedMarks[k] = tree.markNodes(changed, list, changedMarks[k]);
      tree.refitBoxes(boxes, changedMarks[k]);
      marks[k] = tree.markNodes(hot, list, marks[k]);
    }
    const [triangleMarks, freeTriangleMarks, freePointMarks, fixedPointMarks, freeEdgeMarks, fixedEdgeMarks] = marks;

    hotPointPairs.offsets.fill(0);
    let kept = keepPointPairs(freePointBroadPhase, triangleBroadPhase, freePoints, null, 0, rq, hotPointPairs.offsets, HOT_PAIRS, localWalks?.[0], { first: freePointMarks, second: triangleMarks });
    kept = keepPointPairs(fixedPointBroadPhase, freeTriangleBroadPhase, fixedPoints, freeTriangles, kept, rq, hotPointPairs.offsets, HOT_PAIRS, localWalks?.[1], { first: fixedPointMarks, second: freeTriangleMarks });
    scatterPairs(hotPointPairs, kept, pairScratch, distanceScratch, exactScratch);

    hotEdgePairs.offsets.fill(0);
    kept = keepEdgePairs(freeEdgeBroadPhase, freeEdges, freeEdgeBroadPhase, freeEdges, 0, rq, hotEdgePairs.offsets, HOT_PAIRS, localWalks?.[2], { first: freeEdgeMarks, second: freeEdgeMarks });
    kept = keepEdgePairs(freeEdgeBroadPhase, freeEdges, fixedEdgeBroadPhase, fixedEdges, kept, rq, hotEdgePairs.offsets, HOT_PAIRS, localWalks?.[3], { first: freeEdgeMarks, second: fixedEdgeMarks });
    scatterPairs(hotEdgePairs, kept, pairScratch, distanceScratch, exactScratch);
  }

  /**
   * A tree's item boxes for partialSearch, in out: `boxes` (the search's, count items, list maps them to features)
   * with each hot feature's box (`size` points) made again from its points mapped by F⁻¹ and grown by `margin`. out
   * is copied whole at the first partial search after a search; later ones write only the changed features (hot now,
   * or hot before and back to the search's box).
   */
  function partialBoxes(boxes: Float64Array, count: number, list: Uint32Array | null, hot: Uint8Array, changed: Uint8Array, size: number, margin: number, out: Float64Array): void {
    if (!partialBoxesCopied) out.set(boxes.subarray(0, 6 * count));
    for (let k = 0; k < count; k++) {
      const f = list === null ? k : list[k];
      if (changed[f] === 0) continue;
      if (hot[f] === 0) {
        for (let c = 6 * k; c < 6 * k + 6; c++) out[c] = boxes[c];
      } else if (size === 1) {
        const o = 3 * f;
        for (let c = 0; c < 3; c++) {
          out[6 * k + c] = mappedPoints[o + c] - margin;
          out[6 * k + 3 + c] = mappedPoints[o + c] + margin;
        }
      } else boxOf(mappedPoints, size === 2 ? edges : triangles, size * f, size, margin, out, 6 * k);
    }
  }

  /**
   * The affine map F(x) = B(x − μ₀) + μ₁ that best carries the points at the search to the points now (least squares
   * over the centred points, μ₀ and μ₁ their centroids, pulled toward the best rotation: see fitAffine), fitted once
   * more without the points then beyond the margin; its inverse, and each point's residual |x_p − F(x⁰_p)| into
   * pointMoved. Any B is sound (the bounds of detect hold for every affine map), the fit only makes the residuals
   * small. Returns σ, the smallest singular value of B (0 when B is singular or not finite: detect then searches
   * anew), shrunk by 1e-9 against rounding.
   */
  function fitCommonMotion(): number {
    const sigma = fitAffine(Infinity);
    if (!(sigma > 0)) return sigma;
    // Trimmed once: fitted again to the points within the margin, so that a few points far off (a swinging hand, or a
    // small part sinking into the rest) do not tilt the map for all.
    let inliers = 0;
    for (let k = 0; k < P; k++) if (pointMoved[k] <= searchMargin) inliers++;
    if (inliers === P || inliers < 4) return sigma;
    const trimmed = fitAffine(searchMargin);
    return trimmed > 0 ? trimmed : fitAffine(Infinity);
  }

  /** fitCommonMotion's least-squares fit to the points whose pointMoved is at most `within` (Infinity: all). */
  function fitAffine(within: number): number {
    if (P === 0) return 0;
    let a0 = 0, a1 = 0, a2 = 0, b0 = 0, b1 = 0, b2 = 0, n = 0;
    for (let k = 0; k < P; k++) {
      if (pointMoved[k] > within) continue;
      n++;
      a0 += pointsAtSearch[3 * k];
      a1 += pointsAtSearch[3 * k + 1];
      a2 += pointsAtSearch[3 * k + 2];
      b0 += points[3 * k];
      b1 += points[3 * k + 1];
      b2 += points[3 * k + 2];
    }
    a0 /= n;
    a1 /= n;
    a2 /= n;
    b0 /= n;
    b1 /= n;
    b2 /= n;
    // C = Σ p pᵀ (symmetric), N = Σ q pᵀ.
    let c00 = 0, c01 = 0, c02 = 0, c11 = 0, c12 = 0, c22 = 0;
    let n00 = 0, n01 = 0, n02 = 0, n10 = 0, n11 = 0, n12 = 0, n20 = 0, n21 = 0, n22 = 0;
    for (let k = 0; k < P; k++) {
      if (pointMoved[k] > within) continue;
      const px = pointsAtSearch[3 * k] - a0, py = pointsAtSearch[3 * k + 1] - a1, pz = pointsAtSearch[3 * k + 2] - a2;
      const qx = points[3 * k] - b0, qy = points[3 * k + 1] - b1, qz = points[3 * k + 2] - b2;
      c00 += px * px;
      c01 += px * py;
      c02 += px * pz;
      c11 += py * py;
      c12 += py * pz;
      c22 += pz * pz;
      n00 += qx * px;
      n01 += qx * py;
      n02 += qx * pz;
      n10 += qy * px;
      n11 += qy * py;
      n12 += qy * pz;
      n20 += qz * px;
      n21 += qz * py;
      n22 += qz * pz;
    }
    // B = (N + λR)(C + λI)⁻¹ minimizes Σ|B p − q|² + λ‖B − R‖², R the best rotation (the polar factor of N,
    // Procrustes): where the points span every direction B is their affine fit, where they do not (a flat sheet) it
    // turns as R does instead of collapsing.
    const ridge = 1e-3 * (c00 + c11 + c22) || 1;
    const nMatrix = fitN;
    nMatrix[0] = n00;
    nMatrix[1] = n01;
    nMatrix[2] = n02;
    nMatrix[3] = n10;
    nMatrix[4] = n11;
    nMatrix[5] = n12;
    nMatrix[6] = n20;
    nMatrix[7] = n21;
    nMatrix[8] = n22;
    const rotation = fitRotation;
    const quaternion = fitQuaternion;
    closestRotation(nMatrix, quaternion, rotation, true);
    for (let k = 0; k < 9; k++) nMatrix[k] += ridge * rotation[k];
    const inverseC = fitInverseC;
    const regularized = fitRegularized;
    regularized[0] = c00 + ridge;
    regularized[1] = c01;
    regularized[2] = c02;
    regularized[3] = c01;
    regularized[4] = c11 + ridge;
    regularized[5] = c12;
    regularized[6] = c02;
    regularized[7] = c12;
    regularized[8] = c22 + ridge;
    if (!inverse3(regularized, inverseC)) return 0;
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) motion[3 * i + j] = nMatrix[3 * i] * inverseC[j] + nMatrix[3 * i + 1] * inverseC[3 + j] + nMatrix[3 * i + 2] * inverseC[6 + j];
    }
    if (!inverse3(motion, motionInverse)) return 0;
    motionFrom[0] = a0;
    motionFrom[1] = a1;
    motionFrom[2] = a2;
    motionTo[0] = b0;
    motionTo[1] = b1;
    motionTo[2] = b2;
    const m = motion;
    for (let k = 0; k < P; k++) {
      const px = pointsAtSearch[3 * k] - a0, py = pointsAtSearch[3 * k + 1] - a1, pz = pointsAtSearch[3 * k + 2] - a2;
      const dx = points[3 * k] - (m[0] * px + m[1] * py + m[2] * pz + b0);
      const dy = points[3 * k + 1] - (m[3] * px + m[4] * py + m[5] * pz + b1);
      const dz = points[3 * k + 2] - (m[6] * px + m[7] * py + m[8] * pz + b2);
      pointMoved[k] = Math.sqrt(dx * dx + dy * dy + dz * dz);
    }
    const sigma = smallestSingularValue(m) * (1 - 1e-9);
    return Number.isFinite(sigma) ? sigma : 0;
  }

  /**
   * The node pairs of a walk that hold only local pairs (localNodePairs), made again when either tree was rebuilt or
   * the free and kinematic sets changed. A tree's items are features through `list` (null: the feature itself) with
   * `stride` points each (points, edges, triangles); an obstacle's have no corner (never local).
   */
  function localNodesOf(walk: LocalWalk, first: BoxBvh, firstList: Uint32Array, firstStride: number, second: BoxBvh, secondList: Uint32Array | null, secondStride: number): LocalNodes {
    if (walk.firstVersion === first.tree.version && walk.secondVersion === second.tree.version && walk.epoch === kinematicEpoch) return walk.nodes;
    walk.firstVersion = first.tree.version;
    walk.secondVersion = second.tree.version;
    walk.epoch = kinematicEpoch;
    walk.first.corners = cornersOf(walk.first.corners, first.tree, firstList, firstStride);
    walk.first.tree = first.tree;
    walk.first.stride = firstStride;
    walk.second.stride = secondStride;
    walk.second.corners = cornersOf(walk.second.corners, second.tree, secondList, secondStride);
    walk.second.tree = second.tree;
    return localNodes!.update(walk.first, walk.second, walk.nodes);
  }

  /** Each box's surface points (a point, an edge's or a triangle's), NO_CORNER for an obstacle's. */
  function cornersOf(out: Uint32Array, tree: BoxBvhTree, list: Uint32Array | null, stride: number): Uint32Array {
    const count = tree.nodeCount > 0 ? tree.itemCount[0] : 0;
    if (out.length < stride * count) out = new Uint32Array(stride * count);
    for (let i = 0; i < count; i++) {
      const f = list === null ? i : list[i];
      if (stride === 1) out[i] = f < S ? f : NO_CORNER;
      else if (stride === 2) {
        const surface = edgeOwner[f] === 0;
        out[2 * i] = surface ? edges[2 * f] : NO_CORNER;
        out[2 * i + 1] = surface ? edges[2 * f + 1] : NO_CORNER;
      } else {
        const surface = triangleOwner[f] === 0;
        for (let c = 0; c < 3; c++) out[3 * i + c] = surface ? triangles[3 * f + c] : NO_CORNER;
      }
    }
    return out;
  }

  /** A fresh local stamp; the stamps start over before the Int32 would wrap (after ~2³¹ groups, tens of thousands of frames). */
  function nextLocalStamp(): void {
    if (localStampId === 0x7fffffff) {
      localStamp.fill(-1);
      localStampId = 0;
    }
    localStampId++;
  }

  /** The pair indices [0, found) ordered by their first item (< items): a counting sort into groupOrder. */
  function groupPairs(pairs: Uint32Array, found: number, items: number): Uint32Array {
    if (groupOrder.length < found) groupOrder = new Uint32Array(Math.max(found, 2 * groupOrder.length));
    groupOffsets.fill(0, 0, items + 2);
    for (let k = 0; k < found; k++) groupOffsets[pairs[2 * k] + 1]++;
    for (let i = 0; i < items; i++) groupOffsets[i + 1] += groupOffsets[i];
    for (let k = 0; k < found; k++) groupOrder[groupOffsets[pairs[2 * k]]++] = k;
    return groupOrder;
  }

  /** Point boxes (degenerate: the point itself) of list[0..count) into out. */
  function pointBoxesOf(list: Uint32Array, count: number, out: Float64Array): void {
    for (let k = 0; k < count; k++) {
      const o = 3 * list[k];
      out[6 * k] = out[6 * k + 3] = points[o];
      out[6 * k + 1] = out[6 * k + 4] = points[o + 1];
      out[6 * k + 2] = out[6 * k + 5] = points[o + 2];
    }
  }

  /**
   * The (point, triangle) pairs of two trees within `radius` (pointList maps the first tree's items to points,
   * triangleList the second's to triangles, null: all), appended to pairScratch from `kept` on and counted in
   * counts[p + 1]; `which`: ALL_PAIRS, or HOT_PAIRS (only pairs with a hot point or triangle); `marked`: the walk skips
   * node pairs with neither node marked (partialSearch).
   */
  function keepPointPairs(pointTree: BoxBvh, triangleTree: BoxBvh, pointList: Uint32Array, triangleList: Uint32Array | null, kept: number, radius: number, counts: Uint32Array, which: number, walk?: LocalWalk, marked?: MarkedNodes): number {
    const D2 = radius * radius;
    const found = pointTree.overlapPairs(triangleTree, walk && localNodesOf(walk, pointTree, pointList, 1, triangleTree, triangleList, 3), marked);
    const pairs = pointTree.pairs;
    const grouped = localRings > 0 ? groupPairs(pairs, found, P) : null;
    let group = -1;
    for (let n = 0; n < found; n++) {
      const k = grouped === null ? n : grouped[n];
      const p = pointList[pairs[2 * k]];
      if (grouped !== null && p < S && pairs[2 * k] !== group) {
        group = pairs[2 * k];
        nextLocalStamp();
        for (let m = localOffsets[p]; m < localOffsets[p + 1]; m++) localStamp[localPoints[m]] = localStampId;
      }
      const t = triangleList === null ? pairs[2 * k + 1] : triangleList[pairs[2 * k + 1]];
      if (which === HOT_PAIRS && isHotPoint[p] === 0 && isHotTriangle[t] === 0) continue;
      if (kinematicPoint[p] === 1 && kinematicTriangle[t] === 1) continue;
      const isObstacle = p >= S;
      const obstacleTriangle = triangleOwner[t] === 1;
      if (isObstacle && obstacleTriangle) continue;
      if (!isObstacle && !obstacleTriangle && !selfContact) continue;
      const a = triangles[3 * t], b = triangles[3 * t + 1], c = triangles[3 * t + 2];
      if (p === a || p === b || p === c) continue;
      if (grouped !== null && !isObstacle && !obstacleTriangle && (localStamp[a] === localStampId || localStamp[b] === localStampId || localStamp[c] === localStampId)) continue;
      // Inside one input region: never a contact nor a bound, so not listed (no exact distance).
      if (regions !== null && !isObstacle && !obstacleTriangle && sameRegion(regions[p], featureRegion(regions[a], regions[b], regions[c]))) continue;
      const distance2 = pointTriangleClosestPoint(points, a, b, c, points[3 * p], points[3 * p + 1], points[3 * p + 2], closest);
      if (distance2 >= D2) continue;
      if (2 * kept + 2 > pairScratch.length) pairScratch = grownArray(pairScratch, 2 * pairScratch.length);
      if (kept >= distanceScratch.length) distanceScratch = grownArray(distanceScratch, 2 * distanceScratch.length);
      if (4 * kept + 4 > exactScratch.length) exactScratch = grownArray(exactScratch, 2 * exactScratch.length);
      distanceScratch[kept] = Math.sqrt(distance2);
      exactScratch[4 * kept] = closest[0];
      exactScratch[4 * kept + 1] = closest[1];
      exactScratch[4 * kept + 2] = closest[2];
      exactScratch[4 * kept + 3] = closest[3];
      pairScratch[2 * kept] = p;
      pairScratch[2 * kept + 1] = t;
      kept++;
      counts[p + 1]++;
    }
    return kept;
  }

  /**
   * The edge pairs of two trees within `radius` (firstList and secondList map their items to edges; the second tree
   * may be the first), each unordered pair once, listed under a surface edge (the lower index when both are, in every
   * walk), appended to pairScratch from `kept` on and counted in counts[e + 1]; `which`: ALL_PAIRS, or HOT_PAIRS (only
   * pairs with a hot edge); `marked`: the walk skips node pairs with neither node marked (partialSearch).
   */
  function keepEdgePairs(first: BoxBvh, firstList: Uint32Array, second: BoxBvh, secondList: Uint32Array, kept: number, radius: number, counts: Uint32Array, which: number, walk?: LocalWalk, marked?: MarkedNodes): number {
    const D2 = radius * radius;
    const found = first.overlapPairs(second, walk && localNodesOf(walk, first, firstList, 2, second, secondList, 2), marked);
    const pairs = first.pairs;
    const grouped = localRings > 0 ? groupPairs(pairs, found, E) : null;
    let group = -1;
    for (let n = 0; n < found; n++) {
      const k = grouped === null ? n : grouped[n];
      if (grouped !== null && pairs[2 * k] !== group) {
        group = pairs[2 * k];
        nextLocalStamp();
        const g = firstList[group];
        const i = edges[2 * g], j = edges[2 * g + 1];
        if (i < S) for (let m = localOffsets[i]; m < localOffsets[i + 1]; m++) localStamp[localPoints[m]] = localStampId;
        if (j < S) for (let m = localOffsets[j]; m < localOffsets[j + 1]; m++) localStamp[localPoints[m]] = localStampId;
      }
      let e = firstList[pairs[2 * k]];
      let f = secondList[pairs[2 * k + 1]];
      if (which === HOT_PAIRS && isHotEdge[e] === 0 && isHotEdge[f] === 0) continue;
      if (kinematicEdge[e] === 1 && kinematicEdge[f] === 1) continue;
      if (edgeOwner[e] === 1 && edgeOwner[f] === 1) continue;
      if (edgeOwner[e] === 0 && edgeOwner[f] === 0 && !selfContact) continue;
      if (edgeOwner[e] === 1 || (edgeOwner[f] === 0 && f < e)) {
        const swap = e;
        e = f;
        f = swap;
      }
      const i = edges[2 * e], j = edges[2 * e + 1];
      const m = edges[2 * f], l = edges[2 * f + 1];
      if (m === i || m === j || l === i || l === j) continue;
      // The group's own edge is stamped (its rings hold its endpoints): only the other edge's endpoints are tested.
      if (grouped !== null && edgeOwner[e] === 0 && edgeOwner[f] === 0) {
        const o = e === firstList[group] ? f : e;
        if (localStamp[edges[2 * o]] === localStampId || localStamp[edges[2 * o + 1]] === localStampId) continue;
      }
      if (regions !== null && edgeOwner[f] === 0 && sameRegion(featureRegion(regions[i], regions[j], 0), featureRegion(regions[m], regions[l], 0))) continue;
      const distance2 = segmentSegmentClosestPoints(points, i, j, points, m, l, params);
      if (distance2 >= D2) continue;
      if (2 * kept + 2 > pairScratch.length) pairScratch = grownArray(pairScratch, 2 * pairScratch.length);
      if (kept >= distanceScratch.length) distanceScratch = grownArray(distanceScratch, 2 * distanceScratch.length);
      if (2 * kept + 2 > exactScratch.length) exactScratch = grownArray(exactScratch, 2 * exactScratch.length);
      distanceScratch[kept] = Math.sqrt(distance2);
      exactScratch[2 * kept] = params[0];
      exactScratch[2 * kept + 1] = params[1];
      pairScratch[2 * kept] = e;
      pairScratch[2 * kept + 1] = f;
      kept++;
      counts[e + 1]++;
    }
    return kept;
  }

  /**
   * An edge pair (i, j)–(k, l) within r whose closest points are not both interior (parameters s on the first edge, t
   * on the second): a point–edge contact (the endpoint against the other edge) or a point–point contact, when the other
   * side's closest point lies in the endpoint's vertex block (Eq. 5.7 on the edge graph).
   */
  function edgeEndpointContact(i: number, j: number, s: number, interiorS: boolean, k: number, l: number, t: number, interiorT: boolean, distance: number): void {
    const a = interiorS ? -1 : s <= 0 ? i : j;
    const b = interiorT ? -1 : t <= 0 ? k : l;
    // Closest points on each edge.
    const ex = points[3 * i] + s * (points[3 * j] - points[3 * i]), ey = points[3 * i + 1] + s * (points[3 * j + 1] - points[3 * i + 1]), ez = points[3 * i + 2] + s * (points[3 * j + 2] - points[3 * i + 2]);
    const fx = points[3 * k] + t * (points[3 * l] - points[3 * k]), fy = points[3 * k + 1] + t * (points[3 * l + 1] - points[3 * k + 1]), fz = points[3 * k + 2] + t * (points[3 * l + 2] - points[3 * k + 2]);
    if (a >= 0 && !inVertexBlock(a, fx, fy, fz)) return;
    if (b >= 0 && !inVertexBlock(b, ex, ey, ez)) return;
    let nx = ex - fx, ny = ey - fy, nz = ez - fz;
    if (distance > 0) {
      nx /= distance;
      ny /= distance;
      nz /= distance;
    } else {
      nx = 0;
      ny = 1;
      nz = 0;
    }
    if (a >= 0 && b >= 0) addContact(CONTACT_KIND.vertexVertex, a, b, 0, 0, 1, -1, 0, 0, nx, ny, nz, distance, 1);
    else if (a >= 0) addContact(CONTACT_KIND.vertexEdge, a, k, l, 0, 1, -(1 - t), -t, 0, nx, ny, nz, distance, 1);
    else addContact(CONTACT_KIND.vertexEdge, b, i, j, 0, 1, -(1 - s), -s, 0, -nx, -ny, -nz, distance, 1);
  }

  /** Eq. 5.8: inside the edge's cylinder between its end planes, and on the outer side of each adjacent facet's plane through e. */
  function inEdgeBlock(e: number, x: number, y: number, z: number): boolean {
    const i = edges[2 * e], j = edges[2 * e + 1];
    const ax = points[3 * i], ay = points[3 * i + 1], az = points[3 * i + 2];
    const ux = points[3 * j] - ax, uy = points[3 * j + 1] - ay, uz = points[3 * j + 2] - az;
    const length2 = ux * ux + uy * uy + uz * uz;
    if (!(length2 > 0)) return false;
    for (let k = edgeOppositeOffsets[e]; k < edgeOppositeOffsets[e + 1]; k++) {
      const o = edgeOpposites[k];
      const ox = points[3 * o], oy = points[3 * o + 1], oz = points[3 * o + 2];
      const s = ((ox - ax) * ux + (oy - ay) * uy + (oz - az) * uz) / length2;
      const fx = ax + s * ux, fy = ay + s * uy, fz = az + s * uz; // foot of o on the edge's line
      if ((x - fx) * (fx - ox) + (y - fy) * (fy - oy) + (z - fz) * (fz - oz) < 0) return false;
    }
    return true;
  }

  /** Eq. 5.7: on the outer side of the plane through w perpendicular to each incident edge. */
  function inVertexBlock(w: number, x: number, y: number, z: number): boolean {
    const wx = points[3 * w], wy = points[3 * w + 1], wz = points[3 * w + 2];
    for (let k = neighbourOffsets[w]; k < neighbourOffsets[w + 1]; k++) {
      const n = neighbours[k];
      if ((x - wx) * (wx - points[3 * n]) + (y - wy) * (wy - points[3 * n + 1]) + (z - wz) * (wz - points[3 * n + 2]) < 0) return false;
    }
    return true;
  }

  function edgeParameter(i: number, j: number, x: number, y: number, z: number, source: Float64Array = points): number {
    const ax = source[3 * i], ay = source[3 * i + 1], az = source[3 * i + 2];
    const ux = source[3 * j] - ax, uy = source[3 * j + 1] - ay, uz = source[3 * j + 2] - az;
    const length2 = ux * ux + uy * uy + uz * uz;
    const s = length2 > 0 ? ((x - ax) * ux + (y - ay) * uy + (z - az) * uz) / length2 : 0;
    return Math.min(1, Math.max(0, s));
  }

  const truncation: BoundTruncation = { pointVertices: options.pointVertices, pointWeights: options.pointWeights, gammaP, bounds, pointBounds, positionsAtDetection, targetsAtDetection, targetsNow, vertexMoved, vertexScale };
  function truncate(positions: FloatArray, pinned: Uint8Array): number {
    const count = truncateToBounds(truncation, positions, pinned);
    stats.truncations += count;
    return count;
  }

  const contact: OgcContact = {
    data,
    stats,
    bounds,
    pointBounds,
    pointPositions: points,
    kinematicPoints: kinematicPoint,
    options,
    frameInputs() {
      return { obstacleStart: obstacleFrameStart, obstacleEnd: obstacleFrameEnd, referenceStart, referenceEnd, regions, untangle, pointOffsets: data.pointOffsets, pointTargets: data.pointTargets };
    },
    resetStats() {
      for (const key of Object.keys(stats) as (keyof OgcContactStats)[]) stats[key] = 0;
    },
    setFrame(frame) {
      if (frame.obstacleStart) obstacleFrameStart.set(frame.obstacleStart);
      if (frame.obstacleEnd) obstacleFrameEnd.set(frame.obstacleEnd);
      else if (frame.obstacleStart) obstacleFrameEnd.set(frame.obstacleStart);
      if (frame.referenceStart !== undefined) referenceStart = frame.referenceStart;
      if (frame.referenceEnd !== undefined) referenceEnd = frame.referenceEnd;
      if (frame.regions !== undefined) regions = frame.regions;
      if (frame.pointOffsets) data.pointOffsets.set(frame.pointOffsets);
      if (frame.untangle !== undefined) untangle = frame.untangle;
      if (frame.pointTargets) data.pointTargets.set(frame.pointTargets);
      previousFraction = 0;
    },
    beginSubstep(positionsStart, positions, _timeStep, fraction, pinned, targetsStart, targetsEnd) {
      stats.substeps++;
      if (fraction <= previousFraction) previousFraction = 0;
      fractionNow = fraction;
      // The animated targets at the start and end of this substep: the bounds hold motion relative to them.
      for (let k = 0; k < 3 * V; k++) {
        const a = targetsStart[k], b = targetsEnd[k];
        targetsAtDetection[k] = a + previousFraction * (b - a);
        targetsNow[k] = a + fraction * (b - a);
      }
      for (let k = 0; k < 3 * O; k++) {
        data.obstacleStartPositions[k] = obstacleFrameStart[k] + previousFraction * (obstacleFrameEnd[k] - obstacleFrameStart[k]);
        data.obstaclePositions[k] = obstacleFrameStart[k] + fraction * (obstacleFrameEnd[k] - obstacleFrameStart[k]);
      }
      previousFraction = fraction;
      updateKinematic(pinned);
      detect(positionsStart);
      truncate(positions, pinned);
    },
    endIteration(positions, pinned) {
      let free = 0;
      for (let v = 0; v < V; v++) if (pinned[v] === 0 && bounds[v] !== NO_BOUND) free++;
      const count = truncate(positions, pinned);
      if (count > gammaE * free && count > 0) {
        stats.redetections++;
        targetsAtDetection.set(targetsNow);
        detect(positions);
      }
    },
  };
  ogcContacts.set(contact, contact);
  return contact;
}

/** Box of a simplex of `size` points (indices at list[offset..]) grown by `margin`, into out[at..at+6]. */
function boxOf(points: Float64Array, list: Uint32Array, offset: number, size: number, margin: number, out: Float64Array, at: number): void {
  let x0 = Infinity, y0 = Infinity, z0 = Infinity, x1 = -Infinity, y1 = -Infinity, z1 = -Infinity;
  for (let k = 0; k < size; k++) {
    const o = 3 * list[offset + k];
    x0 = Math.min(x0, points[o]);
    y0 = Math.min(y0, points[o + 1]);
    z0 = Math.min(z0, points[o + 2]);
    x1 = Math.max(x1, points[o]);
    y1 = Math.max(y1, points[o + 1]);
    z1 = Math.max(z1, points[o + 2]);
  }
  out[at] = x0 - margin;
  out[at + 1] = y0 - margin;
  out[at + 2] = z0 - margin;
  out[at + 3] = x1 + margin;
  out[at + 4] = y1 + margin;
  out[at + 5] = z1 + margin;
}

/** Unit normal of triangle (a, b, c) into out[0..3] ((0, 1, 0) when it has no area). */
function faceNormal(points: Float64Array, a: number, b: number, c: number, out: Float64Array): void {
  const ux = points[3 * b] - points[3 * a], uy = points[3 * b + 1] - points[3 * a + 1], uz = points[3 * b + 2] - points[3 * a + 2];
  const vx = points[3 * c] - points[3 * a], vy = points[3 * c + 1] - points[3 * a + 1], vz = points[3 * c + 2] - points[3 * a + 2];
  const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
  const length = Math.sqrt(nx * nx + ny * ny + nz * nz);
  out[0] = length > 0 ? nx / length : 0;
  out[1] = length > 0 ? ny / length : 1;
  out[2] = length > 0 ? nz / length : 0;
}

/** Which pairs keepPointPairs and keepEdgePairs keep: all of them, or those with a hot side. */
const ALL_PAIRS = 0;
const HOT_PAIRS = 1;

/** Candidate pairs as CSR lists by their first feature: the second features, their distances [m] and `stride` numbers of the exact test each. */
interface PairLists {
  offsets: Uint32Array;
  pairs: Uint32Array;
  distances: Float64Array;
  exact: Float64Array;
  stride: number;
}

function pairLists(items: number, capacity: number, stride: number): PairLists {
  const size = Math.max(64, capacity);
  return { offsets: new Uint32Array(items + 1), pairs: new Uint32Array(size), distances: new Float64Array(size), exact: new Float64Array(stride * size), stride };
}

/**
 * Makes `lists` from the first `kept` pairs of the scratch (first, second), their distances and exact numbers, with the
 * count of each first feature f already in lists.offsets[f + 1]: a counting sort that keeps the scratch's order.
 */
function scatterPairs(lists: PairLists, kept: number, pairs: Uint32Array, distances: Float64Array, exact: Float64Array): void {
  const { offsets, stride } = lists;
  const items = offsets.length - 1;
  for (let i = 0; i < items; i++) offsets[i + 1] += offsets[i];
  if (lists.pairs.length < kept) {
    const size = Math.max(kept, 2 * lists.pairs.length);
    lists.pairs = new Uint32Array(size);
    lists.distances = new Float64Array(size);
    lists.exact = new Float64Array(stride * size);
  }
  const out = lists.pairs, outDistances = lists.distances, outExact = lists.exact;
  for (let k = 0; k < kept; k++) {
    const at = offsets[pairs[2 * k]]++;
    out[at] = pairs[2 * k + 1];
    outDistances[at] = distances[k];
    for (let m = 0; m < stride; m++) outExact[stride * at + m] = exact[stride * k + m];
  }
  for (let i = items; i > 0; i--) offsets[i] = offsets[i - 1];
  offsets[0] = 0;
}

/** The inverse of a 3×3 matrix (row-major) into out; false when it is singular or not finite. */
function inverse3(m: ArrayLike<number>, out: Float64Array): boolean {
  const c00 = m[4] * m[8] - m[5] * m[7], c01 = m[5] * m[6] - m[3] * m[8], c02 = m[3] * m[7] - m[4] * m[6];
  const det = m[0] * c00 + m[1] * c01 + m[2] * c02;
  if (!(Math.abs(det) > 0) || !Number.isFinite(det)) return false;
  const s = 1 / det;
  out[0] = c00 * s;
  out[1] = (m[2] * m[7] - m[1] * m[8]) * s;
  out[2] = (m[1] * m[5] - m[2] * m[4]) * s;
  out[3] = c01 * s;
  out[4] = (m[0] * m[8] - m[2] * m[6]) * s;
  out[5] = (m[2] * m[3] - m[0] * m[5]) * s;
  out[6] = c02 * s;
  out[7] = (m[1] * m[6] - m[0] * m[7]) * s;
  out[8] = (m[0] * m[4] - m[1] * m[3]) * s;
  for (let k = 0; k < 9; k++) if (!Number.isFinite(out[k])) return false;
  return true;
}

/** The smallest singular value of a 3×3 matrix B: the square root of BᵀB's smallest eigenvalue (closed form for a symmetric 3×3). */
function smallestSingularValue(b: ArrayLike<number>): number {
  const a00 = b[0] * b[0] + b[3] * b[3] + b[6] * b[6];
  const a11 = b[1] * b[1] + b[4] * b[4] + b[7] * b[7];
  const a22 = b[2] * b[2] + b[5] * b[5] + b[8] * b[8];
  const a01 = b[0] * b[1] + b[3] * b[4] + b[6] * b[7];
  const a02 = b[0] * b[2] + b[3] * b[5] + b[6] * b[8];
  const a12 = b[1] * b[2] + b[4] * b[5] + b[7] * b[8];
  const off = a01 * a01 + a02 * a02 + a12 * a12;
  const q = (a00 + a11 + a22) / 3;
  const p2 = (a00 - q) * (a00 - q) + (a11 - q) * (a11 - q) + (a22 - q) * (a22 - q) + 2 * off;
  const p = Math.sqrt(p2 / 6);
  if (!(p > 0)) return Math.sqrt(Math.max(0, q));
  const b00 = (a00 - q) / p, b11 = (a11 - q) / p, b22 = (a22 - q) / p, b01 = a01 / p, b02 = a02 / p, b12 = a12 / p;
  const half = 0.5 * (b00 * (b11 * b22 - b12 * b12) - b01 * (b01 * b22 - b12 * b02) + b02 * (b01 * b12 - b11 * b02));
  const phi = Math.acos(Math.min(1, Math.max(-1, half))) / 3;
  const smallest = q + 2 * p * Math.cos(phi + (2 * Math.PI) / 3);
  return Math.sqrt(Math.max(0, smallest));
}
