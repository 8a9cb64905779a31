/**
 * The blended skin matrix of one vertex, A_v = Σ_k w_vk·S_{j_vk} (glTF 2.0 §3.7.3), or the single matrix of an
 * unskinned mesh (its node's world matrix) when joints is null.
 *
 * @param joints               #R×K joint indices into skinMatrices, or null
 * @param weights              #R×K normalized skin weights, or null
 * @param influencesPerVertex  K
 * @param skinMatrices         #J×16 column-major skin matrices, or 1×16 when joints is null
 * @param vertex               the vertex v
 * @param out                  16 numbers, receives A_v column-major
 * @returns out
 */
export function blendedSkinMatrix(
  joints: ArrayLike<number> | null,
  weights: ArrayLike<number> | null,
  influencesPerVertex: number,
  skinMatrices: ArrayLike<number>,
  vertex: number,
  out: Float64Array,
): Float64Array {
  if (!joints || !weights) {
    for (let e = 0; e < 16; e++) out[e] = skinMatrices[e];
    return out;
  }
  out.fill(0);
  for (let k = 0; k < influencesPerVertex; k++) {
    const w = weights[vertex * influencesPerVertex + k];
    if (w === 0) continue;
    const m = joints[vertex * influencesPerVertex + k] * 16;
    for (let e = 0; e < 16; e++) out[e] += w * skinMatrices[m + e];
  }
  return out;
}
