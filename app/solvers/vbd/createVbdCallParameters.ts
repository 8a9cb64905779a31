import type { VbdCallParameters, VbdContactData } from './types.ts';

/**
 * The per-call parameters of a VBD step (seed 000 Algorithm 1: h and the inertia weight 1/h² of Eq. 2.6), built once
 * per `step` call and passed down to the vertex solves as an argument, so that the workspace holds buffers only.
 * Quasistatic mode drops inertia and damping: 1/h and 1/h² are 0 there (h itself stays, for contact's friction).
 *
 * @param timeStep  substep length h [s], > 0
 * @param options   quasistatic (false), equilibrium: subtract the elastic forces at the targets (false),
 *                  lineSearch (false), contact: the data the vertex solves gather from (null)
 * @returns a frozen-by-type parameter object (one small allocation per call, none per vertex)
 */
export function createVbdCallParameters(
  timeStep: number,
  options: { quasistatic?: boolean; equilibrium?: boolean; lineSearch?: boolean; contact?: VbdContactData | null } = {},
): VbdCallParameters {
  if (!(timeStep > 0) || !Number.isFinite(timeStep)) throw new Error(`createVbdCallParameters: timeStep must be a positive number of seconds, got ${timeStep}`);
  const quasistatic = options.quasistatic ?? false;
  return {
    timeStep,
    inverseTimeStep: quasistatic ? 0 : 1 / timeStep,
    inverseTimeStepSquared: quasistatic ? 0 : 1 / (timeStep * timeStep),
    quasistatic,
    equilibrium: options.equilibrium ?? false,
    lineSearch: options.lineSearch ?? false,
    contact: options.contact ?? null,
  };
}
