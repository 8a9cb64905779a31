/**
 * Parses an opened glTF with three.js's GLTFLoader for display. External resources of a .gltf
 * (already read by the host) are served to the loader as blob: URLs through the loading manager,
 * keyed by the URI exactly as the file writes it. EXT_meshopt_compression is decoded with the same
 * meshoptimizer decoder the engine importer uses.
 */
import { LoadingManager } from 'three';
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
    return await loader.parseAsync(data as ArrayBuffer | string, '');
  } finally {
    for (const url of blobUrls.values()) URL.revokeObjectURL(url);
  }
}
