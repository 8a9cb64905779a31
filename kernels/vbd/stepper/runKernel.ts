import type { VbdEntryPoint } from '../vbdKernels.ts';
import { UNIFORM_SLOT_BYTES } from '../vbdKernels.ts';
import { dispatchKernel } from './dispatchKernel.ts';
import { reservePassSlots, writePassSlot } from './substepPassSlots.ts';
import type { GpuVbdStepperData, KernelPass } from './types.ts';

/**
 * Runs one kernel alone in its own command buffer, over the workgroups the step gives it, with its substepPass slot
 * from `values` (tests compare it with its CPU twin; GpuVbdStepper.runKernel).
 *
 * @param data        the stepper
 * @param entryPoint  the kernel
 * @param values      α, α_before, color, Chebyshev activity, residual slot (defaults 1, 0, 0, false, 0)
 */
export function runKernel(data: GpuVbdStepperData, entryPoint: VbdEntryPoint, values: KernelPass = {}): void {
  reservePassSlots(data, 1);
  writePassSlot(data, 0, values.alpha ?? 1, values.chebyshevActive ?? false, values.residualSlot ?? 0, values.alphaBefore ?? 0, entryPoint === 'elasticForces');
  data.device.queue.writeBuffer(data.substepPass, 0, data.passData, 0, UNIFORM_SLOT_BYTES);
  const encoder = data.device.createCommandEncoder({ label: `vbd ${entryPoint}` });
  const pass = encoder.beginComputePass();
  pass.setBindGroup(0, data.modelGroup);
  pass.setBindGroup(1, data.stateGroup);
  const color = values.color ?? 0;
  dispatchKernel(data, pass, entryPoint, kernelGroups(data, entryPoint, color), UNIFORM_SLOT_BYTES * color, 0);
  pass.end();
  data.device.queue.submit([encoder.finish()]);
}

/** The workgroups of a kernel's dispatch in the step. */
function kernelGroups(data: GpuVbdStepperData, entryPoint: VbdEntryPoint, color: number): readonly [number, number] {
  if (entryPoint === 'restShapeInverses') return data.tetGroups;
  if (entryPoint === 'solveColor' || entryPoint === 'commitColor') return data.colorGroups[color];
  if (entryPoint === 'meanForceResidual' || entryPoint === 'vertexForceHessian' || entryPoint === 'elasticForces') return data.blockGroups;
  if (entryPoint === 'sumResidual' || entryPoint === 'chebyshevSchedule') return [1, 1];
  return data.vertexGroups;
}
