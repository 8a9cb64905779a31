/**
 * Linear blend skinning of vertex positions: p'_i = Σ_k w_ik · S_{j_ik} · p_i, with the skin matrix
 * S_j = (world transform of joint j) · (inverse bind matrix of j), as glTF 2.0 §3.7.3 ("Skins")
 * defines it (the mesh node's own transform is ignored for skinned meshes).
 *
 * \note matrices are column-major 4×4 (glTF and WGSL convention); positions are row-major xyz.
 *
 * @param positions       #V×3 bind-space positions [m] (morph targets already applied)
 * @param joints          #V×K joint indices into skinMatrices, K = influencesPerVertex
 * @param weights         #V×K normalized skin weights (sum to 1 per vertex)
 * @param influencesPerVertex  K, 4 per JOINTS_n/WEIGHTS_n set
 * @param skinMatrices    #J×16 column-major skin matrices S_j
 * @param out             #V×3 skinned world-space positions [m]; may not alias positions
 * @returns out
 *
 * The WGSL twin is kernels/skinning/linearBlendSkinning.wgsl; both must give the same result.
 */
export function linearBlendSkinning(
  positions: Float32Array | Float64Array,
  joints: Uint16Array | Uint32Array,
  weights: Float32Array | Float64Array,
  influencesPerVertex: number,
  skinMatrices: Float32Array | Float64Array,
  out: Float32Array | Float64Array,
): Float32Array | Float64Array {
  const vertexCount = positions.length / 3;
  for (let v = 0; v < vertexCount; v++) {
    const px = positions[3 * v];
    const py = positions[3 * v + 1];
    const pz = positions[3 * v + 2];
    let x = 0;
    let y = 0;
    let z = 0;
    for (let k = 0; k < influencesPerVertex; k++) {
      const w = weights[v * influencesPerVertex + k];
      if (w === 0) continue;
      const m = joints[v * influencesPerVertex + k] * 16;
      x += w * (skinMatrices[m] * px + skinMatrices[m + 4] * py + skinMatrices[m + 8] * pz + skinMatrices[m + 12]);
      y += w * (skinMatrices[m + 1] * px + skinMatrices[m + 5] * py + skinMatrices[m + 9] * pz + skinMatrices[m + 13]);
      z += w * (skinMatrices[m + 2] * px + skinMatrices[m + 6] * py + skinMatrices[m + 10] * pz + skinMatrices[m + 14]);
    }
    out[3 * v] = x;
    out[3 * v + 1] = y;
    out[3 * v + 2] = z;
  }
  return out;
}
