import type { VbdControls, VbdModel } from './types.ts';

/** The controls every VBD step reads, checked, with their defaults (checkVbdControls). */
export interface CheckedVbdControls {
  substeps: number;
  iterations: number;
  /** Chebyshev's spectral radius estimate ρ in [0, 1) (0: off) and the iterations before it starts */
  chebyshevRho: number;
  chebyshevDelay: number;
  /** #V×3 the animated targets at the end and the start of the call [m] */
  targetsEnd: ArrayLike<number>;
  targetsStart: ArrayLike<number>;
}

/**
 * The checks and defaults of a VBD step's controls that do not depend on where it runs: the CPU step (step.ts) and
 * the WebGPU stepper (kernels/vbd/createGpuVbdStepper.ts) both call this, so the two refuse the same controls with
 * the same messages (issue 36: the GPU host had its own copy). What only one backend has (the CPU's adaptive
 * iteration limit, the GPU's ported controls and residual capacity) each checks itself.
 *
 * @param model     the model the controls are for
 * @param controls  the call's controls
 * @param dt        the call's time step [s]
 * @returns the checked values with their defaults
 * @throws Error naming the control and what it must be
 */
export function checkVbdControls(model: VbdModel, controls: VbdControls, dt: number): CheckedVbdControls {
  const n = 3 * model.vertexCount;
  const substeps = controls.substeps ?? 1;
  const iterations = controls.iterations ?? 10;
  if (!(dt > 0) || !Number.isFinite(dt)) throw new Error(`step: dt must be a positive number of seconds, got ${dt}`);
  if (!Number.isInteger(substeps) || substeps < 1) throw new Error(`step: substeps must be a positive integer, got ${substeps}`);
  if (!Number.isInteger(iterations) || iterations < 0) throw new Error(`step: iterations must be a non-negative integer, got ${iterations}`);
  const chebyshevRho = controls.chebyshevRho ?? 0;
  if (!(chebyshevRho >= 0 && chebyshevRho < 1)) throw new Error(`step: chebyshevRho must be in [0, 1), got ${chebyshevRho}`);
  const chebyshevDelay = controls.chebyshevDelay ?? 5;
  if (!Number.isInteger(chebyshevDelay) || chebyshevDelay < 0) throw new Error(`step: chebyshevDelay must be a non-negative integer, got ${chebyshevDelay}`);
  const correctionTolerance = controls.correctionTolerance ?? 0;
  if (!(correctionTolerance >= 0)) throw new Error(`step: correctionTolerance must be ≥ 0 [m], got ${correctionTolerance}`);
  if (controls.maxDistances && controls.maxDistances.length !== model.vertexCount)
    throw new Error(`step: maxDistances must have ${model.vertexCount} numbers (#V), got ${controls.maxDistances.length}`);
  const animatedRest = controls.animatedRest;
  if (animatedRest) {
    if (controls.tetRestShapeInverse) throw new Error('step: animatedRest and tetRestShapeInverse both set the rest shape; give one');
    const { minStretch, maxStretch } = animatedRest;
    if (!(minStretch > 0 && minStretch <= 1) || !(maxStretch >= 1 && maxStretch < Infinity)) {
      throw new Error(`step: animatedRest needs 0 < minStretch ≤ 1 ≤ maxStretch < ∞, got [${minStretch}, ${maxStretch}]`);
    }
  }
  const restShapeInverse = controls.tetRestShapeInverse;
  if (restShapeInverse && restShapeInverse.length !== 9 * model.tetCount) {
    throw new Error(`step: tetRestShapeInverse has ${restShapeInverse.length} numbers, expected ${9 * model.tetCount} (#T×9)`);
  }
  const targetsEnd = controls.targets ?? model.restPositions;
  const targetsStart = controls.targetsStart ?? targetsEnd;
  if (targetsEnd.length !== n || targetsStart.length !== n) throw new Error(`step: targets must have ${n} numbers (#V×3)`);
  return { substeps, iterations, chebyshevRho, chebyshevDelay, targetsEnd, targetsStart };
}
