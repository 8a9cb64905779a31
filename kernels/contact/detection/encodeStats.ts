import { GATE_WORDS, type GpuOgcDetectionData } from './types.ts';

/** Copies the gate's words (GATE_WORDS u32: the sums and largest totals since the last clear) into `target` at byte `offset`, then clears them. */
export function encodeStats(d: GpuOgcDetectionData, encoder: GPUCommandEncoder, target: GPUBuffer, offset: number): void {
  encoder.copyBufferToBuffer(d.gateBuffer, 0, target, offset, 4 * GATE_WORDS);
  encoder.clearBuffer(d.gateBuffer);
}
