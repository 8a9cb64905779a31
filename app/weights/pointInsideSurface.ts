import { triangleSolidAngleAt } from '../geometry/index.ts';

/**
 * Whether a point lies inside a closed surface: its winding number, the sum of the triangles' signed solid angles over
 * 4π (triangleSolidAngleAt), is at least ½ in magnitude. Exact for one point, no tree needed (sceneShells
 * asks a few dozen points per piece; app/embedding's generalizedWindingNumber is the hierarchical one).
 *
 * @param point      the query point [file units]
 * @param triangles  #T×3 vertex indices into `positions`, row-major
 * @param positions  #V×3 vertex positions [file units], row-major
 * @returns true when |winding number| ≥ ½ (either orientation counts as closed around the point)
 */
export function pointInsideSurface(point: [number, number, number], triangles: Uint32Array, positions: Float32Array): boolean {
  const [qx, qy, qz] = point;
  let total = 0;
  for (let t = 0; t < triangles.length; t += 3) total += triangleSolidAngleAt(positions, triangles[t], triangles[t + 1], triangles[t + 2], qx, qy, qz);
  return Math.abs(total / (4 * Math.PI)) >= 0.5;
}
