import type { AnimationEvaluator } from '../../animation/index.ts';
import { correctiveDeltas, correctiveNormalDeltas } from '../../export/index.ts';
import { smoothingGroups, vertexNormals } from '../../geometry/index.ts';
import type { ImportedMesh } from '../../io/index.ts';
import { mat3LargestSingularValue } from '../../math/mat3/index.ts';

/** The bind-space deltas of one mesh at every baked frame, and what the export needs to bound their error. */
export interface CorrectiveFrames {
  /** #F×#R×3 bind-space position deltas */
  deltas: Float32Array;
  /** #F×#R×3 bind-space normal deltas, or null when the mesh has no normals */
  normalDeltas: Float32Array | null;
  /** #R per vertex: the largest stretch its skin matrix applies over the frames (a bind-space error grows by at most this in world space) */
  errorScale: Float32Array;
}

/**
 * Per-frame corrective deltas of a baked mesh (correctiveDeltas, correctiveNormalDeltas): for frame f, the
 * pose of the clip at frameTimes[f]; ΔN from the recomputed normals of the baked and the input surface with
 * the input's smoothing groups.
 *
 * @param mesh        a mesh of evaluator.scene (skinned or node-animated)
 * @param evaluator   the input's animation evaluator
 * @param clipIndex   the clip baked
 * @param frameTimes  #F pose time of each baked frame [s]
 * @param positions   #F×#R×3 baked world positions [file units]
 */
export function correctiveFrames(
  mesh: ImportedMesh,
  evaluator: AnimationEvaluator,
  clipIndex: number,
  frameTimes: readonly number[],
  positions: Float32Array,
): CorrectiveFrames {
  const R = mesh.renderVertexCount;
  const stride = 3 * R;
  const F = frameTimes.length;
  const meshIndex = evaluator.scene.meshes.indexOf(mesh);
  const deltas = new Float32Array(F * stride);
  const normalDeltas = mesh.restNormals ? new Float32Array(F * stride) : null;
  const input = new Float32Array(stride);
  const inputNormals = new Float32Array(stride);
  const bakedNormals = new Float32Array(stride);
  const normalChange = new Float32Array(stride);
  const sums = new Float64Array(stride);
  const groups = smoothingGroups(mesh.restPositions, mesh.restNormals ?? null, R);
  const skin = mesh.skin;
  const jointStretch = new Float64Array(skin ? skin.jointNodeIndices.length : 1);
  for (let f = 0; f < F; f++) {
    const parts = evaluator.evaluateMeshParts(meshIndex, clipIndex, frameTimes[f]);
    evaluator.evaluateMesh(meshIndex, clipIndex, frameTimes[f], input);
    const target = positions.subarray(f * stride, (f + 1) * stride);
    const matrices = parts.skinMatrices ?? parts.worldMatrix;
    correctiveDeltas(
      parts.morphedBindPositions,
      skin ? skin.joints : null,
      skin ? skin.weights : null,
      skin ? skin.influencesPerVertex : 0,
      matrices,
      target,
      input,
      deltas.subarray(f * stride, (f + 1) * stride),
    );
    for (let j = 0; j < jointStretch.length; j++) jointStretch[j] = Math.max(jointStretch[j], mat3LargestSingularValue(matrices, 16 * j));
    if (!normalDeltas) continue;
    vertexNormals(input, mesh.triangles, R, inputNormals, groups, sums);
    vertexNormals(target, mesh.triangles, R, bakedNormals, groups, sums);
    for (let i = 0; i < stride; i++) normalChange[i] = bakedNormals[i] - inputNormals[i];
    correctiveNormalDeltas(
      skin ? skin.joints : null,
      skin ? skin.weights : null,
      skin ? skin.influencesPerVertex : 0,
      matrices,
      normalChange,
      normalDeltas.subarray(f * stride, (f + 1) * stride),
    );
  }
  // A vertex's bind-space error e shows in world space as L·e, |L·e| ≤ σ_max(L)·|e|, and σ_max of a convex
  // blend of skin matrices is at most the largest σ_max of its joints (the norm is convex).
  const errorScale = new Float32Array(R);
  for (let r = 0; r < R; r++) {
    if (!skin) {
      errorScale[r] = jointStretch[0];
      continue;
    }
    let stretch = 0;
    for (let k = 0; k < skin.influencesPerVertex; k++) {
      if (skin.weights[r * skin.influencesPerVertex + k] > 0) stretch = Math.max(stretch, jointStretch[skin.joints[r * skin.influencesPerVertex + k]]);
    }
    errorScale[r] = stretch;
  }
  return { deltas, normalDeltas, errorScale };
}
