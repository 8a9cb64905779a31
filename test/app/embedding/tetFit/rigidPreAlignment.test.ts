// rigidPreAlignment (the rigid start of each frame's fit of seed 004 Eq. 4.1): for surface targets that are a rigid
// motion of the rest surface, the rest lattice is moved by exactly that motion (compared with the motion applied to
// the rest lattice by ../meshes.ts's transformed) and every per-tet warm-start rotation turns by
// it (q_t ← q_R·q_t: from the identity, q_R itself, up to sign).
import { describe, expect, it } from 'vitest';
import { rigidPreAlignment } from '../../../../app/embedding/tetFit/rigidPreAlignment.ts';
import { tetFitData } from '../../../../app/embedding/tetFit/tetFitData.ts';
import { axisAngle, transformed } from '../meshes.ts';
import { hand, handEmbedding } from './fixtures.ts';

describe('rigidPreAlignment', () => {
  it('moves the rest lattice by the rigid motion of its surface and turns every tet rotation with it', () => {
    const embedding = handEmbedding;
    for (const [axis, angle] of [
      [[0, 0, 1], 2.5],
      [[1, -2, 0.5], 3.0],
    ] as [[number, number, number], number][]) {
      const data = tetFitData(embedding, { surfaceTriangles: hand.triangles });
      const rotation = axisAngle(axis, angle);
      const translation: [number, number, number] = [0.05, -0.02, 0.3];
      const x = Float64Array.from(embedding.positions);
      rigidPreAlignment(data, x, transformed(hand.positions, rotation, translation));
      const expected = transformed(embedding.positions, rotation, translation);
      let worst = 0;
      for (let i = 0; i < x.length; i++) worst = Math.max(worst, Math.abs(x[i] - expected[i]));
      expect(worst / embedding.cellSize, `${angle} rad: lattice vs the rigid motion (cells)`).toBeLessThan(1e-6);
      let worstRotation = 0;
      for (let t = 0; t < data.tetCount; t++) {
        let dot = 0;
        for (let k = 0; k < 4; k++) dot += data.rotations[4 * t + k] * rotation[k];
        worstRotation = Math.max(worstRotation, 1 - Math.abs(dot));
      }
      expect(worstRotation, `${angle} rad: largest 1 − |q_t·q_R|`).toBeLessThan(1e-10);
    }
  });
});
