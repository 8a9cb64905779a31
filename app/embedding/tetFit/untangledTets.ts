import { closestRotation } from '../closestRotation.ts';
import { stretchLimitProjection } from '../stretchLimitProjection.ts';
import type { TetFitData } from './types.ts';

/** Local untangling passes after the local/global iterations at most. */
const UNTANGLE_PASSES = 64;
/** Volume ratio below which a fitted tet is untangled: inverted, or flatter than this (no usable elastic reference). */
export const UNTANGLE_VOLUME = 0.02;

/**
 * Untangling of a fit with stretch limits (seed 004 Eq. 4.1 plus the strain limit of Bouaziz et al. 2014 §5.1): the
 * local/global iterations minimize Φ with a soft strain limit, which leaves a few tets inverted where the input cannot
 * be followed (Fox.glb's Run at lattice 24/32: up to 23 a frame). Those are no elastic reference and fold the surface,
 * so the same energy is minimized locally around them, one lattice vertex at a time (block Gauss–Seidel, each vertex
 * update the exact minimizer of Eq. 4.1's data term plus the ARAP and strain-limit terms with their per-tet targets
 * fixed, as in the global step), with the strain-limit weight of the inverted (or nearly flat, volume ratio ≤
 * UNTANGLE_VOLUME) tets raised 10× per pass up to 10⁸: the band's projection P of an inverted tet is never inverted,
 * so the raised weight pulls it out while the data term keeps the surface on the input. Every 4th pass, vertices of
 * still-inverted tets that no surface vertex constrains take the mean displacement of their neighbours first:
 * projections can hold a pair of cells in a crossed configuration that a harmonic displacement unfolds. Only the
 * vertices of those tets and of their neighbouring tets move; the factorization is not touched.
 *
 * Measured on Fox.glb (all clips in turn, and the Run from a cold start at frame 0 or 16) at lattice 12/24/32: no
 * inverted fitted tet in any frame (before: 4/23/23 a frame at worst, in the Run); the smallest volume ratio left is
 * 0.02–0.05. Tried: only the projections (8–24 passes: 1–10 tets a frame left at 24/32), and a stable Neo-Hookean
 * Newton step for the inverted tets (overshoots at the raised weight: 3–17 a frame).
 *
 * @param data              the fitter (tetFitData, with stretch limits): reads the rest data, the adjacency, Λ, C′,
 *   the settings and the rotations (as warm starts, not written back); writes inverted, active and the 3×3 scratch
 * @param x                 #N×3 fitted lattice positions [m], untangled in place
 * @param surfacePositions  #S×3 targets q̄ [m]
 * @returns [tets inverted or flatter than UNTANGLE_VOLUME before, tets still so after]
 */
export function untangledTets(data: TetFitData, x: Float64Array, surfacePositions: ArrayLike<number>): [number, number] {
  const { tetCount, inverted, active, tetrahedra, vertexTetOffsets, vertexTets } = data;
  let before = 0;
  for (let t = 0; t < tetCount; t++) {
    inverted[t] = volumeRatio(data, x, t) <= UNTANGLE_VOLUME ? 1 : 0;
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
    if (pass % 4 === 3) harmonicUnfolding(data, x);
    for (let sweep = 0; sweep < 4; sweep++) gaussSeidelSweep(data, x, surfacePositions, boost);
    remaining = 0;
    for (let t = 0; t < tetCount; t++) {
      const now = volumeRatio(data, x, t) <= UNTANGLE_VOLUME ? 1 : 0;
      // A tet once inverted keeps its raised weight for the remaining passes.
      inverted[t] = inverted[t] && pass < UNTANGLE_PASSES - 1 ? 1 : now;
      remaining += now;
      if (now) inverted[t] = 1;
    }
  }
  return [before - remaining, remaining];
}

/** F_t at x (row-major), into data.deformation; returns det F (the tet's volume ratio to its rest volume). */
function volumeRatio(data: TetFitData, x: Float64Array, t: number): number {
  const { deformation: F, tetrahedra, shapeGradients: gradients } = data;
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
}

/**
 * Stalled: smooths the displacement of the vertices of still-inverted tets that no surface vertex constrains,
 * x_v = mean_j x_j + (X_v − mean_j X_j) over the vertices j of v's tets (harmonic displacement), which unfolds interior
 * and margin cells that the per-tet projections hold in a crossed configuration.
 */
function harmonicUnfolding(data: TetFitData, x: Float64Array): void {
  const { tetCount, inverted, tetrahedra, vertexTetOffsets, vertexTets, tetSurfaceOffsets, restPositions: rest } = data;
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

/**
 * One block Gauss–Seidel sweep over the active vertices: x_v ← the minimizer of Σ_t c_t‖F_t − T_t‖² +
 * Σ_s λ_s‖C′_s x − q̄_s‖² over x_v alone (F_t = F_t^(−v) + x_v g_vᵀ), T_t = (γR_t + w_t P_t)/c_t with the raised
 * strain-limit weight w_t = boost·w on the inverted tets.
 */
function gaussSeidelSweep(data: TetFitData, x: Float64Array, surfacePositions: ArrayLike<number>, boost: number): void {
  const { vertexCount: n, active, inverted, tetrahedra, vertexTetOffsets, vertexTets, tetSurfaceOffsets, tetSurface, rotations } = data;
  const { shapeGradients: gradients, tetWeights: kappa, dataWeights: lambda, surfaceBarycentric, gamma, limitWeight, minStretch, maxStretch } = data;
  const { deformation: F, rotation: R, projection: P, tetQuaternion, tetTarget } = data;
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
      volumeRatio(data, x, t);
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
