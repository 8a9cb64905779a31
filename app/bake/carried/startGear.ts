import { initialMotion } from '../initialMotion.ts';
import { stepGearSwing } from '../stepGearSwing.ts';
import { GEAR_DAMPING_RATIO, ORIENTATION, PIVOT_VELOCITY, SPIN, type CarriedState, type CarrierStart, type Gear } from './carriedState.ts';
import { gearHinge } from './gearHinge.ts';
import { gearOrientation } from './gearOrientation.ts';
import { gearState } from './gearState.ts';
import { gearTurn } from './gearTurn.ts';
import { quaternionMatrix } from '../../math/mat3/index.ts';
import { toRestFrame } from './toRestFrame.ts';
import { strided6Dot } from '../../math/index.ts';

/**
 * A gear's state at the first frame. A start in motion: the pivot's and the orientation's velocity, acceleration and
 * jerk from the samples `spacing` apart (initialMotion, as the lattice's start), the gear in the steady motion of that
 * acceleration changing at that jerk (its lag and the lag's rate): per mode of M q̈ + C q̇ + (K/w) q = −M f with
 * f(t) = f₀ + ḟt (ωᵢ² = λᵢ/w), ηᵢ = (−gᵢ + 2ζġᵢ/ωᵢ)/ωᵢ², η̇ᵢ = −ġᵢ/ωᵢ², g = ΦᵀM f₀ and ġ = ΦᵀM ḟ in the gear's frame.
 * A loop's start (its pre-roll settles the gear): at rest with the animation. The stored velocities are the last
 * interval's, at t − dt/2, as the impulses read them.
 *
 * @param state     the carried shells; the gear's state written
 * @param gear      the gear
 * @param input     #V×3 its mesh's input at the first frame
 * @param weight    the gear's weight in [0, 1] (0: it follows its host)
 * @param dt        one frame [s]
 * @param previous  #V×3 the input one frame before (a loop's start), if any
 * @param start     the input around the first frame (a start in motion), if any
 */
export function startGear(
  state: CarriedState,
  gear: Gear,
  input: Float32Array,
  weight: number,
  dt: number,
  previous: Float32Array | undefined,
  start: CarrierStart | null | undefined,
): void {
  const { rotation, swing } = state.scratch;
  const s = gearState(state, gear);
  s.fill(0);
  const q0 = gearOrientation(state, gear, input, s.subarray(ORIENTATION, ORIENTATION + 4));
  if (start) {
    const { spacing } = start;
    // The pivot path and the orientation (rotation vectors from the first) at the samples, then their velocity,
    // acceleration and jerk by initialMotion's differences.
    const samples = [start.previous, input, start.next, start.afterNext, start.later];
    const hinges = samples.map((p) => (p ? gearHinge(gear, p, new Float64Array(3)) : null));
    const turns = samples.map((p, i) => (p ? (i === 1 ? new Float64Array(3) : gearTurn(state, gear, p, q0)) : null));
    const pack = (values: Array<Float64Array | null>): Array<Float64Array | null> => values.map((h, i) => (h ? Float64Array.from([...h, ...turns[i]!]) : null));
    const [before, now, one, two, three] = pack(hinges);
    const velocity = new Float64Array(6);
    const forcing = new Float64Array(6);
    const jerk = new Float64Array(6);
    initialMotion(before, now!, one!, two!, three!, spacing, velocity, forcing, jerk);
    for (let c = 0; c < 6; c++) s[PIVOT_VELOCITY + c] = velocity[c] - 0.5 * dt * forcing[c];
    if (weight > 0) {
      quaternionMatrix(q0, rotation);
      toRestFrame(rotation, forcing, forcing);
      toRestFrame(rotation, jerk, jerk);
      const { model } = gear;
      swing.displacement.fill(0);
      swing.rate.fill(0);
      for (let i = 0; i < 6; i++) {
        const g = strided6Dot(model.projection, 6 * i, 1, forcing, 0, 1);
        const gRate = strided6Dot(model.projection, 6 * i, 1, jerk, 0, 1);
        const omega2 = model.eigenvalues[i] / weight;
        const eta = (-g + (2 * GEAR_DAMPING_RATIO * gRate) / Math.sqrt(omega2)) / omega2;
        const etaRate = -gRate / omega2;
        for (let r = 0; r < 6; r++) {
          swing.displacement[r] += model.modes[6 * r + i] * eta;
          swing.rate[r] += model.modes[6 * r + i] * etaRate;
        }
      }
      stepGearSwing(model, swing, { weight, zeta: GEAR_DAMPING_RATIO, maxStep: state.maxStep }, 0);
      s.set(swing.displacement, 0);
      s.set(swing.rate, 6);
    }
  } else if (previous) {
    const h0 = gearHinge(gear, input, new Float64Array(3));
    const hp = gearHinge(gear, previous, new Float64Array(3));
    const rp = gearTurn(state, gear, previous, q0);
    for (let c = 0; c < 3; c++) {
      s[PIVOT_VELOCITY + c] = (h0[c] - hp[c]) / dt;
      s[SPIN + c] = -rp[c] / dt;
    }
  }
}
