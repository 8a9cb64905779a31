import type { OgcContactSettings, OgcContactTopology, OgcDetectionArrays } from '../types.ts';

/** Bound of a vertex or point with nothing within r_q: unbounded. */
export const NO_BOUND = Number.POSITIVE_INFINITY;

/**
 * The detection's arrays with nothing detected: points and the input's points (#P×3), vertex bounds (#V, unbounded:
 * NO_BOUND) and point distances (#S, seed 000 Eqs. 5.20–5.25), truncateToBounds's scratch, the smallest distances per
 * point, edge and triangle, and every point kinematic (changed, so the first detection lists them).
 *
 * @param settings  V, S, P
 * @param topology  T, E
 */
export function ogcDetectionArrays({ V, S, P }: OgcContactSettings, { T, E }: OgcContactTopology): OgcDetectionArrays {
  return {
    points: new Float64Array(3 * P),
    reference: new Float64Array(3 * P),
    hasReference: false,
    bounds: new Float64Array(V).fill(NO_BOUND),
    pointBounds: new Float64Array(S),
    vertexMoved: new Float64Array(V),
    vertexScale: new Float64Array(V),
    positionsAtDetection: new Float64Array(3 * V),
    targetsAtDetection: new Float64Array(3 * V),
    targetsNow: new Float64Array(3 * V),
    minPoint: new Float64Array(P),
    minEdge: new Float64Array(E),
    minTriangle: new Float64Array(T),
    kinematicPoint: new Uint8Array(P).fill(1),
    kinematicTriangle: new Uint8Array(T),
    kinematicEdge: new Uint8Array(E),
    kinematicChanged: true,
    kinematicEpoch: 0,
  };
}
