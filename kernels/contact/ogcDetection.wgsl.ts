// Generated from ogcDetection.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/node/embedWgsl.test.ts checks they agree).
export const ogcDetectionWgsl = `// ogcDetection.wgsl: WGSL twin of ogcContact's detection (app/contact/ogc/ogcDetection.ts and its steps:
// vertexFacetContacts, edgeEdgeContacts with edgeEndpointContact, unaryContacts, conservativeBounds,
// vertexContactLists; app/contact/ogc/README.md maps each kernel), Offset Geometric Contact (seed 000 ch. 5,
// Algorithms 2–3 with DCD, Eqs. 5.7–5.8 for the blocks, 5.20–5.25 for the bounds), for a full search at every
// detection (ogcContact with searchMargin 0: the same contact set as its incremental one). It writes the contacts,
// the per-vertex gather lists and the points' bounds straight into the step's contact binding (contactData.wgsl), so
// the step's gather (evaluateContactForceHessian.wgsl) and truncation (truncateToBounds.wgsl) read them as they are.
//
// All on the GPU, one compute pass between the broad phase's two (kernels/geometry/boxSpatialHash.wgsl): the points
// (contactPointPosition over the positions, or the host's), their boxes, then the hash's two tables answer every
// point with the triangles whose boxes grown by r_q hold it and every edge with the edges whose boxes overlap its own
// (both grown by r_q/2), into ranges of the \`broad\` buffer; then one invocation per answer (a candidate pair, sized by
// an indirect dispatch), per surface point, per contact and per vertex. The candidates only have to include every
// pair within r_q: each pair applies the CPU's filters itself (kinematic pairs, colliders against themselves,
// self-contact off, shared points, the local rings of an embedded surface, input exclusion, the topological rings).
//
// Each (point, feature) once, without the CPU's stamps: the CPU gives a point's edge (or vertex) contact from the
// first of its pairs, in list order, whose closest point lies on that edge (vertex) and that passes the filters; every
// such pair gives the same contact (up to rounding: the distance to the feature). Here the pair with the smallest
// triangle index among the feature's triangles gives it: a pair whose closest feature is an edge (vertex) evaluates
// the same test (\`pairFeature\`) for the feature's triangles of lower index and stops when one of them takes it. An
// edge pair is listed once, under the surface edge of lower index (app/contact/ogc/proximityPairs.ts's edgeEdgePairs).
//
// Smallest distances (minPoint, minEdge, minTriangle, initialised to r_q) by atomicMin on the bits of non-negative
// f32, which order as the numbers do. Contacts are appended by an atomic counter, in the order the invocations ran
// (the CPU's is its list order; the sets are the same); each vertex's gather list is then sorted by the contacts'
// content (sortEntries), so the solve sums them in the same order every run.
//
// Bindings (group 0):
//   0 contactWords  read_write array<u32>          the step's contact binding (contactData.wgsl), sized for
//                                                  contactCapacity contacts and entryCapacity list entries
//   1 detectionWords read      array<u32>          topology and per-call flags (sections below, DETECTION_* starts)
//   2 points        read_write array<f32>          #P×3 points now (contactPoints, or the host's), then #P×3 the
//                                                  input's (hasReference) [m]
//   3 scratch       read_write array<atomic<u32>>  [0] contacts appended, [1] pairs left out by the input,
//                                                  [2] gather entries, [3] unused; then minPoint (#P), minEdge (#E),
//                                                  minTriangle (#T) as f32 bits; then #V + 1 list counts / cursors
//   4 broad         read_write array<u32>          the broad phase's ranges (word starts in params): triangle boxes
//                                                  and point queries, edge boxes and edge queries (f32 bits, written
//                                                  by contactBoxes), each table's answer offsets and answers
//   5 params        uniform    DetectionParams
//   6 positions     read       array<f32>          #V×3 simulation vertex positions [m]
//   7 dispatches    read_write array<u32>          dispatch sizes, DISPATCH_SLOTS slots of (x, y, 1), read by indirect
//                                                  dispatches or by the kernels (slotSize): the point–triangle answers, the edge answers, the contacts (sized on
//                                                  the GPU), then every other dispatch of a detection (the hash's
//                                                  sixteen included); then the open sizes of those slots (the host's)
//   8 gate          read_write array<atomic<u32>>  GATE_* words: the control entry the host copies in before a gate,
//                                                  the truncation mark, and the detections' counts and largest totals
//   9 stepCounters  read       array<u32>          the VBD step's counters ([2]: vertices truncated so far)
//  10 frameInputs   read       array<f32>          per call: #O×3 collider points at its start and end, #S×3 the
//                                                  input's surface points at its start and end [m]
//
// Gating (the step's orchestration, docs/contact.md): every dispatch of a detection is sized by slots the gate kernel
// (gateDetection) writes: the open sizes, or zeros when the detection is not needed. The host dispatches them
// indirectly (software adapters) or directly at their largest size, the kernels returning at once outside the gated
// size (slotSize, kernels/gpu/gatedDispatch.wgsl; hardware adapters). At a substep's start the
// detection always runs (mode 0); after an iteration's truncation it runs when more than γ_e of the free vertices were
// truncated in that iteration (mode 1: counters[2] minus the mark the previous gate left); mode 2 only sets the mark
// (after the truncation of the initial guess, which the CPU does not count toward γ_e). A detection that did not run
// leaves the contact binding as the last one wrote it, as the CPU's does.
//
// Entry points (WORKGROUP_SIZE invocations, workgroup x + y·groupsX):
//   contactPoints         per point: contactPointPosition (simulated points), the colliders' (kinematic ones)
//   contactBoxes          per max(#T, #P, #E): the broad phase's boxes and queries
//   (the hash's two tables: boxSpatialHash.wgsl)
//   clearDetection        per max(#P, #E, #T, #V + 1): the smallest distances to r_q, counters and counts to 0
//   sizePairDispatches    one invocation: the pair kernels' sizes from the tables' answer totals
//   pointTriangleContacts per point–triangle answer (Algorithm 2)
//   edgeEdgeContacts      per edge–edge answer (Algorithm 3)
//   unaryContacts         per surface point: planes and the untangling pull
//   pointLimits           per surface point: γ_p · d_s into the truncation's pointLimits (Eqs. 5.20–5.25)
//   sizeEntryDispatches   one invocation: countEntries' and fillEntries' size from the contact count
//   countEntries          per contact: how many list entries each vertex gets
//   scanEntries           one workgroup: counts → vertexContactOffsets, contactCount into the header
//   fillEntries           per contact: the entries (c << 4 | slot << 2 | corner)
//   sortEntries           per vertex: its list in a content order (entryBefore), the same every run

const WORKGROUP_SIZE: u32 = 64u;

// detectionWords' header: the start of each section.
const DETECTION_TRIANGLES: u32 = 0u;           // #T×3 points
const DETECTION_TRIANGLE_OWNER: u32 = 1u;      // #T 0 surface, 1 collider
const DETECTION_EDGES: u32 = 2u;               // #E×2 points
const DETECTION_TRIANGLE_EDGES: u32 = 3u;      // #T×3
const DETECTION_EDGE_TRIANGLE_OFFSETS: u32 = 4u; // #E + 1
const DETECTION_EDGE_TRIANGLES: u32 = 5u;
const DETECTION_EDGE_OPPOSITES: u32 = 6u;      // same offsets as the edge's triangles
const DETECTION_NEIGHBOUR_OFFSETS: u32 = 7u;   // #P + 1
const DETECTION_NEIGHBOURS: u32 = 8u;
const DETECTION_POINT_TRIANGLE_OFFSETS: u32 = 9u; // #P + 1
const DETECTION_POINT_TRIANGLES: u32 = 10u;
const DETECTION_POINT_EDGE_OFFSETS: u32 = 11u; // #P + 1
const DETECTION_POINT_EDGES: u32 = 12u;
const DETECTION_RING_OFFSETS: u32 = 13u;       // #S + 1: topologicalRings
const DETECTION_RINGS: u32 = 14u;
const DETECTION_LOCAL_OFFSETS: u32 = 15u;      // #S + 1: localRings
const DETECTION_LOCALS: u32 = 16u;
const DETECTION_KINEMATIC: u32 = 17u;          // #P 1 = kinematic point (per call)
const DETECTION_REGIONS: u32 = 18u;            // #S the input region of each point (inputRegions' labels, per call)
const DETECTION_UNTANGLE: u32 = 19u;           // #S 1 = pull toward its target (per call)

// params.flags
const FLAG_SELF_CONTACT: u32 = 1u;
const FLAG_REFERENCE: u32 = 2u;
const FLAG_REGIONS: u32 = 4u;
// A point inside every input region (app/intersection/inputRegions.ts ANY_REGION: pulled toward the input).
const ANY_REGION: u32 = 0xffffffffu;
const FLAG_UNTANGLE: u32 = 8u;
const FLAG_LOCAL: u32 = 16u;
const FLAG_POINTS: u32 = 32u;      // make the points from the positions (contactPoints); else the host wrote them
const FLAG_STEP_INPUTS: u32 = 64u; // the colliders' points and the input's at each substep from frameInputs (substepInputs)

// scratch words
const SCRATCH_CONTACTS: u32 = 0u;
const SCRATCH_INPUT_EXCLUDED: u32 = 1u;
const SCRATCH_ENTRIES: u32 = 2u;
const SCRATCH_HEADER: u32 = 4u;

const NO_FEATURE: u32 = 0xffffffffu;

struct DetectionParams {
  surfacePointCount: u32,
  pointCount: u32,
  triangleCount: u32,
  edgeCount: u32,
  vertexCount: u32,
  planeCount: u32,
  contactCapacity: u32,
  entryCapacity: u32,
  groupsX: u32,
  flags: u32,
  radius: f32,
  queryRadius: f32,
  stiffness: f32,
  gammaP: f32,
  // word starts of the broad buffer's ranges, and the tables' answer capacities
  triangleBoxesAt: u32,
  pointQueriesAt: u32,
  edgeBoxesAt: u32,
  edgeQueriesAt: u32,
  pointOffsetsAt: u32,
  pointAnswersAt: u32,
  edgeOffsetsAt: u32,
  edgeAnswersAt: u32,
  pointAnswerCapacity: u32,
  edgeAnswerCapacity: u32,
  pad0: u32,
  pad1: u32,
  pad2: u32,
  pad3: u32,
}

@group(0) @binding(0) var<storage, read_write> contactWords: array<u32>;
@group(0) @binding(1) var<storage, read> detectionWords: array<u32>;
@group(0) @binding(2) var<storage, read_write> points: array<f32>;
@group(0) @binding(3) var<storage, read_write> scratch: array<atomic<u32>>;
@group(0) @binding(4) var<storage, read_write> broad: array<u32>;
@group(0) @binding(5) var<uniform> params: DetectionParams;
@group(0) @binding(6) var<storage, read> positions: array<f32>;
@group(0) @binding(7) var<storage, read_write> dispatches: array<u32>;
@group(0) @binding(8) var<storage, read_write> gate: array<atomic<u32>>;
@group(0) @binding(9) var<storage, read> stepCounters: array<u32>;
@group(0) @binding(10) var<storage, read> frameInputs: array<f32>;

// dispatches' slots (3 words each): sized on the GPU, then the fixed ones the gate opens or closes.
const SLOT_POINT_TRIANGLE: u32 = 0u;
const SLOT_EDGE_EDGE: u32 = 1u;
const SLOT_ENTRIES: u32 = 2u;
const SLOT_POINTS: u32 = 3u;
const SLOT_BOXES: u32 = 4u;
const SLOT_CLEAR: u32 = 5u;
const SLOT_SINGLE: u32 = 6u;
const SLOT_SURFACE: u32 = 7u;
const SLOT_VERTICES: u32 = 8u;
const DISPATCH_SLOTS: u32 = 25u;

// The size the gate (or, for the three slots sized on the GPU, sizePairDispatches and sizeEntryDispatches) wrote for
// a slot: with direct dispatches the host dispatches the slot's largest size (its open size, or what the capacity
// allows) and the kernel returns outside this one (kernels/gpu/gatedDispatch.wgsl).
fn slotSize(slot: u32) -> vec2u {
  return vec2u(dispatches[3u * slot], dispatches[3u * slot + 1u]);
}

// gate words: the control entry (copied in), then what the gates and detections leave.
const GATE_MODE: u32 = 0u;           // 0 substep start (always), 1 after an iteration (γ_e), 2 mark only
const GATE_THRESHOLD: u32 = 1u;      // γ_e · free vertices (f32 bits)
const GATE_ALPHA: u32 = 2u;          // the substep's end and start as fractions of the call (f32 bits)
const GATE_ALPHA_BEFORE: u32 = 3u;
const GATE_MARK: u32 = 4u;           // counters[2] at the last gate
const GATE_DETECTIONS: u32 = 6u;
const GATE_REDETECTIONS: u32 = 7u;
const GATE_CONTACTS: u32 = 8u;       // contacts summed over the detections
const GATE_INPUT_EXCLUDED: u32 = 9u; // pairs left out by the input, summed
const GATE_MAX_CONTACTS: u32 = 10u;  // the largest totals of one detection: contacts, entries, each table's
const GATE_MAX_ENTRIES: u32 = 11u;   // (box, cell) entries and answers (what the capacities must hold)
const GATE_MAX_POINT_ENTRIES: u32 = 12u;
const GATE_MAX_EDGE_ENTRIES: u32 = 13u;
const GATE_MAX_POINT_ANSWERS: u32 = 14u;
const GATE_MAX_EDGE_ANSWERS: u32 = 15u;
const GATE_POINT_TABLE_ENTRIES: u32 = 16u; // each table's entry total, copied in after the table is built
const GATE_EDGE_TABLE_ENTRIES: u32 = 17u;

// contactPointPosition.wgsl reads the positions through these (the detection detects at the positions given: its
// \`start\` is false, so the step's other sections are never read)
const POSITIONS_START: u32 = 0u;

fn position(v: u32) -> vec3f {
  return vec3f(positions[3u * v], positions[3u * v + 1u], positions[3u * v + 2u]);
}

fn vertexVector(section: u32, v: u32) -> vec3f {
  return position(v);
}

fn flatIndex(group: vec3u, local: u32) -> u32 {
  return (group.x + group.y * params.groupsX) * WORKGROUP_SIZE + local;
}

fn topology(section: u32, i: u32) -> u32 {
  return detectionWords[detectionWords[section] + i];
}

fn hasFlag(flag: u32) -> bool {
  return (params.flags & flag) != 0u;
}

fn pointAt(p: u32) -> vec3f {
  return vec3f(points[3u * p], points[3u * p + 1u], points[3u * p + 2u]);
}

fn referenceAt(p: u32) -> vec3f {
  let o = 3u * (params.pointCount + p);
  return vec3f(points[o], points[o + 1u], points[o + 2u]);
}

fn corner(t: u32, k: u32) -> u32 {
  return topology(DETECTION_TRIANGLES, 3u * t + k);
}

fn edgePoint(e: u32, k: u32) -> u32 {
  return topology(DETECTION_EDGES, 2u * e + k);
}

fn isKinematic(p: u32) -> bool {
  return topology(DETECTION_KINEMATIC, p) != 0u;
}

fn isObstacleTriangle(t: u32) -> bool {
  return topology(DETECTION_TRIANGLE_OWNER, t) != 0u;
}

fn isObstacleEdge(e: u32) -> bool {
  return edgePoint(e, 0u) >= params.surfacePointCount;
}

fn isKinematicEdge(e: u32) -> bool {
  return isKinematic(edgePoint(e, 0u)) && isKinematic(edgePoint(e, 1u));
}

// The input region surface point p lies inside (0: none, or no regions this call; colliders' points: none).
fn regionOf(p: u32) -> u32 {
  if (!hasFlag(FLAG_REGIONS) || p >= params.surfacePointCount) {
    return 0u;
  }
  return topology(DETECTION_REGIONS, p);
}

// Whether two features lie inside one input region (ogcContact's sameRegion; a feature's region is its corners'
// largest, featureRegion).
fn sameRegion(a: u32, b: u32) -> bool {
  return a != 0u && b != 0u && (a == b || a == ANY_REGION || b == ANY_REGION);
}

// Whether surface point q is within the ring set (offsets section, values section) of surface point p.
fn inRings(offsetsSection: u32, valuesSection: u32, p: u32, q: u32) -> bool {
  let end = topology(offsetsSection, p + 1u);
  for (var k = topology(offsetsSection, p); k < end; k++) {
    if (topology(valuesSection, k) == q) {
      return true;
    }
  }
  return false;
}

fn minScratch(at: u32, distance: f32) {
  atomicMin(&scratch[at], bitcast<u32>(distance));
}

fn minPointAt(p: u32) -> u32 {
  return SCRATCH_HEADER + p;
}

fn minEdgeAt(e: u32) -> u32 {
  return SCRATCH_HEADER + params.pointCount + e;
}

fn minTriangleAt(t: u32) -> u32 {
  return SCRATCH_HEADER + params.pointCount + params.edgeCount + t;
}

fn countAt(v: u32) -> u32 {
  return SCRATCH_HEADER + params.pointCount + params.edgeCount + params.triangleCount + v;
}

fn setContactFloat(field: u32, i: u32, value: f32) {
  contactWords[contactWords[field] + i] = bitcast<u32>(value);
}

// appendContact (app/contact/ogc): the contact's record and its lagged normal force −g′(d)·mollifier.
fn addContact(kind: u32, p: vec4u, b: vec4f, normal: vec3f, distance: f32, mollifier: f32) {
  let c = atomicAdd(&scratch[SCRATCH_CONTACTS], 1u);
  if (c >= params.contactCapacity) {
    return;
  }
  contactWords[contactWords[CONTACT_KINDS] + c] = kind;
  for (var k = 0u; k < 4u; k++) {
    contactWords[contactWords[CONTACT_POINTS] + 4u * c + k] = p[k];
    setContactFloat(CONTACT_FRICTION_WEIGHTS, 4u * c + k, b[k]);
  }
  for (var k = 0u; k < 3u; k++) {
    setContactFloat(CONTACT_NORMALS, 3u * c + k, normal[k]);
  }
  let activation = contactActivation(distance, params.radius, params.stiffness);
  setContactFloat(CONTACT_NORMAL_FORCES, c, -activation.y * mollifier);
}

// Unit normal of triangle (a, b, c), (0, 1, 0) when it has no area (app/contact/ogc/vertexFacetContacts.ts's faceNormal).
fn faceNormal(a: vec3f, b: vec3f, c: vec3f) -> vec3f {
  let n = cross(b - a, c - a);
  let length = sqrt(dot(n, n));
  if (length > 0.0) {
    return n / length;
  }
  return vec3f(0.0, 1.0, 0.0);
}

// Eq. 5.7: on the outer side of the plane through w perpendicular to each incident edge.
fn inVertexBlock(w: u32, x: vec3f) -> bool {
  let pw = pointAt(w);
  let end = topology(DETECTION_NEIGHBOUR_OFFSETS, w + 1u);
  for (var k = topology(DETECTION_NEIGHBOUR_OFFSETS, w); k < end; k++) {
    if (dot(x - pw, pw - pointAt(topology(DETECTION_NEIGHBOURS, k))) < 0.0) {
      return false;
    }
  }
  return true;
}

// Eq. 5.8: on the outer side of each adjacent facet's plane through e (inside the edge's slab by the closest point).
fn inEdgeBlock(e: u32, x: vec3f) -> bool {
  let a = pointAt(edgePoint(e, 0u));
  let u = pointAt(edgePoint(e, 1u)) - a;
  let length2 = dot(u, u);
  if (!(length2 > 0.0)) {
    return false;
  }
  let end = topology(DETECTION_EDGE_TRIANGLE_OFFSETS, e + 1u);
  for (var k = topology(DETECTION_EDGE_TRIANGLE_OFFSETS, e); k < end; k++) {
    let o = pointAt(topology(DETECTION_EDGE_OPPOSITES, k));
    let s = dot(o - a, u) / length2;
    let foot = a + s * u;
    if (dot(x - foot, foot - o) < 0.0) {
      return false;
    }
  }
  return true;
}

// edgeParameter (app/contact/ogc/vertexFacetContacts.ts): the clamped parameter of x's projection on segment (a, b).
fn edgeParameter(a: vec3f, b: vec3f, x: vec3f) -> f32 {
  let u = b - a;
  let length2 = dot(u, u);
  var s = 0.0;
  if (length2 > 0.0) {
    s = dot(x - a, u) / length2;
  }
  return clamp(s, 0.0, 1.0);
}

// A point–triangle pair's test, the same for the pair's own invocation and for the dedup of its feature.
struct PairTest {
  // 0 = left out before the exact distance or beyond r_q, 1 = left out by the input, 2 = counted in the smallest
  // distances (within r_q) but no contact (beyond r, or in the topological rings), 3 = a contact on \`closest.feature\`
  outcome: u32,
  closest: TriangleClosestPoint,
  distance: f32,
}

// Whether the search keeps (p, t) (app/contact/ogc/proximityPairs.ts's pointTrianglePairs before the exact distance).
fn pointTriangleKept(p: u32, t: u32) -> bool {
  let S = params.surfacePointCount;
  let isObstacle = p >= S;
  let obstacleTriangle = isObstacleTriangle(t);
  let a = corner(t, 0u);
  let b = corner(t, 1u);
  let c = corner(t, 2u);
  if (isKinematic(p) && isKinematic(a) && isKinematic(b) && isKinematic(c)) {
    return false;
  }
  if (isObstacle && obstacleTriangle) {
    return false;
  }
  if (!isObstacle && !obstacleTriangle && !hasFlag(FLAG_SELF_CONTACT)) {
    return false;
  }
  if (p == a || p == b || p == c) {
    return false;
  }
  if (hasFlag(FLAG_LOCAL) && !isObstacle && !obstacleTriangle && (inRings(DETECTION_LOCAL_OFFSETS, DETECTION_LOCALS, p, a) || inRings(DETECTION_LOCAL_OFFSETS, DETECTION_LOCALS, p, b) || inRings(DETECTION_LOCAL_OFFSETS, DETECTION_LOCALS, p, c))) {
    return false;
  }
  return true;
}

// pointTrianglePair's tests up to the contact's feature (app/contact/ogc/vertexFacetContacts.ts), without side effects.
fn testPointTriangle(p: u32, t: u32) -> PairTest {
  var result: PairTest;
  result.outcome = 0u;
  if (!pointTriangleKept(p, t)) {
    return result;
  }
  let a = corner(t, 0u);
  let b = corner(t, 1u);
  let c = corner(t, 2u);
  result.closest = pointTriangleClosestPoint(pointAt(a), pointAt(b), pointAt(c), pointAt(p));
  let rq = params.queryRadius;
  if (!(result.closest.squaredDistance < rq * rq)) {
    return result;
  }
  result.distance = sqrt(result.closest.squaredDistance);
  if (result.distance >= rq) {
    return result;
  }
  let S = params.surfacePointCount;
  let isObstacle = p >= S;
  let obstacleTriangle = isObstacleTriangle(t);
  // Inside one input region: never a contact nor a bound, and not counted (ogcContact leaves such pairs out of its
  // search).
  if (!isObstacle && !obstacleTriangle && sameRegion(regionOf(p), max(regionOf(a), max(regionOf(b), regionOf(c))))) {
    return result;
  }
  if (hasFlag(FLAG_REFERENCE)) {
    let input = pointTriangleClosestPoint(referenceAt(a), referenceAt(b), referenceAt(c), referenceAt(p));
    if (sqrt(input.squaredDistance) < params.radius) {
      result.outcome = 1u;
      return result;
    }
  }
  result.outcome = 2u;
  if (result.distance >= params.radius) {
    return result;
  }
  if (!isObstacle && !obstacleTriangle && (inRings(DETECTION_RING_OFFSETS, DETECTION_RINGS, p, a) || inRings(DETECTION_RING_OFFSETS, DETECTION_RINGS, p, b) || inRings(DETECTION_RING_OFFSETS, DETECTION_RINGS, p, c))) {
    return result;
  }
  result.outcome = 3u;
  return result;
}

// The edge (feature 1–3) or vertex (4–6) of t that a contact of (p, t) is on, NO_FEATURE for the face or none.
fn sharedFeature(t: u32, feature: u32) -> u32 {
  if (feature >= 1u && feature <= 3u) {
    return topology(DETECTION_TRIANGLE_EDGES, 3u * t + feature - 1u);
  }
  if (feature >= 4u) {
    return corner(t, feature - 4u);
  }
  return NO_FEATURE;
}

// Whether a triangle of lower index than t among \`section\`'s list for \`item\` takes p's contact on the same edge
// (isEdge) or vertex \`item\`: the pair of smallest triangle index gives a (point, feature) contact.
fn takenBefore(p: u32, t: u32, item: u32, isEdge: bool) -> bool {
  var offsets = DETECTION_POINT_TRIANGLE_OFFSETS;
  var values = DETECTION_POINT_TRIANGLES;
  if (isEdge) {
    offsets = DETECTION_EDGE_TRIANGLE_OFFSETS;
    values = DETECTION_EDGE_TRIANGLES;
  }
  let end = topology(offsets, item + 1u);
  for (var k = topology(offsets, item); k < end; k++) {
    let other = topology(values, k);
    if (other >= t) {
      continue;
    }
    let test = testPointTriangle(p, other);
    if (test.outcome != 3u) {
      continue;
    }
    let feature = test.closest.feature;
    if (isEdge == (feature >= 1u && feature <= 3u) && feature != 0u && sharedFeature(other, feature) == item) {
      return true;
    }
  }
  return false;
}

// A table's answers (capped at its capacity: past it the table wrote nothing).
fn answerTotal(offsetsAt: u32, queries: u32, capacity: u32) -> u32 {
  return min(broad[offsetsAt + queries], capacity);
}

// The query whose answers hold answer k: the last q with offsets[q] ≤ k (binary search of the CSR offsets).
fn queryOf(offsetsAt: u32, queries: u32, k: u32) -> u32 {
  var low = 0u;
  var high = queries;
  while (high - low > 1u) {
    let middle = (low + high) / 2u;
    if (broad[offsetsAt + middle] <= k) {
      low = middle;
    } else {
      high = middle;
    }
  }
  return low;
}

fn setBroadBox(at: u32, i: u32, low: vec3f, high: vec3f) {
  let o = at + 6u * i;
  broad[o] = bitcast<u32>(low.x);
  broad[o + 1u] = bitcast<u32>(low.y);
  broad[o + 2u] = bitcast<u32>(low.z);
  broad[o + 3u] = bitcast<u32>(high.x);
  broad[o + 4u] = bitcast<u32>(high.y);
  broad[o + 5u] = bitcast<u32>(high.z);
}

// The points the detection tests: the simulated ones from the positions (contactPointPosition, as the CPU's detect),
// the colliders' at their substep end.
@compute @workgroup_size(WORKGROUP_SIZE)
fn contactPoints(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  if (outsideDispatch(slotSize(SLOT_POINTS), group)) {
    return;
  }
  let p = flatIndex(group, local);
  if (p >= params.pointCount || !hasFlag(FLAG_POINTS)) {
    return;
  }
  let x = contactPointPosition(p, false);
  points[3u * p] = x.x;
  points[3u * p + 1u] = x.y;
  points[3u * p + 2u] = x.z;
}

// The broad phase's boxes: triangles grown by r_q against the bare points, edges grown by r_q/2 each (the queries
// are the same edge boxes); the growths take a relative 1e-5 more, so that no pair within r_q is lost to rounding.
@compute @workgroup_size(WORKGROUP_SIZE)
fn contactBoxes(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  if (outsideDispatch(slotSize(SLOT_BOXES), group)) {
    return;
  }
  let i = flatIndex(group, local);
  let grow = params.queryRadius * (1.0 + 1e-5);
  if (i < params.triangleCount) {
    let a = pointAt(corner(i, 0u));
    let b = pointAt(corner(i, 1u));
    let c = pointAt(corner(i, 2u));
    setBroadBox(params.triangleBoxesAt, i, min(a, min(b, c)) - vec3f(grow), max(a, max(b, c)) + vec3f(grow));
  }
  if (i < params.pointCount) {
    let x = pointAt(i);
    setBroadBox(params.pointQueriesAt, i, x, x);
  }
  if (i < params.edgeCount) {
    let a = pointAt(edgePoint(i, 0u));
    let b = pointAt(edgePoint(i, 1u));
    let low = min(a, b) - vec3f(0.5 * grow);
    let high = max(a, b) + vec3f(0.5 * grow);
    setBroadBox(params.edgeBoxesAt, i, low, high);
    setBroadBox(params.edgeQueriesAt, i, low, high);
  }
}

// An indirect dispatch of n invocations at \`at\` in dispatches (folded as foldWorkgroups does).
fn setDispatch(at: u32, n: u32) {
  let groups = (n + WORKGROUP_SIZE - 1u) / WORKGROUP_SIZE;
  let x = max(1u, min(groups, params.groupsX));
  dispatches[at] = select(x, 0u, groups == 0u);
  dispatches[at + 1u] = select((groups + x - 1u) / x, 0u, groups == 0u);
  dispatches[at + 2u] = 1u;
}

@compute @workgroup_size(1)
fn sizePairDispatches(@builtin(workgroup_id) group: vec3u) {
  if (outsideDispatch(slotSize(SLOT_SINGLE), group)) {
    return;
  }
  setDispatch(0u, answerTotal(params.pointOffsetsAt, params.pointCount, params.pointAnswerCapacity));
  setDispatch(3u, answerTotal(params.edgeOffsetsAt, params.edgeCount, params.edgeAnswerCapacity));
}

@compute @workgroup_size(1)
fn sizeEntryDispatches(@builtin(workgroup_id) group: vec3u) {
  if (outsideDispatch(slotSize(SLOT_SINGLE), group)) {
    return;
  }
  setDispatch(6u, contactTotal());
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn clearDetection(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  if (outsideDispatch(slotSize(SLOT_CLEAR), group)) {
    return;
  }
  let i = flatIndex(group, local);
  let rq = bitcast<u32>(params.queryRadius);
  if (i < params.pointCount) {
    atomicStore(&scratch[minPointAt(i)], rq);
  }
  if (i < params.edgeCount) {
    atomicStore(&scratch[minEdgeAt(i)], rq);
  }
  if (i < params.triangleCount) {
    atomicStore(&scratch[minTriangleAt(i)], rq);
  }
  if (i <= params.vertexCount) {
    atomicStore(&scratch[countAt(i)], 0u);
  }
  if (i < SCRATCH_HEADER) {
    atomicStore(&scratch[i], 0u);
  }
}

// Algorithm 2 for one candidate (p, t): pointTrianglePair (app/contact/ogc/vertexFacetContacts.ts).
@compute @workgroup_size(WORKGROUP_SIZE)
fn pointTriangleContacts(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  if (outsideDispatch(slotSize(SLOT_POINT_TRIANGLE), group)) {
    return;
  }
  let k = flatIndex(group, local);
  if (k >= answerTotal(params.pointOffsetsAt, params.pointCount, params.pointAnswerCapacity)) {
    return;
  }
  let p = queryOf(params.pointOffsetsAt, params.pointCount, k);
  let t = broad[params.pointAnswersAt + k];
  let test = testPointTriangle(p, t);
  if (test.outcome == 1u) {
    atomicAdd(&scratch[SCRATCH_INPUT_EXCLUDED], 1u);
  }
  if (test.outcome < 2u) {
    return;
  }
  minScratch(minPointAt(p), test.distance);
  minScratch(minTriangleAt(t), test.distance);
  if (test.outcome < 3u) {
    return;
  }
  let a = corner(t, 0u);
  let b = corner(t, 1u);
  let c = corner(t, 2u);
  let pa = pointAt(a);
  let pb = pointAt(b);
  let pc = pointAt(c);
  let x = pointAt(p);
  let w = test.closest.barycentric;
  let closestPoint = w.x * pa + w.y * pb + w.z * pc;
  var n = x - closestPoint;
  let length = sqrt(dot(n, n));
  if (length > 0.0) {
    n = n / length;
  } else {
    n = faceNormal(pa, pb, pc);
  }
  let feature = test.closest.feature;
  if (feature == 0u) {
    addContact(CONTACT_VERTEX_FACE, vec4u(p, a, b, c), vec4f(1.0, -w.x, -w.y, -w.z), n, test.distance, 1.0);
    return;
  }
  let item = sharedFeature(t, feature);
  let isEdge = feature <= 3u;
  if (takenBefore(p, t, item, isEdge)) {
    return;
  }
  if (isEdge) {
    if (!inEdgeBlock(item, x)) {
      return;
    }
    let i = edgePoint(item, 0u);
    let j = edgePoint(item, 1u);
    let u = edgeParameter(pointAt(i), pointAt(j), x);
    addContact(CONTACT_VERTEX_EDGE, vec4u(p, i, j, 0u), vec4f(1.0, -(1.0 - u), -u, 0.0), n, test.distance, 1.0);
  } else {
    if (!inVertexBlock(item, x)) {
      return;
    }
    addContact(CONTACT_VERTEX_VERTEX, vec4u(p, item, 0u, 0u), vec4f(1.0, -1.0, 0.0, 0.0), n, test.distance, 1.0);
  }
}

// ogcContact's edgeEndpointContact: an edge pair within r whose closest points are not both interior.
fn edgeEndpointContact(i: u32, j: u32, s: f32, interiorS: bool, k: u32, l: u32, t: f32, interiorT: bool, distance: f32) {
  let pi = pointAt(i);
  let pj = pointAt(j);
  let pk = pointAt(k);
  let pl = pointAt(l);
  var a = NO_FEATURE;
  if (!interiorS) {
    a = select(j, i, s <= 0.0);
  }
  var b = NO_FEATURE;
  if (!interiorT) {
    b = select(l, k, t <= 0.0);
  }
  let onFirst = pi + s * (pj - pi);
  let onSecond = pk + t * (pl - pk);
  if (a != NO_FEATURE && !inVertexBlock(a, onSecond)) {
    return;
  }
  if (b != NO_FEATURE && !inVertexBlock(b, onFirst)) {
    return;
  }
  var n = vec3f(0.0, 1.0, 0.0);
  if (distance > 0.0) {
    n = (onFirst - onSecond) / distance;
  }
  if (a != NO_FEATURE && b != NO_FEATURE) {
    addContact(CONTACT_VERTEX_VERTEX, vec4u(a, b, 0u, 0u), vec4f(1.0, -1.0, 0.0, 0.0), n, distance, 1.0);
  } else if (a != NO_FEATURE) {
    addContact(CONTACT_VERTEX_EDGE, vec4u(a, k, l, 0u), vec4f(1.0, -(1.0 - t), -t, 0.0), n, distance, 1.0);
  } else {
    addContact(CONTACT_VERTEX_EDGE, vec4u(b, i, j, 0u), vec4f(1.0, -(1.0 - s), -s, 0.0), -n, distance, 1.0);
  }
}

// Algorithm 3 for one candidate (query edge, other edge): edgeEdgePairs' filters (app/contact/ogc/proximityPairs.ts) and edgeEdgePair (edgeEdgeContacts.ts).
@compute @workgroup_size(WORKGROUP_SIZE)
fn edgeEdgeContacts(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  if (outsideDispatch(slotSize(SLOT_EDGE_EDGE), group)) {
    return;
  }
  let index = flatIndex(group, local);
  if (index >= answerTotal(params.edgeOffsetsAt, params.edgeCount, params.edgeAnswerCapacity)) {
    return;
  }
  let query = queryOf(params.edgeOffsetsAt, params.edgeCount, index);
  let other = broad[params.edgeAnswersAt + index];
  // Free edges against every edge (ogcContact's walks: free × free, free × kinematic), each unordered pair once: a
  // pair of two free edges from the query of the lower one.
  if (query == other || isKinematicEdge(query) || (!isKinematicEdge(other) && other < query)) {
    return;
  }
  let obstacleQuery = isObstacleEdge(query);
  let obstacleOther = isObstacleEdge(other);
  if (obstacleQuery && obstacleOther) {
    return;
  }
  if (!obstacleQuery && !obstacleOther && !hasFlag(FLAG_SELF_CONTACT)) {
    return;
  }
  // Listed under the surface edge, the lower index when both are.
  var e = query;
  var f = other;
  if (obstacleQuery || (!obstacleOther && other < query)) {
    e = other;
    f = query;
  }
  let obstacleEdge = isObstacleEdge(f);
  let i = edgePoint(e, 0u);
  let j = edgePoint(e, 1u);
  let k = edgePoint(f, 0u);
  let l = edgePoint(f, 1u);
  if (k == i || k == j || l == i || l == j) {
    return;
  }
  if (hasFlag(FLAG_LOCAL) && !obstacleEdge) {
    if (inRings(DETECTION_LOCAL_OFFSETS, DETECTION_LOCALS, i, k) || inRings(DETECTION_LOCAL_OFFSETS, DETECTION_LOCALS, i, l) || inRings(DETECTION_LOCAL_OFFSETS, DETECTION_LOCALS, j, k) || inRings(DETECTION_LOCAL_OFFSETS, DETECTION_LOCALS, j, l)) {
      return;
    }
  }
  let pi = pointAt(i);
  let pj = pointAt(j);
  let pk = pointAt(k);
  let pl = pointAt(l);
  let closest = segmentSegmentClosestPoints(pi, pj, pk, pl);
  let rq = params.queryRadius;
  if (!(closest.z < rq * rq)) {
    return;
  }
  let distance = sqrt(closest.z);
  if (distance >= rq) {
    return;
  }
  if (!obstacleEdge && sameRegion(max(regionOf(i), regionOf(j)), max(regionOf(k), regionOf(l)))) {
    return;
  }
  if (hasFlag(FLAG_REFERENCE)) {
    let input = segmentSegmentClosestPoints(referenceAt(i), referenceAt(j), referenceAt(k), referenceAt(l));
    if (sqrt(input.z) < params.radius) {
      atomicAdd(&scratch[SCRATCH_INPUT_EXCLUDED], 1u);
      return;
    }
  }
  minScratch(minEdgeAt(e), distance);
  minScratch(minEdgeAt(f), distance);
  if (distance >= params.radius) {
    return;
  }
  if (!obstacleEdge && (inRings(DETECTION_RING_OFFSETS, DETECTION_RINGS, i, k) || inRings(DETECTION_RING_OFFSETS, DETECTION_RINGS, j, k) || inRings(DETECTION_RING_OFFSETS, DETECTION_RINGS, i, l) || inRings(DETECTION_RING_OFFSETS, DETECTION_RINGS, j, l))) {
    return;
  }
  let s = closest.x;
  let t = closest.y;
  let interiorS = s > 0.0 && s < 1.0;
  let interiorT = t > 0.0 && t < 1.0;
  if (!interiorS || !interiorT) {
    edgeEndpointContact(i, j, s, interiorS, k, l, t, interiorT, distance);
    return;
  }
  let u = pj - pi;
  let w = pl - pk;
  var n = pi + s * u - pk - t * w;
  let length = sqrt(dot(n, n));
  let crossed = cross(u, w);
  let c2 = dot(crossed, crossed);
  if (length > 0.0) {
    n = n / length;
  } else {
    var cl = sqrt(c2);
    if (cl == 0.0) {
      cl = 1.0;
    }
    n = crossed / cl;
  }
  let epsilon = 1e-3 * dot(u, u) * dot(w, w);
  var mollifier = 1.0;
  if (c2 < epsilon) {
    mollifier = (c2 / epsilon) * (2.0 - c2 / epsilon);
  }
  addContact(CONTACT_EDGE_EDGE, vec4u(i, j, k, l), vec4f(1.0 - s, s, -(1.0 - t), -t), n, distance, mollifier);
}

// Planes (a unary contact per surface point and plane) and the untangling pull toward the input (distance r: no
// normal force, no friction).
@compute @workgroup_size(WORKGROUP_SIZE)
fn unaryContacts(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  if (outsideDispatch(slotSize(SLOT_SURFACE), group)) {
    return;
  }
  let p = flatIndex(group, local);
  if (p >= params.surfacePointCount) {
    return;
  }
  let x = pointAt(p);
  for (var q = 0u; q < params.planeCount; q++) {
    let plane = vec4f(contactFloat(CONTACT_PLANES, 4u * q), contactFloat(CONTACT_PLANES, 4u * q + 1u), contactFloat(CONTACT_PLANES, 4u * q + 2u), contactFloat(CONTACT_PLANES, 4u * q + 3u));
    let distance = dot(plane.xyz, x) + plane.w;
    if (distance >= params.queryRadius) {
      continue;
    }
    // a point below the plane in the input is not bounded by it (no bound can hold it out)
    if (hasFlag(FLAG_REFERENCE) && dot(plane.xyz, referenceAt(p)) + plane.w < 0.0) {
      continue;
    }
    if (distance > 0.0) {
      minScratch(minPointAt(p), distance);
    }
    if (distance < params.radius) {
      addContact(CONTACT_VERTEX_PLANE, vec4u(p, q, 0u, 0u), vec4f(1.0, 0.0, 0.0, 0.0), plane.xyz, distance, 1.0);
    }
  }
  if (hasFlag(FLAG_UNTANGLE) && topology(DETECTION_UNTANGLE, p) != 0u) {
    addContact(CONTACT_POINT_TARGET, vec4u(p, 0u, 0u, 0u), vec4f(1.0, 0.0, 0.0, 0.0), vec3f(0.0), params.radius, 1.0);
  }
}

// Eqs. 5.20–5.25: d_s, the smallest distance of the point, its edges and its triangles, and the limit γ_p·d_s the
// truncation keeps the point's displacement under (truncateToBounds.wgsl).
@compute @workgroup_size(WORKGROUP_SIZE)
fn pointLimits(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  if (outsideDispatch(slotSize(SLOT_SURFACE), group)) {
    return;
  }
  let s = flatIndex(group, local);
  if (s >= params.surfacePointCount) {
    return;
  }
  var bound = bitcast<f32>(atomicLoad(&scratch[minPointAt(s)]));
  let edgeEnd = topology(DETECTION_POINT_EDGE_OFFSETS, s + 1u);
  for (var k = topology(DETECTION_POINT_EDGE_OFFSETS, s); k < edgeEnd; k++) {
    bound = min(bound, bitcast<f32>(atomicLoad(&scratch[minEdgeAt(topology(DETECTION_POINT_EDGES, k))])));
  }
  let triangleEnd = topology(DETECTION_POINT_TRIANGLE_OFFSETS, s + 1u);
  for (var k = topology(DETECTION_POINT_TRIANGLE_OFFSETS, s); k < triangleEnd; k++) {
    bound = min(bound, bitcast<f32>(atomicLoad(&scratch[minTriangleAt(topology(DETECTION_POINT_TRIANGLES, k))])));
  }
  setContactFloat(CONTACT_POINT_LIMITS, s, params.gammaP * bound);
}

fn contactTotal() -> u32 {
  return min(atomicLoad(&scratch[SCRATCH_CONTACTS]), params.contactCapacity);
}

// Contact c's list entries: each surface point of a slot, each corner of nonzero weight (count, or write at the
// vertex's offset + cursor).
fn visitEntries(c: u32, write: bool) {
  let kind = contactWord(CONTACT_KINDS, c);
  let slots = contactSlots(kind);
  for (var slot = 0u; slot < slots; slot++) {
    let point = contactWord(CONTACT_POINTS, 4u * c + slot);
    if (point >= params.surfacePointCount) {
      continue;
    }
    for (var k = 0u; k < 4u; k++) {
      if (contactFloat(CONTACT_POINT_WEIGHTS, 4u * point + k) == 0.0) {
        continue;
      }
      let v = contactWord(CONTACT_POINT_VERTICES, 4u * point + k);
      let cursor = atomicAdd(&scratch[countAt(v)], 1u);
      if (write) {
        let at = contactWord(CONTACT_VERTEX_OFFSETS, v) + cursor;
        if (at < params.entryCapacity) {
          contactWords[contactWords[CONTACT_VERTEX_ENTRIES] + at] = (c << 4u) | (slot << 2u) | k;
        }
      }
    }
  }
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn countEntries(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  if (outsideDispatch(slotSize(SLOT_ENTRIES), group)) {
    return;
  }
  let c = flatIndex(group, local);
  if (c >= contactTotal()) {
    return;
  }
  visitEntries(c, false);
}

// The list counts (#V + 1, the last 0) → vertexContactOffsets (exclusive scan by one workgroup: chunk sums scanned in
// workgroup memory, kernels/gpu/workgroupScan.wgsl), the counts back to 0 as fillEntries' cursors, the contact count into
// the header (what the step reads) and the entries' total into scratch.
@compute @workgroup_size(SCAN_SIZE)
fn scanEntries(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  if (uniformOutsideDispatch(slotSize(SLOT_SINGLE), group, local)) {
    return;
  }
  let n = params.vertexCount + 1u;
  let chunk = (n + SCAN_SIZE - 1u) / SCAN_SIZE;
  let begin = min(local * chunk, n);
  let end = min(begin + chunk, n);
  var sum = 0u;
  for (var k = begin; k < end; k++) {
    sum += atomicLoad(&scratch[countAt(k)]);
  }
  chunkSums[local] = sum;
  scanChunkSums(local);
  var running = chunkSums[local] - sum;
  for (var k = begin; k < end; k++) {
    let count = atomicLoad(&scratch[countAt(k)]);
    contactWords[contactWords[CONTACT_VERTEX_OFFSETS] + k] = running;
    atomicStore(&scratch[countAt(k)], 0u);
    running += count;
  }
  if (local == SCAN_SIZE - 1u) {
    atomicStore(&scratch[SCRATCH_ENTRIES], chunkSums[local]);
    contactWords[CONTACT_COUNT] = contactTotal();
  }
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn fillEntries(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  if (outsideDispatch(slotSize(SLOT_ENTRIES), group)) {
    return;
  }
  let c = flatIndex(group, local);
  if (c >= contactTotal()) {
    return;
  }
  visitEntries(c, true);
}

// Whether list entry a goes before entry b: by the contact's content (kind, points, then its normal force and normal
// as bits, so that two contacts on the same points order alike), then slot and corner. The order the solve sums a
// vertex's contacts in then depends on what was found, not on the order the invocations appended it: a detection
// gives the same sums, bit for bit, every run.
fn entryBefore(a: u32, b: u32) -> bool {
  let ca = a >> 4u;
  let cb = b >> 4u;
  if (ca != cb) {
    let kindA = contactWord(CONTACT_KINDS, ca);
    let kindB = contactWord(CONTACT_KINDS, cb);
    if (kindA != kindB) {
      return kindA < kindB;
    }
    for (var k = 0u; k < 4u; k++) {
      let pa = contactWord(CONTACT_POINTS, 4u * ca + k);
      let pb = contactWord(CONTACT_POINTS, 4u * cb + k);
      if (pa != pb) {
        return pa < pb;
      }
    }
    let fa = contactWord(CONTACT_NORMAL_FORCES, ca);
    let fb = contactWord(CONTACT_NORMAL_FORCES, cb);
    if (fa != fb) {
      return fa < fb;
    }
    for (var k = 0u; k < 3u; k++) {
      let na = contactWord(CONTACT_NORMALS, 3u * ca + k);
      let nb = contactWord(CONTACT_NORMALS, 3u * cb + k);
      if (na != nb) {
        return na < nb;
      }
    }
  }
  return (a & 15u) < (b & 15u);
}

// Each vertex's gather list in entryBefore's order (insertion sort: a vertex has a few to a few tens of entries).
@compute @workgroup_size(WORKGROUP_SIZE)
fn sortEntries(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  if (outsideDispatch(slotSize(SLOT_VERTICES), group)) {
    return;
  }
  let v = flatIndex(group, local);
  if (v >= params.vertexCount) {
    return;
  }
  let start = contactWords[CONTACT_VERTEX_ENTRIES] + contactWord(CONTACT_VERTEX_OFFSETS, v);
  let end = contactWords[CONTACT_VERTEX_ENTRIES] + min(contactWord(CONTACT_VERTEX_OFFSETS, v + 1u), params.entryCapacity);
  for (var i = start + 1u; i < end; i++) {
    let entry = contactWords[i];
    var j = i;
    while (j > start && entryBefore(entry, contactWords[j - 1u])) {
      contactWords[j] = contactWords[j - 1u];
      j--;
    }
    contactWords[j] = entry;
  }
}

// The gate before a detection (one invocation): open it (every slot its open size) or close it (zeros), and mark the
// step's truncation count. Mode 1 opens when this iteration truncated more than γ_e of the free vertices (ogcContact's
// endIteration: count > γ_e·free and count > 0).
@compute @workgroup_size(1)
fn gateDetection() {
  let mode = atomicLoad(&gate[GATE_MODE]);
  let truncated = stepCounters[2];
  let count = truncated - atomicLoad(&gate[GATE_MARK]);
  atomicStore(&gate[GATE_MARK], truncated);
  let threshold = bitcast<f32>(atomicLoad(&gate[GATE_THRESHOLD]));
  let open = mode == 0u || (mode == 1u && count > 0u && f32(count) > threshold);
  for (var k = 0u; k < 3u * DISPATCH_SLOTS; k++) {
    dispatches[k] = select(0u, dispatches[3u * DISPATCH_SLOTS + k], open);
  }
  // for the step's detectionStateNow, which reads the contact binding
  contactWords[CONTACT_GATE_OPEN] = select(0u, 1u, open);
}

// A substep's kinematic inputs (ogcContact's beginSubstep and detect): the colliders' points at the substep's start
// and end into the contact binding, the input's points at its end as the reference (the colliders' own are theirs).
@compute @workgroup_size(WORKGROUP_SIZE)
fn substepInputs(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) local: u32) {
  if (outsideDispatch(slotSize(SLOT_POINTS), group)) {
    return;
  }
  let p = flatIndex(group, local);
  if (p >= params.pointCount || !hasFlag(FLAG_STEP_INPUTS)) {
    return;
  }
  let S = params.surfacePointCount;
  let O = params.pointCount - S;
  let alpha = bitcast<f32>(atomicLoad(&gate[GATE_ALPHA]));
  let before = bitcast<f32>(atomicLoad(&gate[GATE_ALPHA_BEFORE]));
  var reference = vec3f(0.0);
  if (p >= S) {
    let o = p - S;
    let start = vec3f(frameInputs[3u * o], frameInputs[3u * o + 1u], frameInputs[3u * o + 2u]);
    let end = vec3f(frameInputs[3u * (O + o)], frameInputs[3u * (O + o) + 1u], frameInputs[3u * (O + o) + 2u]);
    let atStart = start + before * (end - start);
    reference = start + alpha * (end - start);
    for (var k = 0u; k < 3u; k++) {
      setContactFloat(CONTACT_OBSTACLE_START_POSITIONS, 3u * o + k, atStart[k]);
      setContactFloat(CONTACT_OBSTACLE_POSITIONS, 3u * o + k, reference[k]);
    }
  } else {
    let at = 6u * O;
    let start = vec3f(frameInputs[at + 3u * p], frameInputs[at + 3u * p + 1u], frameInputs[at + 3u * p + 2u]);
    let end = vec3f(frameInputs[at + 3u * (S + p)], frameInputs[at + 3u * (S + p) + 1u], frameInputs[at + 3u * (S + p) + 2u]);
    reference = start + alpha * (end - start);
  }
  if (hasFlag(FLAG_REFERENCE)) {
    let o = 3u * (params.pointCount + p);
    points[o] = reference.x;
    points[o + 1u] = reference.y;
    points[o + 2u] = reference.z;
  }
}

// After a detection (one invocation): count it (a re-detection when its gate was mode 1), sum its contacts and the
// pairs the input left out, and keep its largest totals (unclamped: what the buffers would have had to hold).
@compute @workgroup_size(1)
fn recordDetection(@builtin(workgroup_id) group: vec3u) {
  if (outsideDispatch(slotSize(SLOT_SINGLE), group)) {
    return;
  }
  atomicAdd(&gate[GATE_DETECTIONS], 1u);
  if (atomicLoad(&gate[GATE_MODE]) == 1u) {
    atomicAdd(&gate[GATE_REDETECTIONS], 1u);
  }
  let contacts = atomicLoad(&scratch[SCRATCH_CONTACTS]);
  atomicAdd(&gate[GATE_CONTACTS], min(contacts, params.contactCapacity));
  atomicAdd(&gate[GATE_INPUT_EXCLUDED], atomicLoad(&scratch[SCRATCH_INPUT_EXCLUDED]));
  atomicMax(&gate[GATE_MAX_CONTACTS], contacts);
  atomicMax(&gate[GATE_MAX_ENTRIES], atomicLoad(&scratch[SCRATCH_ENTRIES]));
  atomicMax(&gate[GATE_MAX_POINT_ENTRIES], atomicLoad(&gate[GATE_POINT_TABLE_ENTRIES]));
  atomicMax(&gate[GATE_MAX_EDGE_ENTRIES], atomicLoad(&gate[GATE_EDGE_TABLE_ENTRIES]));
  atomicMax(&gate[GATE_MAX_POINT_ANSWERS], broad[params.pointOffsetsAt + params.pointCount]);
  atomicMax(&gate[GATE_MAX_EDGE_ANSWERS], broad[params.edgeOffsetsAt + params.edgeCount]);
}
`;
