import { Vector3 } from 'three';
import type { EditRecorder } from '../../paint/paintDocument.ts';
import { screenPoint, type ScreenDrag } from './screenPoint.ts';

/**
 * The gradient tool: weights along the dragged screen line a–b, from `weight` at a to 0 at b, mixed into the
 * baseline by `strength`: values[v] = baseline[v] + strength·(weight·(1 − t) − baseline[v]), t the vertex's screen
 * position projected on the line. Without a selection only the band between the ends changes (the rest goes back to
 * its baseline); with one, the whole selection changes (t clamped to [0, 1]) and nothing else. Every changed vertex
 * is touched in the recorder first. A line shorter than 2 px does nothing.
 *
 * @param drag       the posed vertices, the view, and the line's start a (pointer down) and end b (the pointer now)
 * @param mesh       the mesh's name (the recorder's key)
 * @param selection  #V 1 = selected
 * @param recorder   the stroke's edit (its 'base' array is written)
 * @param baseline   #V base weights at pointer down
 * @param weight     the brush's weight at a, in [0, 1]
 * @param strength   the brush's strength, in [0, 1]
 * @returns whether the line was long enough to apply
 */
export function gradientWeights(
  drag: ScreenDrag,
  mesh: string,
  selection: Uint8Array,
  recorder: EditRecorder,
  baseline: Float32Array,
  weight: number,
  strength: number,
): boolean {
  const { positions, camera, box, a, b } = drag;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSquared = dx * dx + dy * dy;
  if (lengthSquared < 4) return false;
  const values = recorder.array(mesh, 'base');
  let selected = false;
  for (let v = 0; v < selection.length && !selected; v++) selected = selection[v] === 1;
  const point = new Vector3();
  for (let v = 0; v < values.length; v++) {
    if (selected && !selection[v]) continue;
    const { x, y } = screenPoint(point.set(positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]), camera, box);
    let t = ((x - a.x) * dx + (y - a.y) * dy) / lengthSquared;
    // Without a selection only the band between the ends changes; with one, the whole selection (clamped).
    if (!selected && (t < 0 || t > 1)) {
      if (values[v] !== baseline[v]) {
        recorder.touch(mesh, 'base', undefined, v);
        values[v] = baseline[v];
      }
      continue;
    }
    t = Math.min(1, Math.max(0, t));
    const target = weight * (1 - t);
    recorder.touch(mesh, 'base', undefined, v);
    values[v] = baseline[v] + strength * (target - baseline[v]);
  }
  return true;
}
