// nearestHostVertices is the sampling a glued shell and a gear's hinge read their host's displacement through:
// the `count` nearest host vertices, nearest first, with inverse-distance weights that sum to 1, so a displacement
// the host applies uniformly reaches the carried point unchanged, and a point on a host vertex follows that vertex.
import { describe, expect, it } from 'vitest';
import { nearestHostVertices } from '../../../../app/bake/carried/nearestHostVertices.ts';
import { random } from '../../../helpers/random.ts';

describe('nearestHostVertices', () => {
  const next = random(7);
  const host = Float32Array.from({ length: 3 * 200 }, () => next() * 2 - 1);
  const all = Uint32Array.from({ length: 200 }, (_, i) => i);
  const distance = (u: number, p: number[]) => Math.hypot(host[3 * u] - p[0], host[3 * u + 1] - p[1], host[3 * u + 2] - p[2]);

  it('keeps the nearest, sorted, with inverse-distance weights summing to 1', () => {
    for (let trial = 0; trial < 20; trial++) {
      const p = [next() - 0.5, next() - 0.5, next() - 0.5];
      const vertices = new Uint32Array(2 + 4);
      const weights = new Float64Array(2 + 4);
      nearestHostVertices(p[0], p[1], p[2], host, all, 4, vertices, weights, 2);
      const sorted = [...all].sort((a, b) => distance(a, p) - distance(b, p)).slice(0, 4);
      expect(Array.from(vertices.subarray(2)), `trial ${trial}: the 4 nearest by brute force, nearest first`).toEqual(sorted);
      expect(weights[0] + weights[1], 'nothing written before the offset').toBe(0);
      const sum = weights.subarray(2).reduce((a, b) => a + b, 0);
      expect(Math.abs(sum - 1), `trial ${trial}: weights sum to 1`).toBeLessThan(1e-12);
      for (let k = 1; k < 4; k++) {
        const ratio = weights[2 + k] / weights[2];
        expect(Math.abs(ratio - distance(sorted[0], p) / distance(sorted[k], p)), `trial ${trial}: weight ${k} is inverse to its distance`).toBeLessThan(1e-9);
      }
    }
  });

  it('puts all the weight on a host vertex the point sits on', () => {
    const u = 42;
    const vertices = new Uint32Array(4);
    const weights = new Float64Array(4);
    nearestHostVertices(host[3 * u], host[3 * u + 1], host[3 * u + 2], host, all, 4, vertices, weights, 0);
    expect(vertices[0], 'the vertex itself is nearest').toBe(u);
    expect(weights[0], 'and takes (almost) all the weight').toBeGreaterThan(1 - 1e-6);
  });

  it('fills missing slots with the nearest at weight 0 when the host has fewer vertices than asked', () => {
    const candidates = Uint32Array.from([5, 9]);
    const vertices = new Uint32Array(4);
    const weights = new Float64Array(4);
    nearestHostVertices(0, 0, 0, host, candidates, 4, vertices, weights, 0);
    const nearest = distance(5, [0, 0, 0]) < distance(9, [0, 0, 0]) ? 5 : 9;
    expect(vertices[0], 'the nearer candidate first').toBe(nearest);
    expect(Array.from(vertices.subarray(2)), 'the missing slots repeat the nearest').toEqual([nearest, nearest]);
    expect(Array.from(weights.subarray(2)), 'at weight 0').toEqual([0, 0]);
    expect(Math.abs(weights[0] + weights[1] - 1), 'the two real samples sum to 1').toBeLessThan(1e-12);
  });
});
