/**
 * The GLB bytes of the open document, written by glTF-Transform from the engine's imported
 * Document (the source of truth for export, app/io). Until the bake exists this is the imported
 * animation unchanged; the bake will write its corrective morph targets (app/export) into the same
 * Document before this step.
 */
import { MeshoptDecoder, MeshoptEncoder } from 'meshoptimizer';
import { glbBytes, type ImportedScene } from '../../app/io/index.ts';

export async function exportGlb(imported: ImportedScene): Promise<Uint8Array> {
  await Promise.all([MeshoptDecoder.ready, MeshoptEncoder.ready]);
  return glbBytes(imported.document, { 'meshopt.decoder': MeshoptDecoder, 'meshopt.encoder': MeshoptEncoder });
}
