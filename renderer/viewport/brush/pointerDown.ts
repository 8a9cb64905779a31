import { Vector2 } from 'three';
import { clearChanged } from '../../paint/brushSample.ts';
import { createEditRecorder } from '../../paint/paintDocument.ts';
import { paintSession, paintTargetMesh } from '../../paint/paintSession.ts';
import { overlapStore } from '../../store/index.ts';
import { brushCursor } from '../brushCursor.ts';
import { posePicker } from './brushPick.ts';
import { selectSample } from './selectSample.ts';
import { showSamples } from './showSamples.ts';
import { strokeSample } from './strokeSample.ts';
import type { BrushContext } from './types.ts';

/**
 * Pointer down in paint mode (left button, any tool but Pose): poses the target mesh's picker at the current frame,
 * captures the pointer, switches react-three-fiber's events off for the stroke and starts it: the brush's first
 * sample, the gradient's baseline, the selection brush's first sample, or the box's corner.
 */
export function pointerDown(context: BrushContext, event: PointerEvent): void {
  const state = overlapStore.getState();
  // The Pose tool's gizmo handles its own pointer (drei TransformControls).
  if (!state.paintMode || event.button !== 0 || state.paintTool === 'pose') return;
  const active = paintSession(context.documentId);
  const mesh = paintTargetMesh(overlapStore);
  const tools = mesh ? active?.tools(mesh) : null;
  if (!active || !mesh || !tools) return;
  posePicker(context, tools, active);
  event.preventDefault();
  context.element.setPointerCapture(event.pointerId);
  // The scene's click-to-select (SceneContent's onClick) makes react-three-fiber raycast every mesh on pointer down
  // and up with three.js's brute-force skinned raycast (every triangle, bones applied per vertex: 37 ms a event on
  // the 24k layered character here, 150 ms at 95k): off for the stroke, and a click selects through the BVHs.
  context.setEvents({ enabled: false });
  const down = new Vector2(event.clientX, event.clientY);
  if (state.paintTool === 'brush') {
    context.stroke.current = { mesh, tools, recorder: createEditRecorder(active.paint), start: down, startDown: down, lastWorldRadius: 0 };
    clearChanged(tools.scratch);
    showSamples(context, event, strokeSample(context, event));
  } else if (state.paintTool === 'gradient') {
    const recorder = createEditRecorder(active.paint);
    context.stroke.current = {
      mesh,
      tools,
      recorder,
      start: down,
      startDown: down,
      baseline: Float32Array.from(recorder.array(mesh, 'base')),
      lastWorldRadius: 0,
    };
  } else if (state.paintTool === 'select') {
    context.stroke.current = { mesh, tools, recorder: null, start: down, startDown: down, lastWorldRadius: 0 };
    selectSample(context, event);
  } else {
    context.stroke.current = { mesh, tools, recorder: null, start: down, startDown: down, lastWorldRadius: 0 };
    brushCursor.set({ box: { x0: down.x, y0: down.y, x1: down.x, y1: down.y } });
  }
}
