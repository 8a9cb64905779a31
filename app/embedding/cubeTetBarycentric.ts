import { mat3Inverse } from '../math/mat3/index.ts';
import { cubeTetrahedra } from './cubeTetrahedra.ts';

// Barycentric inverse maps of the ten template tets (five per parity), in unit-cube coordinates: per tet
// 12 numbers, D⁻¹ (row-major, D = [p₁−p₀, p₂−p₀, p₃−p₀]) then p₀.
const TEMPLATE_INVERSES: Float64Array[] = [0, 1].map((parity) => {
  const template = cubeTetrahedra(parity);
  const out = new Float64Array(5 * 12);
  const m = new Float64Array(9);
  for (let t = 0; t < 5; t++) {
    const p = [0, 1, 2, 3].map((k) => {
      const q = template[4 * t + k];
      return [q & 1, (q >> 1) & 1, q >> 2];
    });
    // Columns e_k = p_k − p_0.
    for (let r = 0; r < 3; r++) for (let k = 0; k < 3; k++) m[3 * r + k] = p[k + 1][r] - p[0][r];
    // Exact: the adjugate is integer and det is ±1 or ±2.
    mat3Inverse(m, out.subarray(12 * t, 12 * t + 9));
    out.set(p[0], 12 * t + 9);
  }
  return out;
});

/**
 * Locates a point of the unit cube in the cube's five-tetrahedron split (cubeTetrahedra) and gives its
 * barycentric coordinates there: the last half of latticeEmbedding's step 7, C′ of seed 004 Eq. 4.1
 * (q = C′u). The tet with the largest minimum barycentric coordinate wins, so a point on a shared face is
 * assigned to one of its tets deterministically; rounding-level negatives are clamped and the coordinates
 * renormalized, so they are a convex combination.
 *
 * @param parity  (i + j + k) & 1 of the cell (cubeTetrahedra's template)
 * @param fx      point in unit-cube coordinates, each in [0, 1]
 * @param fy      point in unit-cube coordinates
 * @param fz      point in unit-cube coordinates
 * @param out     4 numbers receiving the barycentric coordinates (each in [0, 1], sum 1), in the order of the
 *                tet's corners in the template
 * @returns the tet's index in the template, 0..4
 */
export function cubeTetBarycentric(parity: number, fx: number, fy: number, fz: number, out: Float64Array): number {
  const inverses = TEMPLATE_INVERSES[parity];
  let best = 0;
  let bestMin = -Infinity;
  const b = [0, 0, 0, 0];
  for (let t = 0; t < 5; t++) {
    const o = 12 * t;
    const rx = fx - inverses[o + 9];
    const ry = fy - inverses[o + 10];
    const rz = fz - inverses[o + 11];
    const b1 = inverses[o] * rx + inverses[o + 1] * ry + inverses[o + 2] * rz;
    const b2 = inverses[o + 3] * rx + inverses[o + 4] * ry + inverses[o + 5] * rz;
    const b3 = inverses[o + 6] * rx + inverses[o + 7] * ry + inverses[o + 8] * rz;
    const b0 = 1 - b1 - b2 - b3;
    const smallest = Math.min(b0, b1, b2, b3);
    if (smallest > bestMin) {
      bestMin = smallest;
      best = t;
      b[0] = b0;
      b[1] = b1;
      b[2] = b2;
      b[3] = b3;
    }
  }
  // Clamp rounding-level negatives and renormalize so the coordinates are a convex combination.
  let sum = 0;
  for (let k = 0; k < 4; k++) {
    out[k] = Math.max(0, b[k]);
    sum += out[k];
  }
  for (let k = 0; k < 4; k++) out[k] /= sum;
  return best;
}
