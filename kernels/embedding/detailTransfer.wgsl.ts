// Generated from detailTransfer.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/node/embedWgsl.test.ts checks they agree).
export const detailTransferWgsl = `// detailTransfer.wgsl: WGSL twin of app/embedding/detailTransfer.ts with its spline (latticeSplineWeights), the path
// the bake runs (same name; the embedding, the spline and the frame's positions are bindings).
//
// Final surface positions from the simulated lattice with the input's fine detail put back, seed 004 §4.5, Eq. 4.10
// with the C¹ spline S in place of C′: q′ = Su + R(q̄ − Sū), R the rotation (closestRotation.wgsl, warm-started from
// the vertex's quaternion) of ∇S(u)·∇S(ū)⁻¹, the smooth deformation gradients at the vertex; q′ = q̄ exactly where
// every lattice vertex S reads follows its fitted position (follows[v] = 1, decided by the host bit for bit in the
// CPU's precision). A fitted gradient too flat to invert (|det| ≤ 10⁻¹²·‖∇S(ū)‖³) uses R = R_sim·R_fitᵀ of the
// rest-relative gradients, each from a cold start, and keeps R_sim's quaternion, as the CPU does. f32 throughout.
//
// Entry point: detailTransfer, @workgroup_size(64), one invocation per surface vertex.
// Dispatch: ceil(S / 64) workgroups folded into (x, y) with x ≤ params.groupsX; vertex s = id.x + id.y · 64 · groupsX.
//
// Bindings (all @group(0)):
//   @binding(0) splineIndices  storage, read        array<u32>  offsets (#S+1), the entries' lattice vertices (#E), then
//                              the 4 lattice vertices of each surface vertex's tet (#S×4; with the spline's, what
//                              must follow for q′ = q̄, as on the CPU)
//   @binding(1) splineData     storage, read        array<f32>  the entries' weights (#E), then their gradients (#E×3)
//   @binding(2) lattice        storage, read        array<f32>  fitted ū (#N×3), simulated u (#N×3), rest (#N×3) [m]
//   @binding(3) follows        storage, read        array<u32>  #N: 1 where u equals ū (the lattice vertex is pinned)
//   @binding(4) input          storage, read        array<f32>  #S×3 input surface q̄ of the frame [m]
//   @binding(5) quaternions    storage, read_write  array<f32>  #S×4 warm starts (x, y, z, w; all 0: cold), updated
//   @binding(6) out            storage, read_write  array<f32>  #S×3 q′ [m]
//   @binding(7) params         uniform              Params

struct Params {
  surfaceVertexCount: u32,
  latticeVertexCount: u32,
  groupsX: u32,
  // WARM_NEWTON_STOP of app/embedding/closestRotation.ts [rad]
  newtonStop: f32,
}

@group(0) @binding(0) var<storage, read> splineIndices: array<u32>;
@group(0) @binding(1) var<storage, read> splineData: array<f32>;
@group(0) @binding(2) var<storage, read> lattice: array<f32>;
@group(0) @binding(3) var<storage, read> follows: array<u32>;
@group(0) @binding(4) var<storage, read> input: array<f32>;
@group(0) @binding(5) var<storage, read_write> quaternions: array<f32>;
@group(0) @binding(6) var<storage, read_write> out: array<f32>;
@group(0) @binding(7) var<uniform> params: Params;

const FITTED: u32 = 0u;
const SIMULATED: u32 = 1u;
const REST: u32 = 2u;

fn latticePoint(section: u32, v: u32) -> vec3f {
  let o = 3u * (section * params.latticeVertexCount + v);
  return vec3f(lattice[o], lattice[o + 1u], lattice[o + 2u]);
}

// Rows of Σ_e p[v_e] ⊗ ∇w_e over the vertex's entries (splineGradient): the smooth deformation gradient.
struct Gradient {
  r0: vec3f,
  r1: vec3f,
  r2: vec3f,
}

fn splineGradient(section: u32, begin: u32, end: u32) -> Gradient {
  let entryCount = splineIndices[params.surfaceVertexCount];
  var g = Gradient(vec3f(0.0), vec3f(0.0), vec3f(0.0));
  for (var e = begin; e < end; e++) {
    let p = latticePoint(section, splineIndices[params.surfaceVertexCount + 1u + e]);
    let grad = vec3f(splineData[entryCount + 3u * e], splineData[entryCount + 3u * e + 1u], splineData[entryCount + 3u * e + 2u]);
    g.r0 += p.x * grad;
    g.r1 += p.y * grad;
    g.r2 += p.z * grad;
  }
  return g;
}

// m⁻¹ by rows, or false (in .ok) when |det| ≤ 1e-12·‖m‖_F³ (inverseInto).
struct Inverse {
  r0: vec3f,
  r1: vec3f,
  r2: vec3f,
  ok: bool,
}

fn inverse3(m: Gradient) -> Inverse {
  // columns of the adjugate are the cross products of m's rows
  let c0 = cross(m.r1, m.r2);
  let c1 = cross(m.r2, m.r0);
  let c2 = cross(m.r0, m.r1);
  let det = dot(m.r0, c0);
  let norm = sqrt(dot(m.r0, m.r0) + dot(m.r1, m.r1) + dot(m.r2, m.r2));
  if (!(abs(det) > 1e-12 * norm * norm * norm)) {
    return Inverse(vec3f(0.0), vec3f(0.0), vec3f(0.0), false);
  }
  let s = 1.0 / det;
  // (m⁻¹)_rc = c_r[c] / det: row r of the inverse is (c0[r], c1[r], c2[r]) / det
  return Inverse(vec3f(c0.x, c1.x, c2.x) * s, vec3f(c0.y, c1.y, c2.y) * s, vec3f(c0.z, c1.z, c2.z) * s, true);
}

// Rows of a·b (a, b given by rows).
fn multiply(a: Gradient, b0: vec3f, b1: vec3f, b2: vec3f) -> Gradient {
  return Gradient(a.r0.x * b0 + a.r0.y * b1 + a.r0.z * b2, a.r1.x * b0 + a.r1.y * b1 + a.r1.z * b2, a.r2.x * b0 + a.r2.y * b1 + a.r2.z * b2);
}

@compute @workgroup_size(64)
fn detailTransfer(@builtin(global_invocation_id) id: vec3u) {
  let s = id.x + id.y * 64u * params.groupsX;
  if (s >= params.surfaceVertexCount) {
    return;
  }
  let begin = splineIndices[s];
  let end = splineIndices[s + 1u];
  let entryCount = splineIndices[params.surfaceVertexCount];
  let q = vec3f(input[3u * s], input[3u * s + 1u], input[3u * s + 2u]);
  let corners = params.surfaceVertexCount + 1u + entryCount + 4u * s;
  var allFollow = follows[splineIndices[corners]] != 0u && follows[splineIndices[corners + 1u]] != 0u && follows[splineIndices[corners + 2u]] != 0u && follows[splineIndices[corners + 3u]] != 0u;
  for (var e = begin; e < end && allFollow; e++) {
    if (follows[splineIndices[params.surfaceVertexCount + 1u + e]] == 0u) {
      allFollow = false;
      break;
    }
  }
  if (allFollow) {
    out[3u * s] = q.x;
    out[3u * s + 1u] = q.y;
    out[3u * s + 2u] = q.z;
    return;
  }
  // S's value and gradient at the vertex for both lattices
  var fitted = vec3f(0.0);
  var simulated = vec3f(0.0);
  var dFit = Gradient(vec3f(0.0), vec3f(0.0), vec3f(0.0));
  var dSim = Gradient(vec3f(0.0), vec3f(0.0), vec3f(0.0));
  for (var e = begin; e < end; e++) {
    let v = splineIndices[params.surfaceVertexCount + 1u + e];
    let w = splineData[e];
    let grad = vec3f(splineData[entryCount + 3u * e], splineData[entryCount + 3u * e + 1u], splineData[entryCount + 3u * e + 2u]);
    let f = latticePoint(FITTED, v);
    let u = latticePoint(SIMULATED, v);
    dFit.r0 += f.x * grad;
    dFit.r1 += f.y * grad;
    dFit.r2 += f.z * grad;
    dSim.r0 += u.x * grad;
    dSim.r1 += u.y * grad;
    dSim.r2 += u.z * grad;
    fitted += w * f;
    simulated += w * u;
  }
  let o = 4u * s;
  let warm = vec4f(quaternions[o], quaternions[o + 1u], quaternions[o + 2u], quaternions[o + 3u]);
  let initialize = all(warm == vec4f(0.0));
  var r0: vec3f;
  var r1: vec3f;
  var r2: vec3f;
  var kept: vec4f;
  let fitInverse = inverse3(dFit);
  if (fitInverse.ok) {
    // F_rel = D_sim · D_fit⁻¹
    let rel = multiply(dSim, fitInverse.r0, fitInverse.r1, fitInverse.r2);
    let rotation = closestRotation(rel.r0, rel.r1, rel.r2, warm, initialize, 24u, params.newtonStop);
    r0 = rotation.r0;
    r1 = rotation.r1;
    r2 = rotation.r2;
    kept = rotation.quaternion;
  } else {
    // Degenerate fitted gradient: R = R_sim · R_fitᵀ of the rest-relative gradients.
    let restInverse = inverse3(splineGradient(REST, begin, end));
    let sim = multiply(dSim, restInverse.r0, restInverse.r1, restInverse.r2);
    let fit = multiply(dFit, restInverse.r0, restInverse.r1, restInverse.r2);
    let rSim = closestRotation(sim.r0, sim.r1, sim.r2, warm, true, 24u, 0.0);
    let rFit = closestRotation(fit.r0, fit.r1, fit.r2, vec4f(0.0, 0.0, 0.0, 1.0), true, 24u, 0.0);
    // (R_sim R_fitᵀ)_rc = row r of R_sim · row c of R_fit
    r0 = vec3f(dot(rSim.r0, rFit.r0), dot(rSim.r0, rFit.r1), dot(rSim.r0, rFit.r2));
    r1 = vec3f(dot(rSim.r1, rFit.r0), dot(rSim.r1, rFit.r1), dot(rSim.r1, rFit.r2));
    r2 = vec3f(dot(rSim.r2, rFit.r0), dot(rSim.r2, rFit.r1), dot(rSim.r2, rFit.r2));
    kept = rSim.quaternion;
  }
  quaternions[o] = kept.x;
  quaternions[o + 1u] = kept.y;
  quaternions[o + 2u] = kept.z;
  quaternions[o + 3u] = kept.w;
  // q′ = Su + R (q̄ − Sū)
  let residual = q - fitted;
  out[3u * s] = simulated.x + dot(r0, residual);
  out[3u * s + 1u] = simulated.y + dot(r1, residual);
  out[3u * s + 2u] = simulated.z + dot(r2, residual);
}
`;
