// gearSwingModel: the modes of a rigid piece of gear on its hinge solve K φ = λ M φ and are M-orthonormal; with a stiff
// hinge and gravity's hold, K_r = g|c|(1 − ĉĉᵀ), its swings are the compound pendulum's, ω² = g|c|/ĩ about each axis
// across the lever.
import { describe, expect, it } from 'vitest';
import { gearSwingModel } from '../../../app/bake/gearSwingModel.ts';
import { pointMassBody } from './pointMassBody.ts';

/** A 10 × 12 × 5 cm box hanging from the middle of its top face (x from −0.025 to 0.025). */
const box = (): number[][] => {
  const points: number[][] = [];
  for (const x of [-0.025, 0.025]) for (const y of [0, -0.12]) for (const z of [-0.05, 0.05]) points.push([x, y, z]);
  return points;
};

const gravity = (lever: number[], g: number): number[] => {
  const reach = Math.hypot(lever[0], lever[1], lever[2]);
  const axis = lever.map((c) => c / reach);
  return Array.from(
    { length: 9 },
    (_, k) => g * reach * ((Math.floor(k / 3) === k % 3 ? 1 : 0) - axis[Math.floor(k / 3)] * axis[k % 3]) + 1e-6 * axis[Math.floor(k / 3)] * axis[k % 3],
  );
};

/** M as gearSwingModel documents it (Ĩ floored at 1e-6 of its trace on the diagonal). */
function massMatrix(lever: number[], inertia: number[]): number[][] {
  const [cx, cy, cz] = lever;
  const floor = 1e-6 * (inertia[0] + inertia[4] + inertia[8]);
  const cross = [
    [0, -cz, cy],
    [cz, 0, -cx],
    [-cy, cx, 0],
  ];
  const M = Array.from({ length: 6 }, () => new Array(6).fill(0));
  for (let r = 0; r < 3; r++) {
    M[r][r] = 1;
    for (let c = 0; c < 3; c++) {
      M[r][3 + c] = -cross[r][c];
      M[3 + r][c] = cross[r][c];
      M[3 + r][3 + c] = inertia[3 * r + c] + (r === c ? floor : 0);
    }
  }
  return M;
}

describe('gearSwingModel', () => {
  it('its modes solve K φ = λ M φ and are M-orthonormal', () => {
    const { lever, inertia } = pointMassBody(box());
    const stiffness = gravity(lever, 9.81);
    const model = gearSwingModel(lever, inertia, stiffness, 20, [1, 0, 0], 0.5, 0.04);
    const M = massMatrix(lever, inertia);
    const K = Array.from({ length: 6 }, (_, r) =>
      Array.from({ length: 6 }, (_, c) => (r < 3 && c < 3 ? (r === c ? 400 : 0) : r >= 3 && c >= 3 ? stiffness[3 * (r - 3) + (c - 3)] : 0)),
    );
    for (let i = 0; i < 6; i++) {
      const phi = Array.from({ length: 6 }, (_, r) => model.modes[6 * r + i]);
      for (let r = 0; r < 6; r++) {
        const k = K[r].reduce((sum, v, c) => sum + v * phi[c], 0);
        const m = M[r].reduce((sum, v, c) => sum + v * phi[c], 0);
        expect(Math.abs(k - model.eigenvalues[i] * m), `mode ${i}, row ${r}: K φ = λ M φ`).toBeLessThan(
          1e-9 * Math.max(1, model.eigenvalues[i]) * Math.max(1, Math.hypot(...phi)),
        );
      }
      for (let j = 0; j < 6; j++) {
        const psi = Array.from({ length: 6 }, (_, r) => model.modes[6 * r + j]);
        const product = psi.reduce((sum, v, r) => sum + v * M[r].reduce((s2, w, c) => s2 + w * phi[c], 0), 0);
        expect(Math.abs(product - (i === j ? 1 : 0)), `φ_${j}ᵀ M φ_${i}`).toBeLessThan(1e-9);
      }
    }
    expect(
      [...model.eigenvalues].every((v, i) => i === 0 || v >= model.eigenvalues[i - 1]),
      'ascending',
    ).toBe(true);
  });

  it("with a stiff hinge and gravity's hold, swings as a compound pendulum: ω² = g|c|/ĩ about each axis across the lever", () => {
    const { lever, inertia } = pointMassBody(box());
    const g = 9.81;
    const model = gearSwingModel(lever, inertia, gravity(lever, g), 1e4, [1, 0, 0], 0.5, 0.04);
    const reach = Math.hypot(...lever);
    // The box hangs straight down from its hinge: its principal axes across the lever are x and z, its inertia about
    // them through the hinge Σ(y² + z²)/n and Σ(x² + y²)/n (from the points, not read from the model).
    const aboutX = box().reduce((sum, r) => sum + r[1] ** 2 + r[2] ** 2, 0) / 8;
    const aboutZ = box().reduce((sum, r) => sum + r[0] ** 2 + r[1] ** 2, 0) / 8;
    const pendulum = [(g * reach) / aboutX, (g * reach) / aboutZ].sort((a, b) => a - b);
    const swings = [...model.eigenvalues]
      .filter((v) => v > 1 && v < 1e6)
      .sort((a, b) => a - b)
      .slice(0, 2);
    for (let k = 0; k < 2; k++)
      expect(Math.abs(swings[k] / pendulum[k] - 1), `swing ${k}: ω² ${swings[k].toFixed(3)} against g|c|/ĩ ${pendulum[k].toFixed(3)}`).toBeLessThan(1e-3);
  });
});
