import { ogcContactOf, type OgcContact } from '../../../app/contact/index.ts';
import type { VbdControlGroup, VbdControls, VbdResidualMode } from '../../../app/solvers/vbd/index.ts';
import { checkVbdControls, VBD_CONTROL_GROUPS } from '../../../app/solvers/vbd/index.ts';
import { INITIALIZATION_CODES, type GpuVbdStepperData } from './types.ts';
import { RESIDUAL_CAPACITY } from './vertexDataLayout.ts';

/** One step call's settings, checked (gpuStepSettings). */
export interface GpuStepSettings {
  substeps: number;
  iterations: number;
  /** Chebyshev ρ (0: off) and the iterations before it starts (seed 000 Eqs. 3.15-3.16) */
  rho: number;
  delay: number;
  /** #V×3 targets at the call's start and end [m] */
  targetsStart: ArrayLike<number>;
  targetsEnd: ArrayLike<number>;
  /** the call's OGC contact (undefined: none) */
  ogc: OgcContact | undefined;
  residualMode: VbdResidualMode;
  quasistatic: boolean;
  /** CallParams' initialization code (INITIALIZATION_CODES) */
  initialization: number;
  /** residual evaluations per substep (0, 2, or 1 + iterations) */
  evaluationsPerSubstep: number;
  /** VbdControls.equilibriumAtTargets, dampRelativeToTargets (default false) */
  equilibrium: boolean;
  dampRelative: boolean;
  /** the call's rest shapes, #T×9 D_m⁻¹ [1/m] (VbdControls.tetRestShapeInverse), or the animated rest shape's limits */
  restShapeInverse: VbdControls['tetRestShapeInverse'];
  animatedRest: VbdControls['animatedRest'];
}

/**
 * A step call's controls, checked as the CPU step checks them (the same function, app/solvers/vbd checkVbdControls),
 * after the refusal of any control not ported here, and then what only this backend refuses: a contact not made by
 * ogcContact (or contact on a stepper compiled without it), beforeSubstep, the line search, early stopping on
 * residualTolerance, an unknown initialization, and more residual sums than the stepper holds until the next read.
 *
 * @param data      the stepper (model, contactKernels, the residual records pending)
 * @param controls  the call's controls
 * @param dt        the call's time step [s]
 * @returns the settings the call's encoding reads
 * @throws Error naming the control and what to use instead
 */
export function gpuStepSettings(data: GpuVbdStepperData, controls: VbdControls, dt: number): GpuStepSettings {
  for (const [key, value] of Object.entries(controls)) {
    if (value === undefined) continue;
    // Whole groups (VBD_CONTROL_GROUPS): the solver settings and the call inputs are taken; the hooks, host code inside
    // the step, would need a readback per substep; a key in no group (a control added to the CPU step without one) is
    // refused by name rather than ignored: a GPU bake must never be silently different from the CPU's. The few
    // setting values this backend cannot honour are refused below, each by name.
    const group: VbdControlGroup | undefined = (VBD_CONTROL_GROUPS as Record<string, VbdControlGroup>)[key];
    if (group === 'settings' || group === 'inputs') continue;
    if (group === 'hooks')
      throw new Error(`step: ${key} (a host callback inside the step, VbdHooks, such as contact's surface) needs a readback per substep; use the CPU backend`);
    throw new Error(`step: the control "${key}" is not ported to the WebGPU backend yet (kernels/vbd); use the CPU backend`);
  }
  // The CPU step's checks, the same function (app/solvers/vbd checkVbdControls), then what only this backend refuses.
  const { substeps, iterations, chebyshevRho: rho, chebyshevDelay: delay, targetsEnd, targetsStart } = checkVbdControls(data.model, controls, dt);
  const ogc = controls.contact ? ogcContactOf(controls.contact) : undefined;
  if (controls.contact && !ogc)
    throw new Error('step: the WebGPU backend runs contact made by ogcContact (app/contact) only; use the CPU backend for another VbdContact');
  if (ogc && !data.contactKernels)
    throw new Error(
      'step: this stepper was created without contact (GpuVbdStepperOptions.contact); create it with contact: true to step with controls.contact',
    );
  if (controls.lineSearch) throw new Error('step: the local line search (controls.lineSearch) runs only on the CPU backend');
  if ((controls.residualTolerance ?? 0) > 0)
    throw new Error(
      'step: residualTolerance needs a readback per iteration; the WebGPU backend runs fixed iterations (use residuals: "everyIteration" to watch them)',
    );
  const residualMode: VbdResidualMode = controls.residuals ?? 'none';
  const quasistatic = controls.quasistatic ?? false;
  const initialization = controls.initialization ?? 'adaptive';
  if (!(initialization in INITIALIZATION_CODES)) throw new Error(`step: unknown initialization "${initialization}"`);
  const evaluationsPerSubstep = residualMode === 'none' ? 0 : residualMode === 'everyIteration' ? 1 + iterations : 2;
  const evaluations = residualMode === 'lastSubstep' ? evaluationsPerSubstep : substeps * evaluationsPerSubstep;
  if (data.records.length + evaluations > RESIDUAL_CAPACITY) {
    throw new Error(`step: more than ${RESIDUAL_CAPACITY} residual evaluations between two readState calls; read the state more often`);
  }
  const code = INITIALIZATION_CODES[initialization as keyof typeof INITIALIZATION_CODES];
  const equilibrium = controls.equilibriumAtTargets ?? false;
  const dampRelative = controls.dampRelativeToTargets ?? false;
  const { tetRestShapeInverse: restShapeInverse, animatedRest } = controls;
  return {
    substeps,
    iterations,
    rho,
    delay,
    targetsStart,
    targetsEnd,
    ogc,
    residualMode,
    quasistatic,
    initialization: code,
    evaluationsPerSubstep,
    equilibrium,
    dampRelative,
    restShapeInverse,
    animatedRest,
  };
}
