import type { VbdEntryPoint } from '../vbdKernels.ts';
import type { GpuVbdStepperData } from './types.ts';

/**
 * Records one dispatch of a VBD kernel in a compute pass: the model's specialized block pipeline when there is one,
 * else the kernels' generic one, with the call group at the given color and substep slots. Nothing is recorded for
 * zero workgroups.
 *
 * Encoding is the host's cost of a frame of small lattices (a hundred dispatches or more): state the pass already has
 * is not set again (every kernel shares one pipeline layout, so the bind groups survive a pipeline change).
 *
 * @param data         the stepper (pipelines, callGroup, passBindings)
 * @param pass         the compute pass (groups 0 and 1 already bound)
 * @param entryPoint   the kernel
 * @param groups       workgroups [x, y] (folded)
 * @param colorOffset  byte offset of the colorPass slot
 * @param passOffset   byte offset of the substepPass slot
 * @throws Error when the kernel is not compiled (vertexForceHessian without debugOutputs)
 */
export function dispatchKernel(
  data: GpuVbdStepperData,
  pass: GPUComputePassEncoder,
  entryPoint: VbdEntryPoint,
  groups: readonly [number, number],
  colorOffset: number,
  passOffset: number,
): void {
  if (groups[0] === 0) return;
  const pipeline = data.blockPipelines[entryPoint] ?? data.kernels.pipelines[entryPoint];
  if (!pipeline) throw new Error(`vbd: the ${entryPoint} kernel is not compiled (create the stepper with debugOutputs)`);
  const bound = data.passBindings.get(pass);
  if (bound?.pipeline !== pipeline) pass.setPipeline(pipeline);
  if (bound?.group !== data.callGroup || bound.colorOffset !== colorOffset || bound.passOffset !== passOffset)
    pass.setBindGroup(2, data.callGroup, [colorOffset, passOffset]);
  data.passBindings.set(pass, { pipeline, group: data.callGroup, colorOffset, passOffset });
  pass.dispatchWorkgroups(groups[0], groups[1]);
}
