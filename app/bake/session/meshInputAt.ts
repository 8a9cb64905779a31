import type { SessionJob, SessionState } from './sessionState.ts';
import { inputTime } from './inputTime.ts';

/**
 * A mesh's input at frame index k (clip time inputTime(k)): with the project's pose corrections active at that frame
 * applied, then repaired when the bake repairs. Into job.input it also keeps the frame's render vertices (job.renderInput,
 * for renderSurface: the welded input is their representatives, one skinning per frame instead of two) and the file's
 * own input (job.rawInput: the render vertices move by the departure from it).
 *
 * @param state              the session
 * @param job                the mesh
 * @param k                  frame index, fractional for a substep's time
 * @param out                #V×3 written [file units]
 * @param colliderPositions  per own collider, #C×3 its positions at that time (null: evaluated here when the repair needs them)
 */
export function meshInputAt(state: SessionState, job: SessionJob, k: number, out: Float32Array, colliderPositions: Float32Array[] | null): void {
  const { settings, evaluator, colliders } = state;
  const at = inputTime(settings, state.clip.duration, k);
  if (out === job.input) {
    evaluator.evaluateSimulationPositions(job.resolved.meshIndex, settings.clipIndex, at, out, job.renderInput);
    job.renderInputTime = at;
    job.rawInput.set(out);
  } else {
    evaluator.evaluateSimulationPositions(job.resolved.meshIndex, settings.clipIndex, at, out);
  }
  job.authoring?.correct(settings.firstFrame + k, out);
  if (!job.repair) return;
  const frame =
    colliderPositions ??
    job.own.map((i) => {
      const positions = new Float32Array(3 * colliders[i].vertexCount);
      evaluator.evaluateSimulationPositions(colliders[i].meshIndex, settings.clipIndex, at, positions);
      return positions;
    });
  job.repair.apply(at, out, frame);
}
