import { mat3Determinant, mat3Inverse } from '../math/mat3/index.ts';
import type { HelperBoneFrames } from './helperBoneReplay.ts';
import type { HelperCandidates } from './helperCandidates.ts';
import { helperFitScratch } from './helperFitScratch.ts';
import { influenceSlot } from './influenceSlot.ts';
import type { PrunedSkin } from './prunedSkin.ts';
import type { SkinResidual } from './skinResidual.ts';

/**
 * Everything helperBoneFit's block coordinate descent keeps between sweeps, as plain data (libigl's `ARAPData`
 * style): the constants of the fit, the unknowns (each helper's rigid transform D_h(t) per frame and each vertex's
 * weight a_ih per candidate helper), the displacements cached from them, and the scratch the steps write into.
 * #F frames, #R vertices, #J skin joints, N helpers, P (vertex, candidate) pairs. helperTransformStep and
 * helperWeightStep read and write it; helperSkin reads the result.
 */
export interface HelperBoneFitState {
  // --- constants of the fit ---
  /** #F */
  frameCount: number;
  /** #R */
  vertexCount: number;
  /** #J */
  jointCount: number;
  /** N, helpers placed (≤ the count asked for) */
  helperCount: number;
  /** P, (vertex, candidate) pairs in all */
  pairCount: number;
  /** #F×#J×16 column-major skin matrices S_j(t) [m] */
  skinMatrices: ArrayLike<number>;
  /** #F×#R×3 bind-space positions b_i(t) [m] */
  bindPositions: ArrayLike<number>;
  /** the input's ≤ 4 influences per vertex, strongest first (prunedSkin) */
  skin: PrunedSkin;
  /** #F×#R×3 residual of the input skin r_i(t) [m] (skinResidual) */
  residual: Float64Array;
  /** #R 1 for vertices the input skin does not explain (skinResidual) */
  moving: Uint8Array;
  /** N helper parents, skin joint indices, increasing (helperParents) */
  parents: number[];
  /** #R candidate helpers per vertex (helperCandidates) */
  candidates: number[][];
  /** #R 1 where the one candidate may only take all of its parent's weight or none (helperCandidates) */
  replacement: Uint8Array;
  /** #F×#J×9 row-major inverse of each skin matrix's linear part L_j(t)⁻¹ (0 where singular) [1/scale] */
  linearInverse: Float64Array;
  /** #R+1 first pair of each vertex: vertex i's candidate n is pair pairOffset[i] + n */
  pairOffset: Int32Array;
  /** N the vertices that list each helper as a candidate, increasing */
  userVertex: number[][];
  /** N the candidate slot n of each of those vertices, parallel to userVertex */
  userSlot: number[][];
  // --- the unknowns ---
  /** #F×N×4 rotation of D_h(t) as unit quaternions (x, y, z, w) */
  quaternions: Float64Array;
  /** #F×N×3 translation of D_h(t), in the parent's bind space [m] */
  translations: Float64Array;
  /** #R weights a_ih per candidate, ≥ 0, per joint j Σ_{h of j} a_ih ≤ w_ij [unitless] */
  amounts: Float64Array[];
  // --- cached from the unknowns ---
  /** #F×P×3 u_ih(t) = L_parent(t)·(D_h(t)·b_i(t) − b_i(t)), helper h's world displacement of vertex i at full weight [m] */
  displacements: Float64Array;
  // --- scratch ---
  /** 3: a rotated point (helperDisplacement) [m] */
  rotated: Float64Array;
  /** largest helper use: a² per point of one helper's absolute-orientation problem */
  pointWeight: Float64Array;
  /** largest use×3: the points b_i of that problem [m] */
  sources: Float64Array;
  /** largest use×3: their goals c_i = b_i + y_i / a_i [m] */
  goals: Float64Array;
  /** 9 row-major weighted covariance M of the goals and sources [m²] */
  covariance: Float64Array;
  /** 9 row-major rotation closestRotation returns */
  rotation: Float64Array;
  /** 4 the quaternion closestRotation starts from and returns */
  quaternion: Float64Array;
  /** 16: a vertex's c×c Gram matrix Σ_t u_nᵀu_m over its candidates, row stride c [m²] */
  gram: Float64Array;
  /** 4: Σ_t u_nᵀr per candidate [m²] */
  gradient: Float64Array;
}

/**
 * The start of helperBoneFit's block coordinate descent: every helper at rest (D_h(t) = I, so the displacements are
 * 0), each vertex's weight on its own cluster's helper all of that parent's weight (a replacement starts at none, so
 * the skin starts as the input's), the inverse linear parts of the skin matrices the transform step maps residuals
 * with, and each helper's users.
 *
 * @param frames      #F frames of #R vertices and #J skin matrices
 * @param skin        the ≤ 4 influences per vertex (prunedSkin)
 * @param residual    the input skin's residual and moving flags (skinResidual)
 * @param parents     N helper parents (helperParents)
 * @param cluster     #R each vertex's helper, −1 for none (helperClusters)
 * @param candidates  each vertex's candidate helpers and replacement flags (helperCandidates)
 * @returns the state, ready for the first sweep
 */
export function helperBoneFitState(
  frames: HelperBoneFrames,
  skin: PrunedSkin,
  residual: SkinResidual,
  parents: number[],
  cluster: Int32Array,
  candidates: HelperCandidates,
): HelperBoneFitState {
  const { frameCount: F, vertexCount: R, jointCount: J, skinMatrices } = frames;
  const N = parents.length;
  const { candidates: lists, replacement } = candidates;
  // Unknowns: D_h(t) as rotation (quaternion) and translation; a_ih per candidate (start: all of the parent's weight for the own cluster).
  const quaternions = new Float64Array(F * N * 4);
  const translations = new Float64Array(F * N * 3);
  for (let e = 0; e < F * N; e++) quaternions[4 * e + 3] = 1;
  const amounts: Float64Array[] = lists.map((list, i) =>
    Float64Array.from(list, (h) => (h === cluster[i] && !replacement[i] ? skin.weights[4 * i + influenceSlot(skin, i, parents[h])] : 0)),
  );
  const linearInverse = new Float64Array(F * J * 9);
  const [linear, inverse] = [new Float64Array(9), new Float64Array(9)];
  for (let t = 0; t < F; t++) for (let j = 0; j < J; j++) invertLinear(skinMatrices, (t * J + j) * 16, linearInverse, (t * J + j) * 9, linear, inverse);

  // u_ih(t), cached per (frame, vertex, candidate) and refreshed whenever a transform changes (all 0 at rest).
  const pairOffset = new Int32Array(R + 1);
  for (let i = 0; i < R; i++) pairOffset[i + 1] = pairOffset[i] + lists[i].length;
  const P = pairOffset[R];
  const displacements = new Float64Array(F * P * 3);
  // Users of each helper: (vertex, candidate slot) pairs.
  const userVertex: number[][] = Array.from({ length: N }, () => []);
  const userSlot: number[][] = Array.from({ length: N }, () => []);
  for (let i = 0; i < R; i++) {
    lists[i].forEach((h, n) => {
      userVertex[h].push(i);
      userSlot[h].push(n);
    });
  }
  const largestUse = Math.max(0, ...userVertex.map((list) => list.length));
  return {
    frameCount: F,
    vertexCount: R,
    jointCount: J,
    helperCount: N,
    pairCount: P,
    skinMatrices,
    bindPositions: frames.bindPositions,
    skin,
    residual: residual.residual,
    moving: residual.moving,
    parents,
    candidates: lists,
    replacement,
    linearInverse,
    pairOffset,
    userVertex,
    userSlot,
    quaternions,
    translations,
    amounts,
    displacements,
    ...helperFitScratch(largestUse),
  };
}

/** Row-major inverse of the linear part of a column-major 4×4 (zero when singular), through 9-float scratches. */
function invertLinear(m: ArrayLike<number>, o: number, out: Float64Array, p: number, linear: Float64Array, inverse: Float64Array): void {
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) linear[3 * r + c] = m[o + 4 * c + r];
  const det = mat3Determinant(linear);
  // a singular or non-finite part: 1/∞ scales the adjugate to 0
  out.set(mat3Inverse(linear, inverse, det !== 0 && Number.isFinite(det) ? det : Infinity), p);
}
