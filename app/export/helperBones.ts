import { Accessor, type Document, type Transform } from '@gltf-transform/core';
import { assignDefaults, createTransform } from '@gltf-transform/functions';
import { closestRotation } from '../embedding/index.ts';
import { addWeightsTrack, type BakedKeys, type BakedRepeat } from './bakedAnimation.ts';
import { bakedClip, bakedClipDefaults } from './bakedClip.ts';
import type { HelperBoneSkin } from './helperBoneReplay.ts';
import { ownMesh } from './ownMesh.ts';
import { requireFinite } from './requireFinite.ts';
import { writeSkinAttributes } from './writeSkinAttributes.ts';

const NAME = 'helperBones';

/** One skinned mesh node and the helper joints fitted to its baked motion (helperBoneFit). */
export interface HelperBoneMesh {
  /** index of the mesh node in `document.getRoot().listNodes()` */
  node: number;
  /** the helpers' parents and transforms per baked frame, and the new ≤ 4 influences per render vertex */
  skin: HelperBoneSkin;
  /** where each triangle primitive's vertices lie in skin.joints/weights: index in the mesh's primitives, first vertex, count */
  primitives: Array<{ primitive: number; firstVertex: number; vertexCount: number }>;
  /** #K×#E weights of the mesh's own morph targets at each key, or null when it has none */
  existingWeights: Float32Array | null;
}

export interface HelperBonesOptions {
  animationName?: string;
  /** index of the input clip whose channels the baked animation copies, or -1 */
  sourceAnimation?: number;
  keys?: BakedKeys;
  meshes?: HelperBoneMesh[];
  /** helper channels' interpolation */
  interpolation?: 'LINEAR' | 'STEP';
  /**
   * receives, per mesh (in order), the helpers' transforms D as the file stores them (#F×N×16: local TRS in
   * float32, taken back to the parent's bind space), so the caller can measure the replay error players show
   */
  onWritten?: ((mesh: number, transforms: Float64Array) => void) | null;
  /** add to the baked animation an earlier exporter made (see bakedClip) */
  extendAnimation?: boolean;
  /** a looped bake longer than one cycle: the source clip's keys repeat every cycle (null: copied once) */
  sourceRepeat?: BakedRepeat | null;
}

export const HELPER_BONES_DEFAULTS: Required<HelperBonesOptions> = { ...bakedClipDefaults(), onWritten: null };

/**
 * Writes helper joints ("jiggle bones") fitted to baked motion (helperBoneFit): each helper is a new node, a
 * child of its parent joint with an identity rest transform, appended to a copy of the mesh's skin with its
 * parent's inverse bind matrix, so at rest it moves exactly with its parent (glTF 2.0 §3.7.3: S_h = world(h)·IBM_h
 * = world(parent)·L_h·IBM_parent). The baked clip keys each helper's local translation and rotation at every
 * baked frame, L_h = IBM_parent·D_h·IBM_parent⁻¹ (rigid whenever the inverse bind matrix is a similarity, as
 * exporters write them), identity at the fade keys; the mesh gets the fitted ≤ 4 influences (writeSkinAttributes).
 * Other clips do not animate the helpers, so they play the input's skinning exactly. Nothing else changes: no
 * morph targets are added, the mesh's own stay.
 *
 * @param _options  animation name, source clip, keys, meshes, interpolation, onWritten (HELPER_BONES_DEFAULTS)
 * @returns the glTF-Transform transform
 * @category Transforms
 */
export function helperBones(_options: HelperBonesOptions = HELPER_BONES_DEFAULTS): Transform {
  const options = assignDefaults(HELPER_BONES_DEFAULTS, _options);
  return createTransform(NAME, (document: Document): void => {
    const { keys } = options;
    const { nodes, animation, input, frameCount } = bakedClip(document, NAME, options);
    const buffer = document.getRoot().listBuffers()[0] ?? document.createBuffer();
    options.meshes.forEach((entry, meshIndex) => {
      const node = nodes[meshIndex];
      const mesh = ownMesh(node, new Set(nodes), NAME);
      const skin = node.getSkin();
      if (!skin) throw new Error(`${NAME}: node "${node.getName()}" has no skin`);
      const joints = skin.listJoints();
      const J = joints.length;
      const N = entry.skin.parents.length;
      if (entry.skin.transforms.length !== frameCount * N * 16)
        throw new Error(`${NAME}: node "${node.getName()}": ${N} helpers need ${frameCount * N * 16} transform numbers, got ${entry.skin.transforms.length}`);
      requireFinite(entry.skin.transforms, `helper transforms of node "${node.getName()}"`);
      requireFinite(entry.skin.weights, `skin weights of node "${node.getName()}"`);
      const inverseBinds = new Float64Array(16 * J);
      const ibmAccessor = skin.getInverseBindMatrices();
      for (let j = 0; j < J; j++) {
        if (ibmAccessor) {
          const element: number[] = [];
          ibmAccessor.getElement(j, element);
          inverseBinds.set(element, 16 * j);
        } else {
          for (let d = 0; d < 4; d++) inverseBinds[16 * j + 5 * d] = 1;
        }
      }
      // The helpers, their skin, and the mesh's new influences.
      const helpers = Array.from(entry.skin.parents, (parent, h) => {
        const helper = document.createNode(`${node.getName() || mesh.getName()} jiggle ${h}`);
        joints[parent].addChild(helper);
        return helper;
      });
      const matrices = new Float32Array(16 * (J + N));
      matrices.set(inverseBinds);
      entry.skin.parents.forEach((parent, h) => matrices.set(inverseBinds.subarray(16 * parent, 16 * parent + 16), 16 * (J + h)));
      const extended = document.createSkin(`${skin.getName() || node.getName()} + jiggle`).setSkeleton(skin.getSkeleton());
      for (const joint of [...joints, ...helpers]) extended.addJoint(joint);
      extended.setInverseBindMatrices(document.createAccessor().setType(Accessor.Type.MAT4).setArray(matrices).setBuffer(buffer));
      node.setSkin(extended);
      const primitives = mesh.listPrimitives();
      for (const range of entry.primitives)
        writeSkinAttributes(document, primitives[range.primitive], entry.skin.joints, entry.skin.weights, 4, range.firstVertex, range.vertexCount);
      // Keys: local TRS of each helper, L = IBM_p·D·IBM_p⁻¹, as written (float32), and D back from it.
      const keyCount = keys.times.length;
      const written = new Float64Array(frameCount * N * 16);
      const local = new Float64Array(16);
      const trs = { translation: new Float64Array(3), rotation: new Float64Array(4), scale: new Float64Array(3) };
      helpers.forEach((helper, h) => {
        const ibm = inverseBinds.subarray(16 * entry.skin.parents[h], 16 * entry.skin.parents[h] + 16);
        const ibmInverse = invertAffine(ibm);
        const translations = new Float32Array(3 * keyCount);
        const rotations = new Float32Array(4 * keyCount);
        const scales = new Float32Array(3 * keyCount);
        let scaled = false;
        const previous = Float64Array.of(0, 0, 0, 1);
        for (let k = 0; k < keyCount; k++) {
          const f = keys.frame[k];
          if (f < 0) {
            rotations[4 * k + 3] = 1;
            scales.fill(1, 3 * k, 3 * k + 3);
            continue;
          }
          multiply(ibm, multiply(entry.skin.transforms.subarray((f * N + h) * 16, (f * N + h) * 16 + 16), ibmInverse), local);
          decompose(local, previous, trs);
          translations.set(trs.translation, 3 * k);
          rotations.set(trs.rotation, 4 * k);
          scales.set(trs.scale, 3 * k);
          if (trs.scale.some((s) => Math.abs(s - 1) > 1e-6)) scaled = true;
          previous.set(trs.rotation);
        }
        // D as stored: IBM⁻¹·TRS(float32)·IBM (scale 1 unless a scale channel is written).
        for (let k = 0; k < keyCount; k++) {
          const f = keys.frame[k];
          if (f < 0) continue;
          const stored = compose(
            translations.subarray(3 * k, 3 * k + 3),
            rotations.subarray(4 * k, 4 * k + 4),
            scaled ? scales.subarray(3 * k, 3 * k + 3) : Float32Array.of(1, 1, 1),
          );
          written.set(multiply(ibmInverse, multiply(stored, ibm)), (f * N + h) * 16);
        }
        const channels: Array<['translation' | 'rotation' | 'scale', Float32Array, 'VEC3' | 'VEC4']> = [
          ['translation', translations, 'VEC3'],
          ['rotation', rotations, 'VEC4'],
        ];
        if (scaled) channels.push(['scale', scales, 'VEC3']);
        for (const [path, values, type] of channels) {
          requireFinite(values, `${path} keys of helper "${helper.getName()}"`);
          const output = document.createAccessor().setType(type).setArray(values).setBuffer(buffer);
          const sampler = document.createAnimationSampler().setInput(input).setOutput(output).setInterpolation(options.interpolation);
          animation.addSampler(sampler);
          animation.addChannel(document.createAnimationChannel().setTargetNode(helper).setTargetPath(path).setSampler(sampler));
        }
      });
      // The mesh's own morph targets keep playing in the baked clip (bakedClip left out its weights channel).
      const existingCount = primitives[0]?.listTargets().length ?? 0;
      if (existingCount > 0) addWeightsTrack(document, animation, node, keys, input, entry.existingWeights, existingCount, 0, null, options.interpolation);
      options.onWritten?.(meshIndex, written);
    });
    document.getLogger().debug(`${NAME}: Complete.`);
  });
}

/** A·B for column-major 4×4 matrices (general, so a projective row would be kept; glTF's are affine). */
function multiply(A: ArrayLike<number>, B: ArrayLike<number>, out = new Float64Array(16)): Float64Array {
  const result = new Float64Array(16);
  for (let c = 0; c < 4; c++) for (let r = 0; r < 4; r++) for (let k = 0; k < 4; k++) result[4 * c + r] += A[4 * k + r] * B[4 * c + k];
  out.set(result);
  return out;
}

/** The inverse of a column-major affine 4×4 (linear part by the adjugate). */
function invertAffine(m: ArrayLike<number>): Float64Array {
  const a = m[0],
    b = m[4],
    c = m[8];
  const d = m[1],
    e = m[5],
    f = m[9];
  const g = m[2],
    h = m[6],
    k = m[10];
  const det = a * (e * k - f * h) - b * (d * k - f * g) + c * (d * h - e * g);
  if (!(Math.abs(det) > 0)) throw new Error(`${NAME}: an inverse bind matrix is singular`);
  const s = 1 / det;
  // Row-major inverse of L, stored column-major.
  const i00 = (e * k - f * h) * s,
    i01 = (c * h - b * k) * s,
    i02 = (b * f - c * e) * s;
  const i10 = (f * g - d * k) * s,
    i11 = (a * k - c * g) * s,
    i12 = (c * d - a * f) * s;
  const i20 = (d * h - e * g) * s,
    i21 = (b * g - a * h) * s,
    i22 = (a * e - b * d) * s;
  const tx = m[12],
    ty = m[13],
    tz = m[14];
  return Float64Array.of(
    i00,
    i10,
    i20,
    0,
    i01,
    i11,
    i21,
    0,
    i02,
    i12,
    i22,
    0,
    -(i00 * tx + i01 * ty + i02 * tz),
    -(i10 * tx + i11 * ty + i12 * tz),
    -(i20 * tx + i21 * ty + i22 * tz),
    1,
  );
}

/**
 * Local TRS of a column-major affine matrix: translation, the rotation of its polar decomposition
 * (closestRotation, warm-started from the previous key so quaternions keep their sign and slerp the short way),
 * and the scale on the rotated axes (1 for the rigid transforms helpers have when the inverse bind matrix is a
 * similarity; any shear, which TRS cannot hold, is dropped and shows in the measured replay error).
 */
function decompose(m: Float64Array, previous: Float64Array, out: { translation: Float64Array; rotation: Float64Array; scale: Float64Array }): void {
  out.translation.set([m[12], m[13], m[14]]);
  const linear = Float64Array.of(m[0], m[4], m[8], m[1], m[5], m[9], m[2], m[6], m[10]);
  const quaternion = Float64Array.from(previous);
  const rotation = new Float64Array(9);
  closestRotation(linear, quaternion, rotation, false, 32);
  if (quaternion[0] * previous[0] + quaternion[1] * previous[1] + quaternion[2] * previous[2] + quaternion[3] * previous[3] < 0)
    for (let i = 0; i < 4; i++) quaternion[i] = -quaternion[i];
  out.rotation.set(quaternion);
  // S = Rᵀ·L, diagonal kept.
  for (let a = 0; a < 3; a++) out.scale[a] = rotation[a] * linear[a] + rotation[3 + a] * linear[3 + a] + rotation[6 + a] * linear[6 + a];
}

/** T·R·S as a column-major 4×4. */
function compose(t: ArrayLike<number>, q: ArrayLike<number>, s: ArrayLike<number>): Float64Array {
  const [x, y, z, w] = [q[0], q[1], q[2], q[3]];
  return Float64Array.of(
    (1 - 2 * (y * y + z * z)) * s[0],
    2 * (x * y + z * w) * s[0],
    2 * (x * z - y * w) * s[0],
    0,
    2 * (x * y - z * w) * s[1],
    (1 - 2 * (x * x + z * z)) * s[1],
    2 * (y * z + x * w) * s[1],
    0,
    2 * (x * z + y * w) * s[2],
    2 * (y * z - x * w) * s[2],
    (1 - 2 * (x * x + y * y)) * s[2],
    0,
    t[0],
    t[1],
    t[2],
    1,
  );
}
