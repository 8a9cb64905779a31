import type { IntersectionChecker, IntersectionCheckOptions, InputRegions, RegionTopology } from '../../intersection/index.ts';

// The public shapes of surfaceRepair (app/contact/surfaceRepair.ts re-exports them) and its data struct,
// SurfaceRepairState. V is the surface's vertex count, T its triangle count; positions are row-major xyz [m].

/** What surfaceRepair is built from. Units SI. */
export interface SurfaceRepairOptions {
  /** #T×3 welded triangles and the vertex count of the surface to repair */
  triangles: Uint32Array;
  vertexCount: number;
  /**
   * #V×3 rest pose [m]: its intersections grown into input regions (app/contact inputRegions) are structural (an ear
   * set into a head, a belt into a waist, a plate into a chest) and are kept, with whatever slides within them
   */
  restPositions: ArrayLike<number>;
  /** meshes the surface must not pass through, not moved (their welded triangles and vertex counts) */
  colliders?: Array<{ name: string; triangles: Uint32Array; vertexCount: number }>;
  /** the colliders' rest poses [m] (structural pairs with the surface); default: none structural */
  colliderRestPositions?: readonly ArrayLike<number>[];
  /** gap the repair leaves between surfaces it separates [m] (default 0.05 × the mean edge length) */
  gap?: number;
  /** quasistatic steps per frame at most (default 16) */
  maxSteps?: number;
  /** rings around the new intersections that the repair may move (default 4; the next 2 rings hold it in place) */
  rings?: number;
  /** stops a frame's repair between steps (AbortSignal's reason is thrown) */
  signal?: AbortSignal;
}

/** Why intersections of a frame were left (RepairedFrame.reasons): pairs counted by the first reason that holds. */
export interface RepairReasons {
  /** pairs with a collider: the collider moved through the surface (colliders are not moved) */
  collider: number;
  /** pairs the repair started from: the previous repaired frame (or the rest pose) was not free of them */
  start: number;
  /** pairs the steps did not separate within maxSteps (the surface could not get out of the way in time) */
  steps: number;
}

/** One repaired frame (RepairReport.frames). */
export interface RepairedFrame {
  /** edge–triangle intersections of the input frame, self and with the colliders (overlap check's count) */
  inputIntersections: number;
  /** of those, the ones inside the rest pose's input regions (kept) */
  structural: number;
  /** the others (pairs with a side outside every structural region) before and after the repair, removed = before − after */
  before: number;
  after: number;
  removed: number;
  /** welded triangles of the intersections the repair could not remove (empty when it removed them all) */
  remainingTriangles: number[];
  /** why they were left */
  reasons: RepairReasons;
  /** vertices the repair could move this frame (the new intersections' neighbourhood) */
  movedVertices: number;
  /** the largest move of a vertex [m] */
  maxDisplacement: number;
  /** quasistatic steps taken */
  steps: number;
}

/** Repairs the frames of one surface in order; each repair starts from the last repaired frame. */
export interface SurfaceRepair {
  /** #T 1 = the triangle lies inside an input region of the rest pose (structural, kept) */
  readonly structuralTriangles: Uint8Array;
  /**
   * Repairs one frame in place.
   *
   * @param positions  #V×3 the surface at this frame [m]; receives the repaired surface
   * @param colliders  each collider's welded positions at this frame [m]
   * @returns what was found and removed
   */
  repair(positions: Float32Array | Float64Array, colliders?: readonly ArrayLike<number>[]): RepairedFrame;
  /** What the next repair starts from (the last repaired frame, once there is one): a copy, for a checkpoint. */
  snapshot(): SurfaceRepairSnapshot;
  /** Continues from a snapshot (restore) or from the start (null). */
  restore(snapshot: SurfaceRepairSnapshot | null): void;
}

/** SurfaceRepair's state between two frames: the intersection-free surface and colliders the next repair starts from. */
export interface SurfaceRepairSnapshot {
  /** #V×3 the last repaired frame [m] (the rest pose before the first) */
  safe: Float64Array;
  /** each collider's positions at that frame [m] */
  safeColliders: Float64Array[];
  /** whether a frame was repaired (the first repair starts from the rest pose) */
  hasPrevious: boolean;
}

/**
 * surfaceRepair's data: what is fixed by its options (the checker, the region topology, the rest pose's structural
 * regions, the surface's 1-rings, the gap) and what one repaired frame hands to the next (the intersection-free state
 * the next repair starts from). Built by surfaceRepairState; the steps in this folder read it, repairFrame and
 * restoreSurfaceRepair write its safe state.
 */
export interface SurfaceRepairState {
  // ---- fixed by the options ----
  /** what the repair was built from */
  readonly options: SurfaceRepairOptions;
  /** V: the surface's vertex count */
  readonly vertexCount: number;
  /** #T×3 the surface's welded triangles */
  readonly triangles: Uint32Array;
  /** the colliders (none: empty) */
  readonly colliders: NonNullable<SurfaceRepairOptions['colliders']>;
  /** quasistatic steps per frame at most */
  readonly maxSteps: number;
  /** rings around the new pairs' corners that may move */
  readonly rings: number;
  /** the mean edge length of the rest pose's non-degenerate triangles [m] (the convergence tolerance's scale) */
  readonly meanEdge: number;
  /** the gap the repair leaves between surfaces it separates [m] (OGC's contact radius r) */
  readonly gap: number;
  /** the exact checker of the surface (mesh 0) and the colliders (meshes 1..C) */
  readonly checker: IntersectionChecker;
  /** its options: the surface against itself and against each collider, pairs listed */
  readonly checkOptions: IntersectionCheckOptions;
  /** the input-region rule's topology of the surface and the colliders */
  readonly topology: RegionTopology;
  /** CSR 1-ring of the surface's vertices (vertexNeighbours): #V+1 offsets, neighbours */
  readonly neighbourOffsets: Uint32Array;
  readonly neighbours: Uint32Array;
  /** the rest pose's input regions (structural: pairs inside one are kept) */
  readonly structure: InputRegions;
  /** #T 1 = the triangle lies inside a structural region */
  readonly structuralTriangles: Uint8Array;
  /** each collider's rest positions (zeros when not given) [m]: its safe state before the first frame */
  readonly initialColliders: readonly Float64Array[];

  // ---- carried from frame to frame (snapshot) ----
  /** #V×3 the last repaired frame (the rest pose before the first) [m] */
  readonly safe: Float64Array;
  /** each collider's positions at that frame [m] */
  safeColliders: Float64Array[];
  /** whether a frame was repaired (the first repair starts from the rest pose, the whole surface moving) */
  hasPrevious: boolean;
}
