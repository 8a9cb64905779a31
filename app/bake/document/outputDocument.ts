import type { Document } from '@gltf-transform/core';
import { cloneDocument } from '@gltf-transform/functions';
import { normalizedSkinWeights, requireFinite, type SkinnedMeshInfluences } from '../../export/index.ts';
import type { ImportedScene } from '../../io/index.ts';
import type { BakeResult } from '../bakeAnimation.ts';

/**
 * The output document before any baked motion is written: a copy of the input's (nodes, materials, textures,
 * skeleton and clips kept, in the input's node order), uncompressed, with clean skin weights (skinned primitives whose
 * stored weights gltf-validator rejects get the importer's normalized influences, the ones the bake simulated with).
 *
 * @param scene   the imported input scene (its document is not modified)
 * @param result  bakeAnimation's result (its positions are checked finite before anything is written)
 * @returns the copy
 * @throws Error when the copy lists its nodes in another order; NonFiniteValueError when a baked position is not finite
 */
export async function outputDocument(scene: ImportedScene, result: BakeResult): Promise<Document> {
  const document = cloneDocument(scene.document);
  const sourceNodes = scene.document.getRoot().listNodes();
  const nodes = document.getRoot().listNodes();
  if (nodes.length !== sourceNodes.length || nodes.some((n, i) => n.getName() !== sourceNodes[i].getName())) {
    throw new Error('bakedDocument: the copied document lists its nodes in another order');
  }
  // Compression of the input is decoded on import; the output is written uncompressed unless asked.
  for (const extension of document.getRoot().listExtensionsUsed()) {
    if (extension.extensionName === 'KHR_draco_mesh_compression' || extension.extensionName === 'EXT_meshopt_compression') extension.dispose();
  }
  for (const baked of result.meshes) requireFinite(baked.positions, `the baked positions of mesh "${baked.name}"`);
  await document.transform(normalizedSkinWeights({ meshes: skinInfluences(scene) }));
  return document;
}

/** The importer's normalized influences of every skinned mesh, for normalizedSkinWeights. */
function skinInfluences(scene: ImportedScene): SkinnedMeshInfluences[] {
  const nodes = scene.document.getRoot().listNodes();
  return scene.meshes
    .filter((mesh) => mesh.skin)
    .map((mesh) => ({
      node: nodes.indexOf(mesh.node),
      joints: mesh.skin!.joints,
      weights: mesh.skin!.weights,
      influencesPerVertex: mesh.skin!.influencesPerVertex,
      jointCount: mesh.skin!.jointNodeIndices.length,
      primitives: mesh.primitives.map((range) => ({
        primitive: mesh.mesh.listPrimitives().indexOf(range.primitive),
        firstVertex: range.firstVertex,
        vertexCount: range.vertexCount,
      })),
    }));
}
