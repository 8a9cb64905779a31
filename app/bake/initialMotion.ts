/** What a simulation's start knows of the input around its first frame (MeshSimulation.start), samples `spacing` apart. */
export interface StartMotion {
  /**
   * #V×3 the input one sample before the first [m], or null at a clip's start (the time before it is clamped to the
   * first pose, which says nothing of the motion)
   */
  previous: Float32Array | null;
  /** #V×3 the input one and two samples after the first [m] */
  next: Float32Array;
  afterNext: Float32Array;
}

/**
 * The velocity and acceleration of a trajectory sampled every dt at its first sample, by finite differences of second
 * order: with the sample before it, the central differences v = (x₁ − x₋₁)/2dt, a = (x₁ − 2x₀ + x₋₁)/dt²; without it,
 * the one-sided v = (−3x₀ + 4x₁ − x₂)/2dt and a = (x₂ − 2x₁ + x₀)/dt² (the acceleration at t + dt, first order at t).
 * A clip that starts in motion starts its simulation with this velocity and settles into the lag this acceleration
 * asks for (createVolumeSimulation's start); a first velocity of (x₀ − x₋₁)/dt with x₋₁ clamped to x₀ was 0, and the
 * body was kicked into the clip's motion on its first frame (issue 37: 1.37 cm on a run's frame 1).
 *
 * @param previous   #N×3 the sample before the first, or null when unknown
 * @param current    #N×3 the first sample
 * @param next       #N×3 the samples dt and 2dt after it
 * @param afterNext
 * @param dt         the spacing [s]
 * @param velocity      out #N×3 [m/s]
 * @param acceleration  out #N×3 [m/s²]
 */
export function initialMotion(
  previous: ArrayLike<number> | null,
  current: ArrayLike<number>,
  next: ArrayLike<number>,
  afterNext: ArrayLike<number>,
  dt: number,
  velocity: Float64Array,
  acceleration: Float64Array,
): void {
  const n = current.length;
  if (next.length !== n || afterNext.length !== n || (previous && previous.length !== n) || velocity.length !== n || acceleration.length !== n) {
    throw new Error(`initialMotion: the samples and outputs must all have ${n} numbers`);
  }
  if (!(dt > 0)) throw new Error(`initialMotion: dt must be > 0 s, got ${dt}`);
  for (let k = 0; k < n; k++) {
    if (previous) {
      velocity[k] = (next[k] - previous[k]) / (2 * dt);
      acceleration[k] = (next[k] - 2 * current[k] + previous[k]) / (dt * dt);
    } else {
      velocity[k] = (-3 * current[k] + 4 * next[k] - afterNext[k]) / (2 * dt);
      acceleration[k] = (afterNext[k] - 2 * next[k] + current[k]) / (dt * dt);
    }
  }
}
