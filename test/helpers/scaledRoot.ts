/**
 * A glTF under one more root node that scales it uniformly (a character whose armature carries a 0.01 scale, as
 * exporters write centimetre rigs): every scene's top nodes are moved under a new node `scaled root` with scale
 * [s, s, s]. Nothing else changes, so every world-space length of the result is s times the original's.
 */
import { NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';

/**
 * @param glb    the .glb's bytes
 * @param scale  the root's uniform scale
 * @returns the new .glb's bytes
 */
export async function scaledRootGlb(glb: Uint8Array, scale: number): Promise<Uint8Array> {
  const io = new NodeIO().registerExtensions(ALL_EXTENSIONS);
  const document = await io.readBinary(glb);
  for (const scene of document.getRoot().listScenes()) {
    const root = document.createNode('scaled root').setScale([scale, scale, scale]);
    for (const child of scene.listChildren()) {
      scene.removeChild(child);
      root.addChild(child);
    }
    scene.addChild(root);
  }
  return io.writeBinary(document);
}
