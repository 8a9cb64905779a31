import type { BoxBroadPhase } from './boxSpatialHash.ts';

/**
 * The boxes a moving point can meet on its way from o to p within `margin`: the broad phase's query over the segment's
 * box grown by the margin (a swept point's candidates for the segment–triangle test that follows).
 *
 * @param broadPhase  a built box broad phase (boxSpatialHash, boxBvh)
 * @param ox          the segment's start o [m]
 * @param oy          the segment's start o [m]
 * @param oz          the segment's start o [m]
 * @param px          its end p [m]
 * @param py          its end p [m]
 * @param pz          its end p [m]
 * @param margin      how far past the segment a box may lie and still be found [m]
 * @returns the count of candidates written to broadPhase.candidates
 */
export function segmentBoxQuery(broadPhase: BoxBroadPhase, ox: number, oy: number, oz: number, px: number, py: number, pz: number, margin: number): number {
  return broadPhase.query(
    Math.min(ox, px) - margin,
    Math.min(oy, py) - margin,
    Math.min(oz, pz) - margin,
    Math.max(ox, px) + margin,
    Math.max(oy, py) + margin,
    Math.max(oz, pz) + margin,
  );
}
