// Generated from waterLevel.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/node/embedWgsl.test.ts checks they agree).
export const waterLevelWgsl = `// waterLevel.wgsl: WGSL twin of app/contact/waterLevel.ts (same name; the four weights and amounts come in as vectors).
//
// The level L with Σ_k c_k·min(a_k, L) = limit for four non-negative weights c_k and amounts a_k (the common length
// the most-moved vertices of a surface point are cut to, truncateToBounds.wgsl): the amounts sorted largest first by
// the CPU's five compare-swaps, then the m largest cut to L = (limit − Σ others' c·a) / Σ their c for the first m
// whose L is at least the next amount.

fn waterLevel(weights: vec4f, amounts: vec4f, limit: f32) -> f32 {
  var i0 = 0u;
  var i1 = 1u;
  var i2 = 2u;
  var i3 = 3u;
  var t = 0u;
  if (amounts[i1] > amounts[i0]) { t = i0; i0 = i1; i1 = t; }
  if (amounts[i3] > amounts[i2]) { t = i2; i2 = i3; i3 = t; }
  if (amounts[i2] > amounts[i0]) { t = i0; i0 = i2; i2 = t; }
  if (amounts[i3] > amounts[i1]) { t = i1; i1 = i3; i3 = t; }
  if (amounts[i2] > amounts[i1]) { t = i1; i1 = i2; i2 = t; }
  let c0 = weights[i0];
  let c1 = weights[i1];
  let c2 = weights[i2];
  let c3 = weights[i3];
  let a1 = amounts[i1];
  let a2 = amounts[i2];
  let a3 = amounts[i3];
  let rest3 = c1 * a1 + c2 * a2 + c3 * a3;
  if (c0 > 0.0) {
    let level = (limit - rest3) / c0;
    if (level >= a1) {
      return level;
    }
  }
  let rest2 = c2 * a2 + c3 * a3;
  if (c0 + c1 > 0.0) {
    let level = (limit - rest2) / (c0 + c1);
    if (level >= a2) {
      return level;
    }
  }
  if (c0 + c1 + c2 > 0.0) {
    let level = (limit - c3 * a3) / (c0 + c1 + c2);
    if (level >= a3) {
      return level;
    }
  }
  return limit / (c0 + c1 + c2 + c3);
}
`;
