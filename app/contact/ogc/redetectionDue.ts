import { NO_BOUND } from './ogcContactState.ts';
import type { OgcContactState } from './types.ts';

/**
 * OGC's re-detection rule (seed 000 §5.2.3.3, Algorithm 4 lines 29–30): after an iteration's truncation, detect again
 * when more than γ_e of the free vertices (not pinned, with a finite bound) were truncated in that iteration, and at
 * least one was. Twin: `gateDetection` (mode 1) of kernels/contact/ogcDetection.wgsl.
 *
 * @param state      the contact (reads bounds, gammaE)
 * @param truncated  vertices truncated in this iteration (truncateToBounds)
 * @param pinned     #V 1 = pinned
 * @returns true when a detection is due
 */
export function redetectionDue(state: OgcContactState, truncated: number, pinned: Uint8Array): boolean {
  const { V, bounds, gammaE } = state;
  let free = 0;
  for (let v = 0; v < V; v++) if (pinned[v] === 0 && bounds[v] !== NO_BOUND) free++;
  return truncated > gammaE * free && truncated > 0;
}
