// One check of a VBD step's controls for both backends (issue 36 item 2): the GPU host had a copy of the CPU step's
// checks and defaults. The claims: checkVbdControls refuses each bad control naming it, gives the documented defaults,
// and the CPU step refuses exactly what it refuses, with its message (the WebGPU stepper calls the same function:
// kernels/vbd/createGpuVbdStepper.ts).
import { describe, expect, it } from 'vitest';
import { boxTetrahedra, checkVbdControls, createVbdModel, createVbdState, step, type VbdControls } from '../../../../app/solvers/vbd/index.ts';
import { rubber } from './helpers.ts';

const box = boxTetrahedra([1, 1, 1], [1, 1, 1]);
const model = createVbdModel({ restPositions: box.positions, tetrahedra: { vertices: box.tetrahedra, materials: rubber } });

describe('checkVbdControls', () => {
  it('gives the defaults: 1 substep, 10 iterations, no Chebyshev (delay 5), the rest pose as targets', () => {
    const checked = checkVbdControls(model, {}, 1 / 30);
    expect([checked.substeps, checked.iterations, checked.chebyshevRho, checked.chebyshevDelay], 'defaults').toEqual([1, 10, 0, 5]);
    expect(checked.targetsEnd, 'targets default to the rest pose').toBe(model.restPositions);
    expect(checked.targetsStart, 'and start where they end').toBe(checked.targetsEnd);
  });

  const bad: Array<[string, VbdControls, number, RegExp]> = [
    ['a zero time step', {}, 0, /dt must be a positive number/],
    ['a fractional substep count', { substeps: 1.5 }, 1 / 30, /substeps must be a positive integer/],
    ['negative iterations', { iterations: -1 }, 1 / 30, /iterations must be a non-negative integer/],
    ['ρ = 1', { chebyshevRho: 1 }, 1 / 30, /chebyshevRho must be in \[0, 1\)/],
    ['a negative correction tolerance', { correctionTolerance: -1 }, 1 / 30, /correctionTolerance must be ≥ 0/],
    ['max distances of another mesh', { maxDistances: new Float64Array(3) }, 1 / 30, /maxDistances must have/],
    [
      'an animated rest with a stretch below 0',
      { animatedRest: { minStretch: -1, maxStretch: 2 } as VbdControls['animatedRest'] },
      1 / 30,
      /animatedRest needs/,
    ],
    ['targets of another mesh', { targets: new Float64Array(6) }, 1 / 30, /targets must have/],
  ];
  it.each(bad)('refuses %s, and the CPU step refuses it with the same message', (_label, controls, dt, message) => {
    let checked: unknown = null;
    try {
      checkVbdControls(model, controls, dt);
    } catch (error) {
      checked = error;
    }
    expect((checked as Error | null)?.message, 'refused, naming the control').toMatch(message);
    const state = createVbdState(model);
    expect(() => step(model, state, state, controls, dt), 'the CPU step says the same').toThrow((checked as Error).message);
  });
});
