import { selectionChanged } from '../../paint/paintSession.ts';
import { overlapStore } from '../../store/index.ts';
import { brushWorldRadius, rayAt } from './brushPick.ts';
import type { BrushContext } from './types.ts';

/** The selection brush: selects (Ctrl: deselects) the vertices under the brush. */
export function selectSample(context: BrushContext, event: PointerEvent): void {
  const current = context.stroke.current;
  if (!current) return;
  rayAt(context, event);
  const hit = current.tools.picker.raycast(context.raycaster.ray);
  if (!hit) return;
  context.hitPoint.set(...hit.point);
  const radius = brushWorldRadius(context, context.hitPoint);
  const selection = current.tools.paint.selection;
  const value = event.ctrlKey || event.metaKey ? 0 : 1;
  const { candidates } = current.tools.scratch;
  const count = current.tools.picker.grid().gather(hit.point, radius, candidates);
  for (let k = 0; k < count; k++) selection[candidates[k]] = value;
  selectionChanged(overlapStore, current.tools);
}
