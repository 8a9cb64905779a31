import { Vector3 } from 'three';
import { screenPoint, type ScreenDrag } from './screenPoint.ts';

/**
 * Box select: the vertices whose screen position lies in the rectangle a–b, through the mesh (hidden vertices
 * included; only those behind the camera's far plane are left out), written into the selection.
 *
 * @param drag       the posed vertices, the view, and the dragged rectangle's corners a and b [client px]
 * @param selection  #V in/out: 1 selected; 'replace' clears it first, 'add' sets, 'remove' clears the boxed vertices
 */
export function boxSelection(drag: ScreenDrag, selection: Uint8Array, mode: 'replace' | 'add' | 'remove'): void {
  const { positions, camera, box, a, b } = drag;
  const [x0, x1] = [Math.min(a.x, b.x), Math.max(a.x, b.x)];
  const [y0, y1] = [Math.min(a.y, b.y), Math.max(a.y, b.y)];
  const point = new Vector3();
  if (mode === 'replace') selection.fill(0);
  for (let v = 0; v < selection.length; v++) {
    const { x, y, z } = screenPoint(point.set(positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]), camera, box);
    if (z < 1 && x >= x0 && x <= x1 && y >= y0 && y <= y1) selection[v] = mode === 'remove' ? 0 : 1;
  }
}
