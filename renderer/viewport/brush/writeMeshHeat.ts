import { writeWeldedHeat } from '../../paint/heatTarget.ts';
import type { HeatPalette } from '../../paint/heatMaterial.ts';
import { displayWeights, displayWeightsAt } from '../../paint/paintDocument.ts';
import type { MeshTools, PaintSession } from '../../paint/paintSession.ts';
import type { OverlapState } from '../../store/index.ts';

/** The limits palette's range: max distances at or above this show as the far end [m]. */
export const LIMIT_DISPLAY_RANGE = 0.1;

/**
 * Writes one mesh's heat values: all vertices, or just `only` (a brush sample's changed vertices: the display values
 * and flags are computed for those alone, and only their parts' changed ranges are uploaded).
 */
export function writeMeshHeat(
  session: PaintSession,
  tools: MeshTools,
  state: OverlapState,
  shown: HeatPalette,
  only?: { indices: ArrayLike<number>; count: number },
): void {
  if (!tools.heat) return;
  const { paint, display, pinned, unlimited } = tools;
  const selected = state.paintMode ? paint.selection : null;
  const limits = paint.maxDistance;
  const count = only ? only.count : paint.vertexCount;
  const at = (k: number): number => (only ? only.indices[k] : k);
  if (shown === 'limits') {
    for (let k = 0; k < count; k++) {
      const v = at(k);
      const d = limits ? limits[v] : Infinity;
      unlimited[v] = d < Infinity ? 0 : 1;
      pinned[v] = d === 0 ? 1 : 0;
      display[v] = d < Infinity ? Math.min(1, d / LIMIT_DISPLAY_RANGE) : 0;
    }
    writeWeldedHeat(tools.heat, { values: display, pinned, selected, unlimited }, only);
    return;
  }
  const frame = state.clipTime * state.fps;
  const activeLayer =
    state.paintMode && state.activeLayer !== null && state.layers.some((layer) => layer.id === state.activeLayer && layer.mesh === paint.name)
      ? state.activeLayer
      : null;
  if (only) displayWeightsAt(session.paint, paint, state.layers, activeLayer, frame, only.indices, only.count, display);
  else displayWeights(session.paint, paint, state.layers, activeLayer, frame, display);
  if (limits) for (let k = 0; k < count; k++) pinned[at(k)] = limits[at(k)] === 0 ? 1 : 0;
  writeWeldedHeat(tools.heat, { values: display, pinned: limits ? pinned : null, selected, unlimited: null }, only);
}
