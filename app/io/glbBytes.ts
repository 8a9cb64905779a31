import { WebIO, type Document, type JSONDocument } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';

/**
 * glTF-Transform's writer, except that every node keeps the exact transform the document holds.
 *
 * \note glTF-Transform 4.5 leaves a node's translation, rotation or scale out of the JSON when it is within 1e-5 of
 * the default (per component, `MathUtils.eq`), so a scale of 0.999993 is written as 1 and a translation of 8e-6 as 0.
 * Under a scaled parent that is not small: RobotExpressive's lower leg sits under a 100× armature, and its node's
 * 0.999993 scale written as 1 moved the exported leg 3.2 µm (3e-6 of its size) from where the input puts it, in
 * every player, for a mesh the bake did not change. Nodes are written in `root.listNodes()` order (the writer maps
 * that list), so each JSON node is restored from its document node.
 */
class ExactTransformIO extends WebIO {
  override async writeJSON(document: Document, options: Parameters<WebIO['writeJSON']>[1] = {}): Promise<JSONDocument> {
    const written = await super.writeJSON(document, options);
    const nodes = document.getRoot().listNodes();
    written.json.nodes?.forEach((node, index) => {
      const source = nodes[index];
      const translation = source.getTranslation();
      const rotation = source.getRotation();
      const scale = source.getScale();
      if (translation.some((value) => value !== 0)) node.translation = [...translation];
      if (rotation.some((value, c) => value !== (c === 3 ? 1 : 0))) node.rotation = [...rotation];
      if (scale.some((value) => value !== 1)) node.scale = [...scale];
    });
    return written;
  }
}

/**
 * The GLB bytes of a document: the one glTF writer of the product (bakes, the app's export), glTF-Transform's with
 * every extension registered, node transforms written exactly (ExactTransformIO). Deterministic: the same document
 * gives the same bytes.
 *
 * @param document      the document to write (not modified)
 * @param dependencies  glTF-Transform dependencies the document's extensions need to encode (the meshopt encoder)
 * @returns the GLB bytes
 */
export async function glbBytes(document: Document, dependencies: Record<string, unknown> = {}): Promise<Uint8Array> {
  const io = new ExactTransformIO().registerExtensions(ALL_EXTENSIONS).registerDependencies(dependencies);
  return io.writeBinary(document);
}
