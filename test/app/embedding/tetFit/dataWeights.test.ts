// dataWeights (Λ of seed 004 Eq. 4.1): uniform without triangles; the user's weights normalized; with triangles a
// third of each incident triangle's area (measured here with three.js on the input surface), normalized, with a
// vertex in no triangle floored at 1% of the mean; bad user weights refused.
import { Triangle, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { dataWeights } from '../../../../app/embedding/tetFit/dataWeights.ts';
import { hand, handEmbedding } from './fixtures.ts';

const S = handEmbedding.surfaceVertexCount;

describe('dataWeights', () => {
  it('weighs every surface vertex the same without triangles or weights, summing to 1', () => {
    const lambda = dataWeights(handEmbedding, {});
    for (let s = 0; s < S; s++) expect(lambda[s], `vertex ${s}`).toBeCloseTo(1 / S, 15);
  });

  it("normalizes the user's weights, keeping zeros (untracked vertices) at zero", () => {
    const weights = new Float64Array(S);
    for (let s = 0; s < S; s++) weights[s] = s % 3 === 0 ? 0 : 1 + (s % 5);
    let total = 0;
    for (let s = 0; s < S; s++) total += weights[s];
    const lambda = dataWeights(handEmbedding, { surfaceWeights: weights });
    for (let s = 0; s < S; s++) expect(lambda[s], `vertex ${s}`).toBeCloseTo(weights[s] / total, 14);
  });

  it("gives each vertex a third of its triangles' area (three.js), normalized", () => {
    const lambda = dataWeights(handEmbedding, { surfaceTriangles: hand.triangles });
    const area = new Float64Array(S);
    const p = (v: number): Vector3 => new Vector3(hand.positions[3 * v], hand.positions[3 * v + 1], hand.positions[3 * v + 2]);
    let total = 0;
    for (let t = 0; t < hand.triangles.length / 3; t++) {
      const [a, b, c] = [hand.triangles[3 * t], hand.triangles[3 * t + 1], hand.triangles[3 * t + 2]];
      const triangleArea = new Triangle(p(a), p(b), p(c)).getArea();
      for (const v of [a, b, c]) area[v] += triangleArea / 3;
      total += triangleArea;
    }
    let sum = 0;
    for (let s = 0; s < S; s++) {
      sum += lambda[s];
      expect(lambda[s], `vertex ${s}: area fraction`).toBeCloseTo(area[s] / total, 9);
    }
    expect(sum, 'weights sum to 1').toBeCloseTo(1, 12);
  });

  it('floors a vertex in no triangle at 1% of the mean area, so it is still fitted', () => {
    // Drop every triangle that uses vertex 0.
    const kept: number[] = [];
    for (let t = 0; t < hand.triangles.length / 3; t++) {
      const corners = [hand.triangles[3 * t], hand.triangles[3 * t + 1], hand.triangles[3 * t + 2]];
      if (!corners.includes(0)) kept.push(...corners);
    }
    const lambda = dataWeights(handEmbedding, { surfaceTriangles: kept });
    let mean = 0;
    for (let s = 0; s < S; s++) mean += lambda[s] / S;
    expect(lambda[0], 'isolated vertex weight').toBeGreaterThan(0);
    // The floor is 1% of the mean before normalization; the floored vertices barely move the mean.
    expect(lambda[0] / mean, 'isolated vertex / mean weight').toBeCloseTo(0.01, 3);
  });

  it('refuses surface weights of the wrong length, negative or non-finite, or all zero', () => {
    expect(() => dataWeights(handEmbedding, { surfaceWeights: new Float64Array(S - 1) }), 'short').toThrow(/surfaceWeights needs/);
    const negative = new Float64Array(S).fill(1);
    negative[5] = -1;
    expect(() => dataWeights(handEmbedding, { surfaceWeights: negative }), 'negative').toThrow(/surfaceWeights\[5\]/);
    const infinite = new Float64Array(S).fill(1);
    infinite[7] = Infinity;
    expect(() => dataWeights(handEmbedding, { surfaceWeights: infinite }), 'infinite').toThrow(/surfaceWeights\[7\]/);
    expect(() => dataWeights(handEmbedding, { surfaceWeights: new Float64Array(S) }), 'all zero').toThrow(/every surface weight is zero/);
  });
});
