import { createVbdState } from '../../solvers/vbd/index.ts';
import type { MeshSimulationSnapshot } from '../meshSimulation.ts';
import type { VolumeState } from './volumeState.ts';

/**
 * Continues a volume simulation from volumeSnapshot of one built the same way (same mesh, settings, backend kind): the
 * lattice's state (and the stepper's), the targets, the detail rotations, the fitter's warm start, the clamped count.
 *
 * @param state     the simulation, written
 * @param snapshot  a volume snapshot
 * @throws Error when the snapshot is not a volume simulation's (no targets, rotations or warm start)
 */
export function restoreVolume(state: VolumeState, snapshot: MeshSimulationSnapshot): void {
  if (!snapshot.targets || !snapshot.previousTargets || !snapshot.quaternions || !snapshot.fitterRotations)
    throw new Error('restore: not a volume simulation snapshot');
  state.state = createVbdState(state.model, { positions: snapshot.positions, velocities: snapshot.velocities });
  state.state.previousVelocities.set(snapshot.previousVelocities);
  state.stepper.setState(state.state);
  state.targets.set(snapshot.targets);
  state.previousTargets.set(snapshot.previousTargets);
  state.quaternions.set(snapshot.quaternions);
  state.fitter.setWarmState({ rotations: snapshot.fitterRotations, coldStart: snapshot.fitterColdStart ?? false });
  state.clampedRestTets = snapshot.clampedRestTets ?? 0;
  state.stats.clampedRestTets = state.clampedRestTets;
}
