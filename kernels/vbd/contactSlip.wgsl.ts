// Generated from contactSlip.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/node/embedWgsl.test.ts checks they agree).
export const contactSlipWgsl = `// contactSlip.wgsl: WGSL twin of app/solvers/vbd/contactSlip.ts (same name; returns (u, ‖u‖)).
//
// The tangential slip u of a contact over the substep (seed 000 §5 friction, after IPC's lagged formulation): the
// displacement of its contact points from x^t weighted by the friction weights lagged at detection, Σ_k b_k (x_k −
// x_k^t), minus its component along the lagged normal m. Shared with nothing else on the GPU yet (the CPU's energy,
// contactEnergy, serves the line search the GPU does not run).

fn contactSlip(contact: u32, geometry: ContactGeometry) -> vec4f {
  let o = 4u * contact;
  var u = vec3f(0.0);
  for (var k = 0u; k < geometry.slots; k++) {
    let start = contactPointPosition(contactWord(CONTACT_POINTS, o + k), true);
    u += contactFloat(CONTACT_FRICTION_WEIGHTS, o + k) * (geometry.points[k] - start);
  }
  let m = contactVector(CONTACT_NORMALS, contact);
  let tangent = u - dot(u, m) * m;
  return vec4f(tangent, length(tangent));
}
`;
