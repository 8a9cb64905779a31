import { VbdBackendError } from '../../solvers/vbd/index.ts';
import type { MeshSimulationTimings } from '../meshSimulation.ts';
import type { VolumeState } from './volumeState.ts';

/**
 * The detail transfer (seed 004 Eq. 4.10, as detailTransfer) on the backend's device when it has one (WebGPU:
 * kernels/embedding, f32) and the frame has no contact (whose checks and corrections read the CPU's surface). The
 * device's runner is made at the first use; a device that cannot make it (a limit, memory) or whose run fails (a lost
 * device: VbdBackendError) leaves the CPU's from then on, which computes the same surface in f64.
 *
 * @param state    the simulation (targets, lattice state, quaternions); deviceTransfer and deviceTransferFailed updated
 * @param input    #S×3 the animated surface
 * @param out      #S×3 the simulated surface, written when transferred
 * @param timings  transfer seconds added
 * @returns whether the device transferred (false: the CPU must)
 */
export async function detailTransferOnDevice(
  state: VolumeState,
  input: ArrayLike<number>,
  out: Float32Array | Float64Array,
  timings: MeshSimulationTimings,
): Promise<boolean> {
  if (state.deviceTransferFailed || state.controls.contact) return false;
  const clock = performance.now();
  if (!state.deviceTransfer) {
    try {
      state.deviceTransfer = await state.backend.createDetailTransfer!(state.embedding, state.spline);
    } catch {
      // A speed-up only: the CPU's computes the same surface.
      state.deviceTransferFailed = true;
      return false;
    }
  }
  try {
    await state.deviceTransfer.run(state.targets, state.state.positions, input, out, state.quaternions);
  } catch (error) {
    if (!(error instanceof VbdBackendError)) throw error;
    state.deviceTransferFailed = true;
    state.deviceTransfer?.destroy();
    state.deviceTransfer = undefined;
    return false;
  }
  timings.transfer += (performance.now() - clock) / 1000;
  return true;
}
