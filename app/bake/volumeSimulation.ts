import { detailTransfer } from '../embedding/index.ts';
import { latticeMaxDistances } from '../weights/index.ts';
import type { MeshSimulation } from './meshSimulation.ts';
import { advanceVolume } from './volume/advanceVolume.ts';
import { detailTransferOnDevice } from './volume/detailTransferOnDevice.ts';
import { pinnedLatticeWeights } from './volume/pinnedLatticeWeights.ts';
import { restoreVolume } from './volume/restoreVolume.ts';
import { setVolumeMaterial } from './volume/setVolumeMaterial.ts';
import { startVolume } from './volume/startVolume.ts';
import { volumeSetup } from './volume/volumeSetup.ts';
import { volumeSnapshot } from './volume/volumeSnapshot.ts';

export { START_SETTLE_SECONDS } from './volume/settledStartLag.ts';

/**
 * Flesh, jelly, rubber: the surface embedded in a lattice of tetrahedra (seed 004 Algorithm 1 through
 * app/embedding), simulated with stable Neo-Hookean VBD (app/solvers/vbd) attached to the fitted lattice:
 *
 * 1. latticeEmbedding: a duplicated-cell lattice around the welded rest surface (world space, so its
 *    scale is the asset's real scale), every surface vertex with its tet and barycentrics (C′);
 * 2. per frame, tetTargetFitter: lattice targets ū(t) whose embedded surface matches the animated
 *    surface (Eq. 4.1), factored once, warm-started from the previous frame;
 * 3. tetVertexWeights: the painted surface weights carried into the lattice (a lattice vertex whose tets
 *    hold only weight-0 surface vertices gets exactly 0, i.e. is pinned to ū);
 * 4. one VBD step call per frame, `substeps` substeps from ū(t−dt) to ū(t), targets interpolated linearly; with
 *    `animatedRest` (the default) the step builds each substep's elastic reference from that substep's ū
 *    (VbdControls.animatedRest, restShapeInverses: stretches clamped to [0.5, 2]), so elasticity resists only the
 *    departure from the animated shape and never the animator's own deformation; contact refreshes its surface at
 *    the start of every substep (VbdControls.beforeSubstep → BakeContact.beginSteps);
 * 5. detailTransfer: q′ = Su + R(q̄ − Sū) (Eq. 4.10 with the C¹ spline S of latticeSplineWeights in place of
 *    the piecewise-linear C′, R from S's smooth deformation gradient), exact q̄ where the lattice follows ū.
 *
 * The driver over VolumeState (app/bake/volume/volumeState.ts), one step per file of app/bake/volume: volumeSetup
 * (1, 3 and the model, core and κ), startVolume (the first frame, settledStartLag for a start in motion), advanceVolume
 * (2 and 4, substepTargets for substeps at their own times), detailTransferOnDevice or the CPU's detailTransfer (5),
 * volumeSnapshot and restoreVolume, pinnedLatticeWeights (new weights), setVolumeMaterial (a new material).
 *
 * @param setup  volumeSetup's parameters, passed on as they are (documented there): the welded topology, #V×3 welded
 *               rest positions (world, [m]), #V blend weights in [0, 1], the Neo-Hookean material, the lattice
 *               resolution, the controls (substeps, iterations, gravity, κ, backend), and optionally the #B×6 skeleton
 *               segments (the driver core), animatedRest (default true) and the lattice's bounds
 * @returns the simulation
 */
export function createVolumeSimulation(...setup: Parameters<typeof volumeSetup>): MeshSimulation {
  const state = volumeSetup(...setup);
  const { embedding, stats } = state;
  return {
    stats,
    get model() {
      return state.model;
    },
    embedding,
    async start(input, previousInput, dt, timings, motion, spacing = dt) {
      await startVolume(state, input, previousInput, dt, timings, motion, spacing);
    },
    async advance(input, dt, out, timings, within) {
      const diagnostics = await advanceVolume(state, input, dt, timings, within);
      if (!(await detailTransferOnDevice(state, input, out, timings))) this.surface(input, out, timings);
      return diagnostics;
    },
    snapshot() {
      return volumeSnapshot(state);
    },
    positions() {
      return state.state.positions;
    },
    restore(snapshot) {
      restoreVolume(state, snapshot);
    },
    setMaxDistances(limits) {
      state.latticeLimits = limits ? (latticeMaxDistances(embedding, limits, new Float64Array(embedding.vertexCount)) as Float64Array) : undefined;
    },
    setBlendWeights(weights) {
      // The blend and the pins follow the new weights; κ stays the body's compliance at the setup's driver (no new
      // factorization), the embedding and the fitter are untouched.
      pinnedLatticeWeights(state, weights);
    },
    setMaterial(next) {
      return setVolumeMaterial(state, next);
    },
    surface(input, out, timings) {
      const clock = performance.now();
      detailTransfer(embedding, state.targets, state.state.positions, input, out, state.quaternions, state.spline);
      timings.transfer += (performance.now() - clock) / 1000;
    },
    dispose() {
      state.stepper.destroy();
      state.deviceTransfer?.destroy();
    },
  };
}
