// Generated from contactGeometry.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/node/embedWgsl.test.ts checks they agree).
export const contactGeometryWgsl = `// contactGeometry.wgsl: WGSL twin of app/solvers/vbd/contactGeometry.ts (same name; the CPU's 21-number output is the
// ContactGeometry struct, the contact data and positions are bindings).
//
// The geometry of one OGC contact at the current positions (seed 000 ch. 5): the distance between its two sides, the
// unit normal from the feature side toward the vertex side, each slot's weight b_k in the distance's gradient
// (∂d/∂x_k = b_k n) and the points themselves. Per kind: vertex–face (the closest point on the face, recomputed now),
// vertex–edge, vertex–vertex, edge–edge (closest points on both edges; IPC's mollifier c/ε (2 − c/ε) below
// c = ‖e₀ × e₁‖² < ε = 10⁻³‖e₀‖²‖e₁‖²), vertex–plane (signed distance), pointTarget (the offset to the target, not
// unit). A touching pair (d ≤ 10⁻¹² r) keeps the normal lagged at detection.

struct ContactGeometry {
  distance: f32,
  mollifier: f32,
  normal: vec3f,
  weights: vec4f,
  points: array<vec3f, 4>,
  slots: u32,
}

fn contactGeometry(contact: u32) -> ContactGeometry {
  let kind = contactWord(CONTACT_KINDS, contact);
  let o = 4u * contact;
  let slots = contactSlots(kind);
  var out: ContactGeometry;
  out.slots = slots;
  for (var k = 0u; k < slots; k++) {
    out.points[k] = contactPointPosition(contactWord(CONTACT_POINTS, o + k), false);
  }
  out.weights = vec4f(1.0, 0.0, 0.0, 0.0);
  out.mollifier = 1.0;
  if (kind == CONTACT_POINT_TARGET) {
    out.normal = out.points[0] - contactVector(CONTACT_POINT_TARGETS, contactWord(CONTACT_POINTS, o));
    out.distance = length(out.normal);
    return out;
  }
  if (kind == CONTACT_VERTEX_PLANE) {
    let plane = 4u * contactWord(CONTACT_POINTS, o + 1u);
    out.normal = vec3f(contactFloat(CONTACT_PLANES, plane), contactFloat(CONTACT_PLANES, plane + 1u), contactFloat(CONTACT_PLANES, plane + 2u));
    out.distance = dot(out.normal, out.points[0]) + contactFloat(CONTACT_PLANES, plane + 3u);
    return out;
  }
  var closest: vec3f;
  var vertexSide: vec3f;
  if (kind == CONTACT_EDGE_EDGE) {
    let st = segmentSegmentClosestPoints(out.points[0], out.points[1], out.points[2], out.points[3]);
    let s = st.x;
    let t = st.y;
    vertexSide = out.points[0] + s * (out.points[1] - out.points[0]);
    closest = out.points[2] + t * (out.points[3] - out.points[2]);
    out.weights = vec4f(1.0 - s, s, -(1.0 - t), -t);
    let u = out.points[1] - out.points[0];
    let w = out.points[3] - out.points[2];
    let across = cross(u, w);
    let c = dot(across, across);
    let epsilon = 1e-3 * dot(u, u) * dot(w, w);
    if (c < epsilon) {
      out.mollifier = (c / epsilon) * (2.0 - c / epsilon);
    }
  } else {
    vertexSide = out.points[0];
    if (kind == CONTACT_VERTEX_FACE) {
      let onFace = pointTriangleClosestPoint(out.points[1], out.points[2], out.points[3], vertexSide);
      let beta = onFace.barycentric;
      out.weights = vec4f(1.0, -beta.x, -beta.y, -beta.z);
      closest = beta.x * out.points[1] + beta.y * out.points[2] + beta.z * out.points[3];
    } else if (kind == CONTACT_VERTEX_EDGE) {
      let s = segmentSegmentClosestPoints(out.points[1], out.points[2], vertexSide, vertexSide).x;
      out.weights = vec4f(1.0, -(1.0 - s), -s, 0.0);
      closest = out.points[1] + s * (out.points[2] - out.points[1]);
    } else {
      out.weights = vec4f(1.0, -1.0, 0.0, 0.0);
      closest = out.points[1];
    }
  }
  let d = vertexSide - closest;
  out.distance = length(d);
  if (out.distance > 1e-12 * contactScalar(CONTACT_RADIUS)) {
    out.normal = d / out.distance;
  } else {
    // Touching: the lagged normal keeps the push defined.
    out.normal = contactVector(CONTACT_NORMALS, contact);
  }
  return out;
}
`;
