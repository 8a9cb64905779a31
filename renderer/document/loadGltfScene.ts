/**
 * Parses an opened glTF with three.js's GLTFLoader for display. External resources of a .gltf
 * (already read by the host) are served to the loader as blob: URLs through the loading manager,
 * keyed by the URI exactly as the file writes it. EXT_meshopt_compression is decoded with the same
 * meshoptimizer decoder the engine importer uses.
 *
 * A glTF need not have a scene (glTF 2.0 §3.5.1: `scenes` and `scene` are optional; half of the
 * Khronos validator's test files have none). GLTFLoader then returns `scene: undefined`, and every
 * consumer that walked `gltf.scene` failed with "Cannot read properties of undefined (reading
 * 'traverse')" on files the engine importer reads fine. The root cause is fixed here, once: without a
 * scene, the displayed scene is every parentless node, exactly the nodes app/io's readGltf imports
 * in that case, so the viewport, the outliner and the engine agree.
 */
import { Group, LoadingManager } from 'three';
import { GLTFLoader, type GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { MeshoptDecoder } from 'meshoptimizer';
import type { OpenedFile } from '../../main/ipcContract.ts';

export async function loadGltfScene(file: OpenedFile): Promise<GLTF> {
  const blobUrls = new Map<string, string>();
  for (const [uri, bytes] of Object.entries(file.resources)) blobUrls.set(uri, URL.createObjectURL(new Blob([new Uint8Array(bytes)])));
  const manager = new LoadingManager();
  manager.setURLModifier((url) => blobUrls.get(url) ?? url);
  await MeshoptDecoder.ready;
  const loader = new GLTFLoader(manager).setMeshoptDecoder(MeshoptDecoder);
  try {
    const data = file.name.toLowerCase().endsWith('.gltf')
      ? new TextDecoder().decode(file.bytes)
      : file.bytes.buffer.slice(file.bytes.byteOffset, file.bytes.byteOffset + file.bytes.byteLength);
    // parseAsync settles after every buffer and texture has loaded, so the blob URLs can go.
    const gltf = await loader.parseAsync(data as ArrayBuffer | string, '');
    if (!gltf.scene) gltf.scene = await sceneOfRootNodes(gltf);
    return gltf;
  } finally {
    for (const url of blobUrls.values()) URL.revokeObjectURL(url);
  }
}

/** A scene holding every node no other node lists as a child (what app/io imports for a file without scenes). */
async function sceneOfRootNodes(gltf: GLTF): Promise<Group> {
  const json = gltf.parser.json as { nodes?: Array<{ children?: number[] }> };
  const nodes = json.nodes ?? [];
  const isChild = new Set(nodes.flatMap((node) => node.children ?? []));
  const scene = new Group();
  scene.name = 'Scene';
  for (let index = 0; index < nodes.length; index++) {
    if (isChild.has(index)) continue;
    scene.add(await gltf.parser.getDependency('node', index));
  }
  gltf.scenes = [scene];
  return scene;
}
