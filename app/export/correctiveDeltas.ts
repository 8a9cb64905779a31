import { blendedSkinMatrix } from './blendedSkinMatrix.ts';

/**
 * Bind-space morph-target deltas that make linear blend skinning land on given world positions:
 * d_i = A_i⁻¹ p_i − b_i, with the blended skin matrix A_i = Σ_k w_ik S_{j_ik} (glTF 2.0 §3.7.3).
 *
 * Why this is exact: LBS is affine in the bind-space point, p = A_i·(b_i + d_i), so adding d_i to the
 * morphed bind position b_i (base + existing morph targets) reproduces p_i exactly whatever engine
 * skins it. For an unskinned mesh, pass `joints = null` and one matrix (the node's world matrix):
 * the same formula then undoes the node transform.
 *
 * \note matrices are column-major 4×4 (glTF); positions are row-major xyz. Vertices whose blended
 * matrix is singular (|det| below 1e-12 of the matrix scale cubed: all weights zero, or joints scaled
 * to zero) get d_i = 0 and are counted in the return value; they cannot be corrected in bind space.
 * Vertices whose target equals `unchanged` (bitwise, when given) get d_i = 0 exactly, so sparse
 * accessors can drop them.
 *
 * @param bindPositions  #R×3 morphed bind-space positions b_i [m] (base + existing morph targets at this time)
 * @param joints         #R×K joint indices into skinMatrices, or null for an unskinned mesh
 * @param weights        #R×K normalized skin weights, or null for an unskinned mesh
 * @param influencesPerVertex  K (4 per JOINTS_n/WEIGHTS_n set); ignored when joints is null
 * @param skinMatrices   #J×16 column-major skin matrices S_j = world(joint j)·inverseBind(j), or 1×16 node world matrix
 * @param targets        #R×3 world-space target positions p_i [m]
 * @param unchanged      #R×3 world-space input positions, or null; where targets equal them bitwise, d_i = 0
 * @param out            #R×3 bind-space deltas d_i [m]
 * @returns the number of vertices left uncorrected because their blended matrix is singular
 */
export function correctiveDeltas(
  bindPositions: ArrayLike<number>,
  joints: ArrayLike<number> | null,
  weights: ArrayLike<number> | null,
  influencesPerVertex: number,
  skinMatrices: ArrayLike<number>,
  targets: ArrayLike<number>,
  unchanged: ArrayLike<number> | null,
  out: Float32Array | Float64Array,
): number {
  const vertexCount = bindPositions.length / 3;
  const a = _blended;
  let singular = 0;
  for (let v = 0; v < vertexCount; v++) {
    const px = targets[3 * v];
    const py = targets[3 * v + 1];
    const pz = targets[3 * v + 2];
    if (unchanged && unchanged[3 * v] === px && unchanged[3 * v + 1] === py && unchanged[3 * v + 2] === pz) {
      out[3 * v] = out[3 * v + 1] = out[3 * v + 2] = 0;
      continue;
    }
    blendedSkinMatrix(joints, weights, influencesPerVertex, skinMatrices, v, a);
    // Solve L·x = p − t for the 3×3 linear part L (columns a[0..2], a[4..6], a[8..10]) by Cramer's rule.
    const rx = px - a[12];
    const ry = py - a[13];
    const rz = pz - a[14];
    const c00 = a[5] * a[10] - a[9] * a[6];
    const c01 = a[9] * a[2] - a[1] * a[10];
    const c02 = a[1] * a[6] - a[5] * a[2];
    const det = a[0] * c00 + a[4] * c01 + a[8] * c02;
    const scale = Math.max(
      Math.abs(a[0]) + Math.abs(a[1]) + Math.abs(a[2]),
      Math.abs(a[4]) + Math.abs(a[5]) + Math.abs(a[6]),
      Math.abs(a[8]) + Math.abs(a[9]) + Math.abs(a[10]),
    );
    if (!(Math.abs(det) > 1e-12 * scale * scale * scale)) {
      out[3 * v] = out[3 * v + 1] = out[3 * v + 2] = 0;
      singular++;
      continue;
    }
    const inv = 1 / det;
    // Rows of L⁻¹ = adj(L)/det, with L[r][c] = a[4c + r].
    const x = (c00 * rx + (a[8] * a[6] - a[4] * a[10]) * ry + (a[4] * a[9] - a[8] * a[5]) * rz) * inv;
    const y = (c01 * rx + (a[0] * a[10] - a[8] * a[2]) * ry + (a[8] * a[1] - a[0] * a[9]) * rz) * inv;
    const z = (c02 * rx + (a[4] * a[2] - a[0] * a[6]) * ry + (a[0] * a[5] - a[4] * a[1]) * rz) * inv;
    out[3 * v] = x - bindPositions[3 * v];
    out[3 * v + 1] = y - bindPositions[3 * v + 1];
    out[3 * v + 2] = z - bindPositions[3 * v + 2];
  }
  return singular;
}

const _blended = new Float64Array(16);
