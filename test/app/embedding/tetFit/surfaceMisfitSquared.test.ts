// surfaceMisfitSquared (one term of seed 004 Eq. 4.1's data energy): with targets q̄_s = C′_s X̄ + e_s, the rest lattice's
// misfit at s is |e_s|² (the rest surface is embedded exactly, to rounding), and it is invariant to a common
// translation of the lattice and the targets.
import { describe, expect, it } from 'vitest';
import { embeddedSurfacePositions } from '../../../../app/embedding/embeddedSurfacePositions.ts';
import { surfaceMisfitSquared } from '../../../../app/embedding/tetFit/surfaceMisfitSquared.ts';
import { tetFitData } from '../../../../app/embedding/tetFit/tetFitData.ts';
import { handEmbedding, randomField } from './fixtures.ts';

describe('surfaceMisfitSquared', () => {
  it('is |e_s|² for targets offset by e from the embedded rest surface, also after a common translation', () => {
    const embedding = handEmbedding;
    const data = tetFitData(embedding, {});
    const S = embedding.surfaceVertexCount;
    const offsets = randomField(3 * S, 100, 0.1 * embedding.cellSize);
    const targets = embeddedSurfacePositions(embedding, embedding.positions, new Float64Array(3 * S));
    for (let i = 0; i < targets.length; i++) targets[i] += offsets[i];
    const shift = [3, -1, 2];
    const lattice = embedding.positions.map((value, i) => value + shift[i % 3]);
    const shifted = targets.map((value, i) => value + shift[i % 3]);
    let worst = 0;
    let worstShifted = 0;
    for (let s = 0; s < S; s++) {
      const expected = offsets[3 * s] ** 2 + offsets[3 * s + 1] ** 2 + offsets[3 * s + 2] ** 2;
      worst = Math.max(worst, Math.abs(surfaceMisfitSquared(data.surfaceBarycentric, data.surfaceCorners, targets, embedding.positions, s) - expected));
      worstShifted = Math.max(worstShifted, Math.abs(surfaceMisfitSquared(data.surfaceBarycentric, data.surfaceCorners, shifted, lattice, s) - expected));
    }
    const scale = (0.1 * embedding.cellSize) ** 2;
    expect(worst / scale, 'largest |misfit² − |e|²| / (0.1 h)²').toBeLessThan(1e-9);
    expect(worstShifted / scale, 'translated: largest |misfit² − |e|²| / (0.1 h)²').toBeLessThan(1e-6);
  });
});
