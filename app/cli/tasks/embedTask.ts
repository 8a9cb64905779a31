/**
 * `overlap embed`'s embedding, in a worker thread (runInWorker): latticeEmbedding of a surface.
 */
import { latticeEmbedding, type LatticeEmbedding, type LatticeEmbeddingOptions } from '../../embedding/index.ts';

/**
 * Embeds the surface.
 *
 * @param task  #V×3 positions, #F×3 triangles and the embedding options
 * @returns the embedding (plain data: typed arrays and numbers)
 */
export async function embedTask(task: {
  positions: Float64Array | Float32Array;
  triangles: Uint32Array;
  options: LatticeEmbeddingOptions;
}): Promise<LatticeEmbedding> {
  return latticeEmbedding(task.positions, task.triangles, task.options);
}
