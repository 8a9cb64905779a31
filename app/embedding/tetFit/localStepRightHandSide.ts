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
    let misfit = 0;
    for (let k = 0; k < 9; k++) {
      const difference = F[k] - R[k];
      misfit += difference * difference;
    }
    elastic += gamma * kappa[t] * misfit;
    // Target γR + wP of the tet's row of the global system (P = F inside the band: no force there).
    const target = _target;
    for (let k = 0; k < 9; k++) target[k] = gamma * R[k];
    if (stretchLimited) {
      // stretchLimitProjection's test of the common case, inline: S = sym(RᵀF), and when every Gershgorin disc of S
      // lies inside the band, P = F and the term adds nothing.
      const s00 = R[0] * F[0] + R[3] * F[3] + R[6] * F[6];
      const s11 = R[1] * F[1] + R[4] * F[4] + R[7] * F[7];
      const s22 = R[2] * F[2] + R[5] * F[5] + R[8] * F[8];
      const a01 = Math.abs(0.5 * (R[0] * F[1] + R[3] * F[4] + R[6] * F[7] + (R[1] * F[0] + R[4] * F[3] + R[7] * F[6])));
      const a02 = Math.abs(0.5 * (R[0] * F[2] + R[3] * F[5] + R[6] * F[8] + (R[2] * F[0] + R[5] * F[3] + R[8] * F[6])));
      const a12 = Math.abs(0.5 * (R[1] * F[2] + R[4] * F[5] + R[7] * F[8] + (R[2] * F[1] + R[5] * F[4] + R[8] * F[7])));
      if (
        s00 - a01 - a02 >= minStretch &&
        s00 + a01 + a02 <= maxStretch &&
        s11 - a01 - a12 >= minStretch &&
        s11 + a01 + a12 <= maxStretch &&
        s22 - a02 - a12 >= minStretch &&
        s22 + a02 + a12 <= maxStretch
      ) {
        for (let k = 0; k < 9; k++) target[k] += limitWeight * F[k];
      } else {
        elastic += limitWeight * kappa[t] * stretchLimitProjection(F, R, minStretch, maxStretch, P);
        for (let k = 0; k < 9; k++) target[k] += limitWeight * P[k];
      }
    }
    const scale = kappa[t];
    // rhs_v += κ_t (γR + wP) g_v for each of the tet's vertices v
    for (let i = 0; i < 4; i++) {
      const v = 3 * tetrahedra[4 * t + i];
      const g = 12 * t + 3 * i;
      for (let r = 0; r < 3; r++)
        rhs[v + r] += scale * (target[3 * r] * gradients[g] + target[3 * r + 1] * gradients[g + 1] + target[3 * r + 2] * gradients[g + 2]);
    }
  }
  data.coldStart = false;
  return elastic;
}

/** γR + wP of the tet being assembled (one call at a time). */
const _target = new Float64Array(9);
