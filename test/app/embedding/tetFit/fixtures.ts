/** A small lattice shared by the tetFit step tests: the voxel hand of ../meshes.ts embedded at resolution 8. */
import { latticeEmbedding, type LatticeEmbedding } from '../../../../app/embedding/index.ts';
import { random } from '../../../helpers/random.ts';
import { voxelHand } from '../meshes.ts';

export const hand = voxelHand();
export const handEmbedding: LatticeEmbedding = latticeEmbedding(hand.positions, hand.triangles, { resolution: 8 });

/** count numbers uniform in [−scale, scale) from a fixed seed. */
export function randomField(count: number, seed: number, scale = 1): Float64Array {
  const next = random(seed);
  const out = new Float64Array(count);
  for (let i = 0; i < count; i++) out[i] = scale * (2 * next() - 1);
  return out;
}
