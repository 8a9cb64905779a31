// Generated from evaluateContactForceHessian.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/node/embedWgsl.test.ts checks they agree).
export const evaluateContactForceHessianWgsl = `// evaluateContactForceHessian.wgsl: WGSL twin of app/solvers/vbd/evaluateContactForceHessian.ts (same name and
// argument order, minus the bindings: contact data, vertex colors, positions and x^t).
//
// Force and Hessian of one OGC contact on the point in one of its slots, carried to one simulation vertex with weight
// w (seed 000 ch. 5): f += w·f_slot, H += w²-majorized H_slot. Normal part (Eqs. 5.1, 5.15, 5.17): f_k = −g′(d) b_k n,
// H_k = g″(d) |b_k w| Σ_same |b w′| n nᵀ (the Jacobi-safe separable majorizer over the vertex's color, see the CPU
// twin), times IPC's parallel-edge mollifier. Friction (IPC lagged friction, Eqs. 3.10–3.13): u the tangential slip
// (contactSlip), λ = −g′(d) while the contact pushes and the lagged λ once it has left the radius, φ = f₁(‖u‖)/‖u‖ =
// (2 − u/(ε_v h))/(ε_v h) below ε_v h and 1/u above, f = −μλφ b⁰_k w u, H = μλφ |b⁰_k w| Σ_same (I − m mᵀ).
// pointTarget: a zero-length spring to the target, f = −k w (x − t), H = k |w| Σ_same |w′| I.
//
// vertexContactForceHessian gathers a vertex's contact list (VbdContactData.vertexContacts, entries
// contact·16 + slot·4 + corner) the way vertexElementsForceHessian gathers elements: lane k takes entries k,
// k + lanes, …, in the CPU's order with one lane.

fn evaluateContactForceHessian(contact: u32, slot: u32, weight: f32, color: u32, timeStep: f32, acc: ptr<function, ForceHessian>) {
  let kind = contactWord(CONTACT_KINDS, contact);
  let o = 4u * contact;
  let geometry = contactGeometry(contact);
  let stiffness = contactScalar(CONTACT_STIFFNESS);
  if (kind == CONTACT_POINT_TARGET) {
    (*acc).force += -stiffness * weight * geometry.normal;
    addIsotropic(acc, stiffness * abs(weight) * sameColorWeight(o, 1u, vec4f(1.0, 0.0, 0.0, 0.0), color));
    return;
  }
  let n = geometry.normal;
  let mollifier = geometry.mollifier;
  let b = geometry.weights[slot];
  let activation = contactActivation(geometry.distance, contactScalar(CONTACT_RADIUS), stiffness);
  if (activation.y != 0.0 && b != 0.0) {
    (*acc).force += (-activation.y * b * weight * mollifier) * n;
    let scale = activation.z * abs(b * weight) * sameColorWeight(o, geometry.slots, geometry.weights, color) * mollifier;
    mat3AddSymmetric(acc, scale * n.x * n.x, scale * n.x * n.y, scale * n.x * n.z, scale * n.y * n.y, scale * n.y * n.z, scale * n.z * n.z);
  }

  // Friction: normal, tangent plane and weights lagged at detection; λ from the current distance while the contact
  // pushes, the lagged λ otherwise.
  var lambda = contactFloat(CONTACT_NORMAL_FORCES, contact);
  if (activation.y < 0.0) {
    lambda = -activation.y * mollifier;
  }
  let b0 = contactFloat(CONTACT_FRICTION_WEIGHTS, o + slot);
  let friction = contactScalar(CONTACT_FRICTION);
  if (friction > 0.0 && lambda > 0.0 && b0 != 0.0) {
    let slip = contactSlip(contact, geometry);
    let u = slip.w;
    let m = contactVector(CONTACT_NORMALS, contact);
    let epsilon = contactScalar(CONTACT_FRICTION_VELOCITY) * timeStep;
    var phi = (2.0 - u / epsilon) / epsilon;
    if (u >= epsilon) {
      phi = 1.0 / u;
    }
    let scale = friction * lambda * phi;
    (*acc).force += (-scale * b0 * weight) * slip.xyz;
    var frictionWeights = vec4f(0.0);
    for (var k = 0u; k < 4u; k++) {
      frictionWeights[k] = contactFloat(CONTACT_FRICTION_WEIGHTS, o + k);
    }
    let h = scale * abs(b0 * weight) * sameColorWeight(o, geometry.slots, frictionWeights, color);
    // H += h (I − m mᵀ)
    addIsotropic(acc, h);
    mat3AddSymmetric(acc, -h * m.x * m.x, -h * m.x * m.y, -h * m.x * m.z, -h * m.y * m.y, -h * m.y * m.z, -h * m.z * m.z);
  }
}

// Σ |b_k w_kq| over the (slot k, corner q) entries of a contact whose simulation vertex has the given color: the row
// sum of the majorizer of |a| |a|ᵀ restricted to one color.
fn sameColorWeight(o: u32, slots: u32, b: vec4f, color: u32) -> f32 {
  var sum = 0.0;
  let simulated = contactWords[CONTACT_SIMULATED_POINT_COUNT];
  for (var k = 0u; k < slots; k++) {
    let point = contactWord(CONTACT_POINTS, o + k);
    let bk = b[k];
    if (point >= simulated || bk == 0.0) {
      continue;
    }
    for (var q = 0u; q < 4u; q++) {
      let w = contactFloat(CONTACT_POINT_WEIGHTS, 4u * point + q);
      if (w != 0.0 && contactWord(CONTACT_VERTEX_COLORS, contactWord(CONTACT_POINT_VERTICES, 4u * point + q)) == color) {
        sum += abs(bk * w);
      }
    }
  }
  return sum;
}

// One lane's share of vertex \`vertex\`'s contact list (nothing when the buffer holds no contact).
fn vertexContactForceHessian(vertex: u32, lane: u32, lanes: u32, acc: ptr<function, ForceHessian>) {
  if (!hasContact || contactWords[CONTACT_COUNT] == 0u) {
    return;
  }
  let begin = contactWord(CONTACT_VERTEX_OFFSETS, vertex);
  let count = contactWord(CONTACT_VERTEX_OFFSETS, vertex + 1u) - begin;
  let color = contactWord(CONTACT_VERTEX_COLORS, vertex);
  for (var k = lane; k < count; k += lanes) {
    let entry = contactWord(CONTACT_VERTEX_ENTRIES, begin + k);
    let contact = entry >> 4u;
    let slot = (entry >> 2u) & 3u;
    let weight = contactFloat(CONTACT_POINT_WEIGHTS, 4u * contactWord(CONTACT_POINTS, 4u * contact + slot) + (entry & 3u));
    evaluateContactForceHessian(contact, slot, weight, color, callParams.timeStep, acc);
    (*acc).count += 1.0;
  }
}
`;
