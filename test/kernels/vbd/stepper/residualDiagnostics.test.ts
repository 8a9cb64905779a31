// kernels/vbd/stepper/residualDiagnostics.ts: the relative residual of seed 000 Eq. 5.28 from the GPU's sums. The mean
// force norm is the sum over the unpinned vertices divided by their count, so the ratio of two means of one substep is
// the ratio of their sums; the initial norm is the mean itself.
import { describe, expect, it } from 'vitest';
import { residualDiagnostics } from '../../../../kernels/vbd/stepper/residualDiagnostics.ts';
import type { ResidualRecord } from '../../../../kernels/vbd/stepper/types.ts';

describe('residualDiagnostics', () => {
  it("each value is its own substep's sum over that substep's initial sum; the initial norms are means over the unpinned vertices", () => {
    // two substeps (unpinned 4, then 0), records out of slot order to show the slots are honoured
    const records: ResidualRecord[] = [
      { slot: 3, kind: 'initial', unpinned: 4 },
      { slot: 0, kind: 'value', unpinned: 4 },
      { slot: 1, kind: 'value', unpinned: 4 },
      { slot: 2, kind: 'initial', unpinned: 0 },
      { slot: 4, kind: 'value', unpinned: 0 },
      { slot: 5, kind: 'value', unpinned: 0 },
    ];
    const sums = [2, 0, 0, 8, 0, 3];
    const { residuals, initialForceNorms } = residualDiagnostics(records, sums);
    expect(initialForceNorms, 'means: 8 / 4 unpinned, and 0 with no unpinned vertex (not NaN)').toEqual([2, 0]);
    expect(residuals, '2/8 and 0/8; after an initial 0: 0 stays 0, a force appearing is an infinite relative residual').toEqual([
      0.25,
      0,
      0,
      Number.POSITIVE_INFINITY,
    ]);
  });

  it('no records: no residuals and no initial norms', () => {
    expect(residualDiagnostics([], []), 'empty').toEqual({ residuals: [], initialForceNorms: [] });
  });
});
