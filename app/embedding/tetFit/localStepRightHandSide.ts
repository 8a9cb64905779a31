import { tetDeformationGradient } from '../../geometry/index.ts';
import { WARM_NEWTON_STOP } from '../closestRotation.ts';
import { stretchLimitProjection } from '../stretchLimitProjection.ts';
import { warmStartedRotation } from '../warmStartedRotation.ts';
import type { TetFitData } from './types.ts';

/**
 * The local step of the fitting of seed 004 Eq. 4.1 at x, and the global step's right-hand side it makes: each tet's
 * closest rotation R_t to F_t(x) (warm-started from the last one, warmStartedRotation; Sorkine & Alexa 2007) and, with
 * stretch limits, its strain-limit projection P_t (stretchLimitProjection; Bouaziz et al. 2014 §5.1), then
 * b = C′ᵀΛq̄ + Σ_t κ_t (γR_t + wP_t) g_t, so that the global step A·G(x) = b (A = C′ᵀΛC′ + (γ + w)L) minimizes
 * Eq. 4.1 with the targets held. Inside the band P_t = F_t, which adds nothing to the energy; that common case is
 * recognized without the projection's eigen-decomposition (Gershgorin discs of sym(RᵀF) inside the band).
 *
 * @param data  the fitter (tetFitData): reads dataRightHandSide (C′ᵀΛq̄ of the frame), the rest data and the
 *   settings; writes rightHandSide (#N×3 b [m]) and the warm-started rotations; clears coldStart
 * @param x     #N×3 lattice positions u [m]
 * @returns twice the elastic part of the energy, Σ_t κ_t (γ‖F_t − R_t‖² + w‖F_t − P_t‖²) [m²] (fit adds the data term)
 */
export function localStepRightHandSide(data: TetFitData, x: Float64Array): number {
  const {
    tetCount,
    tetrahedra,
    shapeGradients: gradients,
    tetWeights: kappa,
    rotations,
    tetQuaternion,
    gamma,
    limitWeight,
    minStretch,
    maxStretch,
    stretchLimited,
  } = data;
  const { deformation: F, rotation: R, projection: P, rightHandSide: rhs } = data;
  const coldStart = data.coldStart;
  rhs.set(data.dataRightHandSide);
  let elastic = 0;
  for (let t = 0; t < tetCount; t++) {
    tetDeformationGradient(x, tetrahedra, gradients, t, F);
    warmStartedRotation(F, rotations, t, tetQuaternion, R, coldStart, coldStart ? 24 : 8, WARM_NEWTON_STOP);
    const f0 = F[0],
      f1 = F[1],
      f2 = F[2],
      f3 = F[3],
      f4 = F[4],
      f5 = F[5],
      f6 = F[6],
      f7 = F[7],
      f8 = F[8];
    const r0 = R[0],
      r1 = R[1],
      r2 = R[2],
      r3 = R[3],
      r4 = R[4],
      r5 = R[5],
      r6 = R[6],
      r7 = R[7],
      r8 = R[8];
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
    let p0 = gamma * r0,
      p1 = gamma * r1,
      p2 = gamma * r2,
      p3 = gamma * r3,
      p4 = gamma * r4,
      p5 = gamma * r5,
      p6 = gamma * r6,
      p7 = gamma * r7,
      p8 = gamma * r8;
    if (stretchLimited) {
      // stretchLimitProjection's test of the common case, inline: S = sym(RᵀF), and when every Gershgorin disc of S
      // lies inside the band, P = F and the term adds nothing.
      const s00 = r0 * f0 + r3 * f3 + r6 * f6;
      const s11 = r1 * f1 + r4 * f4 + r7 * f7;
      const s22 = r2 * f2 + r5 * f5 + r8 * f8;
      const a01 = Math.abs(0.5 * (r0 * f1 + r3 * f4 + r6 * f7 + (r1 * f0 + r4 * f3 + r7 * f6)));
      const a02 = Math.abs(0.5 * (r0 * f2 + r3 * f5 + r6 * f8 + (r2 * f0 + r5 * f3 + r8 * f6)));
      const a12 = Math.abs(0.5 * (r1 * f2 + r4 * f5 + r7 * f8 + (r2 * f1 + r5 * f4 + r8 * f7)));
      if (
        s00 - a01 - a02 >= minStretch &&
        s00 + a01 + a02 <= maxStretch &&
        s11 - a01 - a12 >= minStretch &&
        s11 + a01 + a12 <= maxStretch &&
        s22 - a02 - a12 >= minStretch &&
        s22 + a02 + a12 <= maxStretch
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
  data.coldStart = false;
  return elastic;
}
