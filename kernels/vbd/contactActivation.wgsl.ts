// Generated from contactActivation.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/node/embedWgsl.test.ts checks they agree).
export const contactActivationWgsl = `// contactActivation.wgsl: WGSL twin of app/solvers/vbd/contactActivation.ts (same name; returns (g, g′, g″)).
//
// OGC's two-stage activation (seed 000 Eqs. 5.17–5.19 with the notes' corrected constants): zero at d ≥ r, the
// quadratic k/2 (r − d)² down to τ = r/2, then the logarithm −k₂ ln d + b with k₂ = k r²/4 and b chosen for C¹
// continuity at τ, continued below 1e-4 r by its second-order Taylor expansion (finite at d = 0).

fn contactActivation(distance: f32, radius: f32, stiffness: f32) -> vec3f {
  let d = distance;
  let r = radius;
  if (!(d < r)) {
    return vec3f(0.0);
  }
  let tau = 0.5 * r;
  if (d >= tau) {
    let gap = r - d;
    return vec3f(0.5 * stiffness * gap * gap, -stiffness * gap, stiffness);
  }
  let k2 = 0.25 * stiffness * r * r;
  let b = 0.125 * stiffness * r * r + k2 * log(tau);
  let floor = 1e-4 * r;
  if (d >= floor) {
    return vec3f(-k2 * log(d) + b, -k2 / d, k2 / (d * d));
  }
  let g = -k2 * log(floor) + b;
  let g1 = -k2 / floor;
  let g2 = k2 / (floor * floor);
  let s = d - floor;
  return vec3f(g + g1 * s + 0.5 * g2 * s * s, g1 + g2 * s, g2);
}
`;
