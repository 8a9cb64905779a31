import type { VbdStepDiagnostics } from './types.ts';

/**
 * Accumulates the diagnostics of one step call into those of a frame (steppers report per readState, a frame being
 * several calls): counts summed, relative residuals (seed 000 Eq. 5.28) and initial force norms appended in order.
 *
 * @param into  the running total, modified
 * @param from  one call's diagnostics
 */
export function addStepDiagnostics(into: VbdStepDiagnostics, from: VbdStepDiagnostics): void {
  into.substeps += from.substeps;
  into.iterations += from.iterations;
  into.skippedSolves += from.skippedSolves;
  into.clampedRestTets += from.clampedRestTets;
  for (const r of from.residuals) into.residuals.push(r);
  for (const r of from.initialForceNorms) into.initialForceNorms.push(r);
  for (const c of from.corrections) into.corrections.push(c);
}
