/** What a simulation's start knows of the input around its first frame (MeshSimulation.start), samples `spacing` apart. */
export interface StartMotion {
  /**
   * #V×3 the input one sample before the first [m], or null at a clip's start (the time before it is clamped to the
   * first pose, which says nothing of the motion)
   */
  previous: Float32Array | null;
  /** #V×3 the input one, two and three samples after the first [m] */
  next: Float32Array;
  afterNext: Float32Array;
  later: Float32Array;
}

/**
 * The velocity, acceleration and jerk of a trajectory sampled every dt at its first sample, by finite differences: with
 * the sample before it, the central v = (x₁ − x₋₁)/2dt, a = (x₁ − 2x₀ + x₋₁)/dt² and j = (x₂ − 3x₁ + 3x₀ − x₋₁)/dt³
 * (at t + dt/2); without it, the one-sided v = (−3x₀ + 4x₁ − x₂)/2dt, a = (2x₀ − 5x₁ + 4x₂ − x₃)/dt² and
 * j = (x₃ − 3x₂ + 3x₁ − x₀)/dt³. A clip that starts in motion starts its simulation with this velocity, settled into
 * the lag of this acceleration changing at this jerk (createVolumeSimulation's start); a first velocity of
 * (x₀ − x₋₁)/dt with x₋₁ clamped to x₀ was 0, and the body was kicked into the clip's motion on its first frame
 * (issue 37: 1.37 cm on a run's frame 1). The acceleration and the jerk are shrunk by what the samples' float32
 * rounding alone can make of them (SAMPLE_ROUNDING).
 *
 * @param previous   #N×3 the sample before the first, or null when unknown
 * @param current    #N×3 the first sample
 * @param next       #N×3 the samples dt, 2dt and 3dt after it
 * @param afterNext
 * @param later
 * @param dt         the spacing [s]
 * @param velocity      out #N×3 [m/s]
 * @param acceleration  out #N×3 [m/s²]
 * @param jerk          out #N×3 [m/s³]
 */
export function initialMotion(
  previous: ArrayLike<number> | null,
  current: ArrayLike<number>,
  next: ArrayLike<number>,
  afterNext: ArrayLike<number>,
  later: ArrayLike<number>,
  dt: number,
  velocity: Float64Array,
  acceleration: Float64Array,
  jerk: Float64Array,
): void {
  const n = current.length;
  if (
    next.length !== n ||
    afterNext.length !== n ||
    later.length !== n ||
    (previous && previous.length !== n) ||
    velocity.length !== n ||
    acceleration.length !== n ||
    jerk.length !== n
  ) {
    throw new Error(`initialMotion: the samples and outputs must all have ${n} numbers`);
  }
  if (!(dt > 0)) throw new Error(`initialMotion: dt must be > 0 s, got ${dt}`);
  for (let k = 0; k < n; k++) {
    // The samples' rounding noise: a few float32 roundings of the largest coordinate (the evaluated input is float32,
    // and the lattice's samples are fits of it).
    const noise =
      SAMPLE_ROUNDING * Math.max(Math.abs(current[k]), Math.abs(next[k]), Math.abs(afterNext[k]), Math.abs(later[k]), previous ? Math.abs(previous[k]) : 0);
    if (previous) {
      velocity[k] = (next[k] - previous[k]) / (2 * dt);
      acceleration[k] = shrink((next[k] - 2 * current[k] + previous[k]) / (dt * dt), (4 * noise) / (dt * dt));
      jerk[k] = shrink((afterNext[k] - 3 * next[k] + 3 * current[k] - previous[k]) / (dt * dt * dt), (8 * noise) / (dt * dt * dt));
    } else {
      velocity[k] = (-3 * current[k] + 4 * next[k] - afterNext[k]) / (2 * dt);
      acceleration[k] = shrink((2 * current[k] - 5 * next[k] + 4 * afterNext[k] - later[k]) / (dt * dt), (12 * noise) / (dt * dt));
      jerk[k] = shrink((later[k] - 3 * afterNext[k] + 3 * next[k] - current[k]) / (dt * dt * dt), (8 * noise) / (dt * dt * dt));
    }
  }
}

/**
 * Relative rounding of an evaluated float32 sample: four roundings of 2⁻²⁴ (the keyframe, its interpolation, the skin
 * or node transform and the world transform). A finite difference of order n is the sum of the samples times
 * coefficients whose absolute values sum to S, over dtⁿ, so rounding alone can make it as large as S·noise/dtⁿ; that
 * much is noise, and is shrunk away (soft threshold) in the acceleration and the jerk. Without it a cube translated at
 * constant velocity got a jerk of 6e-3 m/s³ from its samples (x ≈ 0.25 m, dt 1/30 s), which the start's extrapolation
 * a₀ + j₀τ over 0.5 s turned into 3 µm of false lag (bakeAnimation.test's Galilean check allows 0.5 µm); a real clip's
 * jerk (m/s³ and more) loses a negligible part.
 */
const SAMPLE_ROUNDING = 4 * 2 ** -24;

/** x moved toward 0 by `by`, and 0 within it. */
function shrink(x: number, by: number): number {
  return x > by ? x - by : x < -by ? x + by : 0;
}
