/**
 * The public shapes of OGC contact (Offset Geometric Contact, seed 000 ch. 5; docs/references.md): what `ogcContact`
 * is built from (OgcContactOptions), the kinematic inputs of one step call (OgcContactFrame, OgcContactFrameInputs),
 * its counters (OgcContactStats) and the contact the VBD step takes (OgcContact). The state these act on is
 * OgcContactState (ogcContactState.ts); the steps are the other files of this folder (README.md).
 */
import type { VbdContact } from '../../solvers/vbd/index.ts';

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
