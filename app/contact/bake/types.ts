import type { LatticeEmbedding } from '../../embedding/index.ts';
import type {
  FrameIntersections,
  IntersectionChecker,
  IntersectionCheckOptions,
  IntersectionCheckPool,
  InputRegions,
  PooledChecker,
  RegionTopology,
} from '../../intersection/index.ts';
import type { VbdContact } from '../../solvers/vbd/index.ts';
import type { OgcContact } from '../ogcContact.ts';

// The public shapes of bakeContact (app/contact/bakeContact.ts re-exports them) and its data struct, BakeContactState.
// S is the welded surface's vertex count, K the embedded surface vertices (K ≤ S), C the colliders, O their vertices
// together; positions are row-major xyz [m].

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
  setFrame(
    inputStart: Float32Array,
    inputEnd: Float32Array,
    collidersStart: readonly Float32Array[],
    collidersEnd: readonly Float32Array[],
    inputNext?: Float32Array,
    collidersNext?: readonly Float32Array[],
  ): void;
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
   * (carried shells ride their host and are left out of it: app/bake/session/jobSimulation.ts); the others are kinematic
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
 * One exact check of an input frame (the surface and the colliders, listPairs on), kept by the positions it checked:
 * computed here, or prefetched on the check pool (`done` settles when the pool answers; `result` is null until then).
 */
export interface InputCheck {
  /** the surface's then each collider's positions one after another, as checked (inputCheckKey) [m] */
  positions: Float64Array;
  /** the check (mesh 0 the surface, then the colliders; listPairs on), null while the pool has not answered */
  result: FrameIntersections | null;
  /** settles when a prefetched check is answered (or dropped); null for a check made here */
  done: Promise<void> | null;
}

/**
 * bakeContact's data: what is fixed by its options (topology, checkers, the OGC contact, the rigid pieces) and what one
 * frame hands to the next (warm rotations, the final check's hold, the input checks' cache). Built by bakeContactState;
 * the steps in this folder read and write it, the driver (app/contact/bakeContact.ts) calls them in the method's order.
 * Arrays are allocated once here and overwritten in place; nothing here is allocated per frame except the checks'
 * own answers.
 */
export interface BakeContactState {
  // ---- fixed by the options ----
  /** what the contact was built from (the welded surface's triangles, the colliders, the neighbours) */
  readonly options: BakeContactOptions;
  /** S: welded surface vertex count */
  readonly surfaceVertexCount: number;
  /** the lattice embedding of the surface, null for cloth */
  readonly embedding: LatticeEmbedding | null;
  /** #K the surface vertex of each embedded surface vertex (all S in order by default; empty for cloth) */
  readonly embedded: Uint32Array;
  /** the OGC contact the VBD step runs (app/contact/ogcContact.ts) */
  readonly ogc: OgcContact;
  /** the exact checker of the surface (mesh 0) and the colliders (meshes 1..C) */
  readonly checker: IntersectionChecker;
  /** its options: the surface against itself when self-contact is on, and against each collider; no collider pair */
  readonly checkOptions: IntersectionCheckOptions & { self: boolean[] };
  /** C: the number of colliders (the neighbours are meshes C + 1.. of the final check's merged measure) */
  readonly colliderCount: number;
  /** #C the first vertex of each collider in the obstacle arrays (the colliders one after another) */
  readonly colliderOffsets: readonly number[];
  /** the exact checker of the surface (mesh 0) against the neighbours (1..N), null without neighbours */
  readonly neighbourChecker: IntersectionChecker | null;
  /** its options: the surface against each neighbour only, listPairs on */
  readonly neighbourOptions: IntersectionCheckOptions;
  /** the input-region rule's topology: the surface, the colliders, then the neighbours */
  readonly topology: RegionTopology;
  /** CSR 1-ring of the surface's vertices (vertexNeighbours): #S+1 offsets, neighbours */
  readonly neighbourOffsets: Uint32Array;
  readonly neighbours: Uint32Array;
  /** #S the rigid piece of each surface vertex (-1: none), null when the options give none */
  readonly pieces: Int32Array | null;
  /** the number of rigid pieces (1 + the largest piece index; 0 without pieces) */
  readonly pieceCount: number;
  /** the share of the hold released per frame: frame duration / CORRECTION_RELEASE_SECONDS (> 0) */
  readonly release: number;
  /** the check pool's checker of the surface and colliders, null without a pool or for a small surface */
  readonly pooled: PooledChecker | null;
  /** checkOptions' mesh pairs in the pool's portable form: 0, b for each collider b = 1..C */
  readonly colliderPairs: number[];
  /** the statistics' figures fixed at set-up (kept through restore) */
  readonly setupStats: Pick<BakeContactStats, 'selfContact' | 'colliders' | 'surface' | 'radius' | 'stiffness'>;
  /** the report's entry, filled per baked frame (the same object through the bake: restore assigns into it) */
  readonly stats: BakeContactStats;

  // ---- the frame's inputs (setContactFrame) and the step call's surfaces (stepSurfaces) ----
  /** #O×3 the colliders at the start and the end of the frame [m] */
  readonly obstacleStart: Float64Array;
  readonly obstacleEnd: Float64Array;
  /** #O×3 the colliders at the start and the end of the step call [m] */
  readonly subStart: Float64Array;
  readonly subEnd: Float64Array;
  /** #S×3 the welded input surface at the start and the end of the frame [m] */
  readonly referenceStart: Float64Array;
  readonly referenceEnd: Float64Array;
  /** #S×3 the input surface at the start and the end of the step call [m] */
  readonly subReferenceStart: Float64Array;
  readonly subReferenceEnd: Float64Array;
  /** the colliders at the frame's start as setFrame passed them (the untangling checks against them) [m] */
  collidersAtStart: readonly Float32Array[];
  /** #S×3 the contact points' detail offsets R(q̄ − C′ū) (kinematic points: the point itself) [m] */
  readonly offsets: Float64Array;
  /** #S×3 the contact surface at the start of the step call [m] */
  readonly current: Float64Array;
  /** #K×3 the exported surface of the embedded vertices at the start of the call (detailTransfer's output) [m] */
  readonly exported: Float64Array;
  /** #K×4 the embedded vertices' rotations (x, y, z, w), the detail transfer's warm starts (snapshot) */
  readonly quaternions: Float64Array;
  /** #K×3 the input of the embedded vertices (when the lattice embeds only part of the surface; else null) [m] */
  readonly embeddedReference: Float64Array | null;

  // ---- input regions and untangling ----
  /** the input's regions at the frame's end and the next frame's (what contact leaves alone), reused in place */
  frameRegions: InputRegions | undefined;
  /** the input's regions at the frame alone, with the neighbours' crossings (the final check's measure) */
  checkRegions: InputRegions | undefined;
  /** #S the region label of each point handed to the step (ANY_REGION for an untangled point) */
  readonly regions: Uint32Array;
  /** #S 1 where the point is untangled (pulled toward the input, out of contact) this frame */
  readonly untangle: Uint8Array;
  /** #S×3 the surface the untangling checks: kinematic points at the input, the others as simulated [m] */
  readonly untangleSurface: Float64Array;
  /** the points untangled at this frame (the report's untangledPoints) */
  untangledPoints: number;

  // ---- the final check and its hold ----
  /** #S×3 the output as the simulation left it, before any correction [m] */
  readonly raw: Float32Array;
  /** #S 1 on the corners of the pairs the correction acts on */
  readonly core: Uint8Array;
  /** #S each vertex's share of the correction, in [0, 1] (ringFalloff over core) */
  readonly falloff: Float32Array;
  /** #pieces scratch of rigidPieceShares */
  readonly pieceShare: Float32Array;
  /** #S the share of its departure from the input each vertex gave up and the check still holds, in [0, 1] */
  readonly held: Float32Array;
  /** whether any share is held */
  holding: boolean;

  // ---- the input checks' cache ----
  /** the last three input checks, newest first (inputCheck) */
  readonly inputChecks: InputCheck[];
  /** checks sent to the pool and not yet asked for, oldest first, at most 8 (prefetchInputCheck) */
  readonly prefetched: InputCheck[];
}
