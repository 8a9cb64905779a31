import type { ArapContactPoints } from './types.ts';

/**
 * The vertex that stands for a contact point in the manipulator hierarchy (seed 004 §3.4.5's oracle and §3.5.2's
 * per-node rule need one cell per point): its vertex of largest weight, the first one on ties.
 *
 * @param points  the contact points
 * @param point   a contact point index
 * @returns a vertex index
 */
export function representativeVertex(points: ArapContactPoints, point: number): number {
  let best = points.vertices[points.offsets[point]];
  let weight = -Infinity;
  for (let e = points.offsets[point]; e < points.offsets[point + 1]; e++) {
    if (points.weights[e] > weight) {
      weight = points.weights[e];
      best = points.vertices[e];
    }
  }
  return best;
}
