// Generated from linearBlendSkinning.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run
// `node --import tsx kernels/node/embedWgsl.ts` (test/kernels/node/embedWgsl.test.ts checks they agree).
export const linearBlendSkinningWgsl = `// linearBlendSkinning.wgsl: WGSL twin of app/animation/linearBlendSkinning.ts (same name, same argument order).
//
// Linear blend skinning of vertex positions, p'_i = Σ_k w_ik · S_{j_ik} · p_i, with skin matrices
// S_j = (world transform of joint j) · (inverse bind matrix of j), glTF 2.0 §3.7.3 ("Skins").
// One invocation per vertex; the sum runs over k in the same order as the CPU twin and skips zero weights as it does.
//
// Entry point: linearBlendSkinning, @workgroup_size(64).
// Dispatch: ceil(vertexCount / 64) workgroups, folded into (x, y) with x ≤ 65535 for large meshes;
//           params.threadsPerRow = 64 · (workgroups in x), vertex v = id.x + id.y · threadsPerRow.
//
// Bindings (all @group(0)):
//   @binding(0) positions     in   storage, read        array<f32>        #V×3 bind-space positions [m], xyz per vertex
//   @binding(1) joints        in   storage, read        array<u32>        #V×K joint indices into skinMatrices
//   @binding(2) weights       in   storage, read        array<f32>        #V×K normalized skin weights
//   @binding(3) params        in   uniform              Params            vertexCount V, influencesPerVertex K, threadsPerRow
//   @binding(4) skinMatrices  in   storage, read        array<mat4x4f>    #J column-major skin matrices S_j (16 f32 each)
//   @binding(5) out           out  storage, read_write  array<f32>        #V×3 skinned world-space positions [m]

struct Params {
  vertexCount: u32,
  influencesPerVertex: u32,
  threadsPerRow: u32,
  unused: u32,
}

@group(0) @binding(0) var<storage, read> positions: array<f32>;
@group(0) @binding(1) var<storage, read> joints: array<u32>;
@group(0) @binding(2) var<storage, read> weights: array<f32>;
@group(0) @binding(3) var<uniform> params: Params;
@group(0) @binding(4) var<storage, read> skinMatrices: array<mat4x4f>;
@group(0) @binding(5) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(64)
fn linearBlendSkinning(@builtin(global_invocation_id) id: vec3u) {
  let v = id.x + id.y * params.threadsPerRow;
  if (v >= params.vertexCount) {
    return;
  }
  let p = vec4f(positions[3u * v], positions[3u * v + 1u], positions[3u * v + 2u], 1.0);
  let influences = params.influencesPerVertex;
  var skinned = vec3f(0.0);
  for (var k = 0u; k < influences; k++) {
    let w = weights[v * influences + k];
    if (w == 0.0) {
      continue;
    }
    skinned += w * (skinMatrices[joints[v * influences + k]] * p).xyz;
  }
  out[3u * v] = skinned.x;
  out[3u * v + 1u] = skinned.y;
  out[3u * v + 2u] = skinned.z;
}
`;
