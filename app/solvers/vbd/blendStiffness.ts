/**
 * Attachment stiffness of the implicit blending spring from a painted physics-blend weight (0 = follow the animation,
 * 1 = pure physics):
 *
 *   k_i = m_i · κ_i · (1 − w_i) / w_i     for 0 < w_i ≤ 1,     and a hard pin (x_i = a_i(t)) for w_i = 0.
 *
 * It is Li 2019's implicit blending force (thesis eq. 4.11, f_w = W(ū − u) with W a diagonal of per-vertex
 * stiffnesses, integrated implicitly; paper note seed004 §2.6.1) with the stiffness of each vertex set from its painted
 * weight as above, because the thesis leaves that map open (its UI remap is garbled in the text):
 * - mass-proportional: k_i/m_i is a squared frequency, so the same painted weight gives the same follow behaviour on a
 *   coarse or a fine lattice and for light or heavy flesh (a raw k would behave differently per resolution);
 * - (1 − w)/w spans (∞, 0] continuously, so weights near 0 really converge to the animation and w = 0 is the limit
 *   (the hard pin), while a map that stays finite at w → 0 (k(1 − w)) leaves a visible gap at small weights;
 * - a free vertex attached this way oscillates about its target at ω_i = √(κ_i(1 − w_i)/w_i).
 * κ: the bake computes one per vertex from the body's static compliance (app/bake/attachmentStiffnesses.ts: κ_i = 1/δ_i,
 * so the weight is the share of the free body's lag that shows, and the wobble scales with the material and the size);
 * a uniform κ (VbdControls.attachmentStiffness as a number, e.g. 1000 s⁻² ≈ 5 Hz at w = ½) is only what a mesh's
 * `attachmentStiffness` override or a standalone VBD scene (vbdSceneFromJson) sets.
 *
 * @param mass        m_i [kg]
 * @param weight      w_i ∈ [0, 1]
 * @param stiffness   κ_i [1/s²]
 * @returns k_i [N/m], Infinity for w_i = 0 (the caller pins the vertex)
 */
export function blendStiffness(mass: number, weight: number, stiffness: number): number {
  if (weight <= 0) return Number.POSITIVE_INFINITY;
  if (weight >= 1 || stiffness === 0) return 0;
  return (mass * stiffness * (1 - weight)) / weight;
}
