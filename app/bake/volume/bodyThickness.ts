import { triangleNormal } from '../../geometry/index.ts';

/**
 * 6V/A of a closed surface: V its enclosed volume (divergence theorem, |Σ a·(b × c)|/6) and A its area; the diameter
 * of a sphere, 1.5 diameters of a long cylinder, 0 for a surface that encloses nothing (no area).
 *
 * @param positions  #V×3 vertex positions [m], row-major
 * @param triangles  #F×3 vertex indices (consistently oriented; either orientation)
 * @returns 6V/A [m]
 */
export function bodyThickness(positions: ArrayLike<number>, triangles: ArrayLike<number>): number {
  let volume = 0;
  let area = 0;
  const n = _normal;
  for (let t = 0; t < triangles.length; t += 3) {
    triangleNormal(positions, triangles[t], triangles[t + 1], triangles[t + 2], n);
    const a = 3 * triangles[t];
    area += 0.5 * Math.hypot(n[0], n[1], n[2]);
    volume += (positions[a] * n[0] + positions[a + 1] * n[1] + positions[a + 2] * n[2]) / 6;
  }
  return area > 0 ? (6 * Math.abs(volume)) / area : 0;
}

const _normal = new Float64Array(3);
