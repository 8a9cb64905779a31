import type { VolumeState } from './volumeState.ts';
import { volumeFrameControls } from './volumeFrameControls.ts';

/**
 * A clip that starts in motion (MeshSimulation.start with a StartMotion): the lattice settles into the lag of its first
 * frame's acceleration over this long before the first frame [s], the acceleration ramped in (smootherstep) over the
 * first START_RAMP_SECONDS, with START_EXTRA_DAMPING [1/s] of mass-proportional damping on top of the material's
 * (critical for a 1 Hz mode) so the settling does not ring into the bake.
 */
export const START_SETTLE_SECONDS = 0.5;
const START_RAMP_SECONDS = 0.3;
const START_EXTRA_DAMPING = 12;

const smootherstep = (t: number): number => t * t * t * (t * (6 * t - 15) + 10);

/**
 * Settles the lattice into the lag its first frame's acceleration asks for, in the animation's frame (equivalence
 * principle: the targets held at the first pose, each lattice vertex's acceleration a₀ applied as −a₀), ramped in and
 * damped harder than the material so the pre-roll itself does not ring. The acceleration follows its extrapolation
 * a₀ + j₀τ back in time (τ ≤ 0 before the first frame), so the lag arrives moving as it will; the extra damping acts
 * while it ramps in only. ⌈START_SETTLE_SECONDS/dt⌉ step calls of dt each, then the state is read back.
 *
 * @param state          the simulation, its stepper at the targets (state.state read back after)
 * @param accelerations  #L×3 a₀ of each lattice vertex at the first frame [m/s²]
 * @param jerks          #L×3 j₀ [m/s³]
 * @param dt             one frame [s]
 */
export async function settledStartLag(state: VolumeState, accelerations: Float64Array, jerks: Float64Array, dt: number): Promise<void> {
  const { targets, stepper, material } = state;
  const extra = new Float64Array(targets.length);
  const calls = Math.ceil(START_SETTLE_SECONDS / dt);
  for (let c = 0; c < calls; c++) {
    const elapsed = (c + 1) * dt;
    const ramp = smootherstep(Math.min(1, elapsed / START_RAMP_SECONDS));
    const tau = elapsed - calls * dt;
    for (let k = 0; k < extra.length; k++) extra[k] = -ramp * (accelerations[k] + tau * jerks[k]);
    const damping = (material.massDamping ?? 0) + (elapsed <= START_RAMP_SECONDS ? START_EXTRA_DAMPING : 0);
    stepper.step(
      { ...volumeFrameControls(state, targets, targets), targetDamping: damping, externalAccelerations: extra, residuals: 'none', correctionTolerance: 0 },
      dt,
    );
  }
  await stepper.readState(state.state);
}
