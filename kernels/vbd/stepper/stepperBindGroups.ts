import { SUBSTEP_PASS_BYTES } from './vertexDataLayout.ts';
import type { GpuVbdStepperData } from './types.ts';

/**
 * The stepper's state bind group (group 1: positions, vertexData, rest shapes, reductions, counters, the contact
 * binding), made again whenever the bound contact buffer changes (bindContact).
 *
 * @param data  the stepper (its buffers and boundContact)
 * @returns the bind group
 */
export function stateBindGroup(
  data: Pick<GpuVbdStepperData, 'device' | 'kernels' | 'positions' | 'vertexData' | 'restShape' | 'reductions' | 'counters' | 'boundContact'>,
): GPUBindGroup {
  const entry = (binding: number, buffer: GPUBuffer): GPUBindGroupEntry => ({ binding, resource: { buffer } });
  return data.device.createBindGroup({
    label: 'vbd state',
    layout: data.kernels.bindGroupLayouts.state,
    entries: [
      entry(0, data.positions),
      entry(1, data.vertexData),
      entry(2, data.restShape),
      entry(3, data.reductions),
      entry(4, data.counters),
      entry(5, data.boundContact),
    ],
  });
}

/**
 * The stepper's call bind group (group 2: CallParams, and one slot of colorPass and of substepPass at the dynamic
 * offsets each dispatch gives), made again whenever substepPass grows (reservePassSlots).
 *
 * @param data  the stepper (callParams, colorPass, substepPass)
 * @returns the bind group
 */
export function callBindGroup(data: Pick<GpuVbdStepperData, 'device' | 'kernels' | 'callParams' | 'colorPass' | 'substepPass'>): GPUBindGroup {
  return data.device.createBindGroup({
    label: 'vbd call',
    layout: data.kernels.bindGroupLayouts.call,
    entries: [
      { binding: 0, resource: { buffer: data.callParams } },
      { binding: 1, resource: { buffer: data.colorPass, size: 16 } },
      { binding: 2, resource: { buffer: data.substepPass, size: SUBSTEP_PASS_BYTES } },
    ],
  });
}

/**
 * Binds `buffer` as the step's contact binding (the stepper's own, or a GPU detection's), remaking the state group
 * when it changes.
 *
 * @param data    the stepper (boundContact and stateGroup written)
 * @param buffer  the contact words (contactData.wgsl)
 */
export function bindContact(data: GpuVbdStepperData, buffer: GPUBuffer): void {
  if (data.boundContact === buffer) return;
  data.boundContact = buffer;
  data.stateGroup = stateBindGroup(data);
}
