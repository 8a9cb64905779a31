import type { MeshSimulationSnapshot } from '../meshSimulation.ts';
import type { VolumeState } from './volumeState.ts';

/**
 * Everything that decides a volume simulation's next frames, as copies (MeshSimulation.snapshot): the lattice's VBD
 * state, the fitted targets of the last two frames, the detail rotations, the fitter's warm start, the clamped count.
 *
 * @param state  the simulation, between frames
 * @returns the snapshot (restoreVolume reads it)
 */
export function volumeSnapshot(state: VolumeState): MeshSimulationSnapshot {
  const warm = state.fitter.warmState();
  const lattice = state.state;
  return {
    positions: Float64Array.from(lattice.positions),
    velocities: Float64Array.from(lattice.velocities),
    previousVelocities: Float64Array.from(lattice.previousVelocities),
    targets: Float64Array.from(state.targets),
    previousTargets: Float64Array.from(state.previousTargets),
    quaternions: Float64Array.from(state.quaternions),
    fitterRotations: warm.rotations,
    fitterColdStart: warm.coldStart,
    clampedRestTets: state.clampedRestTets,
  };
}
