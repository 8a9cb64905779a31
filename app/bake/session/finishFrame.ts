import type { NeighbourFrame } from '../../contact/index.ts';
import { hypot3 } from '../../math/index.ts';
import { positionsFingerprint } from '../positionsFingerprint.ts';
import type { SessionJob, SessionState } from './sessionState.ts';

/**
 * The exported surface of a baked frame of one mesh, after the guard and the carried shells: the weight-0
 * statistics, the max distances and backstop (authoring), the flip guard, and the final contact check (a frame whose
 * output adds an intersection is corrected toward the input: app/contact), whose self pairs it keeps for the export.
 *
 * @param state              the session (selfContact)
 * @param job                the mesh: job.output corrected in place; job.stats and job.checkedOutputs[k] written
 * @param k                  frame index (≥ 0)
 * @param colliderPositions  per own collider, #C×3 its positions at the frame's end
 * @param neighbours         the other simulated meshes' inputs and current surfaces (with contact and several meshes)
 */
export function finishFrame(state: SessionState, job: SessionJob, k: number, colliderPositions: Float32Array[], neighbours?: NeighbourFrame): void {
  const { input, raw, output, stats, carried } = job;
  const weights = job.frameWeights;
  for (let v = 0; v < weights.length; v++) {
    // Carried shells follow their host, not the animation: a belt on a belly that jiggles moves with weight 0.
    if (weights[v] === 0 && !carried[v]) {
      stats.weightZeroDriftBeforeGuard = Math.max(stats.weightZeroDriftBeforeGuard, distance(raw, input, v));
      stats.weightZeroDeviation = Math.max(stats.weightZeroDeviation, distance(output, input, v));
    }
  }
  // Max distances and the backstop around the (corrected) input, the flip guard, then the final contact check.
  job.authoring?.clamp(output, input);
  const flips = job.flips.correct(output, input);
  if (flips.flipped > 0) {
    const guard = stats.flipGuard;
    guard.framesCorrected++;
    guard.flippedMax = Math.max(guard.flippedMax, flips.flipped);
    guard.correctedVerticesMax = Math.max(guard.correctedVerticesMax, flips.correctedVertices);
  }
  // The final check: a frame whose output adds an intersection is corrected toward the input (app/contact).
  const checked = job.contact?.finishFrame(output, input, colliderPositions, true, neighbours);
  if (checked && state.selfContact) {
    // Its self pairs (mesh 0 against itself) are a check of the surface alone: the export replays the frame's
    // compact shapes and checks only what they move (compactReplayIntersections).
    const pairList: number[] = [];
    const list = checked.pairList;
    for (let i = 0; i < list.length; i += 4) if (list[i] === 0 && list[i + 2] === 0) pairList.push(0, list[i + 1], 0, list[i + 3]);
    job.checkedOutputs[k] = { fingerprint: positionsFingerprint(output), total: pairList.length / 4, pairList };
  }
}

function distance(a: ArrayLike<number>, b: ArrayLike<number>, v: number): number {
  return hypot3(a[3 * v] - b[3 * v], a[3 * v + 1] - b[3 * v + 1], a[3 * v + 2] - b[3 * v + 2]);
}
