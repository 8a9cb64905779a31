// restShapeInverses: the elastic reference follows a pose up to a rotation (so the pose itself costs no elastic
// energy), clamps principal stretches to the limits, and is never inverted.
import { describe, expect, it } from 'vitest';
import { createVbdModel, neoHookeanEnergy, restShapeInverses } from '../../../../app/solvers/vbd/index.ts';

const rest = [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1];
const tets = Uint32Array.of(0, 1, 2, 3);
const model = createVbdModel({
  restPositions: rest,
  tetrahedra: { vertices: tets, materials: { youngsModulus: 1e4, poissonRatio: 0.4, density: 1000, damping: 0 } },
});

/** Applies a 3×3 row-major matrix to every vertex. */
function transform(m: number[]): number[] {
  const out: number[] = [];
  for (let v = 0; v < 4; v++) for (let r = 0; r < 3; r++) out.push(m[3 * r] * rest[3 * v] + m[3 * r + 1] * rest[3 * v + 1] + m[3 * r + 2] * rest[3 * v + 2]);
  return out;
}

/** F = D_pose · reference⁻¹ (row-major). */
function deformation(pose: number[], inverse: Float64Array): number[] {
  const D = [0, 1, 2].flatMap((r) => [1, 2, 3].map((k) => pose[3 * k + r] - pose[r]));
  return [0, 1, 2].flatMap((r) => [0, 1, 2].map((c) => D[3 * r] * inverse[c] + D[3 * r + 1] * inverse[3 + c] + D[3 * r + 2] * inverse[6 + c]));
}

function gram(F: number[]): number[] {
  return [0, 1, 2].flatMap((r) => [0, 1, 2].map((c) => F[r] * F[c] + F[3 + r] * F[3 + c] + F[6 + r] * F[6 + c]));
}

const rotation = (() => {
  const [a, b] = [0.7, -0.4];
  const rz = [Math.cos(a), -Math.sin(a), 0, Math.sin(a), Math.cos(a), 0, 0, 0, 1];
  const rx = [1, 0, 0, 0, Math.cos(b), -Math.sin(b), 0, Math.sin(b), Math.cos(b)];
  return [0, 1, 2].flatMap((r) => [0, 1, 2].map((c) => rz[3 * r] * rx[c] + rz[3 * r + 1] * rx[3 + c] + rz[3 * r + 2] * rx[6 + c]));
})();

describe('restShapeInverses', () => {
  it('a pose within the limits costs no elastic energy against its own reference (stretch and rotation)', () => {
    const stretchThenRotate = [0, 1, 2].flatMap((r) => [0, 1, 2].map((c) => rotation[3 * r + c] * [1.4, 0.8, 1.1][c]));
    const pose = transform(stretchThenRotate);
    const out = new Float64Array(9);
    expect(restShapeInverses(tets, pose, model.tetRestShapeInverse, 0.5, 2, out), 'nothing clamped').toBe(0);
    const C = gram(deformation(pose, out));
    [1, 0, 0, 0, 1, 0, 0, 0, 1].forEach((x, i) => expect(Math.abs(C[i] - x), `FᵀF = I, entry ${i}`).toBeLessThan(1e-12));
    const reference = { ...model, tetRestShapeInverse: out };
    expect(Math.abs(neoHookeanEnergy(reference, 0, Float64Array.from(pose))), 'Neo-Hookean energy of the pose').toBeLessThan(1e-9);
  });

  it('the rest pose gives the rest inverse back', () => {
    const out = new Float64Array(9);
    restShapeInverses(tets, rest, model.tetRestShapeInverse, 0.5, 2, out);
    out.forEach((x, i) => expect(Math.abs(x - model.tetRestShapeInverse[i]), `entry ${i}`).toBeLessThan(1e-12));
  });

  it('clamps a stretch of 3 to 2: the pose is then stretched 1.5× against its reference', () => {
    const pose = transform([3, 0, 0, 0, 1, 0, 0, 0, 1]);
    const out = new Float64Array(9);
    expect(restShapeInverses(tets, pose, model.tetRestShapeInverse, 0.5, 2, out), 'one clamped tet').toBe(1);
    const C = gram(deformation(pose, out));
    expect(C[0], 'λ² along x').toBeCloseTo(2.25, 10);
    expect(C[4], 'λ² along y').toBeCloseTo(1, 10);
  });

  it('an inverted pose gets a non-inverted reference', () => {
    const pose = transform([-1, 0, 0, 0, 1, 0, 0, 0, 1]);
    const out = new Float64Array(9);
    restShapeInverses(tets, pose, model.tetRestShapeInverse, 0.5, 2, out);
    const det = out[0] * (out[4] * out[8] - out[5] * out[7]) - out[1] * (out[3] * out[8] - out[5] * out[6]) + out[2] * (out[3] * out[7] - out[4] * out[6]);
    expect(det, 'det of the reference inverse').toBeGreaterThan(0);
  });
});
