import type { Vector3 } from 'three';
import { previewFrameAt } from '../../document/livePreview.ts';
import { pixelsPerUnit, type MeshTools, type PaintSession } from '../../paint/paintSession.ts';
import { effectiveViewMode, frameAt, overlapStore } from '../../store/index.ts';
import type { BrushContext } from './types.ts';

/** Points the context's raycaster through the pointer (normalized device coordinates of the canvas). */
export function rayAt(context: BrushContext, event: { clientX: number; clientY: number }): void {
  const box = context.element.getBoundingClientRect();
  context.ndc.set(((event.clientX - box.left) / box.width) * 2 - 1, -((event.clientY - box.top) / box.height) * 2 + 1);
  context.raycaster.setFromCamera(context.ndc, context.view.current.camera);
}

/**
 * Poses a mesh's picker at the current frame: with the live preview drawn at this frame, the simulated surface the
 * artist sees; otherwise the input's animation at the clip time.
 */
export function posePicker(context: BrushContext, tools: MeshTools, active: PaintSession): void {
  const state = overlapStore.getState();
  const frame = effectiveViewMode(state) === 'input' ? previewFrameAt(context.documentId, frameAt(state.clipTime, state.fps)) : null;
  const simulated = frame?.meshes.find((mesh) => mesh.mesh === tools.paint.name);
  if (simulated) tools.picker.poseOn(simulated.positions, simulated);
  else tools.picker.pose(active.evaluator, state.activeClip >= 0 ? state.activeClip : null, state.clipTime);
}

/** The brush radius at a point on the mesh [file units]: the setting itself, or its screen radius [px] there. */
export function brushWorldRadius(context: BrushContext, point: Vector3): number {
  const { brush } = overlapStore.getState();
  if (brush.radiusUnit === 'world') return brush.radius;
  const { camera: view, size: viewport } = context.view.current;
  return brush.radius / pixelsPerUnit(view, point, viewport.height);
}
