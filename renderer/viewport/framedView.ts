/**
 * Where the camera goes to frame a set of points as Maya's and Blender's Frame Selected do: looking along a given
 * direction, with the points' silhouette centred in the view's clear region (the canvas less what toolbars cover) and
 * filling a given share of it.
 * Framing a bounding sphere (or a box's corners) centres the box, not what is seen: the projected vertices of a thin
 * curved part (a visor) or of a perspective-foreshortened body sit off-centre. So the camera is placed from the
 * bounding sphere, then refined a few times on the projected points themselves: shift in the view plane by the offset
 * of their screen box's centre (at the target's depth), and dolly so its larger half-extent is `fill` of the view.
 */
import { Vector3, type PerspectiveCamera } from 'three';

/** A rectangle of the view in NDC (−1…1, y up) that nothing covers. */
export interface ClearRegion {
  left: number;
  right: number;
  bottom: number;
  top: number;
}

const WHOLE_VIEW: ClearRegion = { left: -1, right: 1, bottom: -1, top: 1 };

/**
 * Refinement passes: each centres (a Newton step on the extreme points) and, in all but the last CENTRE_ONLY, dollies to
 * the wanted size; the last ones only centre, at the final distance (test: < 0.2% off, even end-on in perspective).
 */
const PASSES = 10;
const CENTRE_ONLY = 4;

/**
 * @param points     #P×3 world positions to frame (at least one)
 * @param camera     the view's camera (its fov and aspect are used; it is moved)
 * @param direction  unit vector from the target toward the camera
 * @param fill       share of the clear region the points' larger half-extent takes (1: its edge)
 * @param region     the clear region in NDC (default the whole view, −1…1 both ways)
 * @returns the camera's new position and the point it looks at (also applied to `camera`)
 */
export function framedView(
  points: ArrayLike<number>,
  camera: PerspectiveCamera,
  direction: Vector3,
  fill = 0.8,
  region: ClearRegion = WHOLE_VIEW,
): { position: Vector3; target: Vector3 } {
  const [centreX, centreY] = [(region.left + region.right) / 2, (region.bottom + region.top) / 2];
  const [halfX, halfY] = [(region.right - region.left) / 2, (region.top - region.bottom) / 2];
  const count = Math.floor(points.length / 3);
  const low = new Vector3(Infinity, Infinity, Infinity);
  const high = new Vector3(-Infinity, -Infinity, -Infinity);
  const point = new Vector3();
  for (let i = 0; i < count; i++) {
    point.fromArray(points as number[], 3 * i);
    low.min(point);
    high.max(point);
  }
  const target = low.clone().add(high).multiplyScalar(0.5);
  const radius = Math.max(low.distanceTo(high) / 2, 1e-6);
  const halfAngle = Math.min((camera.fov * Math.PI) / 180 / 2, Math.atan(Math.tan((camera.fov * Math.PI) / 180 / 2) * Math.max(camera.aspect, 1e-3)));
  let distance = radius / Math.sin(halfAngle);
  const place = (): void => {
    camera.position.copy(target).addScaledVector(direction, distance);
    camera.lookAt(target);
    camera.updateMatrixWorld(true);
  };
  const right = new Vector3();
  const up = new Vector3();
  const forward = new Vector3();
  const tanY = Math.tan((camera.fov * Math.PI) / 180 / 2);
  const tanX = tanY * camera.aspect;
  for (let pass = 0; pass < PASSES; pass++) {
    place();
    camera.matrixWorld.extractBasis(right, up, forward);
    // The silhouette's screen box, and the view depths of the points on its four sides.
    const extremes = { minX: [Infinity, 1], maxX: [-Infinity, 1], minY: [Infinity, 1], maxY: [-Infinity, 1] };
    const offset = new Vector3();
    for (let i = 0; i < count; i++) {
      point.fromArray(points as number[], 3 * i);
      const depth = Math.max(offset.copy(point).sub(camera.position).dot(forward) * -1, 1e-9);
      point.project(camera);
      if (point.x < extremes.minX[0]) extremes.minX = [point.x, depth];
      if (point.x > extremes.maxX[0]) extremes.maxX = [point.x, depth];
      if (point.y < extremes.minY[0]) extremes.minY = [point.y, depth];
      if (point.y > extremes.maxY[0]) extremes.maxY = [point.y, depth];
    }
    // Moving the camera sideways by s moves a point at depth d by −s/(d·tan) in NDC: the step that centres the two
    // extreme points (a Newton step; the extremes may change, hence the passes).
    const offsetX = (extremes.minX[0] + extremes.maxX[0]) / 2 - centreX;
    const offsetY = (extremes.minY[0] + extremes.maxY[0]) / 2 - centreY;
    const stepX = (2 * offsetX) / (1 / (extremes.minX[1] * tanX) + 1 / (extremes.maxX[1] * tanX));
    const stepY = (2 * offsetY) / (1 / (extremes.minY[1] * tanY) + 1 / (extremes.maxY[1] * tanY));
    target.addScaledVector(right, stepX).addScaledVector(up, stepY);
    const extent = Math.max((extremes.maxX[0] - extremes.minX[0]) / 2 / halfX, (extremes.maxY[0] - extremes.minY[0]) / 2 / halfY);
    // Screen size goes as 1/distance for points near the target's depth: dolly to the wanted share, but never into the
    // points (a part seen end-on reaches far toward the camera).
    if (pass >= PASSES - CENTRE_ONLY) continue;
    if (extent > 1e-9 && Number.isFinite(extent)) distance *= extent / fill;
    let front = 0;
    for (let i = 0; i < count; i++)
      front = Math.max(
        front,
        point
          .fromArray(points as number[], 3 * i)
          .sub(target)
          .dot(direction),
      );
    distance = Math.max(distance, front + 0.25 * radius);
  }
  place();
  return { position: camera.position.clone(), target };
}
