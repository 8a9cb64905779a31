// weightZeroDistances: the distance [cells] from each lattice vertex to the nearest weight-0 surface vertex, through
// the lattice. Within a cell of a weight-0 vertex it is the straight distance (those lattice vertices are read by its
// spline); further out it is a path along tet edges, never shorter than the straight line and not much longer on a
// regular lattice; at the cap and beyond it is Infinity, and without any weight-0 vertex everything is.
import { describe, expect, it } from 'vitest';
import { latticeEdges, latticeEmbedding, latticeSplineWeights, weightZeroDistances } from '../../../app/embedding/index.ts';
import { uvSphere } from './meshes.ts';

describe('weightZeroDistances', () => {
  const surface = uvSphere([0, 0, 0], 1, 24, 32);
  const embedding = latticeEmbedding(surface.positions, surface.triangles, { resolution: 8 });
  const spline = latticeSplineWeights(embedding);
  const edges = latticeEdges(embedding);
  const S = embedding.surfaceVertexCount;
  // Weight 0 on the bottom cap (y < −0.5), 1 elsewhere.
  const weights = Float64Array.from({ length: S }, (_, s) => (surface.positions[3 * s + 1] < -0.5 ? 0 : 1));
  const maxDistance = 3;
  const distances = weightZeroDistances(embedding, spline, edges, weights, maxDistance, new Float64Array(embedding.vertexCount));
  /** straight distance [cells] from lattice vertex v to the nearest weight-0 surface vertex */
  const straight = (v: number) => {
    let best = Infinity;
    for (let s = 0; s < S; s++) {
      if (weights[s] !== 0) continue;
      const p = embedding.positions;
      best = Math.min(best, Math.hypot(p[3 * v] - surface.positions[3 * s], p[3 * v + 1] - surface.positions[3 * s + 1], p[3 * v + 2] - surface.positions[3 * s + 2]));
    }
    return best / embedding.cellSize;
  };

  it('is the straight distance within a cell, and a path no shorter and at most twice as long beyond', () => {
    let near = 0;
    let far = 0;
    for (let v = 0; v < embedding.vertexCount; v++) {
      const e = straight(v);
      const d = distances[v];
      if (e <= 1) {
        near++;
        expect(Math.abs(d - e), `vertex ${v}: distance ${d} vs straight ${e}`).toBeLessThan(1e-6);
      } else if (2 * e < maxDistance) {
        far++;
        expect(d, `vertex ${v}: distance ${d} vs straight ${e}`).toBeGreaterThanOrEqual(e - 1e-6);
        expect(d, `vertex ${v}: distance ${d} vs straight ${e}`).toBeLessThanOrEqual(2 * e);
      }
      if (e >= maxDistance) expect(d, `vertex ${v} at ${e} cells: beyond the cap`).toBe(Infinity);
    }
    expect(near, 'lattice vertices within a cell of the cap').toBeGreaterThan(0);
    expect(far, 'lattice vertices between one cell and half the cap').toBeGreaterThan(0);
  });

  it('is Infinity everywhere without a weight-0 vertex', () => {
    const none = weightZeroDistances(embedding, spline, edges, new Float64Array(S).fill(0.5), maxDistance, new Float64Array(embedding.vertexCount));
    expect(none.every((d) => d === Infinity), 'every distance is Infinity').toBe(true);
  });
});
