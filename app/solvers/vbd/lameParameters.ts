/**
 * Largest Poisson ratio the solver accepts. VBD's per-vertex Newton steps lose the volume term's coupling between
 * neighbours, and as ν → 0.5 (λ/μ = 2ν/(1 − 2ν) → ∞) Gauss–Seidel diverges: measured on the cantilever and the
 * animated jelly of test/fixtures/scenes over 120 frames, every ν ≤ 0.499 (λ/μ = 499) stays bounded and ν = 0.4999
 * (λ/μ = 4999) blows up to 10⁹ m with thousands of refused solves. 0.495 (λ/μ = 99) keeps a factor of five in λ/μ
 * below the last sound value; real nearly-incompressible flesh is modelled well at 0.45–0.49.
 */
export const MAX_POISSON_RATIO = 0.495;

/**
 * Lamé parameters of an isotropic material from Young's modulus and Poisson ratio:
 * μ = E / (2(1+ν)), λ = Eν / ((1+ν)(1−2ν)), and the plane-stress λ_ps = 2μλ/(λ+2μ) = Eν/(1−ν²) used by membranes.
 *
 * The stable Neo-Hookean energy (Smith et al. 2018, §3.4) re-parameterizes λ as λ' = λ + μ inside
 * evaluateNeoHookeanForceHessian, so that its small-strain limit is linear elasticity with these (μ, λ).
 *
 * @param youngsModulus  E [Pa], > 0
 * @param poissonRatio   ν, in (−1, MAX_POISSON_RATIO]
 * @returns { mu, lambda, planeStressLambda } [Pa]
 */
export function lameParameters(youngsModulus: number, poissonRatio: number): { mu: number; lambda: number; planeStressLambda: number } {
  if (!(youngsModulus > 0) || !Number.isFinite(youngsModulus)) {
    throw new Error(`lameParameters: Young's modulus must be a positive number of pascals, got ${youngsModulus}`);
  }
  if (!(poissonRatio > -1 && poissonRatio <= MAX_POISSON_RATIO)) {
    throw new Error(`lameParameters: Poisson ratio must be in (-1, ${MAX_POISSON_RATIO}], got ${poissonRatio} (closer to 0.5 the solver diverges)`);
  }
  const mu = youngsModulus / (2 * (1 + poissonRatio));
  const lambda = (youngsModulus * poissonRatio) / ((1 + poissonRatio) * (1 - 2 * poissonRatio));
  const planeStressLambda = (youngsModulus * poissonRatio) / (1 - poissonRatio * poissonRatio);
  return { mu, lambda, planeStressLambda };
}
