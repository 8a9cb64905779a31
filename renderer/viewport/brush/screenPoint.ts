import type { Camera, Vector3 } from 'three';

/** A screen rectangle: the canvas's bounding box [client px]. */
export interface ScreenBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A drag from a to b [client px] over posed vertices as a view shows them: what box select and the gradient read. */
export interface ScreenDrag {
  /** #V×3 posed vertex positions [file units] (the picker's) */
  positions: ArrayLike<number>;
  /** the view's camera (its matrices up to date) */
  camera: Camera;
  /** the canvas's bounding box [client px] */
  box: ScreenBox;
  /** where the drag started (pointer down) [client px] */
  a: { x: number; y: number };
  /** where it is now [client px] */
  b: { x: number; y: number };
}

/**
 * A world point's place on the canvas: projected by the camera, then x and y from normalized device coordinates to
 * client pixels (y down); z stays the NDC depth (> 1: beyond the far plane).
 *
 * @param point   the world point, overwritten with the result
 * @param camera  the view's camera (its matrices up to date)
 * @param box     the canvas's bounding box [client px]
 * @returns point: (x, y) [client px], z NDC depth
 */
export function screenPoint(point: Vector3, camera: Camera, box: ScreenBox): Vector3 {
  point.project(camera);
  point.x = box.left + ((point.x + 1) / 2) * box.width;
  point.y = box.top + ((1 - point.y) / 2) * box.height;
  return point;
}
