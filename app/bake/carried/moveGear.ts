import { stepGearSwing } from '../stepGearSwing.ts';
import { GEAR_DAMPING_RATIO, ORIENTATION, PIVOT, PIVOT_VELOCITY, SPIN, type CarriedState, type CarrierStart, type Gear } from './carriedState.ts';
import { gearHinge } from './gearHinge.ts';
import { gearOrientation } from './gearOrientation.ts';
import { gearState } from './gearState.ts';
import { hostDisplacement } from './hostDisplacement.ts';
import { quaternionMatrix } from '../../math/mat3/index.ts';
import { relativeRotationVector } from './relativeRotationVector.ts';
import { rodriguesRotation } from './rodriguesRotation.ts';
import { startGear } from './startGear.ts';
import { toRestFrame } from './toRestFrame.ts';

/**
 * One frame of a gear (started first at the first frame: startGear): the impulses of the interval just ended (the
 * jumps of the pivot's velocity, the hinge carried by its host, and of the animation's angular velocity, q̇ −= (Δv, Δω)
 * in the gear's rest frame), its swing over dt (stepGearSwing, damped at GEAR_DAMPING_RATIO, within its limits; at
 * weight 0 none), and its vertices written: y = x + d + u + (R(θ) − I)(x − h), d the host's displacement at the hinge
 * h, u and θ turned from the rest frame into the world by the animated orientation, lifted back out along the resting
 * surface's normal when the rotation's second-order part dips the piece into it.
 *
 * @param state     the carried shells; the gear's state and scratch written
 * @param gear      the gear
 * @param first     whether this is the first frame
 * @param inputs    per simulated mesh, #V×3 input of the frame
 * @param outputs   per simulated mesh, #V×3 output (the gear's vertices written in place)
 * @param weights   #V weights of the gear's mesh this frame (the gear's weight is its vertices' mean)
 * @param dt        the frame's length [s]
 * @param previous  the gear mesh's input one frame before (first frame only)
 * @param start     the gear mesh's input around the first frame (first frame of a start in motion)
 */
export function moveGear(
  state: CarriedState,
  gear: Gear,
  first: boolean,
  inputs: readonly Float32Array[],
  outputs: Float32Array[],
  weights: ArrayLike<number>,
  dt: number,
  previous: Float32Array | undefined,
  start: CarrierStart | null | undefined,
): void {
  const { rotation, turn, swing, pivot, displacement, qNow, qRelative, spin, pivotVelocity, hinge, impulse, shift, angle, normal } = state.scratch;
  const input = inputs[gear.mesh];
  const output = outputs[gear.mesh];
  const weight = meanWeight(gear, weights);
  if (first) startGear(state, gear, input, weight, dt, previous, start);
  const s = gearState(state, gear);
  hostDisplacement(gear.host, gear.hostVertices, gear.hostWeights, 0, gear.hostVertices.length, inputs, outputs, displacement);
  gearHinge(gear, input, hinge);
  for (let c = 0; c < 3; c++) pivot[c] = hinge[c] + displacement[c];
  gearOrientation(state, gear, input, qNow);
  const before = s.subarray(ORIENTATION, ORIENTATION + 4);
  if (!first) {
    // The interval just ended: the pivot's velocity over it (the hinge carried by its host) and the animation's
    // angular velocity; their jumps at its start (the stored velocities are the interval's before) are the impulses,
    // q̇ −= (Δv, Δω) in the gear's frame at that frame.
    relativeRotationVector(qNow, before, qRelative, spin);
    for (let c = 0; c < 3; c++) {
      spin[c] /= dt;
      pivotVelocity[c] = (pivot[c] - s[PIVOT + c]) / dt;
    }
    swing.displacement.set(s.subarray(0, 6));
    swing.rate.set(s.subarray(6, 12));
    if (weight > 0) {
      for (let c = 0; c < 3; c++) {
        impulse[c] = pivotVelocity[c] - s[PIVOT_VELOCITY + c];
        impulse[3 + c] = spin[c] - s[SPIN + c];
      }
      quaternionMatrix(before, rotation);
      toRestFrame(rotation, impulse, impulse);
      for (let c = 0; c < 6; c++) swing.rate[c] -= impulse[c];
      stepGearSwing(gear.model, swing, { weight, zeta: GEAR_DAMPING_RATIO, maxStep: state.maxStep }, dt);
    } else {
      swing.displacement.fill(0);
      swing.rate.fill(0);
    }
    s.set(swing.displacement, 0);
    s.set(swing.rate, 6);
    s.set(pivotVelocity, PIVOT_VELOCITY);
    s.set(spin, SPIN);
  }
  before.set(qNow);
  s.set(pivot, PIVOT);
  // The shell carried by its host at the hinge, displaced and turned about it: y = x + d + u + (R(θ) − I)(x − h),
  // u and θ turned from the gear's rest frame into the world by the animated orientation.
  quaternionMatrix(qNow, rotation);
  rotate(rotation, s.subarray(0, 3), shift);
  rotate(rotation, s.subarray(3, 6), angle);
  rodriguesRotation(angle, turn);
  const dx = displacement[0] + shift[0];
  const dy = displacement[1] + shift[1];
  const dz = displacement[2] + shift[2];
  let sink = 0;
  rotate(rotation, gear.normal, normal);
  for (const v of gear.vertices) {
    const x = input[3 * v] - hinge[0];
    const y = input[3 * v + 1] - hinge[1];
    const z = input[3 * v + 2] - hinge[2];
    output[3 * v] = input[3 * v] + dx + (turn[0] - 1) * x + turn[1] * y + turn[2] * z;
    output[3 * v + 1] = input[3 * v + 1] + dy + turn[3] * x + (turn[4] - 1) * y + turn[5] * z;
    output[3 * v + 2] = input[3 * v + 2] + dz + turn[6] * x + turn[7] * y + (turn[8] - 1) * z;
    for (let c = 0; c < 3; c++) sink += (normal[c] * (output[3 * v + c] - input[3 * v + c] - displacement[c])) / gear.vertices.length;
  }
  // The limits hold the linearized centre of mass out of the surface the gear rests on; the rotation's second-order
  // part can still dip it in (½ (θ·c)(θ·n)): lift it back out along the normal.
  if (sink < 0) for (const v of gear.vertices) for (let c = 0; c < 3; c++) output[3 * v + c] -= sink * normal[c];
}

/** The gear's weight: its vertices' mean, clamped to [0, 1]. */
function meanWeight(gear: Gear, weights: ArrayLike<number>): number {
  let sum = 0;
  for (const v of gear.vertices) sum += weights[v];
  return Math.min(1, Math.max(0, sum / gear.vertices.length));
}

function rotate(m: ArrayLike<number>, v: ArrayLike<number>, out: Float64Array): void {
  const x = v[0],
    y = v[1],
    z = v[2];
  out[0] = m[0] * x + m[1] * y + m[2] * z;
  out[1] = m[3] * x + m[4] * y + m[5] * z;
  out[2] = m[6] * x + m[7] * y + m[8] * z;
}
