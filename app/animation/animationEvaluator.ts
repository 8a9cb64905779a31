/**
 * Evaluates an imported scene's animation exactly as glTF 2.0 defines it: channel values (§3.11,
 * see channelValue.ts) set node TRS, world matrices follow the hierarchy (§3.5.3), morph targets add
 * weighted deltas to the bind pose (§3.7.2.2), and skinned meshes are blended by their joints' skin
 * matrices S_j = world(joint j) · inverseBind(j), ignoring the mesh node's own transform (§3.7.3).
 *
 * DESIGN NOTES
 * - Matrices and morphed bind positions are float64 scratch arrays owned by the evaluator; results
 *   are written into caller-owned float32 arrays. Nothing is allocated per vertex or per call on the
 *   evaluateMesh path (scratch is created once per mesh, on first use).
 * - World matrices of the last (clip, time) are cached: evaluating every mesh of a scene at one time
 *   composes the hierarchy once.
 * - Kept frames (createAnimationEvaluator(scene, { keepFrames: true }), issue 34 item 7): the render positions of
 *   every (mesh, clip, time) evaluated are kept, and a later evaluateMesh of the same key copies them instead of
 *   skinning again. One bake shares one such evaluator between the simulation session, the quality measures and the
 *   export, so each input frame is skinned once per bake (`counts` says so; the bake bench prints it). The copy is the
 *   same bytes the skinning wrote: the evaluation is a pure function of (mesh, clip, time). Memory: #F×#R×3 floats per
 *   mesh evaluated, which a bake bounds with its baked positions; a long-lived evaluator (the live preview's) keeps
 *   nothing.
 * - Normals: the morphed bind normal is mapped by the inverse transpose of the (blended) 3×3 matrix,
 *   computed as its cofactor matrix times sign(det), then normalized. For rigid joints this equals
 *   rotating the normal (what three.js's shader does); under non-uniform scale it stays perpendicular
 *   to the surface, which the plain blended matrix does not. Meshes without NORMAL get area-weighted
 *   normals of the evaluated triangles (flat for triangle soups, as §3.7.2.1 asks).
 * - The skinned mesh node's transform is ignored, as §3.7.3 requires; three.js gets the same result
 *   because in its 'attached' bind mode bindMatrixInverse tracks the inverse of the mesh's world matrix.
 */
import { vertexNormals } from '../geometry/index.ts';
import type { ImportedChannel, ImportedMesh, ImportedScene } from '../io/index.ts';
import { channelValue } from './channelValue.ts';
import { linearBlendSkinning } from './linearBlendSkinning.ts';
import { nodeWorldMatrices } from './nodeWorldMatrices.ts';

/** What a bake needs to rebuild a mesh's pose in bind space at one time. */
export interface MeshParts {
  /** #M morph weights at the time */
  morphWeights: Float32Array;
  /** #R×3 bind-space positions with the morph targets applied [m] */
  morphedBindPositions: Float32Array;
  /** #R×3 bind-space normals with the morph targets applied (not renormalized), when the mesh has normals */
  morphedBindNormals?: Float32Array;
  /** skinned meshes: #J×16 column-major skin matrices S_j = world(joint j) · inverseBind(j) */
  skinMatrices?: Float32Array;
  /** column-major 4×4 world matrix of the mesh node (identity for skinned meshes, whose node transform glTF ignores) */
  worldMatrix: Float32Array;
}

/** What an evaluator's evaluateMesh did (AnimationEvaluator.counts). */
export interface EvaluationCounts {
  skinned: number;
  reused: number;
  kept: number;
}

/** Options of createAnimationEvaluator. */
export interface AnimationEvaluatorOptions {
  /** keep every evaluated render surface, so each (mesh, clip, time) is skinned once (one bake's evaluator) */
  keepFrames?: boolean;
}

/** Evaluates an ImportedScene's animation; create once per scene and reuse across times. */
export interface AnimationEvaluator {
  readonly scene: ImportedScene;
  /**
   * #N×16 column-major world matrices of every hierarchy node at `time` [s] of clip `clipIndex`
   * (null: the rest pose). Without `out` the evaluator's own array is returned, valid until the next call.
   */
  evaluateWorldMatrices(clipIndex: number | null, time: number, out?: Float64Array): Float64Array;
  /** #M morph weights of a mesh at a time (the mesh's default weights where the clip does not animate them) */
  evaluateMorphWeights(meshIndex: number, clipIndex: number | null, time: number, out?: Float32Array): Float32Array;
  /** world-space render-vertex positions (#R×3 [m]) and optionally unit normals (#R×3) into caller-owned arrays */
  evaluateMesh(meshIndex: number, clipIndex: number | null, time: number, outPositions: Float32Array, outNormals?: Float32Array): void;
  /**
   * world-space simulation-vertex positions (#V×3 [m]): those of each welded vertex's representative render vertex;
   * `renderOut` (#R×3), when given, receives the render vertices too, so a caller that needs both skins once
   */
  evaluateSimulationPositions(meshIndex: number, clipIndex: number | null, time: number, out: Float32Array, renderOut?: Float32Array): void;
  /** the pieces of evaluateMesh, in new arrays, for baking corrective morph targets in bind space */
  evaluateMeshParts(meshIndex: number, clipIndex: number | null, time: number): MeshParts;
  /**
   * evaluateMesh's work so far: `skinned`, the render surfaces skinned (or transformed); `reused`, those copied from a
   * kept frame; `kept`, the distinct (mesh, clip, time) kept (0 unless created with keepFrames)
   */
  readonly counts: EvaluationCounts;
}

interface ClipChannels {
  transforms: ImportedChannel[];
  /** weights channel by hierarchy node index */
  weights: Map<number, ImportedChannel>;
}

interface MeshScratch {
  morphWeights: Float32Array;
  /** #R×3 morphed bind positions (only for meshes with morph targets) */
  morphedPositions: Float64Array | null;
  morphedNormals: Float64Array | null;
  skinMatrices: Float64Array | null;
  renderPositions: Float32Array | null;
  /** #R×3 float64 sums of the area-weighted normals (only for meshes without NORMAL) */
  normalSums: Float64Array | null;
}

const IDENTITY = new Float64Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);

class SceneAnimationEvaluator implements AnimationEvaluator {
  private readonly clipChannels: ClipChannels[];
  private readonly translations: Float64Array;
  private readonly rotations: Float64Array;
  private readonly scales: Float64Array;
  private readonly worldMatrices: Float64Array;
  private cachedClip: number | null | undefined = undefined;
  private cachedTime = Number.NaN;
  private readonly scratch: Array<MeshScratch | undefined>;
  readonly counts: EvaluationCounts = { skinned: 0, reused: 0, kept: 0 };
  /** keepFrames: per mesh, clip ('null' for the rest pose) and time, the evaluated render positions (#R×3) */
  private readonly keptFrames: Array<Map<number | null, Map<number, Float32Array>>> | null;

  constructor(
    readonly scene: ImportedScene,
    options: AnimationEvaluatorOptions = {},
  ) {
    this.keptFrames = options.keepFrames ? scene.meshes.map(() => new Map()) : null;
    const nodeCount = scene.hierarchy.nodes.length;
    this.translations = new Float64Array(3 * nodeCount);
    this.rotations = new Float64Array(4 * nodeCount);
    this.scales = new Float64Array(3 * nodeCount);
    this.worldMatrices = new Float64Array(16 * nodeCount);
    this.scratch = new Array(scene.meshes.length);
    this.clipChannels = scene.clips.map((clip) => {
      const transforms: ImportedChannel[] = [];
      const weights = new Map<number, ImportedChannel>();
      for (const channel of clip.channels) {
        if (channel.path === 'weights') weights.set(channel.nodeIndex, channel);
        else transforms.push(channel);
      }
      return { transforms, weights };
    });
  }

  evaluateWorldMatrices(clipIndex: number | null, time: number, out?: Float64Array): Float64Array {
    const world = this.world(clipIndex, time);
    if (!out) return world;
    out.set(world);
    return out;
  }

  evaluateMorphWeights(meshIndex: number, clipIndex: number | null, time: number, out?: Float32Array): Float32Array {
    const mesh = this.mesh(meshIndex);
    const weights = out ?? new Float32Array(mesh.morphTargetCount);
    this.morphWeightsInto(mesh, clipIndex, time, weights);
    return weights;
  }

  evaluateMesh(meshIndex: number, clipIndex: number | null, time: number, outPositions: Float32Array, outNormals?: Float32Array): void {
    const mesh = this.mesh(meshIndex);
    if (outPositions.length < 3 * mesh.renderVertexCount)
      throw new RangeError(`evaluateMesh: outPositions holds ${outPositions.length} floats, mesh "${mesh.name}" needs ${3 * mesh.renderVertexCount}`);
    const byTime = this.keptFrames?.[meshIndex].get(clipIndex);
    const kept = byTime?.get(time);
    if (kept && !outNormals) {
      outPositions.set(kept);
      this.counts.reused++;
      return;
    }
    const scratch = this.meshScratch(meshIndex);
    const world = this.world(clipIndex, time);
    const positions = this.morphedPositions(mesh, scratch, clipIndex, time);
    const skin = mesh.skin;
    let matrices: Float64Array;
    if (skin) {
      matrices = this.skinMatrices(mesh, scratch, world);
      linearBlendSkinning(positions, skin.joints, skin.weights, skin.influencesPerVertex, matrices, outPositions);
    } else {
      matrices = world.subarray(16 * mesh.nodeIndex, 16 * mesh.nodeIndex + 16);
      transformPoints(matrices, positions, mesh.renderVertexCount, outPositions);
    }
    this.counts.skinned++;
    if (this.keptFrames && !kept) {
      const frames = byTime ?? new Map<number, Float32Array>();
      if (!byTime) this.keptFrames[meshIndex].set(clipIndex, frames);
      frames.set(time, outPositions.slice(0, 3 * mesh.renderVertexCount));
      this.counts.kept++;
    }
    if (!outNormals) return;
    if (outNormals.length < 3 * mesh.renderVertexCount)
      throw new RangeError(`evaluateMesh: outNormals holds ${outNormals.length} floats, mesh "${mesh.name}" needs ${3 * mesh.renderVertexCount}`);
    const normals = this.morphedNormals(mesh, scratch);
    if (!normals) {
      scratch.normalSums ??= new Float64Array(3 * mesh.renderVertexCount);
      vertexNormals(outPositions, mesh.triangles, mesh.renderVertexCount, outNormals, null, scratch.normalSums);
    } else if (skin) {
      skinnedNormals(normals, skin.joints, skin.weights, skin.influencesPerVertex, matrices, outNormals);
    } else {
      transformNormals(matrices, normals, mesh.renderVertexCount, outNormals);
    }
  }

  evaluateSimulationPositions(meshIndex: number, clipIndex: number | null, time: number, out: Float32Array, renderOut?: Float32Array): void {
    const mesh = this.mesh(meshIndex);
    const scratch = this.meshScratch(meshIndex);
    scratch.renderPositions ??= new Float32Array(3 * mesh.renderVertexCount);
    const render = renderOut ?? scratch.renderPositions;
    this.evaluateMesh(meshIndex, clipIndex, time, render);
    const { simulationToRender, vertexCount } = mesh.topology;
    for (let v = 0; v < vertexCount; v++) {
      const r = simulationToRender[v];
      out[3 * v] = render[3 * r];
      out[3 * v + 1] = render[3 * r + 1];
      out[3 * v + 2] = render[3 * r + 2];
    }
  }

  evaluateMeshParts(meshIndex: number, clipIndex: number | null, time: number): MeshParts {
    const mesh = this.mesh(meshIndex);
    const scratch = this.meshScratch(meshIndex);
    const world = this.world(clipIndex, time);
    const morphedBindPositions = Float32Array.from(this.morphedPositions(mesh, scratch, clipIndex, time));
    const normals = mesh.restNormals ? this.morphedNormals(mesh, scratch) : null;
    const parts: MeshParts = {
      morphWeights: scratch.morphWeights.slice(),
      morphedBindPositions,
      worldMatrix: new Float32Array(IDENTITY),
    };
    if (normals) parts.morphedBindNormals = Float32Array.from(normals);
    if (mesh.skin) parts.skinMatrices = Float32Array.from(this.skinMatrices(mesh, scratch, world));
    else parts.worldMatrix = Float32Array.from(world.subarray(16 * mesh.nodeIndex, 16 * mesh.nodeIndex + 16));
    return parts;
  }

  // Internals

  private mesh(meshIndex: number): ImportedMesh {
    const mesh = this.scene.meshes[meshIndex];
    if (!mesh) throw new RangeError(`mesh index ${meshIndex} out of range (the scene has ${this.scene.meshes.length})`);
    return mesh;
  }

  private meshScratch(meshIndex: number): MeshScratch {
    let scratch = this.scratch[meshIndex];
    if (!scratch) {
      const mesh = this.scene.meshes[meshIndex];
      const morphed = mesh.morphTargetCount > 0;
      scratch = {
        morphWeights: new Float32Array(mesh.morphTargetCount),
        morphedPositions: morphed ? new Float64Array(3 * mesh.renderVertexCount) : null,
        morphedNormals: morphed && mesh.restNormals ? new Float64Array(3 * mesh.renderVertexCount) : null,
        skinMatrices: mesh.skin ? new Float64Array(mesh.skin.jointNodeIndices.length * 16) : null,
        renderPositions: null,
        normalSums: null,
      };
      this.scratch[meshIndex] = scratch;
    }
    return scratch;
  }

  /** World matrices at (clip, time), recomposed only when either changes. */
  private world(clipIndex: number | null, time: number): Float64Array {
    if (clipIndex === this.cachedClip && (time === this.cachedTime || clipIndex === null)) return this.worldMatrices;
    const { hierarchy } = this.scene;
    this.translations.set(hierarchy.translations);
    this.rotations.set(hierarchy.rotations);
    this.scales.set(hierarchy.scales);
    if (clipIndex !== null) {
      for (const channel of this.clip(clipIndex).transforms) {
        const target = channel.path === 'translation' ? this.translations : channel.path === 'rotation' ? this.rotations : this.scales;
        channelValue(channel, time, target, channel.nodeIndex * channel.componentCount);
      }
    }
    nodeWorldMatrices(hierarchy.parentIndices, this.translations, this.rotations, this.scales, this.worldMatrices);
    this.cachedClip = clipIndex;
    this.cachedTime = time;
    return this.worldMatrices;
  }

  private clip(clipIndex: number): ClipChannels {
    const clip = this.clipChannels[clipIndex];
    if (!clip) throw new RangeError(`clip index ${clipIndex} out of range (the scene has ${this.clipChannels.length})`);
    return clip;
  }

  private morphWeightsInto(mesh: ImportedMesh, clipIndex: number | null, time: number, out: Float32Array): void {
    out.set(mesh.defaultMorphWeights);
    const channel = clipIndex === null ? undefined : this.clip(clipIndex).weights.get(mesh.nodeIndex);
    if (!channel) return;
    const values = weightScratch(channel.componentCount);
    channelValue(channel, time, values, 0);
    for (let t = 0; t < Math.min(out.length, channel.componentCount); t++) out[t] = values[t];
  }

  /** Bind positions with the morph targets at (clip, time) applied; the rest positions when there are none. */
  private morphedPositions(mesh: ImportedMesh, scratch: MeshScratch, clipIndex: number | null, time: number): Float32Array | Float64Array {
    if (!scratch.morphedPositions) return mesh.restPositions;
    const weights = scratch.morphWeights;
    this.morphWeightsInto(mesh, clipIndex, time, weights);
    return morphTargetsApplied(mesh.restPositions, mesh.morphPositionDeltas, weights, scratch.morphedPositions);
  }

  /** Bind normals with the morph weights last set by morphedPositions; null when the mesh has no normals. */
  private morphedNormals(mesh: ImportedMesh, scratch: MeshScratch): Float32Array | Float64Array | null {
    if (!mesh.restNormals) return null;
    if (!scratch.morphedNormals || !mesh.morphNormalDeltas) return mesh.restNormals;
    return morphTargetsApplied(mesh.restNormals, mesh.morphNormalDeltas, scratch.morphWeights, scratch.morphedNormals);
  }

  /** S_j = world(joint j) · inverseBind(j), glTF 2.0 §3.7.3. */
  private skinMatrices(mesh: ImportedMesh, scratch: MeshScratch, world: Float64Array): Float64Array {
    const skin = mesh.skin!;
    const out = scratch.skinMatrices!;
    const inverseBind = skin.inverseBindMatrices;
    for (let j = 0; j < skin.jointNodeIndices.length; j++) {
      const a = 16 * skin.jointNodeIndices[j];
      const b = 16 * j;
      for (let column = 0; column < 4; column++) {
        const b0 = inverseBind[b + 4 * column],
          b1 = inverseBind[b + 4 * column + 1],
          b2 = inverseBind[b + 4 * column + 2],
          b3 = inverseBind[b + 4 * column + 3];
        for (let row = 0; row < 4; row++) {
          out[b + 4 * column + row] = world[a + row] * b0 + world[a + 4 + row] * b1 + world[a + 8 + row] * b2 + world[a + 12 + row] * b3;
        }
      }
    }
    return out;
  }
}

let weightValues = new Float64Array(16);
function weightScratch(count: number): Float64Array {
  if (weightValues.length < count) weightValues = new Float64Array(count);
  return weightValues;
}

/** out_i = M · (p_i, 1) for an affine column-major M. */
function transformPoints(m: Float64Array, positions: Float32Array | Float64Array, vertexCount: number, out: Float32Array): void {
  for (let v = 0; v < vertexCount; v++) {
    const x = positions[3 * v],
      y = positions[3 * v + 1],
      z = positions[3 * v + 2];
    out[3 * v] = m[0] * x + m[4] * y + m[8] * z + m[12];
    out[3 * v + 1] = m[1] * x + m[5] * y + m[9] * z + m[13];
    out[3 * v + 2] = m[2] * x + m[6] * y + m[10] * z + m[14];
  }
}

/** Writes cof(A)·n·sign(det A), normalized, for the 3×3 A = (a0..a8 column-major). */
function writeNormal(
  a0: number,
  a1: number,
  a2: number,
  a3: number,
  a4: number,
  a5: number,
  a6: number,
  a7: number,
  a8: number,
  nx: number,
  ny: number,
  nz: number,
  out: Float32Array,
  o: number,
): void {
  // Columns of A are c0 = (a0,a1,a2), c1 = (a3,a4,a5), c2 = (a6,a7,a8); cof(A) has columns c1×c2, c2×c0, c0×c1.
  const k0 = a4 * a8 - a5 * a7,
    k1 = a5 * a6 - a3 * a8,
    k2 = a3 * a7 - a4 * a6;
  const k3 = a7 * a2 - a8 * a1,
    k4 = a8 * a0 - a6 * a2,
    k5 = a6 * a1 - a7 * a0;
  const k6 = a1 * a5 - a2 * a4,
    k7 = a2 * a3 - a0 * a5,
    k8 = a0 * a4 - a1 * a3;
  const det = a0 * k0 + a1 * k1 + a2 * k2;
  // inverse transpose = cof / det: the cofactor rows are (k0,k1,k2), (k3,k4,k5), (k6,k7,k8) as columns of the result.
  let x = k0 * nx + k3 * ny + k6 * nz;
  let y = k1 * nx + k4 * ny + k7 * nz;
  let z = k2 * nx + k5 * ny + k8 * nz;
  const length = Math.hypot(x, y, z) * (det < 0 ? -1 : 1);
  if (length !== 0) {
    x /= length;
    y /= length;
    z /= length;
  }
  out[o] = x;
  out[o + 1] = y;
  out[o + 2] = z;
}

function transformNormals(m: Float64Array, normals: Float32Array | Float64Array, vertexCount: number, out: Float32Array): void {
  for (let v = 0; v < vertexCount; v++) {
    writeNormal(m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10], normals[3 * v], normals[3 * v + 1], normals[3 * v + 2], out, 3 * v);
  }
}

/**
 * Rest attribute plus the weighted morph target deltas, out = rest + Σ_t w_t·Δ_t, added target by target in order
 * (glTF 2.0 §3.7.2.2), zero weights skipped.
 *
 * @param rest     #V×3 bind positions or normals
 * @param deltas   one #V×3 delta array per target
 * @param weights  one weight per target
 * @param out      #V×3, receives the morphed attribute
 * @returns out
 */
function morphTargetsApplied(rest: ArrayLike<number>, deltas: Float32Array[], weights: Float32Array, out: Float64Array): Float64Array {
  out.set(rest);
  for (let t = 0; t < weights.length; t++) {
    const w = weights[t];
    if (w === 0) continue;
    const delta = deltas[t];
    for (let i = 0; i < out.length; i++) out[i] += w * delta[i];
  }
  return out;
}

function skinnedNormals(
  normals: Float32Array | Float64Array,
  joints: Uint16Array | Uint32Array,
  weights: Float32Array,
  k: number,
  skin: Float64Array,
  out: Float32Array,
): void {
  const vertexCount = normals.length / 3;
  for (let v = 0; v < vertexCount; v++) {
    let a0 = 0,
      a1 = 0,
      a2 = 0,
      a3 = 0,
      a4 = 0,
      a5 = 0,
      a6 = 0,
      a7 = 0,
      a8 = 0;
    for (let i = 0; i < k; i++) {
      const w = weights[v * k + i];
      if (w === 0) continue;
      const m = 16 * joints[v * k + i];
      a0 += w * skin[m];
      a1 += w * skin[m + 1];
      a2 += w * skin[m + 2];
      a3 += w * skin[m + 4];
      a4 += w * skin[m + 5];
      a5 += w * skin[m + 6];
      a6 += w * skin[m + 8];
      a7 += w * skin[m + 9];
      a8 += w * skin[m + 10];
    }
    writeNormal(a0, a1, a2, a3, a4, a5, a6, a7, a8, normals[3 * v], normals[3 * v + 1], normals[3 * v + 2], out, 3 * v);
  }
}

/**
 * Creates the evaluator of a scene's animation.
 *
 * @param scene    an imported scene (app/io readGltf)
 * @param options  keepFrames: keep each evaluated surface so it is skinned once (one bake's evaluator; see DESIGN NOTES)
 * @returns an evaluator holding its own scratch; not safe to share between concurrent callers
 */
export function createAnimationEvaluator(scene: ImportedScene, options: AnimationEvaluatorOptions = {}): AnimationEvaluator {
  return new SceneAnimationEvaluator(scene, options);
}
