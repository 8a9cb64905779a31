import type { VbdModel, VbdStepDiagnostics } from './types.ts';

/**
 * The diagnostics of no substep yet: what step fills in as it runs, and what a stepper reports before (or between)
 * its calls (createCpuVbdStepper accumulates its calls' diagnostics onto one of these with addStepDiagnostics).
 *
 * @param model  the VBD model (its colour count)
 * @returns zero substeps, iterations and skipped solves, empty per-iteration lists
 */
export function emptyStepDiagnostics(model: VbdModel): VbdStepDiagnostics {
  return {
    substeps: 0,
    iterations: 0,
    colorCount: model.colorCount,
    skippedSolves: 0,
    residuals: [],
    initialForceNorms: [],
    corrections: [],
    clampedRestTets: 0,
  };
}
