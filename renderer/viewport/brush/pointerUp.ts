import { Vector2 } from 'three';
import { commitEdit, paintSession, selectionChanged } from '../../paint/paintSession.ts';
import { overlapStore } from '../../store/index.ts';
import { brushCursor } from '../brushCursor.ts';
import { boxSelection } from './boxSelection.ts';
import { selectMeshAt } from './selectMeshAt.ts';
import type { BrushContext } from './types.ts';

/**
 * Pointer up (or cancel): ends the stroke. Turns react-three-fiber's events back on, selects the mesh under a click
 * (a stroke of at most 4 px), releases the pointer, applies the box select, or commits the edit as one undo step.
 */
export function pointerUp(context: BrushContext, event: PointerEvent): void {
  const current = context.stroke.current;
  if (!current) return;
  context.stroke.current = null;
  // After this event has reached react-three-fiber's listener (on the canvas's parent), which must not raycast it.
  setTimeout(() => context.setEvents({ enabled: true }), 0);
  if (Math.hypot(event.clientX - current.startDown.x, event.clientY - current.startDown.y) <= 4) selectMeshAt(context, event);
  if (context.element.hasPointerCapture(event.pointerId)) context.element.releasePointerCapture(event.pointerId);
  brushCursor.set({ box: null, line: null });
  const active = paintSession(context.documentId);
  if (!active) return;
  const state = overlapStore.getState();
  if (state.paintTool === 'box') {
    const mode = event.shiftKey ? 'add' : event.ctrlKey || event.metaKey ? 'remove' : 'replace';
    const drag = {
      positions: current.tools.picker.positions,
      camera: context.view.current.camera,
      box: context.element.getBoundingClientRect(),
      a: current.startDown,
      b: new Vector2(event.clientX, event.clientY),
    };
    boxSelection(drag, current.tools.paint.selection, mode);
    selectionChanged(overlapStore, current.tools);
    return;
  }
  if (current.recorder) commitEdit(overlapStore, active, current.recorder);
}
