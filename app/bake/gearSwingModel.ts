import { strided6Dot, symmetricEigen } from '../math/index.ts';

/**
 * A piece of gear as a rigid body on a compliant connection at its hinge, in its own (rest) frame: the 6 generalized
 * coordinates q = (u, θ) are the hinge's displacement u and the rotation θ about it, relative to where its host carries
 * it. Everything is per unit mass.
 */
export interface GearSwingModel {
  /** Φ, 6×6 row-major, column i the i-th mode, M-orthonormal (ΦᵀMΦ = 1) */
  modes: Float64Array;
  /** ΦᵀM, 6×6 row-major: modal coordinates η = ΦᵀM·q */
  projection: Float64Array;
  /** λ_i = ω_i² of the modes at weight 1 [1/s²], ascending */
  eigenvalues: Float64Array;
  /** M⁻¹, 6×6 row-major (the metric of the limits' projections: an inelastic impulse) */
  massInverse: Float64Array;
  /**
   * one-sided limits g_j·q ≥ 0, 6 numbers each (row-major, #L×6): the hinge and the centre of mass may leave the surface
   * the gear rests on but not enter it (where the input rests the gear on its host, it falls back and stops there)
   */
  limits: Float64Array;
  /** the largest rotation |θ| [rad] and hinge displacement |u| [file units] (a strap going taut) */
  maxAngle: number;
  maxShift: number;
}

/**
 * The swing model of a piece of gear: mass matrix M = [[1, −[c]×], [[c]×, Ĩ]] of a rigid body about its hinge (per
 * unit mass: c the lever from the hinge to the centre of mass, Ĩ the inertia about the hinge), connection stiffness
 * K = [[ω_t²·1, 0], [0, K_r]] (a rotational spring K_r, and a translational one at the hinge: it swings more than it
 * slides), and its modes (K φ = λ M φ, by the Cholesky factor of M and Jacobi's method on L⁻¹KL⁻ᵀ). The body's
 * damping C = αM + βK (the mesh material's Rayleigh damping) makes the modes independent damped oscillators
 * (stepGearSwing). With a stiff hinge (ω_t → ∞) and K_r = g|c|(1 − ĉĉᵀ), gravity's hold on a hanging piece, the swing
 * modes are the compound pendulum's, ω² = g|c|/ĩ_a about each axis a across the lever (tested). A rotation about the
 * lever alone has no inertia for a gear whose vertices lie on a line; Ĩ is floored at 1e-6 of its trace on the
 * diagonal.
 *
 * @param lever              c [file units], 3 numbers, in the gear's rest frame
 * @param inertia            Ĩ about the hinge [file units²], 3×3 row-major
 * @param rotationStiffness  K_r per unit mass [file units²/s²], 3×3 symmetric positive definite, row-major
 * @param translation        ω_t at weight 1 [rad/s]
 * @param restingNormal      outward unit normal of the surface the gear rests on (3), or zeros for no one-sided limit
 * @param maxAngle           the largest |θ| [rad]
 * @param maxShift           the largest |u| [file units]
 * @returns the model
 */
export function gearSwingModel(
  lever: ArrayLike<number>,
  inertia: ArrayLike<number>,
  rotationStiffness: ArrayLike<number>,
  translation: number,
  restingNormal: ArrayLike<number>,
  maxAngle: number,
  maxShift: number,
): GearSwingModel {
  if (!(translation > 0 && maxAngle > 0 && maxShift > 0))
    throw new Error(`gearSwingModel: ω_t and the limits must be > 0 (got ${translation}, ${maxAngle}, ${maxShift})`);
  const [cx, cy, cz] = [lever[0], lever[1], lever[2]];
  const trace = inertia[0] + inertia[4] + inertia[8];
  const floor = 1e-6 * Math.max(trace, 1e-30);
  const M = new Float64Array(36);
  const K = new Float64Array(36);
  const set = (m: Float64Array, r: number, c: number, v: number): void => {
    m[6 * r + c] = v;
  };
  // [c]× = [[0, −cz, cy], [cz, 0, −cx], [−cy, cx, 0]]
  const cross = [0, -cz, cy, cz, 0, -cx, -cy, cx, 0];
  for (let r = 0; r < 3; r++) {
    set(M, r, r, 1);
    set(K, r, r, translation * translation);
    for (let c = 0; c < 3; c++) {
      set(M, r, 3 + c, -cross[3 * r + c]);
      set(M, 3 + r, c, cross[3 * r + c]);
      set(M, 3 + r, 3 + c, inertia[3 * r + c] + (r === c ? floor : 0));
      set(K, 3 + r, 3 + c, rotationStiffness[3 * r + c]);
    }
  }
  // M = LLᵀ; A = L⁻¹KL⁻ᵀ = QΛQᵀ; Φ = L⁻ᵀQ.
  const L = cholesky6(M);
  const Linv = lowerInverse6(L);
  const A = new Float64Array(36);
  for (let r = 0; r < 6; r++) {
    for (let c = 0; c < 6; c++) {
      let sum = 0;
      for (let a = 0; a < 6; a++) for (let b = 0; b < 6; b++) sum += Linv[6 * r + a] * K[6 * a + b] * Linv[6 * c + b];
      A[6 * r + c] = sum;
    }
  }
  const values = new Float64Array(6);
  const vectors = new Float64Array(36);
  symmetricEigen(A, 6, vectors, values);
  const order = [0, 1, 2, 3, 4, 5].sort((a, b) => values[a] - values[b]);
  const modes = new Float64Array(36);
  const eigenvalues = new Float64Array(6);
  order.forEach((k, i) => {
    eigenvalues[i] = values[k];
    // column i of Φ = L⁻ᵀ q_k: Φ[r][i] = Σ_a Linv[a][r]·Q[a][k]
    for (let r = 0; r < 6; r++) modes[6 * r + i] = strided6Dot(Linv, r, 6, vectors, k, 6);
  });
  const projection = new Float64Array(36);
  for (let i = 0; i < 6; i++) {
    for (let c = 0; c < 6; c++) projection[6 * i + c] = strided6Dot(modes, i, 6, M, c, 6);
  }
  // M⁻¹ = L⁻ᵀL⁻¹
  const massInverse = new Float64Array(36);
  for (let r = 0; r < 6; r++) {
    for (let c = 0; c < 6; c++) massInverse[6 * r + c] = strided6Dot(Linv, r, 6, Linv, c, 6);
  }
  // One-sided limits: the hinge (u·n ≥ 0) and the centre of mass ((u + θ × c)·n ≥ 0, θ·(c × n) for the rotation).
  const [nx, ny, nz] = [restingNormal[0], restingNormal[1], restingNormal[2]];
  const hasNormal = nx !== 0 || ny !== 0 || nz !== 0;
  const limits = hasNormal
    ? Float64Array.from([nx, ny, nz, 0, 0, 0, nx, ny, nz, cy * nz - cz * ny, cz * nx - cx * nz, cx * ny - cy * nx])
    : new Float64Array(0);
  return { modes, projection, eigenvalues, massInverse, limits, maxAngle, maxShift };
}

/** The Cholesky factor L (lower, row-major) of a symmetric positive definite 6×6 matrix. */
function cholesky6(m: Float64Array): Float64Array {
  const L = new Float64Array(36);
  for (let r = 0; r < 6; r++) {
    for (let c = 0; c <= r; c++) {
      let sum = m[6 * r + c];
      for (let k = 0; k < c; k++) sum -= L[6 * r + k] * L[6 * c + k];
      if (r === c) {
        if (!(sum > 0)) throw new Error('gearSwingModel: the mass matrix is not positive definite (a degenerate piece of gear)');
        L[6 * r + c] = Math.sqrt(sum);
      } else {
        L[6 * r + c] = sum / L[6 * c + c];
      }
    }
  }
  return L;
}

/** The inverse of a lower-triangular 6×6 matrix (row-major). */
function lowerInverse6(L: Float64Array): Float64Array {
  const inverse = new Float64Array(36);
  for (let c = 0; c < 6; c++) {
    for (let r = 0; r < 6; r++) {
      let sum = r === c ? 1 : 0;
      for (let k = 0; k < r; k++) sum -= L[6 * r + k] * inverse[6 * k + c];
      inverse[6 * r + c] = sum / L[6 * r + r];
    }
  }
  return inverse;
}
