/**
 * OGC's two-stage contact activation g(d, r) and its first two derivatives (seed 000 Eqs. 5.17–5.19 with the
 * corrected constants of the notes §4.7): quadratic k/2 (r − d)² for r/2 ≤ d < r, logarithmic −k′ ln d + b below
 * τ = r/2 with k′ = k r²/4 and b = k r²/8 + k′ ln(r/2), so g is C² at τ; zero at and beyond r. Below d_f = 1e-4·r the
 * logarithm continues as its second-order Taylor expansion at d_f (as Newton's VBD does below 1e-5), so a distance
 * that reaches zero, or a pair that started intersecting, gives a large finite push instead of a NaN.
 *
 * @param distance   d [m]
 * @param radius     r [m] > 0
 * @param stiffness  k_c [N/m]
 * @param out        3 numbers receiving g [J], g′ [N] (≤ 0: the force pushes toward larger d), g″ [N/m] (≥ 0)
 */
export function contactActivation(distance: number, radius: number, stiffness: number, out: Float64Array): void {
  const d = distance;
  const r = radius;
  if (!(d < r)) {
    out[0] = 0;
    out[1] = 0;
    out[2] = 0;
    return;
  }
  const tau = 0.5 * r;
  if (d >= tau) {
    const gap = r - d;
    out[0] = 0.5 * stiffness * gap * gap;
    out[1] = -stiffness * gap;
    out[2] = stiffness;
    return;
  }
  const k2 = 0.25 * stiffness * r * r;
  const b = 0.125 * stiffness * r * r + k2 * Math.log(tau);
  const floor = 1e-4 * r;
  if (d >= floor) {
    out[0] = -k2 * Math.log(d) + b;
    out[1] = -k2 / d;
    out[2] = k2 / (d * d);
    return;
  }
  const g = -k2 * Math.log(floor) + b;
  const g1 = -k2 / floor;
  const g2 = k2 / (floor * floor);
  const s = d - floor;
  out[0] = g + g1 * s + 0.5 * g2 * s * s;
  out[1] = g1 + g2 * s;
  out[2] = g2;
}
