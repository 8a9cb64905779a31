import type { VbdResidualMode } from '../../../app/solvers/vbd/index.ts';
import { UNIFORM_SLOT_BYTES } from '../vbdKernels.ts';
import { dispatchKernel } from './dispatchKernel.ts';
import { encodeIterationContact, encodeSubstepContact } from './encodeContactDetection.ts';
import { betweenPasses, encodeResidual, passSlot, type StepEncoding } from './stepEncoding.ts';
import type { GpuVbdStepperData } from './types.ts';

/**
 * One substep of VBD (seed 000 Algorithm 1, §3.2) as dispatches, in step.ts's order: forwardStep (the initialization
 * of Eq. 3.14 toward the substep's targets at α = (s + 1)/substeps), the animated rest shape, the elastic forces at
 * the targets (equilibriumAtTargets), with contact OGC's beginSubstep; per iteration one solveColor dispatch per color
 * (with contact Jacobi within the color: commitColor copies positionsNew), Chebyshev acceleration (Eqs. 3.15-3.16,
 * active past chebyshevDelay), with contact OGC's endIteration; the residuals of Eq. 5.28 the call asked for; the
 * velocity update (Eq. 3.3).
 *
 * @param data     the stepper
 * @param enc      the call's encoding (alphaBefore set to s/substeps; slots and residual records added)
 * @param substep  s, from 0
 */
export function encodeSubstep(data: GpuVbdStepperData, enc: StepEncoding, substep: number): void {
  const { substeps, iterations, rho, delay, residualMode, equilibrium, animatedRest } = enc.settings;
  const detection = enc.detection;
  const alpha = (substep + 1) / substeps;
  enc.alphaBefore = substep / substeps;
  const substepSlot = passSlot(data, enc, alpha, false, 0);
  // 'lastSubstep' is 'final' on the call's last substep and 'none' before it (step.ts)
  const substepResiduals: VbdResidualMode = residualMode === 'lastSubstep' ? (substep === substeps - 1 ? 'final' : 'none') : residualMode;
  // x^t, the substep's detection positions (forwardStep overwrites x with the guess)
  if (detection) betweenPasses(data, enc, () => detection.copyPositions(enc.encoder, data.positions, 0));
  dispatchKernel(data, enc.pass, 'forwardStep', data.vertexGroups, 0, substepSlot);
  if (animatedRest) dispatchKernel(data, enc.pass, 'restShapeInverses', data.tetGroups, 0, substepSlot);
  if (equilibrium) dispatchKernel(data, enc.pass, 'elasticForces', data.blockGroups, 0, passSlot(data, enc, alpha, false, 0, true));
  if (detection) encodeSubstepContact(data, enc, detection, substep, substepSlot);
  if (substepResiduals !== 'none') encodeResidual(data, enc, alpha, 'initial');
  for (let iteration = 1; iteration <= iterations; iteration++) {
    for (let c = 0; c < data.model.colorCount; c++) {
      dispatchKernel(data, enc.pass, 'solveColor', data.colorGroups[c], UNIFORM_SLOT_BYTES * c, substepSlot);
      // with contact the color solve is Jacobi within the color (positionsNew), committed after it
      if (data.contactKernels) dispatchKernel(data, enc.pass, 'commitColor', data.colorGroups[c], UNIFORM_SLOT_BYTES * c, substepSlot);
    }
    if (rho > 0) {
      const offset = passSlot(data, enc, alpha, iteration > delay, 0);
      dispatchKernel(data, enc.pass, 'chebyshevChange', data.vertexGroups, 0, offset);
      dispatchKernel(data, enc.pass, 'chebyshevSchedule', [1, 1], 0, offset);
      dispatchKernel(data, enc.pass, 'chebyshevAccelerate', data.vertexGroups, 0, offset);
    }
    if (detection) encodeIterationContact(data, enc, detection, substep, iteration, substepSlot);
    if (substepResiduals === 'everyIteration') encodeResidual(data, enc, alpha, 'value');
  }
  if (substepResiduals === 'final') encodeResidual(data, enc, alpha, 'value');
  dispatchKernel(data, enc.pass, 'updateVelocities', data.vertexGroups, 0, substepSlot);
}
