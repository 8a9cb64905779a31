// detailTransfer (seed 004 Eq. 4.10): with zero simulated displacement (u = ū) it returns the input
// surface exactly, bit for bit, even where the lattice cannot represent it; when the simulation moves the
// fitted lattice rigidly, the surface detail moves with it (q′ = R q̄ + t).
import { describe, expect, it } from 'vitest';
import { detailTransfer, latticeEmbedding, tetTargetFitter } from '../../../app/embedding/index.ts';
import { random } from '../math/sparse/helpers.ts';
import { axisAngle, transformed, uvSphere } from './meshes.ts';

describe('detailTransfer', () => {
  const sphere = uvSphere([0, 0, 0], 1, 16, 24);
  const embedding = latticeEmbedding(sphere.positions, sphere.triangles, { resolution: 8 });
  // An input frame with detail far below the lattice resolution: the sphere, turned, with bumps.
  const next = random(8);
  const input = transformed(sphere.positions, axisAngle([0, 1, 0], 0.4), [0, 0.1, 0]);
  for (let i = 0; i < input.length; i++) input[i] += 0.02 * (next() - 0.5);
  const fitted = new Float64Array(3 * embedding.vertexCount);
  tetTargetFitter(embedding, { surfaceTriangles: sphere.triangles }).fit(input, fitted);

  it('returns the input exactly when the simulation did not move the fitted lattice', () => {
    const simulated = Float64Array.from(fitted);
    for (const out of [new Float64Array(input.length), new Float32Array(input.length)]) {
      detailTransfer(embedding, fitted, simulated, input, out);
      const expected = out instanceof Float32Array ? Float32Array.from(input) : input;
      let differing = 0;
      for (let i = 0; i < input.length; i++) if (out[i] !== expected[i]) differing++;
      expect(differing, `${out.constructor.name}: coordinates differing from the input`).toBe(0);
    }
  });

  it('rotates the detail with a rigid motion of the simulated lattice', () => {
    const rotation = axisAngle([1, 2, -1], 1.1);
    const translation: [number, number, number] = [0.3, -0.2, 0.5];
    const simulated = transformed(fitted, rotation, translation);
    const out = new Float64Array(input.length);
    const quaternions = new Float64Array(4 * embedding.surfaceVertexCount);
    detailTransfer(embedding, fitted, simulated, input, out, quaternions);
    const expected = transformed(input, rotation, translation);
    let worst = 0;
    for (let i = 0; i < out.length; i++) worst = Math.max(worst, Math.abs(out[i] - expected[i]));
    expect(worst, 'q′ = R q̄ + t').toBeLessThan(1e-9);
    // Again with the warm-started quaternions: same answer.
    detailTransfer(embedding, fitted, simulated, input, out, quaternions);
    for (let i = 0; i < out.length; i++) worst = Math.max(worst, Math.abs(out[i] - expected[i]));
    expect(worst, 'warm-started rotations').toBeLessThan(1e-9);
  });

  it('keeps the detail but not the stretch when the simulated lattice is stretched', () => {
    // u = ū stretched 2× along x about the origin: C′u stretches, the residual q̄ − C′ū is only rotated
    // (here R = I, the stretch has no rotation), so q′ − C′u equals q̄ − C′ū.
    const simulated = Float64Array.from(fitted);
    for (let i = 0; i < simulated.length; i += 3) simulated[i] *= 2;
    const out = new Float64Array(input.length);
    detailTransfer(embedding, fitted, simulated, input, out);
    let worst = 0;
    for (let s = 0; s < embedding.surfaceVertexCount; s++) {
      for (let a = 0; a < 3; a++) {
        let fit = 0;
        let sim = 0;
        for (let k = 0; k < 4; k++) {
          const b = embedding.surfaceBarycentric[4 * s + k];
          const v = embedding.tetrahedra[4 * embedding.surfaceTet[s] + k];
          fit += b * fitted[3 * v + a];
          sim += b * simulated[3 * v + a];
        }
        worst = Math.max(worst, Math.abs(out[3 * s + a] - sim - (input[3 * s + a] - fit)));
      }
    }
    expect(worst, 'residual carried unrotated').toBeLessThan(1e-9);
  });
});
