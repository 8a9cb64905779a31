import type { GpuVbdStepperData } from './types.ts';

/**
 * Copies the state (positions, velocities, previous velocities) into the stepper's backup, or back from it
 * (`restore`): a contact stepper keeps the state its calls since the last read started from, and runs them again from
 * it when a detection outgrew a buffer (readState). Allocates the #V×9 f32 backup at first use.
 *
 * @param data     the stepper (backup made at first use)
 * @param encoder  the command encoder the copies go into
 * @param restore  false: state → backup; true: backup → state
 */
export function encodeStateBackup(data: GpuVbdStepperData, encoder: GPUCommandEncoder, restore: boolean): void {
  const V = data.vertexCount;
  if (V === 0) return;
  if (!data.backup) {
    data.backup = data.device.createBuffer({ label: 'vbd state backup', size: 36 * V, usage: GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST });
    data.buffers.push(data.backup);
  }
  if (restore) {
    encoder.copyBufferToBuffer(data.backup, 0, data.positions, 0, 12 * V);
    encoder.copyBufferToBuffer(data.backup, 12 * V, data.vertexData, 0, 24 * V);
  } else {
    encoder.copyBufferToBuffer(data.positions, 0, data.backup, 0, 12 * V);
    encoder.copyBufferToBuffer(data.vertexData, 0, data.backup, 12 * V, 24 * V);
  }
}
