import { brushSample, collectChanged, type BrushTarget } from '../../paint/brushSample.ts';
import { paintSession, pixelsPerUnit } from '../../paint/paintSession.ts';
import { overlapStore } from '../../store/index.ts';
import { brushCursor } from '../brushCursor.ts';
import { brushWorldRadius, rayAt } from './brushPick.ts';
import { modifiedBrush } from './modifiedBrush.ts';
import type { BrushContext } from './types.ts';

/**
 * One stroke sample: raycast on the picked mesh's BVH, the brush on the vertices the grid gathers (brushSample: the
 * falloff and the mode, recorded in the stroke's edit); the changed vertices join the frame's set, which showSamples
 * draws once (every coalesced event of a pointer move is a sample, one heat write and one redraw for all of them).
 *
 * @returns the time the sample's work took [ms] (0 when nothing was hit)
 */
export function strokeSample(context: BrushContext, event: PointerEvent): number {
  const current = context.stroke.current;
  const active = paintSession(context.documentId);
  if (!current || !active || !current.recorder) return 0;
  const state = overlapStore.getState();
  const begin = performance.now();
  rayAt(context, event);
  const hit = current.tools.picker.raycast(context.raycaster.ray);
  if (!hit) return 0;
  const { hitPoint } = context;
  hitPoint.set(...hit.point);
  const radius = brushWorldRadius(context, hitPoint);
  current.lastWorldRadius = radius;
  brushCursor.set({
    x: event.clientX,
    y: event.clientY,
    radius: radius * pixelsPerUnit(context.view.current.camera, hitPoint, context.view.current.size.height),
    visible: true,
  });
  // Blender's modifiers: Shift smooths, Ctrl inverts add/subtract.
  const brush = modifiedBrush(state.brush, event);
  const layer =
    state.paintChannel === 'weights' &&
    state.activeLayer !== null &&
    state.layers.some((entry) => entry.id === state.activeLayer && entry.mesh === current.mesh)
      ? state.activeLayer
      : null;
  const target: BrushTarget = {
    mesh: current.mesh,
    channel: state.paintChannel,
    layer,
    positions: current.tools.picker.positions,
    neighbourStart: current.tools.neighbours.start,
    neighbours: current.tools.neighbours.neighbours,
    mirror: current.tools.mirror(brush.mirror, brush.mirrorAxis),
    grid: current.tools.picker.grid(),
  };
  const count = brushSample(current.recorder, target, hit.point, radius, brush, current.tools.scratch);
  if (count > 0) collectChanged(current.tools.scratch);
  return performance.now() - begin;
}
