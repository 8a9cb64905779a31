/**
 * Objects the viewport adds inside a loaded glTF scene to draw over it (the intersection overlay's meshes) carry a
 * mark, so what walks the scene for the file's own meshes (ghosting, heat targets) passes them by.
 */
import type { Object3D } from 'three';

const MARK = 'overlapOverlay';

/** True for an object the viewport added to draw over the scene, not one of the file's. */
export function isOverlayObject(object: Object3D): boolean {
  return object.userData[MARK] === true;
}

/** Marks `object` as an overlay (isOverlayObject) and returns it. */
export function markedOverlay<T extends Object3D>(object: T): T {
  object.userData[MARK] = true;
  return object;
}
