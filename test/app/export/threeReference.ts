// three.js as the independent reference for the export tests, on top of the shared test/helpers/threeGltf.ts: files
// in memory go through a temporary file, and the skin matrices three.js poses the joints with are read back so the
// tests can compute corrective deltas from three.js's own pose rather than from our evaluator.
import { writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Matrix4, type SkinnedMesh } from 'three';
import { threeReference, type ThreeReference } from '../../helpers/threeGltf.ts';

export interface ThreeScene {
  reference: ThreeReference;
  meshesByNode: ThreeReference['meshesByNode'];
  /** positions of every mesh node at the last pose */
  pose: ReturnType<ThreeReference['evaluate']>;
}

const folder = mkdtempSync(join(tmpdir(), 'overlap-export-'));
let counter = 0;

/** Parses glTF/GLB bytes with three.js's GLTFLoader (through a temporary file). */
export async function loadThree(bytes: Uint8Array): Promise<ThreeScene> {
  const path = join(folder, `file-${counter++}.glb`);
  writeFileSync(path, bytes);
  const reference = await threeReference(path);
  return { reference, meshesByNode: reference.meshesByNode, pose: reference.evaluate(null, 0) };
}

/** Poses the scene at `time` of a clip (index or name; null = rest pose). */
export function poseThree(scene: ThreeScene, clip: number | string | null, time: number): void {
  const index = typeof clip === 'string' ? scene.reference.gltf.animations.findIndex((a) => a.name === clip) : clip;
  if (index === -1) throw new Error(`three: no clip ${clip}`);
  scene.pose = scene.reference.evaluate(index, time);
}

/** World-space positions (#R×3) of a node's triangle primitives, concatenated, at the current pose. */
export function threePositions(scene: ThreeScene, node: number): Float32Array {
  const entry = scene.pose.get(node);
  if (!entry) throw new Error(`three: node ${node} has no mesh`);
  return entry.positions;
}

/**
 * Skin matrices S_j = world(joint)·inverseBind(joint) of a skinned node at the current pose (world = Σ w S_j b for
 * the glTF bind position b, three.js's bind matrices folded in); for an unskinned node its world matrix (1×16).
 */
export function threeSkinMatrices(scene: ThreeScene, node: number): Float64Array {
  const mesh = scene.meshesByNode.get(node)![0];
  const skinned = mesh as SkinnedMesh;
  if (!skinned.isSkinnedMesh) return Float64Array.from(mesh.matrixWorld.elements);
  const bones = skinned.skeleton.bones;
  const out = new Float64Array(bones.length * 16);
  const m = new Matrix4();
  for (let j = 0; j < bones.length; j++) {
    m.multiplyMatrices(bones[j].matrixWorld, skinned.skeleton.boneInverses[j]);
    m.premultiply(skinned.bindMatrixInverse).premultiply(skinned.matrixWorld).multiply(skinned.bindMatrix);
    out.set(m.elements, 16 * j);
  }
  return out;
}

/** Current morph influences of a node's first mesh (empty when it has none). */
export function threeMorphInfluences(scene: ThreeScene, node: number): number[] {
  return [...(scene.meshesByNode.get(node)![0].morphTargetInfluences ?? [])];
}
