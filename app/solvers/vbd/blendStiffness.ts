/**
 * Attachment stiffness of the implicit blending spring from a painted physics-blend weight (0 = follow the animation,
 * 1 = pure physics):
 *
 *   k_i = m_i · κ · (1 − w_i) / w_i      for 0 < w_i ≤ 1,     and a hard pin (x_i = a_i(t)) for w_i = 0.
 *
 * Why this mapping rather than the k(1 − w) of Li 2019 eq. 4.11:
 * - mass-proportional: k_i/m_i is a squared frequency, so the same painted weight gives the same follow behaviour on a
 *   coarse or a fine lattice and for light or heavy flesh (a raw k would behave differently per resolution);
 * - (1 − w)/w spans (∞, 0] continuously, so weights near 0 really converge to the animation and w = 0 is the limit
 *   (the hard pin), while k(1 − w) stays finite and leaves a visible gap at small weights;
 * - a free vertex attached this way oscillates about its target at ω_i = √(κ(1 − w)/w): at w = ½ that is √κ
 *   rad/s (κ = 1000 s⁻² ≈ 5 Hz), the knob artists tune.
 *
 * @param mass        m_i [kg]
 * @param weight      w_i ∈ [0, 1]
 * @param stiffness   κ [1/s²]
 * @returns k_i [N/m], Infinity for w_i = 0 (the caller pins the vertex)
 */
export function blendStiffness(mass: number, weight: number, stiffness: number): number {
  if (weight <= 0) return Number.POSITIVE_INFINITY;
  if (weight >= 1 || stiffness === 0) return 0;
  return (mass * stiffness * (1 - weight)) / weight;
}
