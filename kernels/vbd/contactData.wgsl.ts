// Generated from contactData.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/node/embedWgsl.test.ts checks they agree).
export const contactDataWgsl = `// contactData.wgsl: the GPU twin of VbdContactData (app/solvers/vbd/types.ts), the contact data every vertex solve
// gathers from, in one storage buffer (the step's eighth, WebGPU's default maximum) of u32 words: a header of
// CONTACT_HEADER_WORDS (each array's start, the counts, the four scalars as f32 bits), then the arrays, f32 ones
// stored as their bits (bitcast). Packed by kernels/vbd/packVbdContact.ts, whose CONTACT_LAYOUT_FIELDS name the
// header words in this order. A buffer whose contactCount is 0 holds no contact: the gather reads nothing else. The
// truncation's arrays are there when the host gave bounds (the truncation kernels are dispatched only then).
//
// The module that includes this file declares the binding \`contactWords\` (array<u32>): read-only in the step
// (vbdBindings.wgsl, group 1 binding 5), read-write in the detection that writes the contacts
// (kernels/contact/ogcDetection.wgsl).

const CONTACT_SIMULATED_POINT_COUNT: u32 = 0u;
const CONTACT_COUNT: u32 = 1u;
const CONTACT_POINT_VERTICES: u32 = 2u;
const CONTACT_POINT_WEIGHTS: u32 = 3u;
const CONTACT_POINT_OFFSETS: u32 = 4u;
const CONTACT_OBSTACLE_POSITIONS: u32 = 5u;
const CONTACT_OBSTACLE_START_POSITIONS: u32 = 6u;
const CONTACT_PLANES: u32 = 7u;
const CONTACT_POINT_TARGETS: u32 = 8u;
const CONTACT_KINDS: u32 = 9u;
const CONTACT_POINTS: u32 = 10u;
const CONTACT_FRICTION_WEIGHTS: u32 = 11u;
const CONTACT_NORMALS: u32 = 12u;
const CONTACT_NORMAL_FORCES: u32 = 13u;
const CONTACT_VERTEX_OFFSETS: u32 = 14u;
const CONTACT_VERTEX_ENTRIES: u32 = 15u;
const CONTACT_VERTEX_COLORS: u32 = 16u;
const CONTACT_RADIUS: u32 = 17u;
const CONTACT_STIFFNESS: u32 = 18u;
const CONTACT_FRICTION: u32 = 19u;
const CONTACT_FRICTION_VELOCITY: u32 = 20u;
// Truncation (truncateToBounds.wgsl): #V 1 = the vertex carries a bounded point; #S γ_p·d_s of each point (negative:
// unbounded); each vertex's points (#V+1 offsets, entries point·4 + corner, corners of nonzero weight)
const CONTACT_VERTEX_BOUNDED: u32 = 21u;
const CONTACT_POINT_LIMITS: u32 = 22u;
const CONTACT_VERTEX_POINT_OFFSETS: u32 = 23u;
const CONTACT_VERTEX_POINTS: u32 = 24u;
// The header's last word: 1 when the GPU detection's latest gate opened (kernels/contact ogcDetection.wgsl's
// gateDetection writes it; packVbdContact leaves it 0), read by the step's detectionStateNow.
const CONTACT_GATE_OPEN: u32 = 31u;

// CONTACT_KIND (app/solvers/vbd/types.ts)
const CONTACT_VERTEX_FACE: u32 = 0u;
const CONTACT_VERTEX_EDGE: u32 = 1u;
const CONTACT_VERTEX_VERTEX: u32 = 2u;
const CONTACT_EDGE_EDGE: u32 = 3u;
const CONTACT_VERTEX_PLANE: u32 = 4u;
const CONTACT_POINT_TARGET: u32 = 5u;

// Element i of the u32 array whose start is header word \`field\`.
fn contactWord(field: u32, i: u32) -> u32 {
  return contactWords[contactWords[field] + i];
}

// Element i of the f32 array whose start is header word \`field\`.
fn contactFloat(field: u32, i: u32) -> f32 {
  return bitcast<f32>(contactWords[contactWords[field] + i]);
}

// Vector i (elements 3i .. 3i + 2) of the f32 array whose start is header word \`field\`.
fn contactVector(field: u32, i: u32) -> vec3f {
  let o = contactWords[field] + 3u * i;
  return vec3f(bitcast<f32>(contactWords[o]), bitcast<f32>(contactWords[o + 1u]), bitcast<f32>(contactWords[o + 2u]));
}

// A scalar kept in the header (radius, stiffness, friction, frictionVelocity).
fn contactScalar(field: u32) -> f32 {
  return bitcast<f32>(contactWords[field]);
}

// How many of a contact's four points (slots) its kind uses: vertex–face and edge–edge 4, vertex–edge 3, vertex–vertex
// 2, vertex–plane and pointTarget 1.
fn contactSlots(kind: u32) -> u32 {
  if (kind == CONTACT_VERTEX_PLANE || kind == CONTACT_POINT_TARGET) {
    return 1u;
  }
  if (kind == CONTACT_VERTEX_VERTEX) {
    return 2u;
  }
  if (kind == CONTACT_VERTEX_EDGE) {
    return 3u;
  }
  return 4u;
}
`;
