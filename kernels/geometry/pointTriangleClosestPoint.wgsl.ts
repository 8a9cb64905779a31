// Generated from pointTriangleClosestPoint.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/node/embedWgsl.test.ts checks they agree).
export const pointTriangleClosestPointWgsl = `// pointTriangleClosestPoint.wgsl: WGSL twin of app/geometry/pointTriangleClosestPoint.ts (same name and order of
// operations; positions come in as vectors instead of indices into an array).
//
// The point of triangle (a, b, c) closest to p by Voronoi regions (Ericson, Real-Time Collision Detection §5.1.5):
// its barycentric coordinates, which feature holds it (TRIANGLE_FEATURE: 0 face, 1–3 edges ab, bc, ca, 4–6 corners
// a, b, c) and the squared distance. A degenerate triangle (zero area, or a non-finite sum) falls back to the nearest
// of its three edges, as the CPU does.

struct TriangleClosestPoint {
  barycentric: vec3f,
  feature: u32,
  squaredDistance: f32,
}

fn pointTriangleClosestPoint(a: vec3f, b: vec3f, c: vec3f, p: vec3f) -> TriangleClosestPoint {
  let ab = b - a;
  let ac = c - a;
  let ap = p - a;
  let d1 = dot(ab, ap);
  let d2 = dot(ac, ap);
  var u = 0.0; // closest = a + u·ab + v·ac
  var v = 0.0;
  var feature = 4u;
  if (!(d1 <= 0.0 && d2 <= 0.0)) {
    let d3 = d1 - dot(ab, ab);
    let d4 = d2 - dot(ac, ab);
    let d5 = d1 - dot(ab, ac);
    let d6 = d2 - dot(ac, ac);
    let va = d3 * d6 - d5 * d4;
    let vb = d5 * d2 - d1 * d6;
    let vc = d1 * d4 - d3 * d2;
    if (d3 >= 0.0 && d4 <= d3) {
      u = 1.0;
      feature = 5u;
    } else if (d6 >= 0.0 && d5 <= d6) {
      v = 1.0;
      feature = 6u;
    } else if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0) {
      u = d1 / (d1 - d3);
      feature = 1u;
    } else if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0) {
      v = d2 / (d2 - d6);
      feature = 3u;
    } else if (va <= 0.0 && d4 - d3 >= 0.0 && d5 - d6 >= 0.0) {
      let w = (d4 - d3) / (d4 - d3 + (d5 - d6));
      u = 1.0 - w;
      v = w;
      feature = 2u;
    } else {
      let sum = va + vb + vc;
      // sum ≤ 3.4e38 is false for +inf and NaN (WGSL has no isFinite)
      if (sum > 0.0 && sum <= 3.4e38) {
        u = vb / sum;
        v = vc / sum;
        feature = 0u;
      } else {
        return degenerateTriangleClosestPoint(a, b, c, p);
      }
    }
  }
  let d = ap - u * ab - v * ac;
  return TriangleClosestPoint(vec3f(1.0 - u - v, u, v), feature, dot(d, d));
}

// The nearest of the three edges (a zero-length edge is its first corner), ties kept by the first, as the CPU.
fn degenerateTriangleClosestPoint(a: vec3f, b: vec3f, c: vec3f, p: vec3f) -> TriangleClosestPoint {
  var corners = array<vec3f, 3>(a, b, c);
  var best = TriangleClosestPoint(vec3f(1.0, 0.0, 0.0), 4u, 3.4e38);
  for (var e = 0u; e < 3u; e++) {
    let i = corners[e];
    let edge = corners[(e + 1u) % 3u] - i;
    let length = dot(edge, edge);
    var s = 0.0;
    if (length > 0.0) {
      s = clamp(dot(p - i, edge) / length, 0.0, 1.0);
    }
    let d = p - i - s * edge;
    let distance = dot(d, d);
    if (distance < best.squaredDistance) {
      var barycentric = vec3f(0.0);
      barycentric[e] = 1.0 - s;
      barycentric[(e + 1u) % 3u] = s;
      var feature = 1u + e;
      if (s == 0.0) {
        feature = 4u + e;
      } else if (s == 1.0) {
        feature = 4u + (e + 1u) % 3u;
      }
      best = TriangleClosestPoint(barycentric, feature, distance);
    }
  }
  return best;
}
`;
