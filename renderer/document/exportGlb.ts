/**
 * The GLB bytes of the open document, written by glTF-Transform from the engine's imported
 * Document (the source of truth for export, app/io). Until the bake exists this is the imported
 * animation unchanged; the bake will write its corrective morph targets (app/export) into the same
 * Document before this step.
 */
import { WebIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { MeshoptDecoder, MeshoptEncoder } from 'meshoptimizer';
import type { ImportedScene } from '../../app/io/index.ts';

export async function exportGlb(imported: ImportedScene): Promise<Uint8Array> {
  await Promise.all([MeshoptDecoder.ready, MeshoptEncoder.ready]);
  const io = new WebIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({ 'meshopt.decoder': MeshoptDecoder, 'meshopt.encoder': MeshoptEncoder });
  return io.writeBinary(imported.document);
}
