import type { WeightLayer } from '../document/index.ts';
import { weightLayerInfluence } from './weightLayerInfluence.ts';

/** The part of a WeightLayer the blend reads. */
export type BlendedLayer = Pick<WeightLayer, 'values' | 'mask' | 'keys'> & { enabled?: boolean };

/**
 * The physics-blend weights of one mesh at one frame: the base weights with the mesh's weight layers
 * applied in order, each as w ← w + a·m_v·(l_v − w), a = weightLayerInfluence(layer.keys, frame),
 * m_v the layer's mask and l_v its values. A layer at influence 1 with mask 1 replaces the weight; at
 * mask 0 or influence 0 it leaves it unchanged; in between it blends linearly, so keyed ramps give
 * weights that change continuously in time (no pop when the tail is pinned as the fox sits down).
 * Every output is a convex combination of inputs in [0, 1], so it stays in [0, 1].
 *
 * Hot path (the bake calls it once per frame per mesh): writes into `out`, allocates nothing.
 *
 * @param base    #V base weights in [0, 1] (painted, or meshBlendWeights' default)
 * @param layers  the mesh's layers, bottom first; disabled ones (enabled === false) are skipped
 * @param frame   frame number at the project's frame rate
 * @param out     #V output weights (may be `base` itself)
 * @returns out
 * @throws RangeError when a layer's values or mask do not have #V entries
 */
export function layeredBlendWeights(base: ArrayLike<number>, layers: readonly BlendedLayer[], frame: number, out: Float32Array): Float32Array {
  const vertexCount = base.length;
  if (out.length !== vertexCount) throw new RangeError(`layeredBlendWeights: out has ${out.length} entries, the mesh ${vertexCount}`);
  if (out !== base) for (let v = 0; v < vertexCount; v++) out[v] = base[v];
  for (const layer of layers) {
    if (layer.enabled === false) continue;
    if (layer.values.length !== vertexCount || layer.mask.length !== vertexCount) {
      throw new RangeError(
        `layeredBlendWeights: a layer has ${layer.values.length} values and ${layer.mask.length} mask entries for a mesh of ${vertexCount} vertices`,
      );
    }
    const influence = weightLayerInfluence(layer.keys, frame);
    if (influence === 0) continue;
    const { values, mask } = layer;
    for (let v = 0; v < vertexCount; v++) {
      const a = influence * mask[v];
      if (a !== 0) out[v] += a * (values[v] - out[v]);
    }
  }
  return out;
}
