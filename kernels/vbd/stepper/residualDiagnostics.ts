import type { ResidualRecord } from './types.ts';

/**
 * The residuals and initial force norms of step.ts from the GPU's residual sums in record order (seed 000 Eq. 5.28:
 * the ratio of the mean force norms is the ratio of their sums, the unpinned count cancels).
 *
 * @param records  the calls' residual records since the last read, in order
 * @param sums     the results section of the reductions buffer (one sum per record slot)
 * @returns residuals: each 'value' over its substep's 'initial' (∞ when the initial is 0 and the value is not);
 *          initialForceNorms: each 'initial' sum over the unpinned count (the mean |f| [N])
 */
export function residualDiagnostics(records: ResidualRecord[], sums: number[]): { residuals: number[]; initialForceNorms: number[] } {
  const residuals: number[] = [];
  const initialForceNorms: number[] = [];
  let initial = 0;
  for (const record of records) {
    const sum = sums[record.slot];
    if (record.kind === 'initial') {
      initial = sum;
      initialForceNorms.push(record.unpinned === 0 ? 0 : sum / record.unpinned);
    } else {
      residuals.push(initial > 0 ? sum / initial : sum > 0 ? Number.POSITIVE_INFINITY : 0);
    }
  }
  return { residuals, initialForceNorms };
}
