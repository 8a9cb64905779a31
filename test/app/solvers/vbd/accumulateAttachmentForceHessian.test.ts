import { describe, expect, it } from 'vitest';
import { accumulateAttachmentForceHessian } from '../../../../app/solvers/vbd/index.ts';

describe('accumulateAttachmentForceHessian', () => {
  it('adds the spring force −k(x − a) and Hessian k·I to what is already there', () => {
    const x = Float64Array.of(9, 9, 9, 1, 2, 3);
    const a = Float64Array.of(0, 0, 0, 0.5, 2.5, 3);
    const force = Float64Array.of(1, 1, 1);
    const hessian = Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1);
    accumulateAttachmentForceHessian(1, 10, x, a, force, hessian);
    expect(Array.from(force), 'force').toEqual([1 - 5, 1 + 5, 1]);
    expect(Array.from(hessian), 'Hessian').toEqual([11, 0, 0, 0, 11, 0, 0, 0, 11]);
  });
});
