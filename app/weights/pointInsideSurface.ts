import { triangleSolidAngle } from '../geometry/index.ts';

/**
 * Whether a point lies inside a closed surface: its winding number, the sum of the triangles' signed solid angles over
 * 4π (triangleSolidAngle), is at least ½ in magnitude. Exact for one point, no tree needed (sceneShells
 * asks a few dozen points per piece; app/embedding's generalizedWindingNumber is the hierarchical one).
 *
 * @param point      the query point [file units]
 * @param triangles  #T×3 vertex indices into `positions`, row-major
 * @param positions  #V×3 vertex positions [file units], row-major
 * @returns true when |winding number| ≥ ½ (either orientation counts as closed around the point)
 */
export function pointInsideSurface(point: [number, number, number], triangles: Uint32Array, positions: Float32Array): boolean {
  const p = positions;
  const [qx, qy, qz] = point;
  let total = 0;
  for (let t = 0; t < triangles.length; t += 3) {
    const a = triangles[t],
      b = triangles[t + 1],
      c = triangles[t + 2];
    const ax = p[3 * a] - qx,
      ay = p[3 * a + 1] - qy,
      az = p[3 * a + 2] - qz;
    const bx = p[3 * b] - qx,
      by = p[3 * b + 1] - qy,
      bz = p[3 * b + 2] - qz;
    const cx = p[3 * c] - qx,
      cy = p[3 * c + 1] - qy,
      cz = p[3 * c + 2] - qz;
    total += triangleSolidAngle(ax, ay, az, bx, by, bz, cx, cy, cz);
  }
  return Math.abs(total / (4 * Math.PI)) >= 0.5;
}
