import type { Document } from '@gltf-transform/core';
import { meshopt, quantize, unpartition } from '@gltf-transform/functions';
import { MeshoptEncoder } from 'meshoptimizer';
import { glbBytes } from '../io/index.ts';

/**
 * The GLB bytes of a baked document, optionally compressed: 'quantize' stores attributes and morph
 * targets as normalized integers (KHR_mesh_quantization), 'meshopt' additionally reorders and
 * compresses buffers (EXT_meshopt_compression; players need the meshopt decoder). Both are lossy
 * (about 1e-4 of the mesh size for 16-bit positions) and change vertex order or precision, so
 * exactness checks compare uncompressed output. Written by glbBytes (node transforms exact; deterministic).
 *
 * @param document     the document to write (compression modifies it)
 * @param compression  'none', 'quantize' or 'meshopt'
 * @returns the GLB bytes
 */
export async function bakedBytes(document: Document, compression: 'none' | 'quantize' | 'meshopt'): Promise<Uint8Array> {
  const dependencies: Record<string, unknown> = {};
  // A GLB holds one buffer; inputs with several (external .bin files, data URIs) are merged.
  await document.transform(unpartition());
  if (compression === 'quantize') {
    await document.transform(quantize());
  } else if (compression === 'meshopt') {
    await MeshoptEncoder.ready;
    dependencies['meshopt.encoder'] = MeshoptEncoder;
    await document.transform(meshopt({ encoder: MeshoptEncoder, level: 'medium' }));
  }
  return glbBytes(document, dependencies);
}
