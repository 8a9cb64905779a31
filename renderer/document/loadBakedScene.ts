/**
 * Displays a bake's output: the GLB app/bake wrote is an ordinary glTF (the input's nodes, skin and
 * materials, with corrective morph targets or a vertex cache and the baked clip first), so three.js's
 * GLTFLoader reads it like any file. Its mesh nodes are matched to the outliner's names by glTF node
 * index: app/bake's output keeps the input's nodes in the input's order (bakedDocument checks it).
 * In cache mode the baked mesh moves to a new root node of the same name (app/export vertexCache)
 * and the old node keeps no mesh; then the mesh node of that name is taken.
 */
import type { AnimationClip, Object3D } from 'three';
import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { ImportedScene } from '../../app/io/index.ts';
import { loadGltfScene } from './loadGltfScene.ts';

export interface BakedScene {
  gltf: GLTF;
  /** the baked clip: the output's first animation */
  clip: AnimationClip | null;
  meshObjects: Map<string, Object3D>;
}

/**
 * @param bytes     the output GLB
 * @param imported  the input as the engine imported it (its meshes' nodes give the node indices)
 */
export async function loadBakedScene(bytes: Uint8Array, imported: ImportedScene): Promise<BakedScene> {
  const gltf = await loadGltfScene({ name: 'baked.glb', path: null, bytes, resources: {}, missing: [] });
  const byNode = new Map<number, Object3D>();
  gltf.scene.traverse((object) => {
    const association = gltf.parser.associations.get(object) as { nodes?: number } | undefined;
    if (association?.nodes !== undefined && !byNode.has(association.nodes)) byNode.set(association.nodes, object);
  });
  const json = gltf.parser.json as { nodes?: Array<{ name?: string; mesh?: number }> };
  const nodes = json.nodes ?? [];
  const inputNodes = imported.document.getRoot().listNodes();
  const meshObjects = new Map<string, Object3D>();
  for (const mesh of imported.meshes) {
    let index = inputNodes.indexOf(mesh.node);
    if (nodes[index]?.mesh === undefined) index = nodes.findIndex((node) => node.mesh !== undefined && node.name === mesh.node.getName());
    const object = byNode.get(index);
    if (object) meshObjects.set(mesh.name, object);
  }
  return { gltf, clip: gltf.animations[0] ?? null, meshObjects };
}
