import { ensureSizedBuffers } from './ensureSizedBuffers.ts';
import { DISPATCH_SLOTS, type GpuOgcDetectionData } from './types.ts';

/**
 * The gate before a detection (ogcDetection.wgsl's gateDetection; OGC's Algorithm 4 re-detection test): copies
 * control entry `entry` into the gate and opens or closes every dispatch of the detection that follows (and marks
 * the contact binding for the step's detectionStateNow); with indirect dispatches, the gated sizes are copied into
 * the indirect buffer.
 */
export function encodeGate(d: GpuOgcDetectionData, encoder: GPUCommandEncoder, entry: number): void {
  const sized = ensureSizedBuffers(d);
  encoder.copyBufferToBuffer(d.controlBuffer, 16 * entry, d.gateBuffer, 0, 16);
  const pass = encoder.beginComputePass({ label: 'ogcDetection gate' });
  pass.setBindGroup(0, sized.bindGroup);
  pass.setPipeline(d.pipelines.gateDetection);
  pass.dispatchWorkgroups(1);
  pass.end();
  if (d.options.gatedDispatch !== 'direct') encoder.copyBufferToBuffer(d.dispatchBuffer, 0, d.indirectBuffer, 0, 12 * DISPATCH_SLOTS);
}
