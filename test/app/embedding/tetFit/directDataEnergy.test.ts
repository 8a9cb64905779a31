// directDataEnergy (twice the data term of seed 004 Eq. 4.1): with targets offset by e from the embedded rest surface,
// the rest lattice's energy is Σ_s λ_s|e_s|²; with uniform weights and a common offset e, exactly |e|².
import { describe, expect, it } from 'vitest';
import { embeddedSurfacePositions } from '../../../../app/embedding/embeddedSurfacePositions.ts';
import { directDataEnergy } from '../../../../app/embedding/tetFit/directDataEnergy.ts';
import { tetFitData } from '../../../../app/embedding/tetFit/tetFitData.ts';
import { hand, handEmbedding, randomField } from './fixtures.ts';

describe('directDataEnergy', () => {
  const embedding = handEmbedding;
  const S = embedding.surfaceVertexCount;
  const rest = embeddedSurfacePositions(embedding, embedding.positions, new Float64Array(3 * S));

  it('is Σ_s λ_s|e_s|² for targets offset by e from the rest surface (area weights)', () => {
    const data = tetFitData(embedding, { surfaceTriangles: hand.triangles });
    const e = randomField(3 * S, 120, embedding.cellSize);
    const targets = rest.map((value, i) => value + e[i]);
    let expected = 0;
    for (let s = 0; s < S; s++) expected += data.dataWeights[s] * (e[3 * s] ** 2 + e[3 * s + 1] ** 2 + e[3 * s + 2] ** 2);
    expect(directDataEnergy(data, embedding.positions, targets) / expected, 'energy / Σλ|e|²').toBeCloseTo(1, 9);
  });

  it('is |e|² for a common offset e with uniform weights', () => {
    const data = tetFitData(embedding, {});
    const e = [0.3, -0.4, 1.2].map((value) => value * embedding.cellSize);
    const targets = rest.map((value, i) => value + e[i % 3]);
    expect(directDataEnergy(data, embedding.positions, targets) / (e[0] ** 2 + e[1] ** 2 + e[2] ** 2), 'energy / |e|²').toBeCloseTo(1, 9);
  });
});
