import { mat3Determinant, mat3Inverse } from '../math/mat3/index.ts';
import { blendedSkinMatrix } from './blendedSkinMatrix.ts';

/**
 * Bind-space NORMAL deltas of corrective morph targets: n_i = L_i⁻¹·ΔN_i, with L_i the linear part of the
 * blended skin matrix A_i = Σ_k w_ik S_{j_ik} (glTF 2.0 §3.7.3) and ΔN_i the change of the vertex's world
 * normal that the baked motion makes, so a player that skins the morphed bind normal (L·(n_b + n_i), then
 * normalizes, as three.js's skinnormal chunk does) shows the input's own normal turned by the motion:
 * L·n_b + ΔN_i. The input's authored normals are kept wherever nothing moves (ΔN = 0 gives n_i = 0 exactly,
 * so sparse accessors drop those vertices). For an unskinned mesh pass joints = null and its world matrix.
 *
 * ΔN is best taken as the difference of recomputed normals, vertexNormals(baked) − vertexNormals(input) with the
 * input's smoothing groups (smoothingGroups): a rotation of the surface then turns the authored normal by the
 * same angle, to first order, and hard edges stay hard.
 *
 * @param joints               #R×K joint indices, or null for an unskinned mesh
 * @param weights              #R×K normalized skin weights, or null
 * @param influencesPerVertex  K
 * @param skinMatrices         #J×16 column-major skin matrices at this frame, or 1×16 node world matrix
 * @param worldNormalDeltas    #R×3 ΔN_i, world space
 * @param out                  #R×3 receives n_i (0 where ΔN_i = 0 or L_i is singular)
 * @returns out
 */
export function correctiveNormalDeltas(
  joints: ArrayLike<number> | null,
  weights: ArrayLike<number> | null,
  influencesPerVertex: number,
  skinMatrices: ArrayLike<number>,
  worldNormalDeltas: ArrayLike<number>,
  out: Float32Array | Float64Array,
): Float32Array | Float64Array {
  const vertexCount = worldNormalDeltas.length / 3;
  const a = _blended;
  const linear = _linear;
  const inverse = _inverse;
  for (let v = 0; v < vertexCount; v++) {
    const x = worldNormalDeltas[3 * v];
    const y = worldNormalDeltas[3 * v + 1];
    const z = worldNormalDeltas[3 * v + 2];
    out[3 * v] = out[3 * v + 1] = out[3 * v + 2] = 0;
    if (x === 0 && y === 0 && z === 0) continue;
    blendedSkinMatrix(joints, weights, influencesPerVertex, skinMatrices, v, a);
    // Row-major linear part: L[r][c] = a[4c + r].
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) linear[3 * r + c] = a[4 * c + r];
    const determinant = mat3Determinant(linear);
    let scale = 0;
    for (let e = 0; e < 9; e++) scale = Math.max(scale, Math.abs(linear[e]));
    if (!(Math.abs(determinant) > 1e-12 * scale * scale * scale)) continue;
    mat3Inverse(linear, inverse, determinant);
    out[3 * v] = inverse[0] * x + inverse[1] * y + inverse[2] * z;
    out[3 * v + 1] = inverse[3] * x + inverse[4] * y + inverse[5] * z;
    out[3 * v + 2] = inverse[6] * x + inverse[7] * y + inverse[8] * z;
  }
  return out;
}

const _blended = new Float64Array(16);
const _linear = new Float64Array(9);
const _inverse = new Float64Array(9);
