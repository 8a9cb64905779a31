import { paintSession } from '../../paint/paintSession.ts';
import { overlapStore } from '../../store/index.ts';
import { posePicker, rayAt } from './brushPick.ts';
import type { BrushContext } from './types.ts';

/** A click in paint mode selects the nearest mesh under the pointer (through the pickers' BVHs), as the scene's onClick does outside it. */
export function selectMeshAt(context: BrushContext, event: PointerEvent): void {
  const active = paintSession(context.documentId);
  if (!active) return;
  rayAt(context, event);
  let nearest: string | null = null;
  let nearestDistance = Infinity;
  for (const name of active.paint.meshes.keys()) {
    const tools = active.tools(name);
    if (!tools) continue;
    posePicker(context, tools, active);
    const hit = tools.picker.raycast(context.raycaster.ray);
    if (hit && hit.distance < nearestDistance) {
      nearestDistance = hit.distance;
      nearest = name;
    }
  }
  if (nearest !== null) overlapStore.getState().selectMesh(nearest);
}
