import { Vector2 } from 'three';
import type { EditRecorder } from '../../paint/paintDocument.ts';
import { paintSession, paintTargetMesh, pixelsPerUnit, type MeshTools } from '../../paint/paintSession.ts';
import { overlapStore } from '../../store/index.ts';
import { brushCursor } from '../brushCursor.ts';
import { brushWorldRadius, posePicker, rayAt } from './brushPick.ts';
import { gradientWeights } from './gradientWeights.ts';
import { selectSample } from './selectSample.ts';
import { showSamples } from './showSamples.ts';
import { strokeSample } from './strokeSample.ts';
import type { BrushContext } from './types.ts';
import { writeMeshHeat } from './writeMeshHeat.ts';

/**
 * Pointer move in paint mode: without a stroke, the brush outline follows the pointer on the mesh (hover); during one,
 * the brush samples every coalesced event and draws them once, the selection brush selects, the gradient recomputes
 * from its baseline, and the box select draws its rectangle.
 */
export function pointerMove(context: BrushContext, event: PointerEvent): void {
  const state = overlapStore.getState();
  if (!state.paintMode) return;
  const current = context.stroke.current;
  const { camera, size } = context.view.current;
  if (!current) {
    // Hover: the brush outline follows the pointer on the mesh.
    if (state.paintTool !== 'brush' && state.paintTool !== 'select') return brushCursor.set({ visible: false });
    const active = paintSession(context.documentId);
    const mesh = paintTargetMesh(overlapStore);
    const tools = mesh ? active?.tools(mesh) : null;
    if (!active || !tools) return;
    posePicker(context, tools, active);
    rayAt(context, event);
    const hit = tools.picker.raycast(context.raycaster.ray);
    if (!hit)
      return brushCursor.set({
        x: event.clientX,
        y: event.clientY,
        radius: state.brush.radiusUnit === 'screen' ? state.brush.radius : 0,
        visible: state.brush.radiusUnit === 'screen',
      });
    context.hitPoint.set(...hit.point);
    return brushCursor.set({
      x: event.clientX,
      y: event.clientY,
      radius: brushWorldRadius(context, context.hitPoint) * pixelsPerUnit(camera, context.hitPoint, size.height),
      visible: true,
    });
  }
  if (state.paintTool === 'brush') {
    let sampleMs = 0;
    const coalesced = event.getCoalescedEvents?.() ?? [];
    for (const each of coalesced.length > 0 ? coalesced : [event]) sampleMs += strokeSample(context, each);
    showSamples(context, event, sampleMs);
  } else if (state.paintTool === 'select') selectSample(context, event);
  else if (state.paintTool === 'gradient' && current.recorder && current.baseline) {
    gradientStroke(context, current.tools, current.startDown, new Vector2(event.clientX, event.clientY), current.recorder, current.baseline);
    brushCursor.set({ line: { x0: current.startDown.x, y0: current.startDown.y, x1: event.clientX, y1: event.clientY } });
  } else if (state.paintTool === 'box') brushCursor.set({ box: { x0: current.startDown.x, y0: current.startDown.y, x1: event.clientX, y1: event.clientY } });
}

/** Gradient: weights along the dragged line (gradientWeights), then the mesh's heat and a redraw. */
function gradientStroke(context: BrushContext, tools: MeshTools, a: Vector2, b: Vector2, recorder: EditRecorder, baseline: Float32Array): void {
  const state = overlapStore.getState();
  const box = context.element.getBoundingClientRect();
  if (
    !gradientWeights(
      { positions: tools.picker.positions, camera: context.view.current.camera, box, a, b },
      tools.paint.name,
      tools.paint.selection,
      recorder,
      baseline,
      state.brush.weight,
      state.brush.strength,
    )
  )
    return;
  const active = paintSession(context.documentId);
  if (active) writeMeshHeat(active, tools, state, 'weights');
  context.invalidate();
}
