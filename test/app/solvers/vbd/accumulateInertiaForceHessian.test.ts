import { describe, expect, it } from 'vitest';
import { accumulateInertiaForceHessian } from '../../../../app/solvers/vbd/index.ts';

describe('accumulateInertiaForceHessian', () => {
  it('adds −(m/h²)(x − y) and (m/h²)·I: the Newton step of inertia alone lands exactly on y', () => {
    const x = Float64Array.of(9, 9, 9, 1, 2, 3);
    const y = Float64Array.of(0, 0, 0, 0.5, 2.5, 3.25);
    const force = new Float64Array(3);
    const hessian = new Float64Array(9);
    accumulateInertiaForceHessian(1, 2, 3600, x, y, force, hessian);
    expect(hessian[0], 'm/h²').toBe(7200);
    for (let k = 0; k < 3; k++) expect(x[3 + k] + force[k] / hessian[4 * k], `axis ${k}`).toBeCloseTo(y[3 + k], 14);
  });
});
