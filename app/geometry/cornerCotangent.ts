import { triangleNormal } from './triangleNormal.ts';

/** Scratch for the corner's cross product (u × v = triangleNormal). */
const cross = new Float64Array(3);

/**
 * The cotangent of triangle abc's angle at corner a, cot α = (u·v) / ‖u × v‖ with u = b − a, v = c − a: half of it is
 * this corner's share of the cotangent weight of the opposite edge bc (Pinkall & Polthier 1993). ‖u × v‖ is
 * Math.hypot of triangleNormal's n. Negative for an obtuse corner; 0 for a degenerate triangle (‖u × v‖ = 0).
 * Allocation-free.
 *
 * @param positions  #V×3 vertex positions [m], row-major
 * @param a          vertex index of the corner
 * @param b          vertex index of the next corner
 * @param c          vertex index of the corner after that
 * @returns cot α (dimensionless)
 */
export function cornerCotangent(positions: ArrayLike<number>, a: number, b: number, c: number): number {
  triangleNormal(positions, a, b, c, cross);
  const length = Math.hypot(cross[0], cross[1], cross[2]);
  if (!(length > 0)) return 0;
  const ax = positions[3 * a];
  const ay = positions[3 * a + 1];
  const az = positions[3 * a + 2];
  return (
    ((positions[3 * b] - ax) * (positions[3 * c] - ax) +
      (positions[3 * b + 1] - ay) * (positions[3 * c + 1] - ay) +
      (positions[3 * b + 2] - az) * (positions[3 * c + 2] - az)) /
    length
  );
}
