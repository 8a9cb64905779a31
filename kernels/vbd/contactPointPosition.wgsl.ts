// Generated from contactPointPosition.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/node/embedWgsl.test.ts checks they agree).
export const contactPointPositionWgsl = `// contactPointPosition.wgsl: WGSL twin of app/solvers/vbd/contactPointPosition.ts (same name; the contact data and
// the positions are bindings, \`start\` picks x^t, the POSITIONS_START section, over the current positions).
//
// Position of contact point p: Σ_k w_k x[vertex_k] + offset for a simulated point (a cloth vertex, or a surface point
// embedded in a lattice tet with its detail offset held for the substep), the obstacle's position (substep end, or
// its start) for a kinematic point p ≥ simulatedPointCount.

fn contactPointPosition(point: u32, start: bool) -> vec3f {
  let simulated = contactWords[CONTACT_SIMULATED_POINT_COUNT];
  if (point >= simulated) {
    if (start) {
      return contactVector(CONTACT_OBSTACLE_START_POSITIONS, point - simulated);
    }
    return contactVector(CONTACT_OBSTACLE_POSITIONS, point - simulated);
  }
  var x = contactVector(CONTACT_POINT_OFFSETS, point);
  for (var k = 0u; k < 4u; k++) {
    let w = contactFloat(CONTACT_POINT_WEIGHTS, 4u * point + k);
    if (w == 0.0) {
      continue;
    }
    let v = contactWord(CONTACT_POINT_VERTICES, 4u * point + k);
    if (start) {
      x += w * vertexVector(POSITIONS_START, v);
    } else {
      x += w * position(v);
    }
  }
  return x;
}
`;
