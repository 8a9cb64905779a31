// embeddedSurfacePositions (q = C′u): the rest lattice gives back the rest surface, and an affine map of the
// lattice maps the surface by the same affine map (barycentric interpolation is affine-exact).
import { describe, expect, it } from 'vitest';
import { embeddedSurfacePositions, latticeEmbedding } from '../../../app/embedding/index.ts';
import { voxelHand } from './meshes.ts';

describe('embeddedSurfacePositions', () => {
  it('reproduces the rest surface and commutes with affine maps of the lattice', () => {
    const hand = voxelHand();
    const embedding = latticeEmbedding(hand.positions, hand.triangles, { resolution: 9 });
    const rest = embeddedSurfacePositions(embedding, embedding.positions, new Float64Array(hand.positions.length));
    for (let i = 0; i < rest.length; i++) expect(Math.abs(rest[i] - hand.positions[i]), `rest coordinate ${i}`).toBeLessThan(1e-15);
    const affine = (p: ArrayLike<number>, out: Float64Array): Float64Array => {
      for (let i = 0; i < p.length; i += 3) {
        out[i] = 2 * p[i] + 0.3 * p[i + 1] + 1;
        out[i + 1] = -p[i + 2] + 0.5;
        out[i + 2] = 0.7 * p[i + 1] + p[i];
      }
      return out;
    };
    const moved = embeddedSurfacePositions(
      embedding,
      affine(embedding.positions, new Float64Array(embedding.positions.length)),
      new Float32Array(hand.positions.length),
    );
    const expected = affine(hand.positions, new Float64Array(hand.positions.length));
    for (let i = 0; i < moved.length; i++) expect(Math.abs(moved[i] - expected[i]), `affine coordinate ${i}`).toBeLessThan(1e-6);
  });
});
