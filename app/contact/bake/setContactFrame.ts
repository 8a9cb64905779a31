import { inputRegions } from '../../intersection/index.ts';
import { inputCheck } from './inputCheck.ts';
import type { BakeContact, BakeContactState } from './types.ts';

/**
 * A frame's inputs, before the mesh advances (BakeContact.setFrame): the welded input surface and the colliders at the
 * frame's start and end [m], and the input regions contact leaves alone (app/intersection inputRegions, issue 33's
 * rule: pairs within INPUT_REGION_RINGS rings of one of the input's own crossings), from the input at the frame's end
 * and, when given, at the next frame's: a pair the input is about to cross is left alone a frame early, so the
 * simulation follows the animation into it instead of being held apart for a frame and snapping in at the next.
 * Clears the OGC contact's per-frame statistics.
 *
 * @param state  the bake contact (references, obstacles, regions written)
 * @param frame  BakeContact.setFrame's arguments, in order:
 *   inputStart      #S×3 the input at the frame's start [m]
 *   inputEnd        #S×3 the input at its end [m]
 *   collidersStart  each collider's #V×3 positions at the start [m]
 *   collidersEnd    each collider's positions at the end [m]
 *   inputNext       #S×3 the input at the next frame [m], if any
 *   collidersNext   the colliders at the next frame (default collidersEnd) [m]
 */
export function setContactFrame(state: BakeContactState, ...frame: Parameters<BakeContact['setFrame']>): void {
  const [inputStart, inputEnd, collidersStart, collidersEnd, inputNext, collidersNext] = frame;
  state.referenceStart.set(inputStart);
  state.referenceEnd.set(inputEnd);
  state.options.colliders.forEach((_, i) => {
    state.obstacleStart.set(collidersStart[i], 3 * state.colliderOffsets[i]);
    state.obstacleEnd.set(collidersEnd[i], 3 * state.colliderOffsets[i]);
  });
  state.collidersAtStart = collidersStart;
  const result = inputCheck(state, inputEnd, collidersEnd);
  const checks = inputNext ? [result, inputCheck(state, inputNext, collidersNext ?? collidersEnd)] : [result];
  state.frameRegions = inputRegions(state.topology, checks, undefined, state.frameRegions);
  state.regions.set(state.frameRegions.labels[0]);
  state.ogc.resetStats();
}
