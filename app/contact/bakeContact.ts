import { detailTransfer, type LatticeEmbedding } from '../embedding/index.ts';
import { pullTowardInput, ringFalloff, vertexNeighbours } from '../geometry/index.ts';
import { lerpArrays } from '../math/index.ts';
import { intersectionChecker, type FrameIntersections, type IntersectionChecker, type IntersectionCheckPool, type PooledChecker } from '../intersection/index.ts';
import type { VbdContact } from '../solvers/vbd/index.ts';
import { contactDefaults } from './contactDefaults.ts';
import { ANY_REGION, FAR, inputRegions, type InputRegions, type RegionCheck } from '../intersection/index.ts';
import { newIntersectionRegions } from '../intersection/index.ts';
import { rigidPieceShares } from './rigidPieceShares.ts';
import { linkOgcContact, ogcContact, type OgcContact } from './ogcContact.ts';
import { regionTopology } from '../intersection/index.ts';
import { vertexContactPoints } from './vertexContactPoints.ts';

/** Rings of an embedded surface whose pairs are left to the lattice (ogcContact's localRings). */
const LOCAL_RINGS = 3;

/** Contact statistics of one baked mesh (the report's `contact` entry). */
export interface BakeContactStats {
  selfContact: boolean;
  colliders: string[];
  /**
   * flaws of the contact surface at rest, handled and counted: triangles with a repeated vertex or zero area (left
   * out of contact and of the checks), edges shared by three or more triangles, vertices at the same place as another
   */
  surface: { degenerateTriangles: number; nonManifoldEdges: number; coincidentVertices: number };
  radius: number;
  stiffness: number;
  /** per baked frame: contacts per collision detection (mean over the frame's detections) */
  contactsPerFrame: number[];
  /** truncations to the conservative bounds and re-detections, summed over the bake */
  truncations: number;
  redetections: number;
  /** broad-phase searches anew and partial ones (only the points off the common motion), summed over the bake */
  searches: number;
  partialSearches: number;
  /**
   * per baked frame: surface points pulled toward the input because the simulated surface held an intersection the
   * input does not have at that frame (untangling)
   */
  untangledPoints: number[];
  /** per baked frame: output vertices the final check moved toward the input (0: the frame was not corrected) */
  correctedVertices: number[];
  /** frames whose output would have added an intersection, corrected toward the input (see finishFrame) */
  framesCorrected: number;
  /** per baked frame: edge–triangle intersections (self and with the colliders) in the input and in the output */
  inputIntersections: number[];
  outputIntersections: number[];
  /**
   * per baked frame: new intersection regions (app/contact newIntersectionRegions: intersecting triangles farther than
   * INPUT_REGION_RINGS rings from every triangle that intersects in the input at that frame, self and with the
   * colliders) of the simulated output before the final check (`simulatedNewRegions`: what contact let through) and of
   * the exported output after it (`newRegions`: the bake's promise is 0)
   */
  simulatedNewRegions: number[];
  newRegions: number[];
  /**
   * per baked frame: the share of the surface's vertices inside the input's own intersection regions at that frame
   * (inputRegions), where contact leaves pairs alone: on a character whose whole surface is one intersecting region
   * contact cannot act anywhere, and the bake says so (warning contact-limited) instead of looking as if it did
   */
  inputRegionShare: number[];
  /**
   * wall seconds summed over the bake (pre-roll included): `proximity` is the step's contact passes (collision
   * detection, the conservative bounds, truncation, re-detection: beginSubstep and endIteration), `checks` the exact
   * intersection checks of the input, of the simulated surface (untangling) and of the output (the final check and
   * its corrections), `surface` the contact surface of each step call (beginSteps: the colliders and the input at
   * its ends, and an embedded surface's detail offsets, one detail transfer a substep; its checks are in `checks`)
   */
  seconds: { proximity: number; checks: number; surface: number };
  /** input checks answered by the check pool (BakeContactOptions.checkPool), run while earlier frames simulated */
  pooledChecks: number;
}

/** The contact of one simulated mesh in a bake: what the simulation hands to the VBD step, and the per-frame check. */
export interface BakeContact {
  /** hand to the step (VbdControls.contact) */
  readonly vbd: VbdContact;
  readonly stats: BakeContactStats;
  /**
   * Frame inputs, set by the bake before the mesh advances: the welded input surface and the colliders at the start
   * and end of the frame [m]. Checks the input frame (its intersections are the allowance the output may keep), and
   * the next frame when given: a pair the input is about to cross is left alone a frame early, so the simulation
   * follows the animation into it instead of being held apart for a frame and snapping in at the next.
   */
  setFrame(inputStart: Float32Array, inputEnd: Float32Array, collidersStart: readonly Float32Array[], collidersEnd: readonly Float32Array[], inputNext?: Float32Array, collidersNext?: readonly Float32Array[]): void;
  /**
   * Called by the simulation before each step call covering [from, to] of the frame. For an embedded surface the
   * contact points are the exported surface (Eq. 4.10, q′ = C′u + R(q̄ − C′ū)) with the rotation R held at the
   * lattice's state at the start of the call: the detail offsets are R(q̄ − C′ū), from the fitted lattice ū at the
   * end of the frame and the simulated lattice u now.
   *
   * @param latticeTargets    #N×3 fitted lattice ū at the end of the frame [m] (null: cloth)
   * @param from              start of the call as a fraction of the frame
   * @param to                its end
   * @param simulationPositions  #N×3 simulated (lattice or cloth) positions at the start of the call [m]
   */
  beginSteps(latticeTargets: ArrayLike<number> | null, from: number, to: number, simulationPositions: ArrayLike<number> | null): void;
  /**
   * The final check of a baked frame (welded output, in place): if the output has more intersections than the input
   * frame, the vertices of the triangles involved are moved back toward the input (halving the departure, up to 8
   * times, then onto it), and the frame is counted as corrected.
   *
   * @param output     #S×3 welded output surface [m], corrected in place
   * @param input      #S×3 welded input surface [m]
   * @param colliders  each collider's welded positions at this frame [m]
   * @param record     whether the frame is a baked one (pre-roll frames are checked but not reported)
   * @param neighbours the other simulated meshes (BakeContactOptions.neighbours) at this frame: their inputs, and what
   *                   they are now (the final output of those finished before this one, the input of the others);
   *                   their crossings with this mesh count in the measure, and only this mesh is corrected
   * @returns the check of the output as it is left (mesh 0 the surface, then the colliders; listPairs on), so a later
   *          check of the same positions can start from it (the export's replay check, compactReplayIntersections)
   */
  finishFrame(output: Float32Array, input: Float32Array, colliders: readonly Float32Array[], record: boolean, neighbours?: NeighbourFrame): FrameIntersections;
  /**
   * Starts the check of an input frame (the surface and the colliders as setFrame or finishFrame will pass them) on
   * the check pool, so that it runs while the bake simulates; setFrame and finishFrame then take its answer instead of
   * checking. Without a pool (or for a small surface) it does nothing. The positions are copied.
   */
  prefetchInput(input: ArrayLike<number>, colliders: readonly ArrayLike<number>[]): void;
  /** whether prefetchInput sends anything (a pool, and a surface of at least its minTriangles) */
  readonly prefetches: boolean;
  /** Waits for the prefetched check of these positions, if one is under way (call before setFrame or finishFrame). */
  inputReady(input: ArrayLike<number>, colliders: readonly ArrayLike<number>[]): Promise<void>;
  /**
   * What the next frame depends on, as copies (a checkpoint, a live preview's snapshot): the detail transfer's warm
   * rotations and the final check's hold. Everything else the contact keeps between frames is a cache whose answers
   * do not depend on it (the box trees are refitted, the search's lists are supersets filtered exactly, every
   * detection starts from the positions, the input checks are exact), so a bake continued from a snapshot writes
   * the bytes of one that never stopped (test/app/bake/bakeCheckpoint.test.ts, with contact and repair).
   */
  snapshot(): BakeContactSnapshot;
  /** Continues from a snapshot with these statistics (copied); null: from the start, statistics cleared. */
  restore(snapshot: BakeContactSnapshot | null, stats?: BakeContactStats): void;
}

/** BakeContact's state between two frames (BakeContact.snapshot). */
export interface BakeContactSnapshot {
  /** #K×4 the embedded surface vertices' rotations (x, y, z, w), warm starts of the detail transfer */
  quaternions: Float64Array;
  /** #S the share of its departure from the input each vertex gave up and the final check still holds, in [0, 1] */
  held: Float32Array;
}

/** The other simulated meshes at a frame (BakeContact.finishFrame): their inputs and their positions now [m]. */
export interface NeighbourFrame {
  inputs: readonly ArrayLike<number>[];
  now: readonly ArrayLike<number>[];
}

/** What bakeContact is built from. */
export interface BakeContactOptions {
  /** the simulated mesh's welded triangles and vertex count */
  triangles: Uint32Array;
  surfaceVertexCount: number;
  /** volume: the lattice embedding (surface points are lattice tets' barycentric combinations); cloth: null */
  embedding: LatticeEmbedding | null;
  /**
   * the surface vertex of each of the embedding's surface vertices, when the lattice embeds only part of the surface
   * (carried shells ride their host and are left out of it: app/bake/simulationSession.ts); the others are kinematic
   * points at the input (weights 0: no contact force moves them, and the final check still counts them). Default: all,
   * in order.
   */
  embeddedVertices?: Uint32Array;
  /** simulation vertex count and masses [kg], the substep h [s] (for the default stiffness) */
  simulationVertexCount: number;
  masses: ArrayLike<number>;
  timeStep: number;
  /** rest positions of the welded surface [m] (for the default radius) */
  restSurface: ArrayLike<number>;
  selfContact: boolean;
  /** the colliders (restPositions: their rest pose [m], for the check pool's warm start) */
  colliders: Array<{ name: string; triangles: Uint32Array; vertexCount: number; restPositions?: ArrayLike<number> }>;
  planes?: ArrayLike<number>;
  radius?: number;
  stiffness?: number;
  friction?: number;
  /** where the input frames' exact checks can run beside the bake (prefetchInput); without it they run in turn */
  checkPool?: IntersectionCheckPool;
  /** seconds from one baked frame to the next (the final check's hold releases in CORRECTION_RELEASE_SECONDS); default 1/30 */
  frameDuration?: number;
  /**
   * the other simulated meshes of the bake (each its own simulation: no contact between them), whose crossings with
   * this mesh the final check counts as well (finishFrame's `neighbours`), so the exported file has no new region
   * between two simulated meshes either (the layered character's Visor and Pack against its body)
   */
  neighbours?: Array<{ name: string; triangles: Uint32Array; vertexCount: number }>;
  /**
   * #S the rigid piece each surface vertex belongs to (-1: none): carried shells (gear and glued accessories,
   * app/bake/carriedShells.ts) move as rigid bodies, and the final check corrects such a piece as one, every vertex by
   * the piece's largest share. A falloff across a pouch bent it: the layered character's Jump with self-contact turned
   * 4 of a hanging pouch's triangles inside out at its last frame, where the check pulled the pouch's corner that met
   * the belt toward the input and left the rest where its swing had taken it.
   */
  rigidPieces?: Int32Array;
}

/**
 * How long the final check holds a correction after the frame that needed it [s]: the share of its departure from the
 * input each vertex gave up is given back linearly over this time, unless a later frame needs more (like a limiter's
 * release). Without it a region the check pulled toward the input sprang back at the next frame whose count happened
 * to be within the input's, and was pulled again at the one after. That is what happens where the input already
 * intersects itself: the simulation slides those surfaces a little, the intersection curves move, and the count
 * wanders by ±2 around the input's (the built-in sample's Bounce with self-contact: 4–140 pairs added and about as
 * many removed at every frame), so the check fired on every other frame of the sample's quiet phases: a flicker at
 * half the frame rate. Longer holds flicker less and keep less of the simulation (0.1 / 0.2 / 0.3 / 0.5 s, measured
 * with a .dev script on the sample's Bounce 0–90, the hold alone: mean largest second difference of the departure
 * over its quiet frames 1.40 / 1.21 / 1.14 / 1.01 mm against 1.73 without a hold and 0.77 without contact;
 * vertex-frames moved 24k / 32k / 35k / 54k against 16k). docs/contact.md, "The final check holds its corrections".
 * The flip guard (app/bake/flipGuard.ts), which corrects the same way, does not hold: at default settings it fires on
 * none of the assets we bake. The hold is state carried from frame to frame: snapshot() saves it for checkpoints.
 */
export const CORRECTION_RELEASE_SECONDS = 0.2;

/**
 * OGC contact for one mesh of a bake (app/bake calls it; the simulations pass `vbd` to the step): surface points on
 * the cloth itself or embedded in the lattice (barycentrics plus a detail offset per frame, so contact acts on the
 * surface that is exported), colliders as kinematic points moving with their own animation, the input at each frame
 * for input exclusion (pairs closer than r there, and triangles that intersect there, are left alone), and the
 * final per-frame check with the exact checker (app/intersection) that corrects any frame whose output adds an
 * intersection the input does not have (the detail transfer can), counted in the stats. Never silently.
 *
 * @param options  the mesh, its colliders, and optional radius, stiffness, friction (defaults: contactDefaults)
 * @returns the bake contact
 */
export function bakeContact(options: BakeContactOptions): BakeContact {
  const S = options.surfaceVertexCount;
  const embedding = options.embedding;
  // The embedded surface's vertices (K of the S: the lattice may leave carried shells out).
  const embedded = embedding ? (options.embeddedVertices ?? Uint32Array.from({ length: S }, (_, s) => s)) : new Uint32Array(0);
  const K = embedded.length;
  if (embedding && (embedding.surfaceVertexCount !== K || embedded.some((s) => s >= S))) {
    throw new Error(`bakeContact: the embedding has ${embedding.surfaceVertexCount} surface vertices, ${K} are named among the surface's ${S}`);
  }
  let points: { pointVertices: Uint32Array; pointWeights: Float64Array };
  if (embedding) {
    const pointVertices = new Uint32Array(4 * S);
    const pointWeights = new Float64Array(4 * S);
    for (let i = 0; i < K; i++) {
      const tet = embedding.surfaceTet[i];
      const s = embedded[i];
      for (let k = 0; k < 4; k++) {
        pointVertices[4 * s + k] = embedding.tetrahedra[4 * tet + k];
        pointWeights[4 * s + k] = embedding.surfaceBarycentric[4 * i + k];
      }
    }
    points = { pointVertices, pointWeights };
  } else {
    points = vertexContactPoints(null, S);
  }
  // The masses of the points' vertices decide the default stiffness; the surface's own edges decide the radius.
  const defaults = contactDefaults(options.restSurface, options.triangles, options.masses, options.timeStep);
  const radius = options.radius ?? defaults.radius;
  const stiffness = options.stiffness ?? defaults.stiffness;
  const obstacleTriangles: number[] = [];
  let obstacleVertexCount = 0;
  const colliderOffsets: number[] = [];
  for (const collider of options.colliders) {
    colliderOffsets.push(obstacleVertexCount);
    for (const v of collider.triangles) obstacleTriangles.push(v + obstacleVertexCount);
    obstacleVertexCount += collider.vertexCount;
  }
  const ogc: OgcContact = ogcContact({
    simulationVertexCount: options.simulationVertexCount,
    ...points,
    triangles: options.triangles,
    selfContact: options.selfContact,
    obstacleVertexCount,
    obstacleTriangles,
    planes: options.planes,
    radius,
    stiffness,
    friction: options.friction ?? 0.3,
    // A surface embedded in the lattice leaves pairs within three rings to the lattice (ogcContact, "Local pairs").
    // Measured on the bench's character (Jump, 24 frames at 24 fps, self-contact, level 3, three rings against none,
    // alternated runs, with the walks' local node pairs): 1 084–1 194 → 809–917 ms a frame, re-detections 12.4 → 8.2 a
    // frame, truncations 103 → 57, one frame corrected by the final check in both, 0 added intersections.
    localRings: embedding ? LOCAL_RINGS : 0,
  });
  const checker: IntersectionChecker = intersectionChecker([
    { name: 'mesh', triangles: options.triangles, vertexCount: S },
    ...options.colliders.map((c) => ({ name: c.name, triangles: c.triangles, vertexCount: c.vertexCount })),
  ]);
  const checkOptions = { self: [options.selfContact, ...options.colliders.map(() => false)], pairs: (a: number, b: number) => a === 0 && b > 0 };
  const stats: BakeContactStats = {
    selfContact: options.selfContact,
    colliders: options.colliders.map((c) => c.name),
    surface: surfaceFlaws(options.restSurface, options.triangles, S, checker.nonManifoldEdges[0]),
    radius,
    stiffness,
    contactsPerFrame: [],
    truncations: 0,
    redetections: 0,
    searches: 0,
    partialSearches: 0,
    framesCorrected: 0,
    inputIntersections: [],
    outputIntersections: [],
    simulatedNewRegions: [],
    newRegions: [],
    inputRegionShare: [],
    untangledPoints: [],
    correctedVertices: [],
    seconds: { proximity: 0, checks: 0, surface: 0 },
    pooledChecks: 0,
  };
  const timedCheck: IntersectionChecker['check'] = (...args) => {
    const start = performance.now();
    const result = checker.check(...args);
    stats.seconds.checks += (performance.now() - start) / 1000;
    return result;
  };
  const timedNeighbourCheck = (positions: readonly ArrayLike<number>[], checkOptions: Parameters<IntersectionChecker['check']>[1]): FrameIntersections => {
    const start = performance.now();
    const result = neighbourChecker!.check(positions, checkOptions);
    stats.seconds.checks += (performance.now() - start) / 1000;
    return result;
  };
  // The step's two contact passes, timed (the report's proximity share); the data is ogc's own.
  const vbd: VbdContact = {
    get data() {
      return ogc.data;
    },
    beginSubstep(...args) {
      const start = performance.now();
      ogc.beginSubstep(...args);
      stats.seconds.proximity += (performance.now() - start) / 1000;
    },
    endIteration(...args) {
      const start = performance.now();
      ogc.endIteration(...args);
      stats.seconds.proximity += (performance.now() - start) / 1000;
    },
  };
  // A device's step runs OGC itself from ogc's options and frame (kernels/vbd); its passes are in the step's time.
  linkOgcContact(vbd, ogc);

  const obstacleStart = new Float64Array(3 * obstacleVertexCount);
  const obstacleEnd = new Float64Array(3 * obstacleVertexCount);
  const subStart = new Float64Array(3 * obstacleVertexCount);
  const subEnd = new Float64Array(3 * obstacleVertexCount);
  const referenceStart = new Float64Array(3 * S);
  const referenceEnd = new Float64Array(3 * S);
  const subReferenceStart = new Float64Array(3 * S);
  const subReferenceEnd = new Float64Array(3 * S);
  const offsets = new Float64Array(3 * S);
  const exported = new Float64Array(3 * K);
  const quaternions = new Float64Array(4 * K);
  const embeddedReference = K < S ? new Float64Array(3 * K) : null;
  for (let s = 0; s < S; s++) quaternions[4 * s + 3] = 1;
  // The input-region rule (inputRegions) over the surface and the colliders: the frame's regions (the input at the
  // frame's end and the next frame's, as contact reads them), the point labels handed to the step, and the regions of
  // the frame alone (the final check's measure).
  // The neighbours' own checker: between this mesh and each of them only (mesh 0 numbers its edges as `checker` does).
  const neighbourMeshes = options.neighbours ?? [];
  const neighbourChecker: IntersectionChecker | null =
    neighbourMeshes.length > 0 ? intersectionChecker([{ name: 'mesh', triangles: options.triangles, vertexCount: S }, ...neighbourMeshes.map((m) => ({ name: m.name, triangles: m.triangles, vertexCount: m.vertexCount }))]) : null;
  const neighbourOptions = { self: [false, ...neighbourMeshes.map(() => false)], pairs: (a: number, b: number) => a === 0 && b > 0, listPairs: true };
  const C = options.colliders.length;
  const topology = regionTopology([
    { triangles: options.triangles, vertexCount: S, edges: checker.edges[0] },
    ...options.colliders.map((c, i) => ({ triangles: c.triangles, vertexCount: c.vertexCount, edges: checker.edges[i + 1] })),
    ...neighbourMeshes.map((m, i) => ({ triangles: m.triangles, vertexCount: m.vertexCount, edges: neighbourChecker!.edges[i + 1] })),
  ]);
  let frameRegions: InputRegions | undefined;
  let checkRegions: InputRegions | undefined;
  const regions = new Uint32Array(S);
  const untangle = new Uint8Array(S);
  const current = new Float64Array(3 * S);
  const untangleSurface = new Float64Array(3 * S);
  let collidersAtStart: readonly Float32Array[] = [];
  let untangledPoints = 0;
  const raw = new Float32Array(3 * S);
  const core = new Uint8Array(S);
  const falloff = new Float32Array(S);
  // Rigid pieces take their largest share (options.rigidPieces): a uniform blend between two rigid poses of a piece
  // turns no triangle of it inside out (their rotations differ by less than a half turn).
  const pieces = options.rigidPieces ?? null;
  if (pieces && pieces.length !== S) throw new Error(`bakeContact: rigidPieces has ${pieces.length} entries for ${S} surface vertices`);
  let pieceCount = 0;
  if (pieces) for (let v = 0; v < S; v++) pieceCount = Math.max(pieceCount, pieces[v] + 1);
  const pieceShare = new Float32Array(pieceCount);
  // The final check's hold: the share of its departure from the input each vertex gave up at the last frames
  // (CORRECTION_RELEASE_SECONDS), and whether any is held.
  const held = new Float32Array(S);
  let holding = false;
  const release = (options.frameDuration ?? 1 / 30) / CORRECTION_RELEASE_SECONDS;
  if (!(release > 0)) throw new RangeError(`bakeContact: frameDuration must be > 0, got ${options.frameDuration}`);
  const { offsets: neighbourOffsets, neighbours } = vertexNeighbours(options.triangles, S);

  // The input of a frame is checked up to four times (as the next frame, as this frame, as the next frame's start, in
  // the final check): the last three checks are kept and reused when the same positions come again. Checks prefetched on the pool wait in
  // `prefetched` until asked for (in frame order: at most a few frames ahead).
  type InputCheck = { positions: Float64Array; result: FrameIntersections | null; done: Promise<void> | null };
  const inputChecks: InputCheck[] = [];
  const prefetched: InputCheck[] = [];
  const pooled: PooledChecker | null =
    options.checkPool && options.triangles.length / 3 >= options.checkPool.minTriangles
      ? options.checkPool.open(
          [{ name: 'mesh', triangles: options.triangles, vertexCount: S }, ...options.colliders.map((c) => ({ name: c.name, triangles: c.triangles, vertexCount: c.vertexCount }))],
          options.colliders.every((c) => c.restPositions) ? [options.restSurface, ...options.colliders.map((c) => c.restPositions!)] : undefined,
        )
      : null;
  // checkOptions' mesh pairs (the surface against each collider) in the pool's portable form.
  const colliderPairs: number[] = [];
  for (let b = 1; b <= options.colliders.length; b++) colliderPairs.push(0, b);
  const concatenated = (mesh: ArrayLike<number>, colliders: readonly ArrayLike<number>[]): Float64Array => {
    let length = mesh.length;
    for (const c of colliders) length += c.length;
    const positions = new Float64Array(length);
    let k = 0;
    for (const array of [mesh, ...colliders]) for (let i = 0; i < array.length; i++) positions[k++] = array[i];
    return positions;
  };
  const find = (list: InputCheck[], mesh: ArrayLike<number>, colliders: readonly ArrayLike<number>[]): number => {
    let length = mesh.length;
    for (const c of colliders) length += c.length;
    for (let e = 0; e < list.length; e++) {
      const entry = list[e];
      if (entry.positions.length !== length) continue;
      let same = true;
      let k = 0;
      for (const array of [mesh, ...colliders]) {
        for (let i = 0; i < array.length && same; i++) same = entry.positions[k++] === array[i];
      }
      if (same) return e;
    }
    return -1;
  };
  const keep = (entry: InputCheck): void => {
    inputChecks.unshift(entry);
    // Three: this frame's end, the next frame's and (for the untangling's `since`) this frame's start.
    if (inputChecks.length > 3) inputChecks.pop();
  };
  const checkInput = (mesh: ArrayLike<number>, colliders: readonly ArrayLike<number>[]): FrameIntersections => {
    const cached = find(inputChecks, mesh, colliders);
    if (cached >= 0) return inputChecks[cached].result!;
    const ahead = find(prefetched, mesh, colliders);
    if (ahead >= 0 && prefetched[ahead].result) {
      // Checked on the pool (the same exact checker: the same answer as here).
      const [entry] = prefetched.splice(ahead, 1);
      keep(entry);
      stats.pooledChecks++;
      return entry.result!;
    }
    // With its pairs listed: the output of the frame is checked against it (`since`), testing only what moved.
    const result = timedCheck([mesh, ...colliders], { ...checkOptions, listPairs: true });
    keep({ positions: concatenated(mesh, colliders), result, done: null });
    return result;
  };
  /** Marks as core the surface corners (the edge's two, the triangle's three) of the listed pairs of a pairList. */
  const markNewPairs = (pairList: readonly number[], positions: readonly number[]): void => {
    const surfaceEdges = checker.edges[0];
    for (const i of positions) {
      if (pairList[i] === 0) {
        core[surfaceEdges[2 * pairList[i + 1]]] = 1;
        core[surfaceEdges[2 * pairList[i + 1] + 1]] = 1;
      }
      if (pairList[i + 2] === 0) for (let k = 0; k < 3; k++) core[options.triangles[3 * pairList[i + 3] + k]] = 1;
    }
  };
  const setupStats = { selfContact: stats.selfContact, colliders: [...stats.colliders], surface: { ...stats.surface }, radius, stiffness };
  return {
    vbd,
    stats,
    prefetches: pooled !== null,
    snapshot() {
      return { quaternions: Float64Array.from(quaternions), held: Float32Array.from(held) };
    },
    restore(snapshot, saved) {
      if (snapshot && (snapshot.quaternions.length !== quaternions.length || snapshot.held.length !== held.length)) {
        throw new RangeError('bakeContact.restore: the snapshot is of another surface');
      }
      if (snapshot) {
        quaternions.set(snapshot.quaternions);
        held.set(snapshot.held);
      } else {
        quaternions.fill(0);
        for (let i = 0; i < K; i++) quaternions[4 * i + 3] = 1;
        held.fill(0);
      }
      holding = held.some((share) => share > 0);
      // Caches of exact answers: dropped, so nothing of the frames before is read (they would give the same answers).
      inputChecks.length = 0;
      prefetched.length = 0;
      const fresh: BakeContactStats = saved
        ? structuredClone(saved)
        : { ...structuredClone(setupStats), contactsPerFrame: [], truncations: 0, redetections: 0, searches: 0, partialSearches: 0, framesCorrected: 0, inputIntersections: [], outputIntersections: [], simulatedNewRegions: [], newRegions: [], inputRegionShare: [], untangledPoints: [], correctedVertices: [], seconds: { proximity: 0, checks: 0, surface: 0 }, pooledChecks: 0 };
      // The set-up's figures are this contact's own, whatever the snapshot's statistics say.
      Object.assign(stats, fresh, structuredClone(setupStats));
    },
    setFrame(inputStart, inputEnd, collidersStart, collidersEnd, inputNext, collidersNext) {
      referenceStart.set(inputStart);
      referenceEnd.set(inputEnd);
      options.colliders.forEach((_, i) => {
        obstacleStart.set(collidersStart[i], 3 * colliderOffsets[i]);
        obstacleEnd.set(collidersEnd[i], 3 * colliderOffsets[i]);
      });
      collidersAtStart = collidersStart;
      const result = checkInput(inputEnd, collidersEnd);
      const checks = inputNext ? [result, checkInput(inputNext, collidersNext ?? collidersEnd)] : [result];
      frameRegions = inputRegions(topology, checks, undefined, frameRegions);
      regions.set(frameRegions.labels[0]);
      ogc.resetStats();
    },
    beginSteps(latticeTargets, from, to, simulationPositions) {
      const begin = performance.now();
      const checksBefore = stats.seconds.checks;
      lerpArrays(obstacleStart, obstacleEnd, from, subStart);
      lerpArrays(obstacleStart, obstacleEnd, to, subEnd);
      lerpArrays(referenceStart, referenceEnd, from, subReferenceStart);
      lerpArrays(referenceStart, referenceEnd, to, subReferenceEnd);
      if (embedding && latticeTargets && simulationPositions) {
        const latticePositions = simulationPositions;
        // Detail offset R(q̄ − C′ū): the exported surface now (detailTransfer) minus its embedding C′u. Without R the
        // contact surface and the exported one parted where the lattice turned (Fox Walk: frames corrected).
        let reference: Float64Array = subReferenceEnd;
        if (embeddedReference) {
          // Points the lattice does not embed sit at the input (weights 0: the offset is the point).
          offsets.set(subReferenceEnd);
          current.set(subReferenceEnd);
          for (let i = 0; i < K; i++) for (let c = 0; c < 3; c++) embeddedReference[3 * i + c] = subReferenceEnd[3 * embedded[i] + c];
          reference = embeddedReference;
        }
        detailTransfer(embedding, latticeTargets, latticePositions, reference, exported, quaternions);
        for (let i = 0; i < K; i++) {
          const tet = embedding.surfaceTet[i];
          const s = embedded[i];
          for (let c = 0; c < 3; c++) {
            let x = 0;
            for (let k = 0; k < 4; k++) x += embedding.surfaceBarycentric[4 * i + k] * latticePositions[3 * embedding.tetrahedra[4 * tet + k] + c];
            offsets[3 * s + c] = exported[3 * i + c] - x;
            current[3 * s + c] = exported[3 * i + c];
          }
        }
      } else if (simulationPositions) {
        for (let k = 0; k < 3 * S; k++) current[k] = simulationPositions[k];
      }
      if (from === 0 && simulationPositions) {
        // Untangling: where the simulated surface holds an intersection its input does not have at this frame (it
        // lagged behind the animation through a pair the input crossed), no contact force can undo it, and OGC's
        // bounds would freeze it. Its points are left out of contact and pulled toward the input instead.
        // The simulated surface's triangles outside every input region (the rule's new intersections) are untangled.
        // Kinematic points follow the input whatever the step does (their exported surface is the input, the surface
        // guard's weight 0): checked at the input, so only the pairs with a free point are tested again, against the
        // check of the input at the frame's start (the checker's `since`; a full check of the layered character's
        // 12k triangles, 3 000 of its pairs crossing, cost 50–80 ms a frame).
        const kinematic = ogc.kinematicPoints;
        for (let s = 0; s < S; s++) {
          const source = kinematic[s] === 1 ? referenceStart : current;
          untangleSurface[3 * s] = source[3 * s];
          untangleSurface[3 * s + 1] = source[3 * s + 1];
          untangleSurface[3 * s + 2] = source[3 * s + 2];
        }
        const base = find(inputChecks, referenceStart, collidersAtStart);
        const result = timedCheck([untangleSurface, ...collidersAtStart], base >= 0 ? { ...checkOptions, since: { positions: [referenceStart, ...collidersAtStart], result: inputChecks[base].result! } } : checkOptions);
        untangle.fill(0);
        const hops = frameRegions ? frameRegions.hops[0] : null;
        for (const t of result.triangles[0]) {
          const a = options.triangles[3 * t], b = options.triangles[3 * t + 1], c = options.triangles[3 * t + 2];
          if (hops && (hops[a] !== FAR || hops[b] !== FAR || hops[c] !== FAR)) continue;
          untangle[a] = untangle[b] = untangle[c] = 1;
        }
        untangledPoints = 0;
        for (let v = 0; v < S; v++) {
          // An untangled point is left out of contact with everything inside a region (ANY_REGION), as before with
          // the input's own.
          regions[v] = untangle[v] === 1 ? ANY_REGION : frameRegions ? frameRegions.labels[0][v] : 0;
          untangledPoints += untangle[v];
        }
      }
      ogc.setFrame({ obstacleStart: subStart, obstacleEnd: subEnd, referenceStart: subReferenceStart, referenceEnd: subReferenceEnd, regions, pointOffsets: embedding ? offsets : undefined, untangle, pointTargets: subReferenceEnd });
      stats.seconds.surface += (performance.now() - begin) / 1000 - (stats.seconds.checks - checksBefore);
    },
    prefetchInput(mesh, colliders) {
      if (!pooled || find(inputChecks, mesh, colliders) >= 0 || find(prefetched, mesh, colliders) >= 0) return;
      const entry: InputCheck = { positions: concatenated(mesh, colliders), result: null, done: null };
      entry.done = pooled.check([mesh, ...colliders], { self: checkOptions.self, pairs: colliderPairs, listPairs: true }).then(
        (result) => {
          entry.result = result;
        },
        () => {
          // The pool failed: this frame is checked here when it is asked for.
          const at = prefetched.indexOf(entry);
          if (at >= 0) prefetched.splice(at, 1);
        },
      );
      prefetched.push(entry);
      // A prefetch nobody asked for (the bake stopped, or another frame came) does not pile up.
      if (prefetched.length > 8) prefetched.shift();
    },
    async inputReady(mesh, colliders) {
      const ahead = find(prefetched, mesh, colliders);
      if (ahead < 0 || prefetched[ahead].result) return;
      const start = performance.now();
      await prefetched[ahead].done;
      stats.seconds.checks += (performance.now() - start) / 1000;
    },
    finishFrame(output, input, colliderFrame, record, neighbourFrame) {
      // The input frame's own intersections are what the output may keep.
      const inputResult = checkInput(input, colliderFrame);
      const inputCount = inputResult.total;
      // The output keeps the input's positions exactly where the weight is 0 (and the colliders are the input's):
      // only pairs with a vertex that moved are tested again, the rest are the input's (the checker's `since`).
      const outputCheckOptions = { ...checkOptions, listPairs: true, since: { positions: [input, ...colliderFrame], result: inputResult } };
      raw.set(output);
      let correctedVertices = 0;
      if (holding) {
        // The hold of earlier corrections, a step further released (it is checked below like any output).
        holding = false;
        for (let v = 0; v < S; v++) {
          if (held[v] === 0) continue;
          // Rounding leaves no sliver held: a share within 1e-6 of gone is gone (the output is then the simulation's).
          held[v] = held[v] - release > 1e-6 ? held[v] - release : 0;
          if (held[v] > 0) holding = true;
        }
        falloff.fill(0);
        if (holding) correctedVertices = pullTowardInput(raw, input, falloff, 1, output, held);
      }
      let result = timedCheck([output, ...colliderFrame], outputCheckOptions);
      // The measure: the output's intersecting triangles outside every input region of this frame (inputRegions),
      // with the neighbours' crossings of this mesh merged in (their checks: this mesh against each of them).
      const others = neighbourChecker && neighbourFrame ? neighbourFrame : null;
      const neighbourInput = others ? timedNeighbourCheck([input, ...others.inputs], neighbourOptions) : null;
      // This mesh's input against the neighbours as they are now: what its output check starts from (`since`).
      const neighbourBase = others ? (others.now === others.inputs ? neighbourInput! : timedNeighbourCheck([input, ...others.now], neighbourOptions)) : null;
      const measured = (check: FrameIntersections): RegionCheck => {
        if (!others) return check;
        const between = timedNeighbourCheck([output, ...others.now], { ...neighbourOptions, since: { positions: [input, ...others.now], result: neighbourBase! } });
        return mergedCheck(check, between, C);
      };
      checkRegions = inputRegions(topology, neighbourInput ? [mergedCheck(inputResult, neighbourInput, C)] : [inputResult], undefined, checkRegions);
      let measuredOutput = measured(result);
      let added = newIntersectionRegions(topology, checkRegions, measuredOutput);
      const simulatedNewRegions = added.regions;
      let kept = 1;
      if (added.regions > 0) {
        // Only the surface corners of the pairs with a new side are moved (their edge or triangle outside every input
        // region), with a falloff over two rings so no crease appears at the edge of the correction. The departure
        // from the input is halved until no new region is left, then removed; the region grows to the new offenders
        // at each step. Counting totals instead (as before issue 33) fired wherever the input already intersects
        // itself: the simulation slides those curves a ring or two and the count wanders by a few pairs with nothing
        // new passing through (the layered test character's Walk: 10 of 13 frames corrected, 3 500 vertices each).
        // From the fifth step on, every triangle of the output's intersections too: a new triangle already back on
        // the input can still cut one that takes part in the input's own intersections.
        core.fill(0);
        for (let attempt = 0; added.regions > 0 && attempt <= 8; attempt++) {
          markNewPairs(measuredOutput.pairList, added.pairs);
          if (attempt >= 4) for (const t of result.triangles[0]) for (let k = 0; k < 3; k++) core[options.triangles[3 * t + k]] = 1;
          ringFalloff(core, neighbourOffsets, neighbours, falloff);
          if (pieceCount > 0) rigidPieceShares(pieces!, falloff, pieceShare);
          kept = attempt === 8 ? 0 : 0.5 ** (attempt + 1);
          correctedVertices = pullTowardInput(raw, input, falloff, kept, output, holding ? held : undefined);
          result = timedCheck([output, ...colliderFrame], outputCheckOptions);
          measuredOutput = measured(result);
          added = newIntersectionRegions(topology, checkRegions, measuredOutput);
        }
      }
      if (added.regions > 0) {
        // Mixing input and output regions still adds one: the frame falls back to the input entirely.
        output.set(input);
        correctedVertices = S;
        result = timedCheck([output, ...colliderFrame], outputCheckOptions);
        measuredOutput = measured(result);
        added = newIntersectionRegions(topology, checkRegions, measuredOutput);
        held.fill(1);
        holding = true;
      } else if (kept < 1) {
        // What this frame's correction took away is held from now on (the larger of it and the hold).
        for (let v = 0; v < S; v++) {
          const share = falloff[v] * (1 - kept);
          if (share > held[v]) held[v] = share;
          if (held[v] > 0) holding = true;
        }
      }
      if (!record) return result;
      if (correctedVertices > 0) stats.framesCorrected++;
      stats.correctedVertices.push(correctedVertices);
      const s = ogc.stats;
      stats.contactsPerFrame.push(s.detections > 0 ? Math.round(s.contacts / s.detections) : 0);
      stats.truncations += s.truncations;
      stats.redetections += s.redetections;
      stats.searches += s.searches;
      stats.partialSearches += s.partialSearches;
      stats.inputIntersections.push(inputCount);
      stats.untangledPoints.push(untangledPoints);
      stats.outputIntersections.push(result.total);
      stats.simulatedNewRegions.push(simulatedNewRegions);
      stats.newRegions.push(added.regions);
      let inside = 0;
      const labels = checkRegions.labels[0];
      for (let v = 0; v < S; v++) if (labels[v] !== 0) inside++;
      stats.inputRegionShare.push(S > 0 ? Math.round((1000 * inside) / S) / 1000 : 0);
      return result;
    },
  };
}

/** Degenerate triangles (repeated vertex, or exactly collinear corners) and coincident vertices of a rest surface. */
function surfaceFlaws(positions: ArrayLike<number>, triangles: ArrayLike<number>, vertexCount: number, nonManifoldEdges: number): BakeContactStats['surface'] {
  let degenerateTriangles = 0;
  for (let t = 0; t + 2 < triangles.length; t += 3) {
    const a = 3 * triangles[t], b = 3 * triangles[t + 1], c = 3 * triangles[t + 2];
    if (a === b || b === c || c === a) {
      degenerateTriangles++;
      continue;
    }
    const ux = positions[b] - positions[a], uy = positions[b + 1] - positions[a + 1], uz = positions[b + 2] - positions[a + 2];
    const vx = positions[c] - positions[a], vy = positions[c + 1] - positions[a + 1], vz = positions[c + 2] - positions[a + 2];
    if (uy * vz - uz * vy === 0 && uz * vx - ux * vz === 0 && ux * vy - uy * vx === 0) degenerateTriangles++;
  }
  const seen = new Set<string>();
  let coincidentVertices = 0;
  for (let v = 0; v < vertexCount; v++) {
    const key = `${positions[3 * v]},${positions[3 * v + 1]},${positions[3 * v + 2]}`;
    if (seen.has(key)) coincidentVertices++;
    else seen.add(key);
  }
  return { degenerateTriangles, nonManifoldEdges, coincidentVertices };
}

/**
 * One check over the surface, its colliders and its neighbours (the final check's measure): the main check (surface
 * and colliders, meshes 0..C) and the neighbours' (surface and neighbours, meshes 0 and 1..N, between pairs only), the
 * neighbours renumbered C + 1.. and the surface's triangles united.
 */
function mergedCheck(main: FrameIntersections, between: FrameIntersections, C: number): RegionCheck {
  const surface = new Set<number>(main.triangles[0]);
  for (const t of between.triangles[0]) surface.add(t);
  const pairList = main.pairList.slice();
  const list = between.pairList;
  for (let i = 0; i + 3 < list.length; i += 4) pairList.push(list[i] === 0 ? 0 : list[i] + C, list[i + 1], list[i + 2] === 0 ? 0 : list[i + 2] + C, list[i + 3]);
  return {
    total: main.total + between.total,
    triangles: [Uint32Array.from([...surface].sort((a, b) => a - b)), ...main.triangles.slice(1), ...between.triangles.slice(1)],
    pairList,
  };
}
