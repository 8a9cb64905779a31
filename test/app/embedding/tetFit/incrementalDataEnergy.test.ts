// incrementalDataEnergy (the data term of seed 004 Eq. 4.1 expanded about the frame's first iterate, for the Anderson
// acceptance test): at the first iterate it is the direct sum; at other iterates, near and far, the expansion (exact
// for a quadratic) agrees with the direct sum within its stated slack, and that slack is tight enough (below 1e-6 of
// the energy) to order the energies that differ by more.
import { describe, expect, it } from 'vitest';
import { directDataEnergy } from '../../../../app/embedding/tetFit/directDataEnergy.ts';
import { incrementalDataEnergy } from '../../../../app/embedding/tetFit/incrementalDataEnergy.ts';
import { surfaceDataRightHandSide } from '../../../../app/embedding/tetFit/surfaceDataRightHandSide.ts';
import { tetFitData } from '../../../../app/embedding/tetFit/tetFitData.ts';
import { axisAngle, transformed } from '../meshes.ts';
import { hand, handEmbedding, randomField } from './fixtures.ts';

describe('incrementalDataEnergy', () => {
  it('matches the direct sum within its slack at iterates near and far from the expansion point', () => {
    const embedding = handEmbedding;
    const data = tetFitData(embedding, { surfaceTriangles: hand.triangles });
    const targets = transformed(hand.positions, axisAngle([0, 1, 0], 0.4), [0.02, 0, 0.01]);
    surfaceDataRightHandSide(data.dataWeights, data.surfaceBarycentric, data.surfaceCorners, targets, data.dataRightHandSide);
    const x0 = Float64Array.from(embedding.positions);
    incrementalDataEnergy(data, x0, targets, true);
    const direct0 = directDataEnergy(data, x0, targets);
    expect(data.dataEnergy.data, 'first iterate: the direct sum itself').toBe(direct0);
    for (const [trial, scale] of [0.001, 0.1, 1, 5].entries()) {
      const x = Float64Array.from(x0);
      const d = randomField(x.length, 40 + trial, scale * embedding.cellSize);
      for (let i = 0; i < x.length; i++) x[i] += d[i];
      incrementalDataEnergy(data, x, targets, false);
      const direct = directDataEnergy(data, x, targets);
      const { data: estimate, slack } = data.dataEnergy;
      expect(Math.abs(estimate - direct), `step ${scale} cells: |estimate − direct| vs slack ${slack}`).toBeLessThanOrEqual(slack);
      expect(slack / direct, `step ${scale} cells: slack relative to the energy`).toBeLessThan(1e-6);
    }
  });
});
