import { clearChanged } from '../../paint/brushSample.ts';
import { paintSession } from '../../paint/paintSession.ts';
import { overlapStore } from '../../store/index.ts';
import { paintStats } from './paintStats.ts';
import type { BrushContext } from './types.ts';
import { writeMeshHeat } from './writeMeshHeat.ts';

/**
 * Draws the samples of one pointer event: the heat of the vertices they changed, one write, one redraw; records the
 * event's timings in paintStats.
 *
 * @param sampleMs  the samples' own work [ms] (strokeSample)
 */
export function showSamples(context: BrushContext, event: PointerEvent, sampleMs: number): void {
  const current = context.stroke.current;
  const active = paintSession(context.documentId);
  if (!current || !active) return;
  const { scratch } = current.tools;
  if (scratch.changedCount === 0) return;
  const begin = performance.now();
  const state = overlapStore.getState();
  writeMeshHeat(active, current.tools, state, state.paintChannel === 'weights' ? 'weights' : 'limits', {
    indices: scratch.changed,
    count: scratch.changedCount,
  });
  clearChanged(scratch);
  context.invalidate();
  // event.timeStamp and performance.now() share the page's time origin (DOMHighResTimeStamp).
  const now = performance.now();
  paintStats.samples.push(now - event.timeStamp);
  paintStats.handler.push(sampleMs + now - begin);
  paintStats.pending = event.timeStamp;
}
