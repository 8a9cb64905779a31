import type { ResolvedMesh } from '../bakeSettings.ts';
import type { SimulationControls } from '../surfaceSimulation.ts';
import type { SessionSetup } from './sessionState.ts';

/**
 * A mesh's per-frame controls as its simulation reads them: substeps, iterations, κ, the backend, free bodies, and
 * gravity in file units (g/s for s meters per unit: substitute x = s·x_u in M ẍ = −∇Π + M g).
 *
 * @param setup  the session's set-up (metersPerUnit, backend, settings.freeBody)
 * @param mesh   the mesh's resolved settings (gravity [m/s²])
 * @returns fresh controls (update() copies substeps, iterations and gravity from them into a mesh's own)
 */
export function simulationControls(setup: SessionSetup, mesh: ResolvedMesh): SimulationControls {
  const s = setup.metersPerUnit;
  return {
    substeps: mesh.substeps,
    iterations: mesh.iterations,
    gravity: [mesh.gravity[0] / s, mesh.gravity[1] / s, mesh.gravity[2] / s],
    attachmentStiffness: mesh.attachmentStiffness,
    backend: setup.backend,
    freeBody: setup.settings.freeBody,
  };
}
