import { pullTowardInput } from '../../geometry/index.ts';
import type { BakeContactState } from './types.ts';

/**
 * How long the final check holds a correction after the frame that needed it [s]: the share of its departure from the
 * input each vertex gave up is given back linearly over this time, unless a later frame needs more (like a limiter's
 * release). Without it a region the check pulled toward the input sprang back at the next frame whose count happened
 * to be within the input's, and was pulled again at the one after. That is what happens where the input already
 * intersects itself: the simulation slides those surfaces a little, the intersection curves move, and the count
 * wanders by ±2 around the input's (the built-in sample's Bounce with self-contact: 4–140 pairs added and about as
 * many removed at every frame), so the check fired on every other frame of the sample's quiet phases: a flicker at
 * half the frame rate. Longer holds flicker less and keep less of the simulation (0.1 / 0.2 / 0.3 / 0.5 s, measured
 * with a .dev script on the sample's Bounce 0–90, the hold alone: mean largest second difference of the departure
 * over its quiet frames 1.40 / 1.21 / 1.14 / 1.01 mm against 1.73 without a hold and 0.77 without contact;
 * vertex-frames moved 24k / 32k / 35k / 54k against 16k). docs/contact.md, "The final check holds its corrections".
 * The flip guard (app/bake/flipGuard.ts), which corrects the same way, does not hold: at default settings it fires on
 * none of the assets we bake. The hold is state carried from frame to frame: snapshot() saves it for checkpoints.
 */
export const CORRECTION_RELEASE_SECONDS = 0.2;
/**
 * The final check's hold, a frame further released (at the start of a baked frame's check): each vertex's held share
 * shrinks by `state.release` (frame duration / CORRECTION_RELEASE_SECONDS), and the output is pulled toward the input
 * by what is still held (pullTowardInput with kept 1 and the held shares). A share within 1e-6 of gone is gone.
 *
 * @param state   the bake contact (held, holding and falloff written; raw is the output as simulated)
 * @param input   #S×3 welded input surface at this frame [m]
 * @param output  #S×3 welded output surface [m], pulled in place
 * @returns the vertices the hold moved (0 when nothing is held)
 */
export function releaseHold(state: BakeContactState, input: Float32Array, output: Float32Array): number {
  if (!state.holding) return 0;
  const { held, falloff } = state;
  const S = state.surfaceVertexCount;
  state.holding = false;
  for (let v = 0; v < S; v++) {
    if (held[v] === 0) continue;
    // Rounding leaves no sliver held: a share within 1e-6 of gone is gone (the output is then the simulation's).
    held[v] = held[v] - state.release > 1e-6 ? held[v] - state.release : 0;
    if (held[v] > 0) state.holding = true;
  }
  falloff.fill(0);
  return state.holding ? pullTowardInput(state.raw, input, falloff, 1, output, held) : 0;
}
