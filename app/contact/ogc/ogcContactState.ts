import type { VbdContactData } from '../../solvers/vbd/index.ts';
import { boxBvh } from '../boxBvh.ts';
import { contactTopology, ringSets } from '../contactTopology.ts';
import { localNodePairs } from '../localNodePairs.ts';
import { pairLists } from './pairLists.ts';
import type { LocalWalk, OgcContactOptions, OgcContactState } from './types.ts';


/** Bound of a vertex or point with nothing within r_q: unbounded. */
export const NO_BOUND = Number.POSITIVE_INFINITY;

/**
 * Relative slack of the lower bounds that skip exact distances: a pair is skipped only when its lower bound is at
 * least (1 + this) × the threshold. The bounds and the exact distances round at ~1e-16 of the coordinates; 1e-6 of the
 * threshold keeps a pair whose exact distance rounds below the threshold for coordinates up to ~1e8 radii from the
 * origin, and costs nothing measurable (the pairs within that sliver are tested).
 */
export const LOWER_BOUND_SLACK = 1e-6;

/**
 * A fresh OgcContactState for `options` (checked here: radius, query radius, γ_p, search margin, full-search
 * fraction, planes): the fixed topology (contactTopology: the edges, triangles and 1-rings the blocks of seed 000
 * §5.1.4, Eqs. 5.7–5.8, are built from), normalized planes, the contact data with r (§5.1.1) and k_c, and every array
 * the steps use, with every point kinematic and nothing searched.
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
