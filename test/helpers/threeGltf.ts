/**
 * three.js as an independent glTF reference in Node: GLTFLoader.parse + AnimationMixer +
 * SkinnedMesh.getVertexPosition. Textures are replaced by null through a loader plugin (Node has no
 * image decoding, and geometry does not depend on them); external buffers are inlined as data URIs
 * before three sees the JSON, since three's FileLoader cannot fetch file:// URLs.
 *
 * World positions are matrixWorld · getVertexPosition for every mesh. For skinned meshes three binds
 * with an identity bind matrix in 'attached' mode, where bindMatrixInverse tracks the inverse of the
 * mesh's matrixWorld, so the product is Σ w · world(joint) · inverseBind · p: the mesh node's own
 * transform cancels, as glTF 2.0 §3.7.3 requires.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import {
  type AnimationAction,
  AnimationMixer,
  type BufferAttribute,
  type InterleavedBufferAttribute,
  LoopOnce,
  Matrix3,
  Matrix4,
  type Mesh,
  type Object3D,
  SkinnedMesh,
  Vector3,
} from 'three';
import { type GLTF, GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';

/** three.js's view of one glTF file. */
export interface ThreeReference {
  gltf: GLTF;
  /** three's triangle meshes of each glTF mesh node, by node index, primitives in file order */
  meshesByNode: Map<number, Mesh[]>;
  /**
   * World positions (#R×3, primitives concatenated) of every mesh node at `time` [s] of clip
   * `clipIndex` (null: rest pose), by glTF node index; optionally world normals (unit, #R×3) too.
   */
  evaluate(clipIndex: number | null, time: number, withNormals?: boolean): Map<number, { positions: Float32Array; normals?: Float32Array }>;
}

const GLB_MAGIC = 0x46546c67;

// three's FileLoader reports progress with the DOM's ProgressEvent, which Node lacks.
if (typeof globalThis.ProgressEvent === 'undefined') {
  (globalThis as Record<string, unknown>).ProgressEvent = class ProgressEvent extends Event {
    readonly lengthComputable: boolean;
    readonly loaded: number;
    readonly total: number;
    constructor(type: string, init: { lengthComputable?: boolean; loaded?: number; total?: number } = {}) {
      super(type);
      this.lengthComputable = init.lengthComputable ?? false;
      this.loaded = init.loaded ?? 0;
      this.total = init.total ?? 0;
    }
  };
}

/** The bytes three.js should parse: the file itself, or for .gltf its JSON with external buffers inlined. */
function threeInput(path: string): ArrayBuffer | string {
  const bytes = readFileSync(path);
  if (bytes.readUInt32LE(0) === GLB_MAGIC) return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const json = JSON.parse(bytes.toString('utf8')) as { buffers?: Array<{ uri?: string }> };
  for (const buffer of json.buffers ?? []) {
    if (buffer.uri && !buffer.uri.startsWith('data:')) {
      const data = readFileSync(resolve(dirname(path), decodeURIComponent(buffer.uri)));
      buffer.uri = `data:application/octet-stream;base64,${data.toString('base64')}`;
    }
  }
  return JSON.stringify(json);
}

/** Loads a glTF file with three.js's GLTFLoader in Node. */
export async function threeReference(path: string): Promise<ThreeReference> {
  const loader = new GLTFLoader();
  loader.register(() => ({ name: 'overlap_test_no_textures', loadTexture: () => Promise.resolve(null) }) as never);
  const gltf = await new Promise<GLTF>((resolvePromise, reject) => loader.parse(threeInput(path), '', resolvePromise, reject));
  const associations = gltf.parser.associations as Map<Object3D, { nodes?: number; primitives?: number }>;

  const meshesByNode = new Map<number, Mesh[]>();
  gltf.scene.traverse((object) => {
    const nodeIndex = associations.get(object)?.nodes;
    if (nodeIndex === undefined) return;
    const candidates = (object as Mesh).isMesh
      ? [object]
      : object.children.filter((child) => (child as Mesh).isMesh && associations.get(child)?.nodes === undefined);
    const meshes = (candidates as Mesh[]).filter((mesh) => [4, 5, 6].includes(primitiveMode(gltf, mesh, associations)));
    meshes.sort((a, b) => (associations.get(a)?.primitives ?? 0) - (associations.get(b)?.primitives ?? 0));
    if (meshes.length > 0) meshesByNode.set(nodeIndex, meshes);
  });

  let mixer: AnimationMixer | null = null;
  let action: AnimationAction | null = null;
  let currentClip: number | null = null;
  const position = new Vector3();
  const normal = new Vector3();
  const normalMatrix = new Matrix3();

  const evaluate: ThreeReference['evaluate'] = (clipIndex, time, withNormals = false) => {
    if (clipIndex !== currentClip || mixer === null) {
      // Stopping every action makes three restore the bound properties to their rest values.
      mixer?.stopAllAction();
      mixer = new AnimationMixer(gltf.scene);
      action = clipIndex === null ? null : mixer.clipAction(gltf.animations[clipIndex]);
      action?.setLoop(LoopOnce, 1);
      if (action) action.clampWhenFinished = true;
      currentClip = clipIndex;
    }
    // A LoopOnce action that reached its end pauses; reset it so any time, earlier or later, is evaluated.
    action?.reset().play();
    mixer.setTime(time);
    gltf.scene.updateMatrixWorld(true);
    const result = new Map<number, { positions: Float32Array; normals?: Float32Array }>();
    for (const [nodeIndex, meshes] of meshesByNode) {
      const count = meshes.reduce((sum, mesh) => sum + mesh.geometry.attributes.position.count, 0);
      const positions = new Float32Array(3 * count);
      const normals = withNormals && meshes.every((mesh) => mesh.geometry.attributes.normal) ? new Float32Array(3 * count) : undefined;
      let offset = 0;
      for (const mesh of meshes) {
        const skinned = mesh instanceof SkinnedMesh;
        normalMatrix.getNormalMatrix(mesh.matrixWorld);
        const normalAttribute = mesh.geometry.attributes.normal;
        for (let v = 0; v < mesh.geometry.attributes.position.count; v++, offset++) {
          mesh.getVertexPosition(v, position);
          position.applyMatrix4(mesh.matrixWorld);
          position.toArray(positions, 3 * offset);
          if (normals && normalAttribute) {
            normal.fromBufferAttribute(normalAttribute, v);
            // Morph normals as three's shader applies them (relative targets).
            const morphNormals = mesh.geometry.morphAttributes.normal;
            if (morphNormals && mesh.morphTargetInfluences) {
              const base = normal.clone();
              morphNormals.forEach((attribute: BufferAttribute | InterleavedBufferAttribute, t: number) =>
                base.add(new Vector3().fromBufferAttribute(attribute, v).multiplyScalar(mesh.morphTargetInfluences![t])),
              );
              normal.copy(base);
            }
            if (skinned) skinnedNormal(mesh as SkinnedMesh, v, normal);
            else normal.applyMatrix3(normalMatrix);
            normal.normalize().toArray(normals, 3 * offset);
          }
        }
      }
      result.set(nodeIndex, { positions, normals });
    }
    return result;
  };
  return { gltf, meshesByNode, evaluate };
}

/**
 * The skinned normal from three's joint matrices by the textbook rule: the inverse transpose of the
 * blended matrix M = Σ w · world(joint) · inverseBind applied to the (morphed) bind normal. For rigid
 * joints this is what three's skinnormal shader chunk computes (M itself); under non-uniform joint
 * scale M would tilt the normal off the surface, so the reference uses the rule that keeps it normal.
 */
function skinnedNormal(mesh: SkinnedMesh, v: number, normal: Vector3): void {
  const index = mesh.geometry.attributes.skinIndex;
  const weight = mesh.geometry.attributes.skinWeight;
  const blended = new Matrix4().set(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
  for (let k = 0; k < 4; k++) {
    const w = weight.getComponent(v, k);
    if (w === 0) continue;
    const bone = index.getComponent(v, k);
    const matrix = mesh.skeleton.bones[bone].matrixWorld.clone().multiply(mesh.skeleton.boneInverses[bone]);
    for (let i = 0; i < 16; i++) blended.elements[i] += w * matrix.elements[i];
  }
  normal.applyMatrix3(new Matrix3().getNormalMatrix(blended));
}

function primitiveMode(gltf: GLTF, mesh: Mesh, associations: Map<Object3D, { primitives?: number }>): number {
  const json = gltf.parser.json as { meshes: Array<{ primitives: Array<{ mode?: number }> }> };
  const meshIndex = (associations.get(mesh) as { meshes?: number } | undefined)?.meshes;
  if (meshIndex === undefined) return 4;
  return json.meshes[meshIndex].primitives[associations.get(mesh)?.primitives ?? 0].mode ?? 4;
}
