/**
 * Types of the fitting of lattice targets to an animated surface (seed 004 §4.3, Eq. 4.1; tetTargetFitter): the
 * options, the per-frame report, the fitter's public interface, and TetFitData, the plain struct that the steps in
 * this folder read and write (libigl's ARAPData: everything arap_precomputation builds, then read by arap_solve).
 *
 * Notation (seed 004 Eq. 4.1): ū = argmin ½‖C′u − q̄‖²_Λ + Φ(u), Φ = γ·½ Σ_t κ_t ‖F_t(u) − R_t‖²_F
 *   (+ w·½ Σ_t κ_t ‖F_t(u) − P_t‖²_F with stretch limits). C′ is the #S×#N barycentric embedding (4 nonzeros a row),
 *   Λ = dataWeights, κ = tetWeights, g = shapeGradients (F_t = Σ_i x_i g_iᵀ), A = C′ᵀΛC′ + (γ + w)L the global matrix.
 * Positions are row-major #N×3 (lattice) or #S×3 (surface) Float64Arrays in metres.
 */
import type { AndersonAccelerator } from '../../math/index.ts';
import type { CscMatrix, LdltFactorization } from '../../math/sparse/index.ts';
import type { LatticeEmbedding } from '../latticeEmbedding.ts';
import type { RigidAlignment } from '../rigidAlignment.ts';

/** Options of tetTargetFitter. */
export interface TetTargetFitterOptions {
  /**
   * γ of seed 004 Eq. 4.1, the weight of the ARAP regularizer against the surface fit (default 1e-7, or
   * 0.1 with stretchLimits). Both terms are normalized (data weights sum to 1, tet weights are volume
   * fractions times h²), so γ is dimensionless: γ = 1 makes a 1% strain everywhere cost as much as a
   * 1%-of-a-cell surface misfit everywhere. Smaller fits tighter; larger smooths more. A tight fit (1e-7)
   * reproduces the surface as closely as the lattice can, but where the input moves non-affinely inside a
   * cell it does so with inverted and collapsed tets (DESIGN NOTES); those are no elastic reference.
   */
  gamma?: number;
  /**
   * Principal-stretch band of the fitted tets, for lattice targets that a simulation can use as its
   * animated rest shape: adds the projective strain limit ½·w·Σ_t κ_t·dist²(F_t, K), K the deformation
   * gradients whose signed principal stretches lie in [min, max], to Φ. An inverted tet has a negative
   * principal stretch, so it is pulled out of inversion; collapse below `min` and stretch beyond `max`
   * are penalized; inside the band the term is zero and the fit is ARAP's. Soft: input that is itself
   * stretched beyond the band (skinning at a joint) is followed partway. Default: none (Eq. 4.1 as is).
   * Recommended for simulation: { min: 0.5, max: 2 } (restShapeInverses' clamp band) with the default γ
   * that comes with it, 0.1; measured in DESIGN NOTES.
   */
  stretchLimits?: { min: number; max: number };
  /** w, the weight of the stretch-limit term, in γ's units (default 1; only with stretchLimits) */
  stretchLimitWeight?: number;
  /**
   * #S×3 surface triangles, for the per-vertex area weights Λ of Eq. 4.1 (a third of each incident
   * triangle's area, floored at 1% of the mean). Without them every vertex weighs the same.
   */
  surfaceTriangles?: ArrayLike<number>;
  /** #S data weights overriding Λ (e.g. 0 for untracked vertices: seed 004's Γ′ ⊂ Γ); normalized to sum 1 */
  surfaceWeights?: ArrayLike<number>;
  /** local/global iterations per frame at most (default 30) */
  maxIterations?: number;
  /**
   * how the data term's energy ½‖C′u − q̄‖²_Λ is measured for Anderson's acceptance test each iteration:
   * 'incremental' (default) expands it about the frame's first iterate (O(nnz of C′ᵀΛC′) per iteration instead of a
   * pass over every surface vertex) and measures it directly only when two energies are too close for the expansion to
   * order them; 'direct' always measures it directly. Both make the same decisions, so the fits are the same, bit for
   * bit (tested); 'direct' is there for that test.
   */
  dataEnergy?: 'incremental' | 'direct';
  /**
   * stop when no embedded surface point moved more than tolerance·cellSize in an iteration (default 1e-4);
   * with stretchLimits no lattice vertex either, since the whole lattice is then the product (default 1e-3
   * there: those fits differ from the input by tenths of a cell anyway)
   */
  tolerance?: number;
}

/** What one fit did. */
export interface TetTargetFitReport {
  /** local/global iterations taken */
  iterations: number;
  /** largest move of an embedded surface point (C′Δu, max norm) in the last iteration [m] */
  lastStep: number;
  /** root-mean-square of |C′ū − q̄| over surface vertices [m] */
  rmsResidual: number;
  /** max over surface vertices of |C′ū − q̄| [m] */
  maxResidual: number;
  /** with stretchLimits: tets inverted after the local/global iterations that the untangling passes turned back */
  untangledTets: number;
  /** with stretchLimits: tets still inverted after the untangling passes (0 in every case measured, DESIGN NOTES) */
  invertedTets: number;
  /** Anderson acceptance tests the incremental data energy could not order, measured directly instead */
  directEnergyTests: number;
}

/** A fitter bound to one embedding: the system is factored once, fit() solves one frame. */
export interface TetTargetFitter {
  /** #N lattice vertices (rows of out) */
  vertexCount: number;
  /** #S surface vertices (rows of surfacePositions) */
  surfaceVertexCount: number;
  /** nnz of the sparse LDLᵀ factor */
  factorNonzeros: number;
  /** time spent assembling and factoring [s] */
  factorSeconds: number;
  /**
   * Fits lattice targets ū to one frame of the animated surface.
   * @param surfacePositions  #S×3 animated surface positions q̄ [m] (same vertex order as the embedding)
   * @param out               #N×3 receives ū [m]; may be the same array as warmStart
   * @param warmStart         #N×3 initial guess, normally the previous frame's ū; default the rest lattice
   * @returns iterations and residuals
   */
  fit(surfacePositions: ArrayLike<number>, out: Float64Array, warmStart?: ArrayLike<number>): TetTargetFitReport;
  /**
   * The first-order change of the fit for a change of the surface, with the per-tet rotations and projections held:
   * δū = A⁻¹C′ᵀΛ·δq̄ (one back-substitution with the factor of A = C′ᵀΛC′ + (γ + w)L; a rigid translation of the
   * surface translates the lattice exactly). What a simulation reads between two fitted frames: the input's own motion
   * inside a frame (evaluated at a substep's time) on top of the fits' linear interpolation (volumeSimulation).
   * @param surfaceDelta  #S×3 δq̄ [m]
   * @param out           #N×3 receives δū [m]
   */
  linearResponse(surfaceDelta: ArrayLike<number>, out: Float64Array): void;
  /** What carries from one fit to the next (the warm-started per-tet rotations), as a copy: for bake checkpoints. */
  warmState(): { rotations: Float64Array; coldStart: boolean };
  /** Restores what warmState returned, so the next fit is the one that would have followed it. */
  setWarmState(state: { rotations: ArrayLike<number>; coldStart: boolean }): void;
}

/**
 * The incremental data energy of one frame (incrementalDataEnergy): the expansion point and its terms, and the latest
 * estimate with its rounding bound.
 */
export interface IncrementalDataEnergy {
  /** #N×3 x₀, the frame's first iterate, the expansion point [m] */
  readonly baseX: Float64Array;
  /** #N×3 g₀ = C′ᵀΛ(C′x₀ − q̄) = Mx₀ − C′ᵀΛq̄, the data term's gradient at x₀ [m] */
  readonly baseGradient: Float64Array;
  /** Σ_s λ_s‖C′_s x₀ − q̄_s‖², the data term (doubled) at x₀, summed directly [m²] */
  baseData: number;
  /** P, the frame's largest absolute coordinate (surface targets and x₀) [m], scale of the rounding bound */
  coordinateScale: number;
  /** the latest estimate of Σ_s λ_s‖C′_s x − q̄_s‖² [m²] */
  data: number;
  /** bound on |data − direct sum| from rounding [m²] */
  slack: number;
}

/**
 * Everything a fitter holds, built once per embedding by tetFitData and read by the steps (the ARAPData of this
 * solver). Fields marked readonly never change after tetFitData; the warm state, the iterates and the scratch arrays
 * are overwritten by fit. Nothing in here is allocated per frame or per iteration.
 */
export interface TetFitData {
  // — The embedding (references, not copies) —
  /** the lattice the fitter is bound to (latticeEmbedding) */
  readonly embedding: LatticeEmbedding;
  /** #N, lattice vertex count */
  readonly vertexCount: number;
  /** #T, tetrahedron count */
  readonly tetCount: number;
  /** #S, surface vertex count */
  readonly surfaceVertexCount: number;
  /** #T×4 lattice vertex indices of each tet (the embedding's) */
  readonly tetrahedra: Uint32Array;
  /** #N×3 rest lattice positions X̄ [m] (the embedding's) */
  readonly restPositions: Float64Array;
  /** #S containing tet of each surface vertex (the embedding's) */
  readonly surfaceTet: Uint32Array;
  /** #S×4 barycentric coordinates of each surface vertex in its tet: the nonzeros of C′'s rows (the embedding's) */
  readonly surfaceBarycentric: Float64Array;
  /** #S×4 offsets 3·v of each surface vertex's 4 tet corners v into an #N×3 array (one indirection fewer per loop) */
  readonly surfaceCorners: Int32Array;

  // — Resolved options —
  /** γ of Eq. 4.1, ARAP weight, dimensionless */
  readonly gamma: number;
  /** w, the strain-limit weight, dimensionless (0 without stretch limits) */
  readonly limitWeight: number;
  /** whether the strain-limit term is on (options.stretchLimits given) */
  readonly stretchLimited: boolean;
  /** smallest principal stretch of the band (0 without limits), dimensionless */
  readonly minStretch: number;
  /** largest principal stretch of the band (∞ without limits), dimensionless */
  readonly maxStretch: number;
  /** convergence threshold on a step's largest move, tolerance option × cell size [m] */
  readonly tolerance: number;
  /** local/global iterations per frame at most */
  readonly maxIterations: number;
  /** true: the Anderson acceptance test reads the incremental data energy; false: the direct sum */
  readonly incremental: boolean;

  // — Per-element rest data and the data weights —
  /** #S Λ of Eq. 4.1, normalized to sum 1 (dataWeights), dimensionless */
  readonly dataWeights: Float64Array;
  /** #T×4×3 shape-function gradients g_i of each tet's corners at rest (tetShapeGradients) [1/m] */
  readonly shapeGradients: Float64Array;
  /** #T κ_t = h²·V_t/ΣV, each tet's weight in Φ [m²] */
  readonly tetWeights: Float64Array;

  // — The global system A = C′ᵀΛC′ + (γ + w)L, factored once (fitSystem) —
  /** the sparse LDLᵀ factor of A (#N×#N, shared by the three coordinates) */
  readonly factor: LdltFactorization;
  /** nnz of the factor */
  readonly factorNonzeros: number;
  /** M = C′ᵀΛC′ alone, #N×#N CSC with duplicates summed, for the incremental data energy */
  readonly dataMatrix: CscMatrix;

  // — Adjacency for the untangling passes (untangledTets) —
  /** #N+1 offsets into vertexTets */
  readonly vertexTetOffsets: Int32Array;
  /** #T×4 entries 4·t + i: tet t holds the vertex as its corner i, grouped by vertex */
  readonly vertexTets: Int32Array;
  /** #T+1 offsets into tetSurface */
  readonly tetSurfaceOffsets: Int32Array;
  /** #S surface vertices grouped by their tet */
  readonly tetSurface: Int32Array;

  // — What carries from one fit to the next (warmState) —
  /** #T×4 unit quaternions x, y, z, w: each tet's last rotation R_t, the next local step's warm start */
  readonly rotations: Float64Array;
  /** true until the first local step: the rotations are then fitted from scratch */
  coldStart: boolean;

  // — Iterates of one fit (#N×3 each) —
  /** C′ᵀΛq̄ of the frame [m] */
  readonly dataRightHandSide: Float64Array;
  /** C′ᵀΛ·δq̄ of linearResponse [m] */
  readonly responseRightHandSide: Float64Array;
  /** the global step's right-hand side C′ᵀΛq̄ + Σ_t κ_t (γR_t + wP_t) g [m] */
  readonly rightHandSide: Float64Array;
  /** u, the current iterate [m] */
  readonly positions: Float64Array;
  /** G(u), the global step's solution (the plain local/global iterate) [m] */
  readonly plainIterate: Float64Array;
  /** G(u) − u, the fixed-point residual [m] */
  readonly residual: Float64Array;
  /** the last iterate whose energy was accepted (incremental energy only: its direct energy, on a tie) [m] */
  readonly acceptedPositions: Float64Array;
  /** Anderson acceleration of the local/global map (Peng et al. 2018), depth ANDERSON_DEPTH, size 3·#N */
  readonly anderson: AndersonAccelerator;
  /** the frame's incremental data energy (incrementalDataEnergy) */
  readonly dataEnergy: IncrementalDataEnergy;
  /** the frame's rigid pre-alignment (rigidAlignment) */
  readonly alignment: RigidAlignment;

  // — Scratch —
  /** 9 numbers, F_t row-major, dimensionless */
  readonly deformation: Float64Array;
  /** 9 numbers, R_t row-major */
  readonly rotation: Float64Array;
  /** 9 numbers, P_t row-major (stretchLimitProjection) */
  readonly projection: Float64Array;
  /** 4 numbers, a quaternion being fitted (warmStartedRotation, closestRotation) */
  readonly tetQuaternion: Float64Array;
  /** 9 numbers, a tet's combined target c_R·R + c_P·P of the untangling passes */
  readonly tetTarget: Float64Array;
  /** #S×3 embedded surface C′x [m] (rigid pre-alignment) */
  readonly surfaceScratch: Float64Array;
  /** #T 1 where a tet is inverted or nearly flat during the untangling passes */
  readonly inverted: Uint8Array;
  /** #N 1 where a lattice vertex moves in the current untangling pass */
  readonly active: Uint8Array;
}
