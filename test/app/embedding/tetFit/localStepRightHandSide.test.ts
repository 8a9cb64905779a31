// localStepRightHandSide (the local step of seed 004 Eq. 4.1's fit): a rigidly moved rest lattice has no elastic
// energy, every tet's rotation is the motion's, and with the surface's own targets it is a fixed point of the global
// step (A⁻¹b returns it); a uniform scaling s·X̄ has the analytic energy Σκ·(γ‖sI − I‖² + w‖sI − clamp(s)I‖²) =
// h²·3(γ(s − 1)² + w(s − clamp(s))²), with and without stretch limits (the inline in-band test and the projection both
// exercised); and the first call is cold, later ones warm.
import { describe, expect, it } from 'vitest';
import { embeddedSurfacePositions } from '../../../../app/embedding/embeddedSurfacePositions.ts';
import { localStepRightHandSide } from '../../../../app/embedding/tetFit/localStepRightHandSide.ts';
import { surfaceDataRightHandSide } from '../../../../app/embedding/tetFit/surfaceDataRightHandSide.ts';
import { tetFitData } from '../../../../app/embedding/tetFit/tetFitData.ts';
import { ldltSolve } from '../../../../app/math/sparse/index.ts';
import { axisAngle, transformed } from '../meshes.ts';
import { hand, handEmbedding } from './fixtures.ts';

const embedding = handEmbedding;
const h2 = embedding.cellSize ** 2;

function scaled(s: number): Float64Array {
  return embedding.positions.map((value) => s * value);
}

describe('localStepRightHandSide', () => {
  it('finds no elastic energy in a rigid motion, the motion as every rotation, and the moved lattice as the global step’s fixed point', () => {
    for (const limits of [undefined, { min: 0.5, max: 2 }]) {
      const data = tetFitData(embedding, { surfaceTriangles: hand.triangles, stretchLimits: limits });
      const rotation = axisAngle([1, -2, 0.5], 2.2);
      const x = transformed(embedding.positions, rotation, [0.1, 0.3, -0.2]);
      const surface = embeddedSurfacePositions(embedding, x, new Float64Array(3 * embedding.surfaceVertexCount));
      surfaceDataRightHandSide(data.dataWeights, data.surfaceBarycentric, data.surfaceCorners, surface, data.dataRightHandSide);
      const elastic = localStepRightHandSide(data, x);
      const label = limits ? 'limited' : 'unlimited';
      expect(elastic / h2, `${label}: elastic energy / h²`).toBeLessThan(1e-20);
      let worstRotation = 0;
      for (let t = 0; t < data.tetCount; t++) {
        // q and −q are the same rotation: compare |q_t · q_motion| with 1.
        let dot = 0;
        for (let k = 0; k < 4; k++) dot += data.rotations[4 * t + k] * rotation[k];
        worstRotation = Math.max(worstRotation, 1 - Math.abs(dot));
      }
      expect(worstRotation, `${label}: largest 1 − |q_t·q| over tets`).toBeLessThan(1e-12);
      const solved = new Float64Array(x.length);
      ldltSolve(data.factor, data.rightHandSide, solved, 3);
      let worst = 0;
      for (let i = 0; i < x.length; i++) worst = Math.max(worst, Math.abs(solved[i] - x[i]));
      expect(worst / embedding.cellSize, `${label}: global step moves the rigid lattice by (cells)`).toBeLessThan(1e-8);
    }
  });

  it('gives a uniform scaling s·X̄ the energy h²·3(γ(s − 1)² + w(s − clamp(s))²), inside and outside the band', () => {
    const gamma = 0.1;
    const w = 1;
    for (const s of [0.25, 0.7, 1.5, 3]) {
      const clamp = Math.min(2, Math.max(0.5, s));
      const limited = tetFitData(embedding, { surfaceTriangles: hand.triangles, stretchLimits: { min: 0.5, max: 2 }, gamma, stretchLimitWeight: w });
      const expected = 3 * (gamma * (s - 1) ** 2 + w * (s - clamp) ** 2);
      expect(localStepRightHandSide(limited, scaled(s)) / h2, `limited, s = ${s}: energy / h²`).toBeCloseTo(expected, 10);
      const tight = tetFitData(embedding, { surfaceTriangles: hand.triangles, gamma });
      expect(localStepRightHandSide(tight, scaled(s)) / h2, `unlimited, s = ${s}: energy / h²`).toBeCloseTo(3 * gamma * (s - 1) ** 2, 10);
    }
  });

  it('fits the rotations from scratch on the first call only', () => {
    const data = tetFitData(embedding, { surfaceTriangles: hand.triangles });
    expect(data.coldStart, 'cold before the first local step').toBe(true);
    localStepRightHandSide(data, embedding.positions);
    expect(data.coldStart, 'warm after it').toBe(false);
  });
});
