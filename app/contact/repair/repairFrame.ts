import { newIntersectionRegions } from '../../intersection/index.ts';
import { leftPairReasons } from './leftPairReasons.ts';
import { patchObstacles } from './patchObstacles.ts';
import { relaxedPatch } from './relaxedPatch.ts';
import { repairPatch } from './repairPatch.ts';
import type { RepairedFrame, SurfaceRepairState } from './types.ts';

/**
 * Repairs one frame in place (SurfaceRepair.repair), the driver of the two-way scheme's steps (seed 001 Algorithm 1):
 * the frame's pairs with a side outside every structural region are the ones to remove (newIntersectionRegions); a
 * frame without any is taken as it is. Otherwise the patch around them (repairPatch) moves from the safe state toward
 * the frame among its obstacles (patchObstacles, relaxedPatch), the result is checked (only what moved: the checker's
 * `since`), and what is left is reported with its reasons (leftPairReasons). Local first; where that leaves pairs,
 * and on the first frame, which starts from the rest pose, the whole surface moves from the safe state. The frame,
 * repaired, is the next one's safe state.
 *
 * @param state      the repair (its safe state is advanced)
 * @param positions  #V×3 the surface at this frame [m]; receives the repaired surface
 * @param colliders  each collider's welded positions at this frame [m]
 * @returns what was found and removed
 */
export function repairFrame(state: SurfaceRepairState, positions: Float32Array | Float64Array, colliders: readonly ArrayLike<number>[]): RepairedFrame {
  const { checker, checkOptions, topology, structure } = state;
  const V = state.vertexCount;
  const input = checker.check([positions, ...colliders], checkOptions);
  const added = newIntersectionRegions(topology, structure, input);
  const frame: RepairedFrame = {
    inputIntersections: input.total,
    structural: input.total - added.pairs.length,
    before: added.pairs.length,
    after: added.pairs.length,
    removed: 0,
    remainingTriangles: [],
    reasons: { collider: 0, start: 0, steps: 0 },
    movedVertices: 0,
    maxDisplacement: 0,
    steps: 0,
  };
  if (added.pairs.length > 0) {
    // Local first: only the new pairs' surroundings move. Where that leaves pairs (Fox's Walk: a leg through the body
    // on a coarse mesh, 11 new pairs at frame 1 and 10 left, then more every frame as each frame started from the last
    // one's leftovers), and on the first frame, which starts from the rest pose (a bind pose far from the frame: the
    // rest of the surface sweeps from it to the frame as kinematic obstacles, through a local patch), the whole
    // surface moves from the safe state, as the repair did before it was local (Fox's Walk 0:5: 0 left).
    const original = Float32Array.from(positions);
    const attempts = state.hasPrevious ? [false, true] : [true];
    for (const whole of attempts) {
      if (whole && attempts.length > 1) {
        positions.set(original);
        Object.assign(frame, {
          after: frame.before,
          removed: 0,
          remainingTriangles: [],
          reasons: { collider: 0, start: 0, steps: 0 },
          movedVertices: 0,
          maxDisplacement: 0,
        });
      }
      const patch = repairPatch(state, input.pairList, added.pairs, whole);
      const repaired = relaxedPatch(state, positions, patch, patchObstacles(state, positions, colliders, patch), frame);
      const before = Float64Array.from(positions);
      patch.patch.forEach((v, k) => {
        for (let c = 0; c < 3; c++) positions[3 * v + c] = repaired[3 * k + c];
        frame.maxDisplacement = Math.max(
          frame.maxDisplacement,
          Math.hypot(repaired[3 * k] - before[3 * v], repaired[3 * k + 1] - before[3 * v + 1], repaired[3 * k + 2] - before[3 * v + 2]),
        );
      });
      const result = checker.check([positions, ...colliders], { ...checkOptions, since: { positions: [before, ...colliders], result: input } });
      const left = newIntersectionRegions(topology, structure, result);
      frame.after = left.pairs.length;
      frame.removed = Math.max(0, frame.before - frame.after);
      frame.remainingTriangles = Array.from(left.triangles[0]);
      // Why: a collider's pair; or one the start had already; or the steps ran out.
      if (left.pairs.length > 0) leftPairReasons(state, result, left.pairs, frame.reasons);
      if (frame.after === 0) break;
    }
  }
  // The frame, repaired (or free of new pairs as it came), is where the next repair starts.
  for (let k = 0; k < 3 * V; k++) state.safe[k] = positions[k];
  state.safeColliders = colliders.map((c) => Float64Array.from(c));
  state.hasPrevious = true;
  return frame;
}
