// Generated from vbdBindings.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/node/embedWgsl.test.ts checks they agree).
export const vbdBindingsWgsl = `// vbdBindings.wgsl: the bindings, structs and accessors every VBD kernel shares (the GPU twin of VbdModel,
// VbdState and VbdWorkspace, app/solvers/vbd/types.ts and createVbdWorkspace.ts). The host (vbdKernels.ts)
// concatenates this prelude, the per-element functions and the kernels into one module; every kernel uses one
// pipeline layout, so the bind groups are made once per stepper and shared by all dispatches.
//
// Storage is struct-of-arrays in f32 (u32 for indices), packed into few bindings so that the whole step fits
// WebGPU's default of 8 storage buffers per stage: each binding holds several arrays ("sections") one after the
// other, and ModelLayout gives every section's start. Vertex vectors are xyz-interleaved, as on the CPU.
//
// Bindings:
//   @group(0) @binding(0) indices          storage, read        array<u32>  model topology: tetVertices (#T×4),
//                         triangleVertices (#F×3), hingeVertices (#H×4), springVertices (#S×2), the per-vertex CSR
//                         adjacency vertex{Tet,Triangle,Hinge,Spring}{Offsets (#V+1), s (entries element·4+local)},
//                         colorVertices (#V, grouped by color); starts in modelLayout
//   @group(0) @binding(1) data             storage, read        array<f32>  masses (#V) [kg] and per-element
//                         parameters: tet volumes/μ/λ/damping, triangle D_m⁻¹ (#F×4)/areas/μt/λt/damping, hinge
//                         rest angles/stiffness/damping, spring rest lengths/stiffness/damping, the tets' rest-shape
//                         D_rest⁻¹ (#T×9, what restShapeInverses stretches); starts in modelLayout
//   @group(0) @binding(2) modelLayout      uniform              ModelLayout section starts and dispatch shapes
//   @group(1) @binding(0) positions        storage, read_write  array<f32>  #V×3 x [m]
//   @group(1) @binding(1) vertexData       storage, read_write  array<f32>  sections of #V×3 (index s at 3V·s):
//                         0 velocities, 1 previousVelocities, 2 positionsStart x^t, 3 inertiaTarget y, 4 targets
//                         a(t) of the substep, 5 chebyshevPrevious, 6 chebyshevPrevious2, 7 dampingReference r (where
//                         dampers measure from: x^t, or x^t + a(t+h) − a(t) relative to the animation), 8
//                         equilibriumForce (the elastic forces at the targets, subtracted when the targets are the
//                         equilibrium), 9 targetsStart, 10 targetsEnd, 11 accelerations a_ext; then #V
//                         attachmentStiffness k_i [N/m] at 36V, #V pinned (0/1) at 37V, #V attachmentDamping c_i
//                         [N·s/m] at 38V and #V maxDistance [m] at 39V (negative: no limit); then contact's: #V
//                         truncationMoved at 40V (truncateToBounds.wgsl), #V×3 positionsNew at 41V, the positions a
//                         color pass with contact solves into before commitColor copies them (solveVertexBlock.wgsl),
//                         #V inContact (0/1) at 44V (markInContact, chebyshevAccelerate.wgsl), and sections 15 positionsAtDetection and 16 targetsAtDetection (at 45V and 48V, the state
//                         the truncation measures from). Sections 9-11 and the four scalars are the per-call upload
//   @group(1) @binding(2) tetRestShapeInverse storage, read_write array<f32> #T×9 row-major D_m⁻¹ the tets are
//                         evaluated with: a copy of the model's, the call's upload (VbdControls.tetRestShapeInverse),
//                         or, with animatedRest, written by restShapeInverses every substep
//   @group(1) @binding(3) reductions       storage, read_write  array<f32>  partial sums (blockGroupCount), the
//                         Chebyshev schedule (4 at scheduleStart), residual sums (at resultsStart), debug output
//   @group(1) @binding(4) counters         storage, read_write  array<atomic<u32>>  [0] skipped solves, [1] clamped rest tets
//   @group(1) @binding(5) contactWords     storage, read        array<u32>  the contact data (contactData.wgsl)
//   @group(2) @binding(0) callParams       uniform              CallParams  h, 1/h, 1/h², mode flags of this call
//   @group(2) @binding(1) colorPass        uniform, dynamic     ColorPass   the color a solveColor dispatch sweeps
//   @group(2) @binding(2) substepPass      uniform, dynamic     SubstepPass per-dispatch values (α, slots)

const WORKGROUP_SIZE: u32 = 64u;

// Invocations that share one vertex in solveColor and meanForceResidual (the Gaia/Newton block per vertex, as a
// power of two ≤ 64); WORKGROUP_SIZE / threadsPerVertex vertices per workgroup. 1 is one thread per vertex.
override threadsPerVertex: u32 = 16u;

// The element kinds the model has. The stepper compiles its block kernels (solveColor, elasticForces,
// meanForceResidual) with the kinds its model lacks set false (VbdKernels.blockPipelines), which removes their
// branches from the gather loop and the registers they hold; with all four true the kernels serve any model.
override hasTets: bool = true;
override hasTriangles: bool = true;
override hasHinges: bool = true;
override hasSprings: bool = true;

// Whether the block kernels gather contact (contactData.wgsl) and solve a color into positionsNew when the contact
// buffer holds some. A stepper created without contact compiles its block kernels with it false, which removes the
// contact code and its registers from the step that runs without contact.
override hasContact: bool = true;

struct ModelLayout {
  vertexCount: u32,
  tetVertices: u32,
  triangleVertices: u32,
  hingeVertices: u32,
  springVertices: u32,
  vertexTetOffsets: u32,
  vertexTets: u32,
  vertexTriangleOffsets: u32,
  vertexTriangles: u32,
  vertexHingeOffsets: u32,
  vertexHinges: u32,
  vertexSpringOffsets: u32,
  vertexSprings: u32,
  colorVertices: u32,
  masses: u32,
  tetRestVolumes: u32,
  tetMu: u32,
  tetLambda: u32,
  tetDamping: u32,
  triangleRestShapeInverse: u32,
  triangleRestAreas: u32,
  triangleMu: u32,
  triangleLambda: u32,
  triangleDamping: u32,
  hingeRestAngles: u32,
  hingeStiffness: u32,
  hingeDamping: u32,
  springRestLengths: u32,
  springStiffness: u32,
  springDamping: u32,
  tetRestShapeInverse: u32,
  // per-vertex kernels: WORKGROUP_SIZE vertices per workgroup, folded into (x, y) with x ≤ vertexGroupsX
  vertexGroupsX: u32,
  vertexGroupCount: u32,
  // per-vertex-block kernels: WORKGROUP_SIZE / threadsPerVertex vertices per workgroup
  blockGroupsX: u32,
  blockGroupCount: u32,
  scheduleStart: u32,
  resultsStart: u32,
  debugStart: u32,
  // per-tet kernels (restShapeInverses): WORKGROUP_SIZE tets per workgroup, folded with x ≤ tetGroupsX
  tetGroupsX: u32,
}

struct CallParams {
  timeStep: f32,
  inverseTimeStep: f32,
  inverseTimeStepSquared: f32,
  quasistatic: u32,
  // 0 previous, 1 inertia, 2 inertiaAcceleration, 3 adaptive, 4 targetOffset (VbdInitialization)
  initialization: u32,
  chebyshevRho: f32,
  // 1: dampers measure from x^t + a(t+h) − a(t) (VbdControls.dampRelativeToTargets), 0: from x^t
  dampRelative: u32,
  // 1: the elastic forces at the targets are subtracted (VbdControls.equilibriumAtTargets)
  equilibrium: u32,
  // VbdControls.animatedRest's stretch limits (restShapeInverses)
  minStretch: f32,
  maxStretch: f32,
}

struct ColorPass {
  begin: u32,
  count: u32,
  groupsX: u32,
  unused: u32,
}

struct SubstepPass {
  // substep end as a fraction of the call, (s + 1)/substeps: targets = start + α (end − start)
  alpha: f32,
  // 1 once the iteration is past chebyshevDelay
  chebyshevActive: u32,
  // where a residual evaluation writes its sum, relative to resultsStart
  residualSlot: u32,
  // substep start as a fraction of the call, s/substeps: a(t) for the damping reference and the target offset
  alphaBefore: f32,
  // 1 in the elasticForces dispatch: position() reads the substep's targets instead of x
  atTargets: u32,
  unused0: u32,
  unused1: u32,
}

@group(0) @binding(0) var<storage, read> indices: array<u32>;
@group(0) @binding(1) var<storage, read> data: array<f32>;
@group(0) @binding(2) var<uniform> modelLayout: ModelLayout;
@group(1) @binding(0) var<storage, read_write> positions: array<f32>;
@group(1) @binding(1) var<storage, read_write> vertexData: array<f32>;
@group(1) @binding(2) var<storage, read_write> tetRestShapeInverse: array<f32>;
@group(1) @binding(3) var<storage, read_write> reductions: array<f32>;
@group(1) @binding(4) var<storage, read_write> counters: array<atomic<u32>>;
@group(1) @binding(5) var<storage, read> contactWords: array<u32>;
@group(2) @binding(0) var<uniform> callParams: CallParams;
@group(2) @binding(1) var<uniform> colorPass: ColorPass;
@group(2) @binding(2) var<uniform> substepPass: SubstepPass;

const VELOCITIES: u32 = 0u;
const PREVIOUS_VELOCITIES: u32 = 1u;
const POSITIONS_START: u32 = 2u;
const INERTIA_TARGET: u32 = 3u;
const TARGETS: u32 = 4u;
const CHEBYSHEV_PREVIOUS: u32 = 5u;
const CHEBYSHEV_PREVIOUS2: u32 = 6u;
const DAMPING_REFERENCE: u32 = 7u;
const EQUILIBRIUM_FORCE: u32 = 8u;
const TARGETS_START: u32 = 9u;
const TARGETS_END: u32 = 10u;
const ACCELERATIONS: u32 = 11u;
const POSITIONS_AT_DETECTION: u32 = 15u;
const TARGETS_AT_DETECTION: u32 = 16u;

fn position(v: u32) -> vec3f {
  if (substepPass.atTargets != 0u) {
    return vertexVector(TARGETS, v);
  }
  return vec3f(positions[3u * v], positions[3u * v + 1u], positions[3u * v + 2u]);
}

fn setPosition(v: u32, p: vec3f) {
  positions[3u * v] = p.x;
  positions[3u * v + 1u] = p.y;
  positions[3u * v + 2u] = p.z;
}

// Where contact's #V truncationMoved, #V×3 positionsNew and #V inContact start in vertexData (after the twelve #V×3
// sections and the four #V scalars), in units of #V.
const TRUNCATION_MOVED: u32 = 40u;
const POSITIONS_NEW: u32 = 41u;
const IN_CONTACT: u32 = 44u;

// Whether vertex v had a contact in its list at any detection of this substep (step.ts's inContact).
fn isInContact(v: u32) -> bool {
  return vertexData[IN_CONTACT * modelLayout.vertexCount + v] != 0.0;
}

fn newPosition(v: u32) -> vec3f {
  let o = POSITIONS_NEW * modelLayout.vertexCount + 3u * v;
  return vec3f(vertexData[o], vertexData[o + 1u], vertexData[o + 2u]);
}

fn setNewPosition(v: u32, p: vec3f) {
  let o = POSITIONS_NEW * modelLayout.vertexCount + 3u * v;
  vertexData[o] = p.x;
  vertexData[o + 1u] = p.y;
  vertexData[o + 2u] = p.z;
}

fn vertexVector(section: u32, v: u32) -> vec3f {
  let o = 3u * (section * modelLayout.vertexCount + v);
  return vec3f(vertexData[o], vertexData[o + 1u], vertexData[o + 2u]);
}

fn setVertexVector(section: u32, v: u32, value: vec3f) {
  let o = 3u * (section * modelLayout.vertexCount + v);
  vertexData[o] = value.x;
  vertexData[o + 1u] = value.y;
  vertexData[o + 2u] = value.z;
}

fn attachmentStiffness(v: u32) -> f32 {
  return vertexData[36u * modelLayout.vertexCount + v];
}

fn isPinned(v: u32) -> bool {
  return vertexData[37u * modelLayout.vertexCount + v] != 0.0;
}

fn attachmentDamping(v: u32) -> f32 {
  return vertexData[38u * modelLayout.vertexCount + v];
}

fn maxDistance(v: u32) -> f32 {
  return vertexData[39u * modelLayout.vertexCount + v];
}

// f_i (force) and the symmetric H_i = [d.x o.x o.y; o.x d.y o.z; o.y o.z d.z] of seed 000 Eqs. 3.5-3.8, plus how
// many elements were gathered into it (bookkeeping; it fits in the struct's padding).
struct ForceHessian {
  force: vec3f,
  diagonal: vec3f,
  offDiagonal: vec3f,
  count: f32,
}

fn zeroForceHessian() -> ForceHessian {
  return ForceHessian(vec3f(0.0), vec3f(0.0), vec3f(0.0), 0.0);
}

fn addForceHessian(a: ForceHessian, b: ForceHessian) -> ForceHessian {
  return ForceHessian(a.force + b.force, a.diagonal + b.diagonal, a.offDiagonal + b.offDiagonal, a.count + b.count);
}

// H += S for S = [xx xy xz; xy yy yz; xz yz zz] (app/math/mat3/mat3AddSymmetric.ts)
fn mat3AddSymmetric(acc: ptr<function, ForceHessian>, xx: f32, xy: f32, xz: f32, yy: f32, yz: f32, zz: f32) {
  (*acc).diagonal += vec3f(xx, yy, zz);
  (*acc).offDiagonal += vec3f(xy, xz, yz);
}

// H += s·I
fn addIsotropic(acc: ptr<function, ForceHessian>, s: f32) {
  (*acc).diagonal += vec3f(s);
}

// The global index of a workgroup of a dispatch folded into (x, y) with x ≤ groupsX.
fn groupIndex(group: vec3u, groupsX: u32) -> u32 {
  return group.x + group.y * groupsX;
}

// Reduction of one vertex's lanes in workgroup memory (the Gaia/Newton layout): every invocation passes its partial
// (f, H); each gets the sum of its vertex's threadsPerVertex lanes. Call from uniform control flow, once per kernel.
var<workgroup> blockSums: array<ForceHessian, WORKGROUP_SIZE>;

fn reduceVertexBlock(local: u32, lane: u32, value: ForceHessian) -> ForceHessian {
  if (threadsPerVertex == 1u) {
    return value;
  }
  blockSums[local] = value;
  workgroupBarrier();
  for (var stride = threadsPerVertex / 2u; stride > 0u; stride = stride / 2u) {
    if (lane < stride) {
      blockSums[local] = addForceHessian(blockSums[local], blockSums[local + stride]);
    }
    workgroupBarrier();
  }
  return blockSums[local - lane];
}

// Sum of one f32 over the whole workgroup (tree order); every invocation gets it. Call from uniform control flow.
var<workgroup> workgroupSums: array<f32, WORKGROUP_SIZE>;

fn workgroupSum(local: u32, value: f32) -> f32 {
  workgroupSums[local] = value;
  workgroupBarrier();
  for (var stride = WORKGROUP_SIZE / 2u; stride > 0u; stride = stride / 2u) {
    if (local < stride) {
      workgroupSums[local] = workgroupSums[local] + workgroupSums[local + stride];
    }
    workgroupBarrier();
  }
  return workgroupSums[0];
}

// Σ reductions[0 .. count), summed by the whole (single) workgroup; every invocation gets it. Uniform control flow.
fn sumPartials(local: u32, count: u32) -> f32 {
  var partial = 0.0;
  for (var i = local; i < count; i += WORKGROUP_SIZE) {
    partial += reductions[i];
  }
  return workgroupSum(local, partial);
}
`;
