// createVbdCallParameters: 1/h and 1/h² of the implicit-Euler substep (seed 000 Eq. 2.6), zero in quasistatic mode,
// the flags and contact passed through, and a refused non-positive h.
import { describe, expect, it } from 'vitest';
import { createVbdCallParameters, createVbdWorkspace, boxTetrahedra, createVbdModel } from '../../../../app/solvers/vbd/index.ts';

describe('createVbdCallParameters', () => {
  it('holds h, 1/h and 1/h² of a dynamic substep, and no flags by default', () => {
    const parameters = createVbdCallParameters(0.004);
    expect(parameters.timeStep, 'h').toBe(0.004);
    expect(parameters.inverseTimeStep, '1/h').toBe(1 / 0.004);
    expect(parameters.inverseTimeStepSquared, '1/h²').toBe(1 / (0.004 * 0.004));
    expect([parameters.quasistatic, parameters.equilibrium, parameters.lineSearch, parameters.contact], 'defaults').toEqual([false, false, false, null]);
  });

  it('drops inertia and damping in quasistatic mode (1/h = 1/h² = 0) but keeps h for contact friction', () => {
    const parameters = createVbdCallParameters(0.01, { quasistatic: true, equilibrium: true, lineSearch: true });
    expect(parameters.inverseTimeStep, '1/h').toBe(0);
    expect(parameters.inverseTimeStepSquared, '1/h²').toBe(0);
    expect(parameters.timeStep, 'h').toBe(0.01);
    expect([parameters.quasistatic, parameters.equilibrium, parameters.lineSearch], 'flags passed through').toEqual([true, true, true]);
  });

  it('refuses a non-positive or non-finite h, naming the function', () => {
    for (const h of [0, -1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => createVbdCallParameters(h), `h = ${h}`).toThrow(/createVbdCallParameters: timeStep/);
  });

  it('is not workspace state: the workspace holds no per-call scalars', () => {
    const box = boxTetrahedra([1, 1, 1], [1, 1, 1]);
    const workspace = createVbdWorkspace(
      createVbdModel({
        restPositions: box.positions,
        tetrahedra: { vertices: box.tetrahedra, materials: { youngsModulus: 1e5, poissonRatio: 0.3, density: 1000, damping: 0 } },
      }),
    );
    for (const key of ['timeStep', 'inverseTimeStep', 'inverseTimeStepSquared', 'quasistatic', 'lineSearch', 'contact', 'hasEquilibrium']) {
      expect(key in workspace, `workspace.${key}`).toBe(false);
    }
  });
});
