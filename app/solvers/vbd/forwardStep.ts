import type { VbdWorkspace } from './createVbdWorkspace.ts';
import type { FloatArray, VbdCallParameters, VbdInitialization } from './types.ts';

/**
 * Start of a substep (seed 000 Algorithm 1 lines 1–3): store x^t, form the inertia target y = x^t + h v^t + h² a_ext
 * (Eq. 2.3), write the initial guess (§3.1.7), and place pinned vertices on their targets.
 *
 * Initial guesses: 'previous' (a) x = x^t; 'inertia' (b) x = x^t + h v^t; 'inertiaAcceleration' (c) x = y;
 * 'adaptive' (d) x = x^t + h v^t + h² ã with ã = ã_s a_ext and, from the previous acceleration a^t = (v^t − v^{t−1})/h
 * projected on â_ext (Eq. 3.14): ã_s = 1 if a^t·â_ext > ‖a_ext‖, 0 if it is < 0, (a^t·â_ext)/‖a_ext‖ otherwise
 * (ã = 0 where a_ext = 0). In quasistatic mode the guess is always x^t (there is no velocity).
 *
 * @param positions           #V×3 x^t on entry, the initial guess on exit [m]
 * @param velocities          #V×3 v^t [m/s]
 * @param previousVelocities  #V×3 v^{t−1} [m/s]
 * @param workspace           reads accelerations (#V×3 a_ext), pinned, targets; writes positionsStart, inertiaTarget
 * @param callParameters      this call's h and quasistatic mode (createVbdCallParameters)
 * @param initialization      which guess
 */
export function forwardStep(
  positions: FloatArray,
  velocities: FloatArray,
  previousVelocities: FloatArray,
  workspace: VbdWorkspace,
  callParameters: VbdCallParameters,
  initialization: VbdInitialization,
): void {
  const h = callParameters.timeStep;
  const start = workspace.positionsStart;
  const y = workspace.inertiaTarget;
  const a = workspace.accelerations;
  const pinned = workspace.pinned;
  const targets = workspace.targets;
  const vertexCount = pinned.length;
  for (let v = 0; v < vertexCount; v++) {
    const o = 3 * v;
    const x0 = positions[o];
    const x1 = positions[o + 1];
    const x2 = positions[o + 2];
    start[o] = x0;
    start[o + 1] = x1;
    start[o + 2] = x2;
    const v0 = velocities[o];
    const v1 = velocities[o + 1];
    const v2 = velocities[o + 2];
    const a0 = a[o];
    const a1 = a[o + 1];
    const a2 = a[o + 2];
    y[o] = x0 + h * v0 + h * h * a0;
    y[o + 1] = x1 + h * v1 + h * h * a1;
    y[o + 2] = x2 + h * v2 + h * h * a2;
    if (pinned[v] !== 0) {
      positions[o] = targets[o];
      positions[o + 1] = targets[o + 1];
      positions[o + 2] = targets[o + 2];
      continue;
    }
    if (callParameters.quasistatic || initialization === 'previous') continue;
    if (initialization === 'inertiaAcceleration') {
      positions[o] = y[o];
      positions[o + 1] = y[o + 1];
      positions[o + 2] = y[o + 2];
      continue;
    }
    let scale = 0;
    if (initialization === 'adaptive') {
      const norm = Math.sqrt(a0 * a0 + a1 * a1 + a2 * a2);
      if (norm > 0) {
        const along = ((v0 - previousVelocities[o]) * a0 + (v1 - previousVelocities[o + 1]) * a1 + (v2 - previousVelocities[o + 2]) * a2) / (h * norm);
        scale = along > norm ? 1 : along < 0 ? 0 : along / norm;
      }
    }
    positions[o] = x0 + h * v0 + h * h * scale * a0;
    positions[o + 1] = x1 + h * v1 + h * h * scale * a1;
    positions[o + 2] = x2 + h * v2 + h * h * scale * a2;
  }
}
