import type { ResolvedBakeSettings } from '../bakeSettings.ts';
import { physicalMaterial } from './physicalMaterial.ts';
import { restartSession } from './restartSession.ts';
import { sessionJob } from './sessionJob.ts';
import type { SessionState } from './sessionState.ts';
import { setSessionWeights } from './setSessionWeights.ts';
import { SETUP_WARNING_CODES } from './setupWarnings.ts';
import { simulationControls } from './simulationControls.ts';

/**
 * Takes new settings into a session, keeping what it can. Per simulated mesh: substeps, iterations and gravity act
 * from the next frame; a new material goes to the simulation (setMaterial: no new embedding, κ rescaled or solved
 * again); a new lattice resolution, model kind (volume or cloth), κ override, or a material change on a mesh with
 * contact rebuilds that mesh alone (sessionJob, its set-up warnings made again, its painted weights kept) and restarts
 * the session. Anything else (clip, frame rate, range, pre-roll, loop, units, free bodies, contact, repair, backend,
 * roles) needs a new session.
 *
 * @param state  the session (state.settings becomes `next` unless incompatible)
 * @param next   the new resolved settings
 * @returns 'same', 'updated' (continues from the current state), 'rebuilt' (meshes rebuilt, the session restarted) or
 *          'incompatible' (nothing changed)
 */
export function updateSession(state: SessionState, next: ResolvedBakeSettings): 'same' | 'updated' | 'rebuilt' | 'incompatible' {
  const { jobs, warnings, counters } = state;
  if (sessionKey(next) !== sessionKey(state.settings)) return 'incompatible';
  let result: 'same' | 'updated' | 'rebuilt' = 'same';
  const rebuild: number[] = [];
  jobs.forEach((job, m) => {
    const before = job.resolved;
    const after = next.meshes.find((mesh) => mesh.meshIndex === job.meshIndex)!;
    if (JSON.stringify(before) === JSON.stringify(after)) return;
    const materialChanged = JSON.stringify(before.material) !== JSON.stringify(after.material);
    if (
      after.latticeResolution !== before.latticeResolution ||
      after.material.model !== before.material.model ||
      after.attachmentStiffness !== before.attachmentStiffness ||
      (materialChanged && job.contact)
    ) {
      rebuild.push(m);
      return;
    }
    const fresh = simulationControls(state, after);
    job.controls.substeps = fresh.substeps;
    job.controls.iterations = fresh.iterations;
    job.controls.gravity = fresh.gravity;
    if (materialChanged && job.simulation.setMaterial(physicalMaterial(after, state.metersPerUnit))) counters.complianceSolves++;
    job.resolved = after;
    if (result === 'same') result = 'updated';
  });
  state.settings = next;
  if (rebuild.length === 0) return result;
  for (const m of rebuild) {
    const name = jobs[m].name;
    for (let w = warnings.length - 1; w >= 0; w--) if (warnings[w].mesh === name && SETUP_WARNING_CODES.includes(warnings[w].code)) warnings.splice(w, 1);
    const old = jobs[m];
    old.simulation.dispose();
    jobs[m] = sessionJob(state, next.meshes.find((mesh) => mesh.meshIndex === old.meshIndex)!);
    // Weights set on the session (painted in the app) carry over to the rebuilt mesh.
    setSessionWeights(state, name, old.weights);
  }
  restartSession(state);
  return 'rebuilt';
}

/** What a session is built for and cannot change: the clip, its time line, the units, contact, the backend, the roles. */
function sessionKey(value: ResolvedBakeSettings): string {
  return JSON.stringify([
    value.clipIndex,
    value.fps,
    value.firstFrame,
    value.lastFrame,
    value.preroll,
    value.loop,
    value.metersPerUnit,
    value.freeBody,
    value.bake.selfContact,
    value.bake.repair,
    value.bake.backend,
    value.meshes.map((m) => [m.meshIndex, m.role]),
  ]);
}
