import { destroySizedBuffers } from './destroySizedBuffers.ts';
import type { GpuOgcDetectionData } from './types.ts';

/** Releases every GPU buffer of the detection (the step's counters are the step's). */
export function destroyDetection(d: GpuOgcDetectionData): void {
  destroySizedBuffers(d);
  for (const buffer of [
    d.topologyBuffer,
    d.pointBuffer,
    d.positionBuffer,
    d.scratchBuffer,
    d.dispatchBuffer,
    d.indirectBuffer,
    d.gateBuffer,
    d.controlBuffer,
    d.frameBuffer,
    d.ownCounters,
    d.totalsBuffer,
    d.paramsBuffer,
  ])
    buffer.destroy();
}
