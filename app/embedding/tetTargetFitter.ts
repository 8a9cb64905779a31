import { ldltSolve } from '../math/sparse/index.ts';
import type { LatticeEmbedding } from './latticeEmbedding.ts';
import {
  directDataEnergy,
  incrementalDataEnergy,
  largestSurfaceStep,
  localStepRightHandSide,
  rigidPreAlignment,
  surfaceDataRightHandSide,
  surfaceMisfitSquared,
  tetFitData,
  untangledTets,
  type TetFitData,
  type TetTargetFitReport,
  type TetTargetFitter,
  type TetTargetFitterOptions,
} from './tetFit/index.ts';

export type { TetTargetFitReport, TetTargetFitter, TetTargetFitterOptions } from './tetFit/index.ts';

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
 * The steps, one file each in ./tetFit (its index.ts is the map): tetFitData (dataWeights, fittingSystem) once;
 * per frame surfaceDataRightHandSide, rigidPreAlignment, then local/global iterations of localStepRightHandSide and
 * ldltSolve, Anderson-accelerated under the energy test (incrementalDataEnergy), until largestSurfaceStep is below
 * the tolerance; with stretch limits untangledTets last.
 *
 * @param embedding  the lattice (latticeEmbedding)
 * @param options    gamma, surfaceTriangles or surfaceWeights, stretchLimits, stretchLimitWeight, maxIterations, dataEnergy,
 *                   tolerance (TetTargetFitterOptions)
 * @returns the fitter
 * @throws Error when a connected lattice part has no weighted surface vertex (the system is then singular)
 * @throws RangeError for a non-positive γ or w, or a band that excludes the rest shape (min > 1 or max < 1)
 */
export function tetTargetFitter(embedding: LatticeEmbedding, options: TetTargetFitterOptions = {}): TetTargetFitter {
  const start = performance.now();
  const data = tetFitData(embedding, options);
  const { vertexCount: n, surfaceVertexCount: S, rotations } = data;
  return {
    vertexCount: n,
    surfaceVertexCount: S,
    factorNonzeros: data.factorNonzeros,
    factorSeconds: (performance.now() - start) / 1000,
    fit: (surfacePositions, out, warmStart) => fittedTargets(data, surfacePositions, out, warmStart),
    linearResponse(surfaceDelta, out) {
      if (surfaceDelta.length < 3 * S) throw new RangeError(`tetTargetFitter: surfaceDelta needs ${S}×3 numbers`);
      if (out.length < 3 * n) throw new RangeError(`tetTargetFitter: out needs ${n}×3 numbers`);
      surfaceDataRightHandSide(data.dataWeights, data.surfaceBarycentric, data.surfaceCorners, surfaceDelta, data.responseRightHandSide);
      ldltSolve(data.factor, data.responseRightHandSide, out, 3);
    },
    warmState: () => ({ rotations: Float64Array.from(rotations), coldStart: data.coldStart }),
    setWarmState(state) {
      if (state.rotations.length !== rotations.length)
        throw new Error(`setWarmState: ${state.rotations.length} rotation numbers, expected ${rotations.length}`);
      rotations.set(state.rotations);
      data.coldStart = state.coldStart;
    },
  };
}

/**
 * One frame of the fit (TetTargetFitter.fit): ū for the surface targets q̄, from warmStart (else the rest lattice),
 * written to out; the per-tet rotations in data carry to the next frame.
 */
function fittedTargets(data: TetFitData, surfacePositions: ArrayLike<number>, out: Float64Array, warmStart?: ArrayLike<number>): TetTargetFitReport {
  const { vertexCount: n, surfaceVertexCount: S, stretchLimited, tolerance, maxIterations, incremental, anderson, factor } = data;
  const { positions: u, plainIterate: G, residual: f, rightHandSide: rhs, acceptedPositions: acceptedX, dataEnergy: estimate } = data;
  if (surfacePositions.length < 3 * S) throw new RangeError(`tetTargetFitter: surfacePositions needs ${S}×3 numbers`);
  if (out.length < 3 * n) throw new RangeError(`tetTargetFitter: out needs ${n}×3 numbers`);
  // C′ᵀΛq̄, fixed for the frame.
  surfaceDataRightHandSide(data.dataWeights, data.surfaceBarycentric, data.surfaceCorners, surfacePositions, data.dataRightHandSide);
  const initial = warmStart ?? data.restPositions;
  for (let i = 0; i < 3 * n; i++) u[i] = initial[i];
  rigidPreAlignment(data, u, surfacePositions);
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
    if (!incremental) return 0.5 * directDataEnergy(data, u, surfacePositions) + 0.5 * elastic;
    incrementalDataEnergy(data, u, surfacePositions, first);
    slack = 0.5 * estimate.slack;
    return 0.5 * estimate.data + 0.5 * elastic;
  };
  while (iterations < maxIterations) {
    let elastic = localStepRightHandSide(data, u);
    let energy = energyAt(elastic, iterations === 0);
    if (accelerated) {
      let worse: boolean;
      if (!incremental || Math.abs(energy - acceptedEnergy) > slack + acceptedSlack) {
        worse = energy > acceptedEnergy;
      } else {
        directEnergyTests++;
        worse =
          0.5 * directDataEnergy(data, u, surfacePositions) + 0.5 * elastic > 0.5 * directDataEnergy(data, acceptedX, surfacePositions) + 0.5 * acceptedElastic;
      }
      if (worse) {
        u.set(anderson.lastPlainIterate);
        elastic = localStepRightHandSide(data, u);
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
    if (stretchLimited) {
      for (let i = 0; i < 3 * n; i++) {
        if (Math.abs(f[i]) > tolerance) {
          settled = false;
          break;
        }
      }
    }
    if (settled || iterations >= maxIterations) {
      lastStep = largestSurfaceStep(data.surfaceBarycentric, data.surfaceCorners, f);
      settled = lastStep <= tolerance;
    }
    if (settled || iterations >= maxIterations) {
      u.set(G);
      break;
    }
    accelerated = anderson.next(G, f, u);
  }
  let untangledTetCount = 0;
  let invertedTets = 0;
  if (stretchLimited) [untangledTetCount, invertedTets] = untangledTets(data, u, surfacePositions);
  out.set(u);
  let sum = 0;
  let max = 0;
  for (let s = 0; s < S; s++) {
    const d2 = surfaceMisfitSquared(data.surfaceBarycentric, data.surfaceCorners, surfacePositions, out, s);
    sum += d2;
    if (d2 > max) max = d2;
  }
  return {
    iterations,
    lastStep,
    rmsResidual: Math.sqrt(sum / Math.max(1, S)),
    maxResidual: Math.sqrt(max),
    untangledTets: untangledTetCount,
    invertedTets,
    directEnergyTests,
  };
}
