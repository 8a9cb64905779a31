import { closestRotation } from './closestRotation.ts';

/**
 * closestRotation of F warm-started from, and stored back into, slot `index` of a #K×4 quaternion array: the
 * per-element rotation fit of every local step of ARAP (seed 004 §3.2, "the best rotation … via polar
 * decomposition") and of the fitting's Φ (seed 004 Eq. 4.1, tetTargetFitter). Warm starts from the previous
 * iteration make each fit one or two Newton steps.
 *
 * @param F              9 numbers, row-major 3×3 (a deformation gradient or a covariance)
 * @param quaternions    #K×4 unit quaternions x, y, z, w; slot `index` is read as the warm start and overwritten
 * @param index          which slot
 * @param scratch        4 numbers of caller-owned scratch (nothing is allocated)
 * @param rotationOut    9 numbers receiving R row-major
 * @param initialize     start from F's own quaternion instead of the stored one
 * @param maxIterations  iteration cap of closestRotation
 * @param newtonStop     closestRotation's early stop after a small Newton step [rad] (default 0: none)
 * @returns rotationOut
 */
export function warmStartedRotation(
  F: ArrayLike<number>,
  quaternions: Float64Array,
  index: number,
  scratch: Float64Array,
  rotationOut: Float64Array,
  initialize: boolean,
  maxIterations: number,
  newtonStop = 0,
): Float64Array {
  const o = 4 * index;
  scratch[0] = quaternions[o];
  scratch[1] = quaternions[o + 1];
  scratch[2] = quaternions[o + 2];
  scratch[3] = quaternions[o + 3];
  closestRotation(F, scratch, rotationOut, initialize, maxIterations, newtonStop);
  quaternions[o] = scratch[0];
  quaternions[o + 1] = scratch[1];
  quaternions[o + 2] = scratch[2];
  quaternions[o + 3] = scratch[3];
  return rotationOut;
}
