import { makeSizedBuffers } from './makeSizedBuffers.ts';
import { writeDetectionParams } from './writeDetectionParams.ts';
import type { GpuOgcDetectionData, SizedBuffers } from './types.ts';

/** The sized buffers, made (and DetectionParams written again with the last call's flags) when there are none. */
export function ensureSizedBuffers(d: GpuOgcDetectionData): SizedBuffers {
  if (!d.sized) {
    d.sized = makeSizedBuffers(d);
    writeDetectionParams(d, d.paramsFlags);
  }
  return d.sized;
}
