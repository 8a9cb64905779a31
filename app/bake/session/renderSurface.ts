import { inputTime } from './inputTime.ts';
import type { SessionState } from './sessionState.ts';

/**
 * Mesh m's render positions at its current frame (the baked frame): each render vertex takes its welded vertex's
 * displacement from the file's own input (a repaired or pose-corrected input departs from it), so a vertex that did
 * not move stays bit-identical to the input.
 *
 * @param state  the session (the mesh's render input is evaluated again only when its time differs)
 * @param m      simulated mesh index (into state.jobs)
 * @param out    #R×3 written, world [file units]
 * @throws RangeError when the mesh has no baked frame yet
 */
export function renderSurface(state: SessionState, m: number, out: Float32Array): void {
  const { settings, evaluator } = state;
  const job = state.jobs[m];
  if (job.frame < 0) throw new RangeError(`surface: mesh "${job.name}" has no baked frame yet (frame index ${job.frame})`);
  const mesh = state.scene.meshes[job.meshIndex];
  const at = inputTime(settings, state.clip.duration, job.frame);
  if (job.renderInputTime !== at) {
    evaluator.evaluateMesh(job.meshIndex, settings.clipIndex, at, job.renderInput);
    job.renderInputTime = at;
  }
  const { renderToSimulation } = mesh.topology;
  const base = job.repair || job.authoring?.corrected ? job.rawInput : job.input;
  const { output, renderInput } = job;
  for (let r = 0; r < mesh.renderVertexCount; r++) {
    const v = renderToSimulation[r];
    for (let c = 0; c < 3; c++) {
      const displacement = output[3 * v + c] - base[3 * v + c];
      out[3 * r + c] = displacement === 0 ? renderInput[3 * r + c] : renderInput[3 * r + c] + displacement;
    }
  }
}
