import { tetLaplacianTriplets } from '../geometry/tetLaplacianTriplets.ts';
import { tetShapeGradients } from '../geometry/tetShapeGradients.ts';
import { andersonAccelerator } from '../math/andersonAccelerator.ts';
import { cscMatrixFromTriplets, ldltFactorization, ldltSolve, ldltSymbolic, type LdltFactorization } from '../math/sparse/index.ts';
import { closestRotation, WARM_NEWTON_STOP } from './closestRotation.ts';
import { embeddedSurfacePositions } from './embeddedSurfacePositions.ts';
import type { LatticeEmbedding } from './latticeEmbedding.ts';
import { rigidAlignment, type RigidAlignment } from './rigidAlignment.ts';
import { stretchLimitProjection } from './stretchLimitProjection.ts';
import { warmStartedRotation } from './warmStartedRotation.ts';

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
 * Per-frame tetrahedral targets ū(t) that make the embedded surface follow an input animation, seed 004
 * §4.3, Eq. 4.1: ū = argmin ½‖C′u − q̄‖²_Λ + Φ(u), with Φ the as-rigid-as-possible energy
 * γ·½ Σ_t κ_t ‖F_t(u) − R_t‖²_F (κ_t = h²·V_t/ΣV) instead of Li's invertible StVK, plus, with stretchLimits,
 * the projective strain limit w·½ Σ_t κ_t ‖F_t(u) − P_t‖²_F, P_t the nearest deformation whose signed
 * principal stretches lie in [min, max] (stretchLimitProjection; Bouaziz et al. 2014 §5.1, the strain energy
 * seed 004 §3.1 / Fig. 3.14 tests in ARAP's place).
 *
 * Why ARAP: its local/global minimization (Sorkine & Alexa 2007) has a constant global matrix
 * A = C′ᵀΛC′ + (γ + w)L (L the tet stiffness Laplacian Σ_t κ_t g_i·g_j), so A is factored once per embedding
 * and every iteration of every frame is one local step (a rotation per tet, closestRotation, and with limits
 * a clamp of its stretches) and one 3-column back-substitution; Li's Newton on StVK refactors per iteration
 * (Eq. 4.3). Both terms are rotation invariant, so a rigidly moving or skinned input is reproduced up to its
 * non-rigid part, and lattice vertices outside the surface follow rigidly. Frames are fitted in order and
 * warm-started from the previous ū (Li: "sequential over frames for temporal coherence"); the per-tet
 * rotations persist in the fitter between calls.
 *
 * DESIGN NOTES (inverted targets; /tmp measurements on the bake's set-up: world-space rest pose, clip at its
 * key rate, warm-started, volumes and stretches recomputed from ū)
 * - The tight default (γ = 1e-7) inverts tets wherever the lattice cannot represent the input: Fox.glb Walk
 *   at resolution 8/12/16 has 22/94/215 inverted tets per frame (of 270/785/1215), volume ratios down to
 *   −171, principal stretches up to 167; the sample's Bounce 0.3/10/10 (of 1360/3540/7195). These are true
 *   minimizers, not an unconverged solve: 2000 iterations keep 64 of them on one Walk frame (res 12), and it
 *   converges in 2–3 iterations (the 30-iteration cap is not the problem; γ = 1e-3 gives the volume ratios
 *   −5.7…7, up to 35 inverted tets and the cap hits reported from the bake). Causes, measured: (1) the input
 *   is not piecewise affine on the lattice: Fox's skinning stretches surface edges 0.33–3.6×, and one res-12
 *   tet holds 7 surface vertices whose motions differ by 1.2 cells, so no lattice fits it (best residual
 *   0.28–0.58 of a cell); (2) with γ = 1e-7 the data term then wins at every lattice vertex, however small its
 *   barycentric weight b: a vertex moves by ~residual/b to shave a residual (estimate: ARAP needs
 *   γ ≳ λ·b·T/20, ≈ 1e-2…1e-1 here, to stop it); (3) 85% of the inverted tets hold no surface vertex: the
 *   ARAP fill between such flung vertices folds. The regularizer was already rotation-aware; the embedding's
 *   duplicated pieces are not the cause (left and right limbs share 3–9 lattice vertices, via the torso).
 * - Tried and rejected: a larger uniform γ (γ = 1: no inverted tet at res 12, but still some at res 16, and the
 *   surface misfit grows to 0.88 of a cell); a deformation-gradient smoothness term Σ‖F_s − F_t‖² (as γ, more
 *   misfit); stiffening only the tets that invert (refactor per change; misfit 1.4–4 cells); targets F̂_t from a
 *   weighted affine fit of nearby surface motion (still inverts); hard linearized stretch constraints by a
 *   Schur complement on the constant factor (seed 004 Eq. 3.24–3.25; diverged: each solve meets its linearized
 *   constraints and folds other tets); an IPC log barrier with a feasibility line search (steps of 1/100,
 *   stuck at 1–14 cells misfit).
 * - Kept: the strain limit with γ = 0.1, w = 1, band [0.5, 2], tolerance 1e-3: Fox Walk res 8/12/16 and the
 *   sample res 8/12/16 have no inverted tet in any frame; smallest volume ratio 0.38/0.19/0.08 (Fox),
 *   0.53/0.40/0.35 (sample); principal stretches 0.19–2.61 (Fox 12), 0.38–1.62 (sample 12); worst surface
 *   misfit 0.60/0.65/0.86 cells (tight: 0.56/0.58/0.78) and 0.23/0.24/0.18 (tight 0.21/0.13/0.13) — detail
 *   transfer (seed 004 Eq. 4.10) carries it; 11–20 iterations per frame (tight: 2–3; the whole lattice must
 *   settle, see fit), 3–5× the fitting time (Fox 12: 17 ms per frame, sample 12: 42 ms; the bake's VBD step
 *   costs 13 and 33). Fox at res 24/32 still had 1–23 inverted tets per frame (most in
 *   the Run), now removed by the local untangling passes after the iterations (untangle, in fit):
 *   290 surface vertices cannot pin 2930/5925 tets, and the band is soft.
 * - Why opt-in: the tight fit that follows Fox.glb within 1% of a cell at resolution 32 (the "follows every
 *   clip" test) has 150–180 inverted tets per frame, and every variant above that removes them misses Fox by
 *   7–140% of a cell there. So the default stays Eq. 4.1's tight fit; simulation targets ask for
 *   stretchLimits.
 *
 * @param embedding  the lattice (latticeEmbedding)
 * @param options    gamma, surfaceTriangles or surfaceWeights, stretchLimits, stretchLimitWeight, maxIterations, tolerance
 * @returns the fitter
 * @throws Error when a connected lattice part has no weighted surface vertex (the system is then singular)
 * @throws RangeError for a non-positive γ or w, or a band that excludes the rest shape (min > 1 or max < 1)
 */
export function tetTargetFitter(embedding: LatticeEmbedding, options: TetTargetFitterOptions = {}): TetTargetFitter {
  const start = performance.now();
  const limits = options.stretchLimits;
  if (limits && !(limits.min > 0 && limits.min <= 1 && limits.max >= 1 && Number.isFinite(limits.max))) {
    throw new RangeError(`tetTargetFitter: stretchLimits must satisfy 0 < min ≤ 1 ≤ max < ∞, got [${limits.min}, ${limits.max}]`);
  }
  const gamma = options.gamma ?? (limits ? 0.1 : 1e-7);
  if (!(gamma > 0)) throw new RangeError(`tetTargetFitter: gamma must be > 0, got ${gamma}`);
  const limitWeight = limits ? (options.stretchLimitWeight ?? 1) : 0;
  if (limits && !(limitWeight > 0 && Number.isFinite(limitWeight))) {
    throw new RangeError(`tetTargetFitter: stretchLimitWeight must be > 0, got ${limitWeight}`);
  }
  const minStretch = limits?.min ?? 0;
  const maxStretch = limits?.max ?? Infinity;
  const tolerance = (options.tolerance ?? (limits ? 1e-3 : 1e-4)) * embedding.cellSize;
  // Both terms of Φ are ½κ‖F − target‖², so the global matrix holds their summed weight.
  const elasticWeight = gamma + limitWeight;
  const maxIterations = options.maxIterations ?? 30;

  const { vertexCount: n, tetCount, tetrahedra, positions: rest, surfaceVertexCount: S, surfaceTet, surfaceBarycentric } = embedding;
  const lambda = dataWeights(embedding, options);
  // Each surface vertex's 4 lattice coordinates offsets (3·vertex of its tet's corners): one indirection fewer in the
  // loops over surface vertices that run every iteration.
  const surfaceCorners = new Int32Array(4 * S);
  for (let s = 0; s < S; s++) for (let i = 0; i < 4; i++) surfaceCorners[4 * s + i] = 3 * tetrahedra[4 * surfaceTet[s] + i];

  // Shape-function gradients g_k (#T×4×3) and weights κ_t.
  const gradients = new Float64Array(12 * tetCount);
  const kappa = new Float64Array(tetCount);
  let totalVolume = 0;
  for (let t = 0; t < tetCount; t++) {
    const volume = tetShapeGradients(rest, tetrahedra, t, gradients);
    kappa[t] = volume;
    totalVolume += volume;
  }
  const h2 = embedding.cellSize * embedding.cellSize;
  for (let t = 0; t < tetCount; t++) kappa[t] *= h2 / totalVolume;

  // A = C′ᵀΛC′ + (γ + w)L as triplets: 16 per tet and 16 per surface vertex.
  const tripletCount = 16 * (tetCount + S);
  const rows = new Int32Array(tripletCount);
  const columns = new Int32Array(tripletCount);
  const values = new Float64Array(tripletCount);
  let k = tetLaplacianTriplets(tetrahedra, tetCount, gradients, kappa, elasticWeight, rows, columns, values, 0);
  const dataTripletStart = k;
  for (let s = 0; s < S; s++) {
    const t = surfaceTet[s];
    for (let i = 0; i < 4; i++) {
      for (let j = 0; j < 4; j++) {
        rows[k] = tetrahedra[4 * t + i];
        columns[k] = tetrahedra[4 * t + j];
        values[k++] = lambda[s] * surfaceBarycentric[4 * s + i] * surfaceBarycentric[4 * s + j];
      }
    }
  }
  const { matrix } = cscMatrixFromTriplets(n, n, rows, columns, values);
  // The data term's matrix M = C′ᵀΛC′ alone (its 16·S triplets follow the Laplacian's), for the incremental energy.
  const dataMatrix = cscMatrixFromTriplets(n, n, rows.subarray(dataTripletStart, k), columns.subarray(dataTripletStart, k), values.subarray(dataTripletStart, k)).matrix;
  const incremental = (options.dataEnergy ?? 'incremental') === 'incremental';
  const symbolic = ldltSymbolic(matrix);
  let factor: LdltFactorization;
  try {
    factor = ldltFactorization(symbolic, matrix);
  } catch (error) {
    throw new Error(
      `tetTargetFitter: the fitting system is singular (${(error as Error).message}); every connected part of the lattice needs a surface vertex with a positive weight`,
    );
  }

  const rotations = new Float64Array(4 * tetCount);
  for (let t = 0; t < tetCount; t++) rotations[4 * t + 3] = 1;
  const dataRhs = new Float64Array(3 * n);
  const responseRhs = new Float64Array(3 * n);
  const rhs = new Float64Array(3 * n);
  const u = new Float64Array(3 * n);
  const G = new Float64Array(3 * n);
  const f = new Float64Array(3 * n);
  const anderson = andersonAccelerator(3 * n, ANDERSON_DEPTH);
  const F = new Float64Array(9);
  const R = new Float64Array(9);
  const P = new Float64Array(9);
  const scratchSurface = new Float64Array(3 * S);
  const tetQuaternion = new Float64Array(4);
  let coldStart = true;

  /** F_t at x into F (row-major), as tetDeformationGradient sums it. */
  const deformationGradient = (x: Float64Array, t: number): void => {
    let f0 = 0, f1 = 0, f2 = 0, f3 = 0, f4 = 0, f5 = 0, f6 = 0, f7 = 0, f8 = 0;
    for (let i = 0; i < 4; i++) {
      const v = 3 * tetrahedra[4 * t + i];
      const g = 12 * t + 3 * i;
      const g0 = gradients[g];
      const g1 = gradients[g + 1];
      const g2 = gradients[g + 2];
      const x0 = x[v];
      const x1 = x[v + 1];
      const x2 = x[v + 2];
      f0 += x0 * g0;
      f1 += x0 * g1;
      f2 += x0 * g2;
      f3 += x1 * g0;
      f4 += x1 * g1;
      f5 += x1 * g2;
      f6 += x2 * g0;
      f7 += x2 * g1;
      f8 += x2 * g2;
    }
    F[0] = f0;
    F[1] = f1;
    F[2] = f2;
    F[3] = f3;
    F[4] = f4;
    F[5] = f5;
    F[6] = f6;
    F[7] = f7;
    F[8] = f8;
  };

  /** ‖C′x − q̄‖² of surface vertex s (the squared distance from its embedded position to its target). */
  const misfitSquared = (surfacePositions: ArrayLike<number>, x: ArrayLike<number>, s: number): number => {
    let dx = -surfacePositions[3 * s];
    let dy = -surfacePositions[3 * s + 1];
    let dz = -surfacePositions[3 * s + 2];
    for (let i = 0; i < 4; i++) {
      const b = surfaceBarycentric[4 * s + i];
      const v = surfaceCorners[4 * s + i];
      dx += b * x[v];
      dy += b * x[v + 1];
      dz += b * x[v + 2];
    }
    return dx * dx + dy * dy + dz * dz;
  };

  /** max over surface vertices of |C′d|∞: how far the embedded surface moves by the lattice step d. */
  const surfaceStep = (d: Float64Array): number => {
    let largest = 0;
    for (let s = 0; s < S; s++) {
      let dx = 0;
      let dy = 0;
      let dz = 0;
      for (let i = 0; i < 4; i++) {
        const b = surfaceBarycentric[4 * s + i];
        const v = surfaceCorners[4 * s + i];
        dx += b * d[v];
        dy += b * d[v + 1];
        dz += b * d[v + 2];
      }
      const step = Math.max(Math.abs(dx), Math.abs(dy), Math.abs(dz));
      if (step > largest) largest = step;
    }
    return largest;
  };

  /**
   * Local step at x: best rotations R_t and stretch-limit projections P_t, rhs = C′ᵀΛq̄ + Σκ(γR + wP)g;
   * returns twice the elastic part of the energy E(x, R(x), P(x)) of Eq. 4.1 (both terms of Φ; fit adds the data
   * term, energyAt).
   */
  const localStep = (x: Float64Array): number => {
    rhs.set(dataRhs);
    let elastic = 0;
    for (let t = 0; t < tetCount; t++) {
      deformationGradient(x, t);
      warmStartedRotation(F, rotations, t, tetQuaternion, R, coldStart, coldStart ? 24 : 8, WARM_NEWTON_STOP);
      const f0 = F[0], f1 = F[1], f2 = F[2], f3 = F[3], f4 = F[4], f5 = F[5], f6 = F[6], f7 = F[7], f8 = F[8];
      const r0 = R[0], r1 = R[1], r2 = R[2], r3 = R[3], r4 = R[4], r5 = R[5], r6 = R[6], r7 = R[7], r8 = R[8];
      let misfit = 0;
      misfit += (f0 - r0) * (f0 - r0);
      misfit += (f1 - r1) * (f1 - r1);
      misfit += (f2 - r2) * (f2 - r2);
      misfit += (f3 - r3) * (f3 - r3);
      misfit += (f4 - r4) * (f4 - r4);
      misfit += (f5 - r5) * (f5 - r5);
      misfit += (f6 - r6) * (f6 - r6);
      misfit += (f7 - r7) * (f7 - r7);
      misfit += (f8 - r8) * (f8 - r8);
      elastic += gamma * kappa[t] * misfit;
      // Target γR + wP of the tet's row of the global system (P = F inside the band: no force there).
      let p0 = gamma * r0, p1 = gamma * r1, p2 = gamma * r2, p3 = gamma * r3, p4 = gamma * r4, p5 = gamma * r5, p6 = gamma * r6, p7 = gamma * r7, p8 = gamma * r8;
      if (limits) {
        // stretchLimitProjection's test of the common case, inline: S = sym(RᵀF), and when every Gershgorin disc of S
        // lies inside the band, P = F and the term adds nothing.
        const s00 = r0 * f0 + r3 * f3 + r6 * f6;
        const s11 = r1 * f1 + r4 * f4 + r7 * f7;
        const s22 = r2 * f2 + r5 * f5 + r8 * f8;
        const a01 = Math.abs(0.5 * (r0 * f1 + r3 * f4 + r6 * f7 + (r1 * f0 + r4 * f3 + r7 * f6)));
        const a02 = Math.abs(0.5 * (r0 * f2 + r3 * f5 + r6 * f8 + (r2 * f0 + r5 * f3 + r8 * f6)));
        const a12 = Math.abs(0.5 * (r1 * f2 + r4 * f5 + r7 * f8 + (r2 * f1 + r5 * f4 + r8 * f7)));
        if (
          s00 - a01 - a02 >= minStretch && s00 + a01 + a02 <= maxStretch &&
          s11 - a01 - a12 >= minStretch && s11 + a01 + a12 <= maxStretch &&
          s22 - a02 - a12 >= minStretch && s22 + a02 + a12 <= maxStretch
        ) {
          p0 += limitWeight * f0;
          p1 += limitWeight * f1;
          p2 += limitWeight * f2;
          p3 += limitWeight * f3;
          p4 += limitWeight * f4;
          p5 += limitWeight * f5;
          p6 += limitWeight * f6;
          p7 += limitWeight * f7;
          p8 += limitWeight * f8;
        } else {
          elastic += limitWeight * kappa[t] * stretchLimitProjection(F, R, minStretch, maxStretch, P);
          p0 += limitWeight * P[0];
          p1 += limitWeight * P[1];
          p2 += limitWeight * P[2];
          p3 += limitWeight * P[3];
          p4 += limitWeight * P[4];
          p5 += limitWeight * P[5];
          p6 += limitWeight * P[6];
          p7 += limitWeight * P[7];
          p8 += limitWeight * P[8];
        }
      }
      const scale = kappa[t];
      for (let i = 0; i < 4; i++) {
        const v = 3 * tetrahedra[4 * t + i];
        const g = 12 * t + 3 * i;
        const g0 = gradients[g];
        const g1 = gradients[g + 1];
        const g2 = gradients[g + 2];
        rhs[v] += scale * (p0 * g0 + p1 * g1 + p2 * g2);
        rhs[v + 1] += scale * (p3 * g0 + p4 * g1 + p5 * g2);
        rhs[v + 2] += scale * (p6 * g0 + p7 * g1 + p8 * g2);
      }
    }
    coldStart = false;
    return elastic;
  };

  /** Σ_s λ_s‖C′_s x − q̄_s‖², summed directly over the surface vertices in order (the energy's reference value). */
  const directData = (x: Float64Array, surfacePositions: ArrayLike<number>): number => {
    let data = 0;
    for (let s = 0; s < S; s++) data += lambda[s] * misfitSquared(surfacePositions, x, s);
    return data;
  };

  // The incremental data energy of a frame: about its first iterate x₀, data(x) = data₀ + 2 g₀·d + dᵀMd exactly
  // (d = x − x₀, g₀ = C′ᵀΛ(C′x₀ − q̄) = Mx₀ − C′ᵀΛq̄, M = C′ᵀΛC′), O(nnz M) instead of O(S). `slack` bounds its
  // rounding against the direct sum: a relative 1e-9 of the magnitudes summed (either side's rounding is about
  // S·ε ≈ 1e-12 of them) plus 1e-12·P·(P + max|d|) for the cancellation inside the residuals and in g₀ (P the
  // frame's largest coordinate). Generous on purpose: a tie within it is settled by the direct sums.
  const baseX = new Float64Array(3 * n);
  const baseGradient = new Float64Array(3 * n);
  const acceptedX = new Float64Array(3 * n);
  let baseData = 0;
  let coordinateScale = 0;
  const estimate = { data: 0, slack: 0 };
  const startIncrementalData = (x: Float64Array, surfacePositions: ArrayLike<number>): void => {
    baseX.set(x);
    baseData = directData(x, surfacePositions);
    coordinateScale = 0;
    for (let i = 0; i < 3 * S; i++) coordinateScale = Math.max(coordinateScale, Math.abs(surfacePositions[i]));
    for (let i = 0; i < 3 * n; i++) coordinateScale = Math.max(coordinateScale, Math.abs(x[i]));
    for (let i = 0; i < 3 * n; i++) baseGradient[i] = -dataRhs[i];
    const { columnPointers, rowIndices, values: m } = dataMatrix;
    for (let c = 0; c < n; c++) {
      const xc = 3 * c;
      for (let e = columnPointers[c]; e < columnPointers[c + 1]; e++) {
        const r = 3 * rowIndices[e];
        baseGradient[r] += m[e] * x[xc];
        baseGradient[r + 1] += m[e] * x[xc + 1];
        baseGradient[r + 2] += m[e] * x[xc + 2];
      }
    }
    estimate.data = baseData;
    estimate.slack = 1e-9 * baseData + 1e-12 * coordinateScale * coordinateScale;
  };
  const incrementalData = (x: Float64Array): void => {
    let linear = 0;
    let linearMagnitude = 0;
    let largest = 0;
    for (let i = 0; i < 3 * n; i++) {
      const d = x[i] - baseX[i];
      linear += baseGradient[i] * d;
      linearMagnitude += Math.abs(baseGradient[i] * d);
      largest = Math.max(largest, Math.abs(d));
    }
    let quadratic = 0;
    let quadraticMagnitude = 0;
    const { columnPointers, rowIndices, values: m } = dataMatrix;
    for (let c = 0; c < n; c++) {
      const dx = x[3 * c] - baseX[3 * c];
      const dy = x[3 * c + 1] - baseX[3 * c + 1];
      const dz = x[3 * c + 2] - baseX[3 * c + 2];
      for (let e = columnPointers[c]; e < columnPointers[c + 1]; e++) {
        const r = 3 * rowIndices[e];
        const product = m[e] * ((x[r] - baseX[r]) * dx + (x[r + 1] - baseX[r + 1]) * dy + (x[r + 2] - baseX[r + 2]) * dz);
        quadratic += product;
        quadraticMagnitude += Math.abs(product);
      }
    }
    estimate.data = baseData + 2 * linear + quadratic;
    estimate.slack = 1e-9 * (baseData + 2 * linearMagnitude + quadraticMagnitude) + 1e-12 * coordinateScale * (coordinateScale + largest);
  };

  const alignment: RigidAlignment = {
    rotation: new Float64Array(9),
    quaternion: new Float64Array(4),
    sourceCentroid: new Float64Array(3),
    targetCentroid: new Float64Array(3),
  };
  /**
   * Moves the initial guess x by the rigid motion that best aligns its embedded surface C′x with the frame
   * (weighted Kabsch, rigidAlignment) and turns the per-tet rotations with it.
   * A rigidly moving input is then fitted before the first iteration, and the global part of a character's
   * motion (walking, turning) costs no iterations; ARAP alone spreads a large rotation from the surface into
   * the lattice cells outside it only over many local/global iterations.
   */
  const alignRigidly = (x: Float64Array, surfacePositions: ArrayLike<number>): void => {
    rigidAlignment(embeddedSurfacePositions(embedding, x, scratchSurface), surfacePositions, lambda, S, alignment);
    const R = alignment.rotation;
    const { sourceCentroid: c, targetCentroid: q } = alignment;
    const cx = c[0];
    const cy = c[1];
    const cz = c[2];
    const qx = q[0];
    const qy = q[1];
    const qz = q[2];
    for (let v = 0; v < n; v++) {
      const dx = x[3 * v] - cx;
      const dy = x[3 * v + 1] - cy;
      const dz = x[3 * v + 2] - cz;
      x[3 * v] = qx + R[0] * dx + R[1] * dy + R[2] * dz;
      x[3 * v + 1] = qy + R[3] * dx + R[4] * dy + R[5] * dz;
      x[3 * v + 2] = qz + R[6] * dx + R[7] * dy + R[8] * dz;
    }
    // Per-tet rotation warm starts: q_t ← q_R · q_t.
    const ax = alignment.quaternion[0];
    const ay = alignment.quaternion[1];
    const az = alignment.quaternion[2];
    const aw = alignment.quaternion[3];
    for (let t = 0; t < tetCount; t++) {
      const o = 4 * t;
      const x0 = rotations[o];
      const y0 = rotations[o + 1];
      const z0 = rotations[o + 2];
      const w0 = rotations[o + 3];
      rotations[o] = aw * x0 + ax * w0 + ay * z0 - az * y0;
      rotations[o + 1] = aw * y0 - ax * z0 + ay * w0 + az * x0;
      rotations[o + 2] = aw * z0 + ax * y0 - ay * x0 + az * w0;
      rotations[o + 3] = aw * w0 - ax * x0 - ay * y0 - az * z0;
    }
  };

  // Per-vertex adjacency for the untangling passes: tets of each lattice vertex, surface vertices of each tet.
  const vertexTetOffsets = new Int32Array(n + 1);
  for (let k = 0; k < 4 * tetCount; k++) vertexTetOffsets[tetrahedra[k] + 1]++;
  for (let v = 0; v < n; v++) vertexTetOffsets[v + 1] += vertexTetOffsets[v];
  const vertexTets = new Int32Array(4 * tetCount);
  {
    const fill = vertexTetOffsets.slice(0, n);
    for (let k = 0; k < 4 * tetCount; k++) vertexTets[fill[tetrahedra[k]]++] = k;
  }
  const tetSurfaceOffsets = new Int32Array(tetCount + 1);
  for (let s = 0; s < S; s++) tetSurfaceOffsets[surfaceTet[s] + 1]++;
  for (let t = 0; t < tetCount; t++) tetSurfaceOffsets[t + 1] += tetSurfaceOffsets[t];
  const tetSurface = new Int32Array(S);
  {
    const fill = tetSurfaceOffsets.slice(0, tetCount);
    for (let s = 0; s < S; s++) tetSurface[fill[surfaceTet[s]]++] = s;
  }
  const inverted = new Uint8Array(tetCount);
  const active = new Uint8Array(n);
  const tetTarget = new Float64Array(9);

  /** F_t at x (row-major), into F; returns det F (the tet's volume ratio to its rest volume). */
  const deformation = (x: Float64Array, t: number): number => {
    F.fill(0);
    for (let i = 0; i < 4; i++) {
      const v = 3 * tetrahedra[4 * t + i];
      const g = 12 * t + 3 * i;
      for (let r = 0; r < 3; r++) {
        F[3 * r] += x[v + r] * gradients[g];
        F[3 * r + 1] += x[v + r] * gradients[g + 1];
        F[3 * r + 2] += x[v + r] * gradients[g + 2];
      }
    }
    return F[0] * (F[4] * F[8] - F[5] * F[7]) - F[1] * (F[3] * F[8] - F[5] * F[6]) + F[2] * (F[3] * F[7] - F[4] * F[6]);
  };

  /**
   * Untangling: the local/global iterations minimize Φ with a soft strain limit, which leaves a few tets inverted where
   * the input cannot be followed (Fox.glb's Run at lattice 24/32: up to 23 a frame). Those are no elastic reference
   * and fold the surface, so the same energy is minimized locally around them, one lattice vertex at a time
   * (block Gauss–Seidel, each vertex update the exact minimizer of Eq. 4.1's data term plus the ARAP and strain-limit
   * terms with their per-tet targets fixed, as in the global step), with the strain-limit weight of the inverted (or
   * nearly flat, volume ratio ≤ UNTANGLE_VOLUME) tets raised 10× per pass up to 10⁸: the band's projection P of an
   * inverted tet is never inverted, so the raised weight pulls it out while the data term keeps the surface on the
   * input. Every 4th pass, vertices of still-inverted tets that no surface vertex constrains take the mean
   * displacement of their neighbours first: projections can hold a pair of cells in a crossed configuration that a
   * harmonic displacement unfolds. Only the vertices of those tets and of their neighbouring tets move; the
   * factorization is not touched. Measured on Fox.glb (all clips in turn, and the Run from a cold start at frame 0
   * or 16) at lattice 12/24/32: no inverted fitted tet in any frame (before: 4/23/23 a frame at worst, in the Run);
   * the smallest volume ratio left is 0.02–0.05. Tried: only the projections (8–24 passes: 1–10 tets a frame left
   * at 24/32), and a stable Neo-Hookean Newton step for the inverted tets (overshoots at the raised weight: 3–17
   * a frame).
   *
   * @returns [tets inverted before, tets still inverted after]
   */
  const untangle = (x: Float64Array, surfacePositions: ArrayLike<number>): [number, number] => {
    let before = 0;
    for (let t = 0; t < tetCount; t++) {
      inverted[t] = deformation(x, t) <= UNTANGLE_VOLUME ? 1 : 0;
      before += inverted[t];
    }
    if (before === 0) return [0, 0];
    let remaining = before;
    for (let pass = 0; pass < UNTANGLE_PASSES && remaining > 0; pass++) {
      const boost = 10 ** Math.min(pass + 1, 8);
      // The inverted tets' vertices and the vertices of every tet they touch (their one-ring).
      active.fill(0);
      for (let t = 0; t < tetCount; t++) {
        if (!inverted[t]) continue;
        for (let i = 0; i < 4; i++) {
          const v = tetrahedra[4 * t + i];
          for (let e = vertexTetOffsets[v]; e < vertexTetOffsets[v + 1]; e++) {
            const u = vertexTets[e] >>> 2;
            for (let j = 0; j < 4; j++) active[tetrahedra[4 * u + j]] = 1;
          }
        }
      }
      if (pass % 4 === 3) {
        // Stalled: smooth the displacement of the vertices of still-inverted tets that no surface vertex constrains,
        // x_v = mean_j x_j + (X_v − mean_j X_j) over the vertices j of v's tets (harmonic displacement), which
        // unfolds interior and margin cells that the per-tet projections hold in a crossed configuration.
        for (let t = 0; t < tetCount; t++) {
          if (!inverted[t]) continue;
          for (let i = 0; i < 4; i++) {
            const v = tetrahedra[4 * t + i];
            let constrained = false;
            let mx = 0;
            let my = 0;
            let mz = 0;
            let count = 0;
            for (let e = vertexTetOffsets[v]; e < vertexTetOffsets[v + 1] && !constrained; e++) {
              const u = vertexTets[e] >>> 2;
              if (tetSurfaceOffsets[u + 1] > tetSurfaceOffsets[u]) constrained = true;
              for (let j = 0; j < 4; j++) {
                const w = 3 * tetrahedra[4 * u + j];
                if (w === 3 * v) continue;
                mx += x[w] - rest[w];
                my += x[w + 1] - rest[w + 1];
                mz += x[w + 2] - rest[w + 2];
                count++;
              }
            }
            if (constrained || count === 0) continue;
            x[3 * v] = rest[3 * v] + mx / count;
            x[3 * v + 1] = rest[3 * v + 1] + my / count;
            x[3 * v + 2] = rest[3 * v + 2] + mz / count;
          }
        }
      }
      for (let sweep = 0; sweep < 4; sweep++) {
        for (let v = 0; v < n; v++) {
          if (!active[v]) continue;
          // Minimize Σ_t c_t‖F_t − T_t‖² + Σ_s λ_s‖C′_s x − q̄_s‖² over x_v: F_t = F_t^(−v) + x_v g_vᵀ.
          let diagonal = 0;
          let bx = 0;
          let by = 0;
          let bz = 0;
          for (let e = vertexTetOffsets[v]; e < vertexTetOffsets[v + 1]; e++) {
            const t = vertexTets[e] >>> 2;
            const local = vertexTets[e] & 3;
            deformation(x, t);
            const o = 4 * t;
            tetQuaternion[0] = rotations[o];
            tetQuaternion[1] = rotations[o + 1];
            tetQuaternion[2] = rotations[o + 2];
            tetQuaternion[3] = rotations[o + 3];
            // A warm-started rotation of a tet that was or is inverted can sit at a stationary point that is not the
            // closest one, whose projection is then no longer near F (measured: it kept 4 tets a frame inverted on
            // Fox's Run at lattice 24); those tets start from scratch.
            closestRotation(F, tetQuaternion, R, inverted[t] === 1, inverted[t] ? 24 : 8);
            stretchLimitProjection(F, R, minStretch, maxStretch, P);
            const weight = (inverted[t] ? boost * limitWeight : limitWeight) * kappa[t];
            const rotationWeight = gamma * kappa[t];
            for (let k = 0; k < 9; k++) tetTarget[k] = rotationWeight * R[k] + weight * P[k];
            const c = rotationWeight + weight;
            const g = 12 * t + 3 * local;
            const g0 = gradients[g];
            const g1 = gradients[g + 1];
            const g2 = gradients[g + 2];
            const gg = g0 * g0 + g1 * g1 + g2 * g2;
            diagonal += c * gg;
            // (c·T − c·F^(−v)) g = c·T g − c·F g + c·x_v (g·g)
            const xv = 3 * v;
            bx += tetTarget[0] * g0 + tetTarget[1] * g1 + tetTarget[2] * g2 - c * (F[0] * g0 + F[1] * g1 + F[2] * g2) + c * gg * x[xv];
            by += tetTarget[3] * g0 + tetTarget[4] * g1 + tetTarget[5] * g2 - c * (F[3] * g0 + F[4] * g1 + F[5] * g2) + c * gg * x[xv + 1];
            bz += tetTarget[6] * g0 + tetTarget[7] * g1 + tetTarget[8] * g2 - c * (F[6] * g0 + F[7] * g1 + F[8] * g2) + c * gg * x[xv + 2];
            for (let q = tetSurfaceOffsets[t]; q < tetSurfaceOffsets[t + 1]; q++) {
              const s = tetSurface[q];
              const weightS = lambda[s];
              const b = surfaceBarycentric[4 * s + local];
              // residual without v: C′_s x − b x_v − q̄_s
              let px = -surfacePositions[3 * s];
              let py = -surfacePositions[3 * s + 1];
              let pz = -surfacePositions[3 * s + 2];
              for (let i = 0; i < 4; i++) {
                const w = tetrahedra[4 * t + i];
                if (w === v) continue;
                const bi = surfaceBarycentric[4 * s + i];
                px += bi * x[3 * w];
                py += bi * x[3 * w + 1];
                pz += bi * x[3 * w + 2];
              }
              diagonal += weightS * b * b;
              bx -= weightS * b * px;
              by -= weightS * b * py;
              bz -= weightS * b * pz;
            }
          }
          if (!(diagonal > 0)) continue;
          x[3 * v] = bx / diagonal;
          x[3 * v + 1] = by / diagonal;
          x[3 * v + 2] = bz / diagonal;
        }
      }
      remaining = 0;
      for (let t = 0; t < tetCount; t++) {
        const now = deformation(x, t) <= UNTANGLE_VOLUME ? 1 : 0;
        // A tet once inverted keeps its raised weight for the remaining passes.
        inverted[t] = inverted[t] && pass < UNTANGLE_PASSES - 1 ? 1 : now;
        remaining += now;
        if (now) inverted[t] = 1;
      }
    }
    return [before - remaining, remaining];
  };

  const fit = (surfacePositions: ArrayLike<number>, out: Float64Array, warmStart?: ArrayLike<number>): TetTargetFitReport => {
    if (surfacePositions.length < 3 * S) throw new RangeError(`tetTargetFitter: surfacePositions needs ${S}×3 numbers`);
    if (out.length < 3 * n) throw new RangeError(`tetTargetFitter: out needs ${n}×3 numbers`);
    // C′ᵀΛq̄, fixed for the frame.
    dataRhs.fill(0);
    for (let s = 0; s < S; s++) {
      for (let i = 0; i < 4; i++) {
        const weight = lambda[s] * surfaceBarycentric[4 * s + i];
        const v = surfaceCorners[4 * s + i];
        dataRhs[v] += weight * surfacePositions[3 * s];
        dataRhs[v + 1] += weight * surfacePositions[3 * s + 1];
        dataRhs[v + 2] += weight * surfacePositions[3 * s + 2];
      }
    }
    const initial = warmStart ?? rest;
    for (let i = 0; i < 3 * n; i++) u[i] = initial[i];
    alignRigidly(u, surfacePositions);
    // Local/global iterations with Anderson acceleration (Peng et al. 2018, "Anderson Acceleration for
    // Geometry Optimization and Physics Simulation", Alg. 2): the accelerated iterate is kept only while the
    // energy decreases, otherwise the plain local/global step, which never increases it, is taken.
    //
    // The energy E = ½ data + ½ elastic decides only whether an accelerated iterate is kept. With the incremental data
    // energy, E_new > E_accepted is read from the estimates where they differ by more than their slack, and from the
    // direct sums otherwise, so every decision (and with it the fit) is the one the direct sums make.
    let iterations = 0;
    let lastStep = Infinity;
    let acceptedEnergy = Infinity;
    let acceptedSlack = 0;
    let acceptedElastic = 0;
    let accelerated = false;
    let directEnergyTests = 0;
    anderson.reset();
    let slack = 0;
    /** E at u after a local step whose elastic part is `elastic` (incremental: an estimate, with its slack). */
    const energyAt = (elastic: number, first: boolean): number => {
      if (!incremental) return 0.5 * directData(u, surfacePositions) + 0.5 * elastic;
      if (first) startIncrementalData(u, surfacePositions);
      else incrementalData(u);
      slack = 0.5 * estimate.slack;
      return 0.5 * estimate.data + 0.5 * elastic;
    };
    while (iterations < maxIterations) {
      let elastic = localStep(u);
      let energy = energyAt(elastic, iterations === 0);
      if (accelerated) {
        let worse: boolean;
        if (!incremental || Math.abs(energy - acceptedEnergy) > slack + acceptedSlack) {
          worse = energy > acceptedEnergy;
        } else {
          directEnergyTests++;
          worse = 0.5 * directData(u, surfacePositions) + 0.5 * elastic > 0.5 * directData(acceptedX, surfacePositions) + 0.5 * acceptedElastic;
        }
        if (worse) {
          u.set(anderson.lastPlainIterate);
          elastic = localStep(u);
          energy = energyAt(elastic, false);
          anderson.restart();
        }
      }
      acceptedEnergy = energy;
      acceptedSlack = slack;
      acceptedElastic = elastic;
      if (incremental) acceptedX.set(u);
      ldltSolve(factor, rhs, G, 3);
      iterations++;
      for (let i = 0; i < 3 * n; i++) f[i] = G[i] - u[i];
      // Converged when the embedded surface stops moving: lattice vertices in no surface tet (cells sticking
      // out of the surface, crushed on the inside of a bending joint) can drift along nearly flat ARAP modes
      // for many iterations without changing the fit (measured: 30 iterations instead of 10 on a bent tube).
      // Simulation targets need the whole lattice settled, not only the embedded surface: the lattice's
      // inside is the elastic reference (measured on the bent tube at res 12: stopping on the surface alone
      // leaves the lattice 0.13 of a cell off its bone away from the joint, 0.04 when all of it has settled).
      // That test runs first (it is per lattice coordinate, the surface's per surface vertex): while the lattice
      // still moves the surface step decides nothing, and it is measured only where it does (and for the report).
      let settled = true;
      if (limits) {
        for (let i = 0; i < 3 * n; i++) {
          if (Math.abs(f[i]) > tolerance) {
            settled = false;
            break;
          }
        }
      }
      if (settled || iterations >= maxIterations) {
        lastStep = surfaceStep(f);
        settled = lastStep <= tolerance;
      }
      if (settled || iterations >= maxIterations) {
        u.set(G);
        break;
      }
      accelerated = anderson.next(G, f, u);
    }
    let untangledTets = 0;
    let invertedTets = 0;
    if (limits) [untangledTets, invertedTets] = untangle(u, surfacePositions);
    out.set(u);
    let sum = 0;
    let max = 0;
    for (let s = 0; s < S; s++) {
      const d2 = misfitSquared(surfacePositions, out, s);
      sum += d2;
      if (d2 > max) max = d2;
    }
    return { iterations, lastStep, rmsResidual: Math.sqrt(sum / Math.max(1, S)), maxResidual: Math.sqrt(max), untangledTets, invertedTets, directEnergyTests };
  };

  return {
    vertexCount: n,
    surfaceVertexCount: S,
    factorNonzeros: symbolic.factorNonzeros,
    factorSeconds: (performance.now() - start) / 1000,
    fit,
    linearResponse(surfaceDelta, out) {
      if (surfaceDelta.length < 3 * S) throw new RangeError(`tetTargetFitter: surfaceDelta needs ${S}×3 numbers`);
      if (out.length < 3 * n) throw new RangeError(`tetTargetFitter: out needs ${n}×3 numbers`);
      responseRhs.fill(0);
      for (let s = 0; s < S; s++) {
        for (let i = 0; i < 4; i++) {
          const weight = lambda[s] * surfaceBarycentric[4 * s + i];
          const v = surfaceCorners[4 * s + i];
          responseRhs[v] += weight * surfaceDelta[3 * s];
          responseRhs[v + 1] += weight * surfaceDelta[3 * s + 1];
          responseRhs[v + 2] += weight * surfaceDelta[3 * s + 2];
        }
      }
      ldltSolve(factor, responseRhs, out, 3);
    },
    warmState: () => ({ rotations: Float64Array.from(rotations), coldStart }),
    setWarmState(state) {
      if (state.rotations.length !== rotations.length) throw new Error(`setWarmState: ${state.rotations.length} rotation numbers, expected ${rotations.length}`);
      rotations.set(state.rotations);
      coldStart = state.coldStart;
    },
  };
}

/** Local untangling passes after the local/global iterations (see untangle in tetTargetFitter). */
const UNTANGLE_PASSES = 64;
/** Volume ratio below which a fitted tet is untangled: inverted, or flatter than this (no usable elastic reference). */
const UNTANGLE_VOLUME = 0.02;


/** Depth m of the Anderson acceleration (Peng et al. use 5–6). */
const ANDERSON_DEPTH = 5;

/** Λ of Eq. 4.1 normalized to sum 1: user weights, else vertex areas, else uniform. */
function dataWeights(embedding: LatticeEmbedding, options: TetTargetFitterOptions): Float64Array {
  const S = embedding.surfaceVertexCount;
  const lambda = new Float64Array(S);
  if (options.surfaceWeights) {
    if (options.surfaceWeights.length !== S) throw new RangeError(`tetTargetFitter: surfaceWeights needs ${S} entries`);
    for (let s = 0; s < S; s++) {
      const w = options.surfaceWeights[s];
      if (!(w >= 0) || !Number.isFinite(w)) throw new RangeError(`tetTargetFitter: surfaceWeights[${s}] = ${w} is not a finite weight ≥ 0`);
      lambda[s] = w;
    }
  } else if (options.surfaceTriangles) {
    const triangles = options.surfaceTriangles;
    // Rest surface positions from the embedding itself (exact to rounding).
    const p = embeddedSurfacePositions(embedding, embedding.positions, new Float64Array(3 * S));
    for (let t = 0; t < triangles.length / 3; t++) {
      const a = triangles[3 * t];
      const b = triangles[3 * t + 1];
      const c = triangles[3 * t + 2];
      const ux = p[3 * b] - p[3 * a];
      const uy = p[3 * b + 1] - p[3 * a + 1];
      const uz = p[3 * b + 2] - p[3 * a + 2];
      const vx = p[3 * c] - p[3 * a];
      const vy = p[3 * c + 1] - p[3 * a + 1];
      const vz = p[3 * c + 2] - p[3 * a + 2];
      const area = 0.5 * Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx);
      lambda[a] += area / 3;
      lambda[b] += area / 3;
      lambda[c] += area / 3;
    }
    let mean = 0;
    for (let s = 0; s < S; s++) mean += lambda[s] / S;
    // Isolated or sliver vertices still count a little, so they are fitted too.
    for (let s = 0; s < S; s++) lambda[s] = Math.max(lambda[s], 0.01 * mean > 0 ? 0.01 * mean : 1);
  } else {
    lambda.fill(1);
  }
  let total = 0;
  for (let s = 0; s < S; s++) total += lambda[s];
  if (!(total > 0)) throw new RangeError('tetTargetFitter: every surface weight is zero');
  for (let s = 0; s < S; s++) lambda[s] /= total;
  return lambda;
}
