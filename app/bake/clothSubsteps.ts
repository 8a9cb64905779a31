import type { Material } from '../document/index.ts';

/**
 * The largest ratio r = (E/((1 − ν²)ρℓ²))·h·(h + β) a cloth substep may have (clothSubsteps). Measured on the sleeve
 * of test/app/contact/contactAssets.ts (cloth preset, 24 fps, ℓ = 24 mm, arm ignored; .dev scripts, not committed):
 * iterations per substep to the stated accuracy and the largest distance from the animation (maxDisplacement):
 *
 * | substeps | r    | iterations per substep              | maxDisplacement |
 * |----------|------|-------------------------------------|-----------------|
 * | 4        | 1000 | cap 48 hit in every substep (8 of 8 frames not converged); 3,500 at a cap of 4,000, still not | 0.053 m (cap 48), 0.54 m (cap 4,000) |
 * | 16       | 120  | 262                                 | 0.229 m         |
 * | 32       | 51   | 24.5                                | 0.088 m         |
 * | 48       | 32   | 6.7                                 | 0.031 m         |
 * | 64       | 23   | 6.2                                 | 0.034 m         |
 * | 128      | 11   | 6.0                                 | 0.037 m         |
 *
 * At r ≤ 32 the solve reaches its accuracy in about the minimum 6 iterations, so the CPU's adaptive iterations and the
 * GPU's fixed ones give the same answer, and the answer has converged in h too (the converged answers at r ≥ 50 are
 * others: the tube buckles at its pinned ring and swings off as a pendulum).
 */
export const CLOTH_SUBSTEP_RATIO = 32;

/** The most substeps a bake accepts (bakeSettings), and so the most clothSubsteps asks for. */
const MAX_SUBSTEPS = 1000;

/**
 * How many substeps a frame of cloth needs for Vertex Block Descent to converge within a few iterations: at least
 * `substeps`, and enough that the membrane's stiffness per vertex, damping included, is at most CLOTH_SUBSTEP_RATIO
 * times its inertia in the vertex Hessian of seed 000 Eq. 3.7, H_i = (m_i/h²) I + (1 + k_d/h) Σ_j ∂²E_j/∂x_i²
 * (k_d = β, Rayleigh damping):
 *
 *   r = (k_i/m_i)·h·(h + β) ≤ CLOTH_SUBSTEP_RATIO,  k_i/m_i ≈ E/((1 − ν²)ρℓ²)
 *
 * (a membrane triangle's in-plane stiffness is ≈ E t/(1 − ν²) per vertex, its lumped mass ρ t ℓ², so the thickness
 * cancels; ℓ is the mean edge). Why: one Gauss–Seidel sweep moves a vertex by H_i⁻¹ f_i, and a global mode of the
 * sheet whose restoring force is near the inertia alone (a swing, the bending of a sleeve: the isometries of the
 * membrane, softened only by bending) shrinks by about 1/r per sweep, so plain VBD needs O(r) sweeps (seed 000 §3.5:
 * the information moves a few vertices per iteration; the paper's own cloth and stiff beams run at h = 1/300 s, Table
 * 3.1). r ∝ h², so more substeps cost less than more iterations: at 24 fps the cloth preset's r is 1000 at the
 * default 4 substeps on a 24 mm mesh (thousands of sweeps per substep), 32 at 48 substeps (6 sweeps). Chebyshev
 * acceleration (Eq. 3.15) does not rescue it: on that sleeve it stalls at ρ = 0.95 and diverges at ρ ≥ 0.99.
 * Bending (D = E t³/12(1 − ν²), thousands of times softer) is not counted.
 *
 * Used by resolveBakeSettings for a cloth mesh asked for no substeps (capped at CLOTH_AUTO_SUBSTEPS) and by the
 * bake's `not-converged` warning for cloth, which names this count. While h < β the damping term dominates, so the
 * count grows nearly as 1/ℓ² (the cloth preset at 24 fps: 15 / 48 / 171 / 247 / 963 at ℓ = 50 / 24 / 12 / 10 / 5 mm),
 * and a solve within its tolerance at every substep still drifts with the iteration budget over a clip
 * (docs/bake.md, "Cloth accuracy").
 *
 * @param material  the cloth's material: youngsModulus E [Pa], poissonRatio ν, density ρ [kg/m³], damping β [s]
 * @param meanEdge  ℓ, the mean rest edge of the simulated triangles [m]
 * @param frameTime dt, the time one step call advances [s]
 * @param substeps  the mesh's own substeps (a floor: never fewer)
 * @returns whole substeps in [substeps, max(substeps, 1000)]
 */
export function clothSubsteps(
  material: Pick<Material, 'youngsModulus' | 'poissonRatio' | 'density' | 'damping'>,
  meanEdge: number,
  frameTime: number,
  substeps: number,
): number {
  const stiffnessPerMass = material.youngsModulus / ((1 - material.poissonRatio * material.poissonRatio) * material.density * meanEdge * meanEdge);
  if (!(stiffnessPerMass > 0 && Number.isFinite(stiffnessPerMass)) || !(frameTime > 0)) return substeps;
  // the largest h with h·(h + β) ≤ R/(k/m): the positive root of h² + βh − R/(k/m)
  const beta = material.damping;
  const bound = CLOTH_SUBSTEP_RATIO / stiffnessPerMass;
  const h = (2 * bound) / (beta + Math.sqrt(beta * beta + 4 * bound));
  const needed = Math.ceil(frameTime / h - 1e-9);
  return Math.max(substeps, Math.min(MAX_SUBSTEPS, needed));
}
