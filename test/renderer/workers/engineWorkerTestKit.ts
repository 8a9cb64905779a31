/**
 * Shared set-up of the engine worker core's tests (engineWorkerCore*.test.ts): the sample document, a core that
 * records what it posts, and three.js's own posing of the sample to compare against.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { AnimationMixer, Vector3, type Object3D, type SkinnedMesh } from 'three';
import { loadGltfScene } from '../../../renderer/document/loadGltfScene.ts';
import { createEngineWorkerCore } from '../../../renderer/workers/engineWorkerCore.ts';
import type { DocumentPayload, EngineResponse } from '../../../renderer/workers/protocol.ts';

export const samplePath = path.resolve('assets/sample.glb');

export async function sample(documentId = 1): Promise<DocumentPayload> {
  return { documentId, fileName: 'sample.glb', bytes: new Uint8Array(await readFile(samplePath)), resources: {} };
}

/** A core with its posted messages (and their transfer lists) collected. */
export function recordingCore() {
  const messages: Array<{ message: EngineResponse; transfer: Transferable[] }> = [];
  const core = createEngineWorkerCore((message, transfer) => messages.push({ message, transfer }));
  const answers = (id: number) => messages.filter(({ message }) => message.id === id).map(({ message }) => message);
  return { core, messages, answers };
}

/** World-space vertex positions of the sample's skinned mesh as three.js poses it (null: rest pose). */
export async function threePositions(time: number | null): Promise<Float32Array> {
  const gltf = await loadGltfScene({ name: 'sample.glb', path: null, bytes: new Uint8Array(await readFile(samplePath)), resources: {}, missing: [] });
  if (time !== null) {
    const mixer = new AnimationMixer(gltf.scene);
    const action = mixer.clipAction(gltf.animations[0]);
    action.play();
    action.time = time;
    mixer.update(0);
  }
  gltf.scene.updateMatrixWorld(true);
  // The sample's one mesh has two primitives: three.js makes a SkinnedMesh of each.
  const meshes: SkinnedMesh[] = [];
  gltf.scene.traverse((object: Object3D) => {
    if ((object as SkinnedMesh).isSkinnedMesh) meshes.push(object as SkinnedMesh);
  });
  const out: number[] = [];
  const v = new Vector3();
  for (const mesh of meshes) {
    mesh.skeleton.update();
    for (let i = 0; i < mesh.geometry.getAttribute('position').count; i++) {
      mesh.getVertexPosition(i, v);
      v.applyMatrix4(mesh.matrixWorld);
      out.push(v.x, v.y, v.z);
    }
  }
  return Float32Array.from(out);
}

/** Largest distance from a point of `points` to its nearest point of `reference` (brute force). */
export function largestNearestDistance(points: Float32Array, reference: Float32Array): number {
  let worst = 0;
  for (let p = 0; p < points.length; p += 3) {
    let best = Infinity;
    for (let r = 0; r < reference.length; r += 3) {
      const dx = points[p] - reference[r];
      const dy = points[p + 1] - reference[r + 1];
      const dz = points[p + 2] - reference[r + 2];
      best = Math.min(best, dx * dx + dy * dy + dz * dz);
    }
    worst = Math.max(worst, Math.sqrt(best));
  }
  return worst;
}
