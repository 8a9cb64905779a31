/**
 * Lamé parameters of an isotropic material from Young's modulus and Poisson ratio:
 * μ = E / (2(1+ν)), λ = Eν / ((1+ν)(1−2ν)), and the plane-stress λ_ps = 2μλ/(λ+2μ) = Eν/(1−ν²) used by membranes.
 *
 * The stable Neo-Hookean energy (Smith et al. 2018, §3.4) re-parameterizes λ as λ' = λ + μ inside
 * evaluateNeoHookeanForceHessian, so that its small-strain limit is linear elasticity with these (μ, λ).
 *
 * @param youngsModulus  E [Pa], > 0
 * @param poissonRatio   ν, in (−1, 0.5)
 * @returns { mu, lambda, planeStressLambda } [Pa]
 */
export function lameParameters(youngsModulus: number, poissonRatio: number): { mu: number; lambda: number; planeStressLambda: number } {
  if (!(youngsModulus > 0) || !Number.isFinite(youngsModulus)) {
    throw new Error(`lameParameters: Young's modulus must be a positive number of pascals, got ${youngsModulus}`);
  }
  if (!(poissonRatio > -1 && poissonRatio < 0.5)) {
    throw new Error(`lameParameters: Poisson ratio must be in (-1, 0.5), got ${poissonRatio}`);
  }
  const mu = youngsModulus / (2 * (1 + poissonRatio));
  const lambda = (youngsModulus * poissonRatio) / ((1 + poissonRatio) * (1 - 2 * poissonRatio));
  const planeStressLambda = (youngsModulus * poissonRatio) / (1 - poissonRatio * poissonRatio);
  return { mu, lambda, planeStressLambda };
}
