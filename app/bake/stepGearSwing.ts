import type { GearSwingModel } from './gearSwingModel.ts';
import { strided6Dot } from '../math/index.ts';

/** The state of a piece of gear: its generalized displacement and velocity in its own frame (gearSwingModel). */
export interface GearSwingState {
  /** q = (u, θ): the hinge's displacement [file units] and the rotation vector about it [rad] */
  displacement: Float64Array;
  /** q̇ */
  rate: Float64Array;
}

/** What drives one step besides the model. */
export interface GearSwingControls {
  /** the gear's weight in (0, 1]: the connection's stiffness is K/w (the weight is how much of the lag shows) */
  weight: number;
  /** ζ, the damping ratio of every mode (a modal damping C = Σ 2ζωᵢ Mφᵢφᵢᵀ M) */
  zeta: number;
  /** the longest interval between two applications of the limits [s] */
  maxStep: number;
}

/**
 * Advances a piece of gear by dt between two impulses: M q̈ + C q̇ + (K/w) q = 0 with a modal damping of ratio ζ, whose
 * modes (gearSwingModel) are independent damped oscillators η̈ᵢ + 2ζωᵢη̇ᵢ + ωᵢ²ηᵢ = 0, ωᵢ² = λᵢ/w, each integrated
 * exactly (the 2×2 transition matrix of an under-, critically or over-damped oscillator) over ⌈dt/maxStep⌉ equal
 * intervals, after each of which the limits act. The host's and
 * the animation's motion reach the gear as impulses at the frames (carriedShells): q̇ −= (Δv, Δω), exact for a pivot
 * path linear between frames, so the motion is that of the continuous system sampled at any frame rate, up to that
 * interpolation, and unconditionally stable.
 *
 * Why: a rigid body carried at a pivot p(t) by a frame turning at ω_a(t), held to them by a spring K and a damper C,
 * obeys M q̈ + C q̇ + K q = −M (p̈, ω̇_a) for small q (the inertial forces of the accelerated frame, per unit mass).
 *
 * Limits (an inelastic stop, as a strap going taut or a piece landing back on its host): each one-sided limit g·q ≥ 0
 * that q violates is projected out in the metric of M⁻¹ (the displacement an impulse along g makes), and its rate into
 * the limit with it; then |θ| ≤ maxAngle and |u| ≤ maxShift, their rates outward stopped.
 *
 * @param model     the modes, the limits (gearSwingModel)
 * @param state     q, q̇ in the gear's frame (updated in place)
 * @param controls  weight, damping ratio, the longest interval between limits
 * @param dt        the time advanced [s] (0: the limits alone)
 */
export function stepGearSwing(model: GearSwingModel, state: GearSwingState, controls: GearSwingControls, dt: number): void {
  const { weight, zeta, maxStep } = controls;
  if (!(dt >= 0)) throw new Error(`stepGearSwing: dt must be ≥ 0 s, got ${dt}`);
  if (!(weight > 0 && weight <= 1)) throw new Error(`stepGearSwing: the weight must be in (0, 1], got ${weight}`);
  if (!(zeta >= 0)) throw new Error(`stepGearSwing: the damping ratio must be ≥ 0, got ${zeta}`);
  const { displacement: q, rate: v } = state;
  if (dt > 0) {
    const intervals = Math.max(1, Math.ceil(dt / maxStep - 1e-9));
    const h = dt / intervals;
    for (let i = 0; i < 6; i++) {
      const omega = Math.sqrt(model.eigenvalues[i] / weight);
      transition(omega, zeta, h, _transitions, 4 * i);
    }
    for (let step = 0; step < intervals; step++) {
      // η = ΦᵀMq, η̇ = ΦᵀMq̇; advance each mode; back: q = Φη.
      for (let i = 0; i < 6; i++) {
        const eta = strided6Dot(model.projection, 6 * i, 1, q, 0, 1);
        const etaRate = strided6Dot(model.projection, 6 * i, 1, v, 0, 1);
        const m = 4 * i;
        _eta[i] = _transitions[m] * eta + _transitions[m + 1] * etaRate;
        _etaRate[i] = _transitions[m + 2] * eta + _transitions[m + 3] * etaRate;
      }
      for (let r = 0; r < 6; r++) {
        q[r] = strided6Dot(model.modes, 6 * r, 1, _eta, 0, 1);
        v[r] = strided6Dot(model.modes, 6 * r, 1, _etaRate, 0, 1);
      }
      limit(model, q, v);
    }
  } else {
    limit(model, q, v);
  }
}

/** The limits of gearSwingModel on q, q̇ (in place): one-sided projections in the M⁻¹ metric, then the caps. */
function limit(model: GearSwingModel, q: Float64Array, v: Float64Array): void {
  const { limits, massInverse } = model;
  for (let pass = 0; pass < 2; pass++) {
    for (let j = 0; j < limits.length; j += 6) {
      const gq = strided6Dot(limits, j, 1, q, 0, 1);
      const gv = strided6Dot(limits, j, 1, v, 0, 1);
      if (gq >= 0 && (gq > 0 || gv >= 0)) continue;
      // w = M⁻¹g, and gᵀM⁻¹g
      let gwg = 0;
      for (let r = 0; r < 6; r++) {
        const sum = strided6Dot(massInverse, 6 * r, 1, limits, j, 1);
        _w[r] = sum;
        gwg += limits[j + r] * sum;
      }
      if (!(gwg > 0)) continue;
      if (gq < 0) for (let r = 0; r < 6; r++) q[r] -= (gq / gwg) * _w[r];
      if (gv < 0) for (let r = 0; r < 6; r++) v[r] -= (gv / gwg) * _w[r];
    }
  }
  cap(q, v, 0, model.maxShift);
  cap(q, v, 3, model.maxAngle);
}

/** |x| ≤ largest for the 3-vector at `offset` of q, its rate outward removed there. */
function cap(q: Float64Array, v: Float64Array, offset: number, largest: number): void {
  const size = Math.hypot(q[offset], q[offset + 1], q[offset + 2]);
  if (!(size > largest)) return;
  const speed = (v[offset] * q[offset] + v[offset + 1] * q[offset + 1] + v[offset + 2] * q[offset + 2]) / size;
  for (let c = 0; c < 3; c++) {
    if (speed > 0) v[offset + c] -= (speed * q[offset + c]) / size;
    q[offset + c] *= largest / size;
  }
}

/**
 * The transition matrix [a b; c d] of (x, ẋ) over time t for ẍ + 2ζωẋ + ω²x = 0 (x(t) = a·x₀ + b·ẋ₀,
 * ẋ(t) = c·x₀ + d·ẋ₀; under-, critically and over-damped), into out from `offset`.
 */
function transition(omega: number, zeta: number, t: number, out: Float64Array, offset: number): void {
  const decay = Math.exp(-zeta * omega * t);
  const mu = omega * Math.sqrt(Math.abs(1 - zeta * zeta));
  let C: number;
  let SoverMu: number;
  if (mu * t < 1e-6) {
    // Critically damped (to rounding): cos → 1, sin(μt)/μ → t.
    C = 1;
    SoverMu = t;
  } else if (zeta < 1) {
    C = Math.cos(mu * t);
    SoverMu = Math.sin(mu * t) / mu;
  } else {
    C = Math.cosh(mu * t);
    SoverMu = Math.sinh(mu * t) / mu;
  }
  out[offset] = decay * (C + zeta * omega * SoverMu);
  out[offset + 1] = decay * SoverMu;
  out[offset + 2] = -decay * omega * omega * SoverMu;
  out[offset + 3] = decay * (C - zeta * omega * SoverMu);
}

const _transitions = new Float64Array(24);
const _eta = new Float64Array(6);
const _etaRate = new Float64Array(6);
const _w = new Float64Array(6);
