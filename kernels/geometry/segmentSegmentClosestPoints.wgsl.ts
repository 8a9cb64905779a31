// Generated from segmentSegmentClosestPoints.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/node/embedWgsl.test.ts checks they agree).
export const segmentSegmentClosestPointsWgsl = `// segmentSegmentClosestPoints.wgsl: WGSL twin of app/geometry/segmentSegmentClosestPoints.ts (same name and order of
// operations; the segments come in as endpoints).
//
// The closest points p0 + s (p1 − p0) and q0 + t (q1 − q0) of two segments (Ericson, Real-Time Collision Detection
// §5.1.9), s and t in [0, 1]: degenerate segments are points, near-parallel segments (a e − b² ≤ 1e-14 a e) take
// s = 0 and clamp t. Returns (s, t, squared distance).

fn segmentSegmentClosestPoints(p0: vec3f, p1: vec3f, q0: vec3f, q1: vec3f) -> vec3f {
  let u = p1 - p0;
  let v = q1 - q0;
  let r = p0 - q0;
  let a = dot(u, u);
  let e = dot(v, v);
  let f = dot(v, r);
  var s = 0.0;
  var t = 0.0;
  if (!(a > 0.0) && !(e > 0.0)) {
    s = 0.0;
    t = 0.0;
  } else if (!(a > 0.0)) {
    s = 0.0;
    t = clamp(f / e, 0.0, 1.0);
  } else {
    let c = dot(u, r);
    if (!(e > 0.0)) {
      t = 0.0;
      s = clamp(-c / a, 0.0, 1.0);
    } else {
      let b = dot(u, v);
      let denominator = a * e - b * b;
      if (denominator > 1e-14 * a * e) {
        s = clamp((b * f - c * e) / denominator, 0.0, 1.0);
      }
      t = (b * s + f) / e;
      if (t < 0.0) {
        t = 0.0;
        s = clamp(-c / a, 0.0, 1.0);
      } else if (t > 1.0) {
        t = 1.0;
        s = clamp((b - c) / a, 0.0, 1.0);
      }
    }
  }
  let d = r + s * u - t * v;
  return vec3f(s, t, dot(d, d));
}
`;
