import { symmetricEigen3 } from '../../math/mat3/index.ts';
/**
 * Inverse reference edge matrices of tetrahedra that follow a pose within limits: the elastic reference of
 * each tet is its rest shape stretched by the pose's own principal stretches, clamped to
 * [minStretch, maxStretch], so that the elastic energy measures deformation relative to the (animated) pose.
 *
 *   F = D_pose·D_rest⁻¹ = R·S (polar), S = V·diag(λ)·Vᵀ with λ² the eigenvalues of FᵀF,
 *   F_ref = V·diag(clamp(λ))·Vᵀ,  D_ref⁻¹ = D_rest⁻¹·F_ref⁻¹ = D_rest⁻¹·V·diag(1/clamp(λ))·Vᵀ.
 *
 * The rotation R is dropped: the stable Neo-Hookean energy is isotropic, Ψ(F·Q) = Ψ(F) for rotations Q,
 * so only the stretch of the reference matters. The layout is VbdModel.tetRestShapeInverse's (row-major,
 * D = [x₁−x₀, x₂−x₀, x₃−x₀], edges as columns), for seed 000's F = D_s·D_m⁻¹ with a moving reference.
 *
 * Why: the "animated rest shape" (VbdControls.animatedRest: step calls this once per substep with that substep's
 * targets; the bake's volume meshes use it) sets each substep's reference to the fitted animation ū(t),
 * so elasticity resists only the departure from the animated shape (the secondary motion) and never the
 * animator's own deformation (a bending knee, a squash). Why the clamp: a tight fit can leave lattice tets
 * nearly flat or inverted (measured on Fox.glb's Walk at resolution 12: volume ratios from −5.7 to 7);
 * as references those would be stiff beyond any time step. Clamped, a reference is never inverted and
 * never more than 1/minStretch stiffer than the rest shape.
 *
 * @param tetrahedra   #T×4 vertex indices
 * @param positions    #N×3 pose [m]
 * @param restInverse  #T×9 inverse rest edge matrices D_rest⁻¹ (VbdModel.tetRestShapeInverse)
 * @param minStretch   smallest principal stretch a reference may take, in (0, 1]
 * @param maxStretch   largest, ≥ 1
 * @param out          #T×9 inverse reference edge matrices
 * @returns the number of tets whose stretches were clamped
 */
export function restShapeInverses(
  tetrahedra: Uint32Array,
  positions: ArrayLike<number>,
  restInverse: Float64Array,
  minStretch: number,
  maxStretch: number,
  out: Float64Array,
): number {
  let clamped = 0;
  const tetCount = tetrahedra.length / 4;
  const D = _d;
  const F = _f;
  const C = _c;
  const V = _v;
  const eigenvalues = _e;
  for (let t = 0; t < tetCount; t++) {
    const o = 3 * tetrahedra[4 * t];
    for (let k = 0; k < 3; k++) {
      const x = 3 * tetrahedra[4 * t + 1 + k];
      for (let r = 0; r < 3; r++) D[3 * r + k] = positions[x + r] - positions[o + r];
    }
    const B = 9 * t;
    // F = D · D_rest⁻¹ (row-major 3×3 products).
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) F[3 * r + c] = D[3 * r] * restInverse[B + c] + D[3 * r + 1] * restInverse[B + 3 + c] + D[3 * r + 2] * restInverse[B + 6 + c];
    }
    for (let r = 0; r < 3; r++) {
      for (let c = r; c < 3; c++) C[3 * r + c] = C[3 * c + r] = F[r] * F[c] + F[3 + r] * F[3 + c] + F[6 + r] * F[6 + c];
    }
    symmetricEigen3(C, V, eigenvalues);
    let wasClamped = false;
    for (let i = 0; i < 3; i++) {
      const stretch = Math.sqrt(Math.max(eigenvalues[i], 0));
      const limited = Math.min(maxStretch, Math.max(minStretch, stretch));
      if (!(Math.abs(limited - stretch) <= 1e-12 * stretch)) wasClamped = true;
      eigenvalues[i] = 1 / limited;
    }
    if (wasClamped) clamped++;
    // out = D_rest⁻¹ · V · diag(1/λ) · Vᵀ
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) {
        let m = 0;
        for (let i = 0; i < 3; i++) m += V[3 * r + i] * eigenvalues[i] * V[3 * c + i];
        C[3 * r + c] = m;
      }
    }
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++)
        out[B + 3 * r + c] = restInverse[B + 3 * r] * C[c] + restInverse[B + 3 * r + 1] * C[3 + c] + restInverse[B + 3 * r + 2] * C[6 + c];
    }
  }
  return clamped;
}

const _d = new Float64Array(9);
const _f = new Float64Array(9);
const _c = new Float64Array(9);
const _v = new Float64Array(9);
const _e = new Float64Array(3);
