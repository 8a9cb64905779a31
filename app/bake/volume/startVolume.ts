import { createVbdState } from '../../solvers/vbd/index.ts';
import { initialMotion, type StartMotion } from '../initialMotion.ts';
import type { MeshSimulationTimings } from '../meshSimulation.ts';
import { settledStartLag } from './settledStartLag.ts';
import type { VolumeState } from './volumeState.ts';

/**
 * The lattice at the first simulated frame (MeshSimulation.start): both frames fitted (tetTargetFitter, seed 004
 * Eq. 4.1), the state on the targets. Without `motion`, moving with the targets' velocity (ū(t) − ū(t − dt))/dt. With
 * it, moving with the velocity initialMotion finds over the fits of the input samples `motion` holds (the fitter's warm
 * start put back after this look-ahead, so the frames after are fitted as without it) and, without contact, settled
 * into the lag of its first acceleration (settledStartLag).
 *
 * @param state          the simulation; targets, previousTargets, state.state and the stepper's state set
 * @param input          #S×3 the animated surface at the first frame
 * @param previousInput  #S×3 the one a frame before
 * @param dt             one frame [s]
 * @param timings        fitting and simulation seconds added
 * @param motion         the input around the first frame, for a start in motion
 * @param spacing        the samples' spacing in `motion` [s]
 */
export async function startVolume(
  state: VolumeState,
  input: Float32Array,
  previousInput: Float32Array,
  dt: number,
  timings: MeshSimulationTimings,
  motion: StartMotion | undefined,
  spacing: number,
): Promise<void> {
  const { fitter, targets, previousTargets, embedding, model } = state;
  let begin = performance.now();
  fitter.fit(previousInput, previousTargets, embedding.positions);
  fitter.fit(input, targets, previousTargets);
  const velocities = new Float64Array(targets.length);
  if (!motion) {
    for (let k = 0; k < targets.length; k++) velocities[k] = (targets[k] - previousTargets[k]) / dt;
    state.state = createVbdState(model, { positions: targets, velocities });
    state.stepper.setState(state.state);
    timings.fitting += (performance.now() - begin) / 1000;
    return;
  }
  const warm = fitter.warmState();
  const before = motion.previous ? new Float64Array(targets.length) : null;
  const next = new Float64Array(targets.length);
  const afterNext = new Float64Array(targets.length);
  const later = new Float64Array(targets.length);
  if (before && motion.previous) fitter.fit(motion.previous, before, targets);
  fitter.fit(motion.next, next, targets);
  fitter.fit(motion.afterNext, afterNext, next);
  fitter.fit(motion.later, later, afterNext);
  fitter.setWarmState(warm);
  const accelerations = new Float64Array(targets.length);
  const jerks = new Float64Array(targets.length);
  initialMotion(before, targets, next, afterNext, later, spacing, velocities, accelerations, jerks);
  timings.fitting += (performance.now() - begin) / 1000;
  begin = performance.now();
  state.state = createVbdState(model, { positions: targets });
  state.stepper.setState(state.state);
  if (!state.controls.contact) await settledStartLag(state, accelerations, jerks, dt);
  const lattice = state.state;
  for (let k = 0; k < velocities.length; k++) {
    lattice.velocities[k] += velocities[k];
    lattice.previousVelocities[k] = lattice.velocities[k];
  }
  state.stepper.setState(lattice);
  timings.simulation += (performance.now() - begin) / 1000;
}
