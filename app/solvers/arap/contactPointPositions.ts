import type { ArapContactPoints } from './types.ts';

/**
 * Positions of the contact points, x_p = Σ w·x_v over each point's solver vertices (the surface the artist sees).
 *
 * @param points     the contact points
 * @param positions  #V×3 solver positions [m]
 * @param out        #P×3 receives the point positions [m]
 * @returns out
 */
export function contactPointPositions(points: ArapContactPoints, positions: ArrayLike<number>, out: Float64Array): Float64Array {
  const { count, offsets, vertices, weights } = points;
  for (let p = 0; p < count; p++) {
    let x = 0;
    let y = 0;
    let z = 0;
    for (let e = offsets[p]; e < offsets[p + 1]; e++) {
      const v = 3 * vertices[e];
      const w = weights[e];
      x += w * positions[v];
      y += w * positions[v + 1];
      z += w * positions[v + 2];
    }
    out[3 * p] = x;
    out[3 * p + 1] = y;
    out[3 * p + 2] = z;
  }
  return out;
}
