import { lerpArrays } from '../../math/index.ts';
import { addStepDiagnostics, type VbdStepDiagnostics } from '../../solvers/vbd/index.ts';
import type { MeshSimulationTimings, SubframeInput } from '../meshSimulation.ts';
import { substepTargets } from './substepTargets.ts';
import { volumeFrameControls } from './volumeFrameControls.ts';
import type { VolumeState } from './volumeState.ts';

/**
 * One frame of the lattice (MeshSimulation.advance, without the surface): the targets ū(t) fitted warm-started from
 * ū(t − dt) (tetTargetFitter, seed 004 Eq. 4.1), then one VBD step call (seed 000 Algorithm 1) of `substeps` substeps
 * from ū(t − dt) to ū(t), in one of three shapes:
 * - with contact on a device: one call per substep, the contact surface set between them from the state read back
 *   after the last (a device's step has no host hook between its substeps; the CPU's beforeSubstep);
 * - with `within` and no contact: one call per substep, each from its own targets (substepTargets);
 * - otherwise one call, targets interpolated linearly, contact refreshing its surface before every substep.
 * The stepper is made again for contact at the first frame with contact.
 *
 * @param state    the simulation; targets, previousTargets, state.state, clampedRestTets and stats updated
 * @param input    #S×3 the animated surface at the frame's end
 * @param dt       the frame [s]
 * @param timings  fitting and simulation seconds added
 * @param within   the input inside the frame, for substeps at their own times
 * @returns the step's diagnostics, its corrections as fractions of the lattice cell
 */
export async function advanceVolume(
  state: VolumeState,
  input: Float32Array,
  dt: number,
  timings: MeshSimulationTimings,
  within?: SubframeInput,
): Promise<VbdStepDiagnostics> {
  const { controls, fitter, targets, previousTargets, embedding } = state;
  let clock = performance.now();
  previousTargets.set(targets);
  fitter.fit(input, targets, previousTargets);
  const substeps = controls.substeps;
  // The substeps' own targets from the input at their times (not with contact, which frames its substeps itself).
  const subframe = within && substeps > 1 && !controls.contact ? substepTargets(state, within, input, substeps) : null;
  timings.fitting += (performance.now() - clock) / 1000;
  clock = performance.now();
  const contact = controls.contact;
  if (contact && !state.stepperContact) {
    state.stepper.destroy();
    state.stepper = state.backend.createStepper(state.model, { contact: true });
    state.stepper.setState(state.state);
    state.stepperContact = true;
  }
  const { stepper } = state;
  const frame = volumeFrameControls(state, previousTargets, targets, contact);
  let diagnostics: VbdStepDiagnostics;
  if (contact && state.backend.kind !== 'cpu') {
    // A device's step has no host hook between its substeps: the contact surface of each substep (its detail
    // offsets from the state, the colliders and the input at its ends) is set between calls of one substep each,
    // from the state read after the last (the CPU's beforeSubstep, with one readback a substep).
    const { substepStart, substepEnd } = state;
    diagnostics = {
      substeps: 0,
      iterations: 0,
      colorCount: state.model.colorCount,
      skippedSolves: 0,
      clampedRestTets: 0,
      residuals: [],
      initialForceNorms: [],
      corrections: [],
    };
    for (let s = 0; s < substeps; s++) {
      lerpArrays(previousTargets, targets, s / substeps, substepStart);
      lerpArrays(previousTargets, targets, (s + 1) / substeps, substepEnd);
      contact.beginSteps(substepEnd, s / substeps, (s + 1) / substeps, state.state.positions);
      stepper.step(
        { ...frame, substeps: 1, targetsStart: substepStart, targets: substepEnd, residuals: s === substeps - 1 ? 'lastSubstep' : 'none' },
        dt / substeps,
      );
      addStepDiagnostics(diagnostics, await stepper.readState(state.state));
    }
  } else if (subframe) {
    for (let s = 0; s < substeps; s++)
      stepper.step(
        { ...frame, substeps: 1, targetsStart: subframe[s], targets: subframe[s + 1], residuals: s === substeps - 1 ? 'lastSubstep' : 'none' },
        dt / substeps,
      );
    diagnostics = await stepper.readState(state.state);
  } else {
    stepper.step({ ...frame, beforeSubstep: contact ? state.contactSurface : undefined }, dt);
    diagnostics = await stepper.readState(state.state);
  }
  state.clampedRestTets += diagnostics.clampedRestTets;
  // The remaining error as a fraction of the lattice cell (the bake's convergence measure).
  diagnostics.corrections = diagnostics.corrections.map((c) => c / embedding.cellSize);
  state.stats.clampedRestTets = state.clampedRestTets;
  timings.simulation += (performance.now() - clock) / 1000;
  return diagnostics;
}
