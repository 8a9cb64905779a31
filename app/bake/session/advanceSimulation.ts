import { CORRECTION_TOLERANCE, type SubframeInput } from '../meshSimulation.ts';
import { meshInputAt } from './meshInputAt.ts';
import { prefetchInputs } from './prefetchInputs.ts';
import type { SessionJob, SessionState } from './sessionState.ts';

/**
 * One frame of a started mesh: its contact set for the frame (the input checks of this frame and the next), the VBD
 * frame (seed 000 ch. 3, Algorithm 1, every substep following the input at its own time), and the solve's
 * diagnostics summed into its statistics (iterations, skipped solves, corrections, residuals, unconverged frames).
 *
 * @param state  the session
 * @param job    the mesh, its input and previous input of frame k set; job.raw written
 * @param k      frame index
 * @param start  per own collider, #C×3 its positions at the frame's start
 * @param end    per own collider, #C×3 its positions at the frame's end
 */
export async function advanceSimulation(state: SessionState, job: SessionJob, k: number, start: Float32Array[], end: Float32Array[]): Promise<void> {
  if (job.contact) {
    // A device's contact (WebGPU: OGC's detection kernels) is compiled once, before its first stepper with contact.
    state.contactPrepared ??= state.backend.prepareContact?.();
    await state.contactPrepared;
    // The next frame's input too: pairs the animation is about to cross are left alone a frame early (app/contact).
    // Its evaluation and the exact checks of both inputs count as evaluation, like the final check (they were in
    // no stage, so the stages summed to less than the bake).
    const checks = performance.now();
    meshInputAt(state, job, k + 1, job.nextInput, null);
    await job.contact.inputReady(job.input, end);
    await job.contact.inputReady(job.nextInput, end);
    job.contact.setFrame(job.previousInput, job.input, start, end, job.nextInput);
    prefetchInputs(state, job, k + 1);
    state.stageSeconds.evaluation += (performance.now() - checks) / 1000;
  }
  // Every substep follows the input at its own time (not with --repair, which repairs the frames in time order).
  const within: SubframeInput | undefined = job.repair
    ? undefined
    : { previous: job.previousInput, at: (fraction, out) => meshInputAt(state, job, k - 1 + fraction, out, null) };
  const diagnostics = await job.simulation.advance(job.input, state.dt, job.raw, state.stageTimes, within);
  job.stats.iterations += diagnostics.iterations;
  job.stats.skippedSolves += diagnostics.skippedSolves;
  for (const c of diagnostics.corrections) {
    job.correctionSum += c;
    job.correctionCount++;
    job.stats.correctionMax = Math.max(job.stats.correctionMax, c);
  }
  const last = diagnostics.corrections[diagnostics.corrections.length - 1];
  if (last > 2 * CORRECTION_TOLERANCE) job.stats.unconvergedFrames++;
  for (const r of diagnostics.residuals) {
    if (!Number.isFinite(r)) continue;
    job.residualSum += r;
    job.residualCount++;
    job.stats.residualMax = Math.max(job.stats.residualMax, r);
  }
}
