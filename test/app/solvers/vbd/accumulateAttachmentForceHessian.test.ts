import { describe, expect, it } from 'vitest';
import { accumulateAttachmentForceHessian } from '../../../../app/solvers/vbd/index.ts';

describe('accumulateAttachmentForceHessian', () => {
  it('adds the spring force −k(x − a) and Hessian k·I to what is already there', () => {
    const x = Float64Array.of(9, 9, 9, 1, 2, 3);
    const a = Float64Array.of(0, 0, 0, 0.5, 2.5, 3);
    const force = Float64Array.of(1, 1, 1);
    const hessian = Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1);
    accumulateAttachmentForceHessian(1, 10, 0, x, a, x, force, hessian);
    expect(Array.from(force), 'force').toEqual([1 - 5, 1 + 5, 1]);
    expect(Array.from(hessian), 'Hessian').toEqual([11, 0, 0, 0, 11, 0, 0, 0, 11]);
  });

  it('adds the dashpot −(c/h)(x − r) toward the damping reference r and (c/h)·I, and nothing when both are 0', () => {
    const x = Float64Array.of(1, 2, 3);
    const a = Float64Array.of(1, 2, 3);
    const r = Float64Array.of(0.5, 2, 4);
    const force = new Float64Array(3);
    const hessian = new Float64Array(9);
    accumulateAttachmentForceHessian(0, 0, 4, x, a, r, force, hessian);
    expect(Array.from(force), 'dashpot force').toEqual([-2, 0, 4]);
    expect(Array.from(hessian), 'dashpot Hessian').toEqual([4, 0, 0, 0, 4, 0, 0, 0, 4]);
    accumulateAttachmentForceHessian(0, 0, 0, x, a, r, force, hessian);
    expect(Array.from(force), 'no spring, no dashpot: unchanged').toEqual([-2, 0, 4]);
  });
});
