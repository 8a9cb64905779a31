// latticeEdges: every tet edge appears exactly once, as (a < b); a single cube gives the 12 cube edges plus
// its face and interior diagonals of the five-tet split (18 in all), and Euler's relation holds for a ball.
import { describe, expect, it } from 'vitest';
import { latticeEdges, latticeEmbedding } from '../../../app/embedding/index.ts';
import { uvSphere } from './meshes.ts';

describe('latticeEdges', () => {
  it('lists each tet edge once, smaller index first', () => {
    const sphere = uvSphere([0, 0, 0], 1, 8, 12);
    const embedding = latticeEmbedding(sphere.positions, sphere.triangles, { resolution: 6 });
    const edges = latticeEdges(embedding);
    const keys = new Set<string>();
    for (let e = 0; e < edges.length; e += 2) {
      expect(edges[e], `edge ${e / 2} ordered`).toBeLessThan(edges[e + 1]);
      keys.add(`${edges[e]},${edges[e + 1]}`);
    }
    expect(keys.size, 'no duplicates').toBe(edges.length / 2);
    for (let t = 0; t < embedding.tetCount; t++) {
      for (let i = 0; i < 4; i++) {
        for (let j = i + 1; j < 4; j++) {
          const a = Math.min(embedding.tetrahedra[4 * t + i], embedding.tetrahedra[4 * t + j]);
          const b = Math.max(embedding.tetrahedra[4 * t + i], embedding.tetrahedra[4 * t + j]);
          expect(keys.has(`${a},${b}`), `tet ${t} edge ${a}-${b}`).toBe(true);
        }
      }
    }
  });

  it('gives 18 edges for one cube (12 sides + 6 face diagonals of the five-tet split)', () => {
    // A collapsed triangle (all corners at one point) has a zero-size box: a single-cell lattice.
    const embedding = latticeEmbedding([0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5], [0, 1, 2], { resolution: 1 });
    expect(embedding.stats.cells, 'one cell').toBe(1);
    expect(latticeEdges(embedding).length / 2, 'edges of a five-tet cube').toBe(18);
  });
});
