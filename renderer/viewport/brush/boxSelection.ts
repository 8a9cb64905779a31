import { Vector3, type Camera } from 'three';

/** A screen rectangle: the canvas's bounding box [client px]. */
export interface ScreenBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Box select: the vertices whose screen position lies in the rectangle a–b, through the mesh (hidden vertices
 * included; only those behind the camera's far plane are left out), written into the selection.
 *
 * @param positions  #V×3 posed vertex positions [file units] (the picker's)
 * @param camera     the view's camera (its matrices up to date)
 * @param box        the canvas's bounding box [client px]
 * @param a          one corner of the dragged rectangle [client px]
 * @param b          the other corner
 * @param selection  #V in/out: 1 selected; 'replace' clears it first, 'add' sets, 'remove' clears the boxed vertices
 */
export function boxSelection(
  positions: ArrayLike<number>,
  camera: Camera,
  box: ScreenBox,
  a: { x: number; y: number },
  b: { x: number; y: number },
  selection: Uint8Array,
  mode: 'replace' | 'add' | 'remove',
): void {
  const [x0, x1] = [Math.min(a.x, b.x), Math.max(a.x, b.x)];
  const [y0, y1] = [Math.min(a.y, b.y), Math.max(a.y, b.y)];
  const point = new Vector3();
  if (mode === 'replace') selection.fill(0);
  for (let v = 0; v < selection.length; v++) {
    point.set(positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]).project(camera);
    const x = box.left + ((point.x + 1) / 2) * box.width;
    const y = box.top + ((1 - point.y) / 2) * box.height;
    if (point.z < 1 && x >= x0 && x <= x1 && y >= y0 && y <= y1) selection[v] = mode === 'remove' ? 0 : 1;
  }
}
