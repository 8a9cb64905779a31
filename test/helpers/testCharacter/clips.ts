/**
 * The test character's animation (test/helpers/testCharacter.ts): the poses of its clips Walk, Jump and MoveAndHold,
 * sampled by the document builder.
 */
import { TEST_CHARACTER } from './names.ts';
import { smoothstep, type Vec3 } from './vector.ts';

type Quat = [number, number, number, number];
const axisAngle = (axis: Vec3, angle: number): Quat => [
  axis[0] * Math.sin(angle / 2),
  axis[1] * Math.sin(angle / 2),
  axis[2] * Math.sin(angle / 2),
  Math.cos(angle / 2),
];
const multiply = (a: Quat, b: Quat): Quat => [
  a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
  a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
  a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
  a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2],
];
const rotX = (a: number): Quat => axisAngle([1, 0, 0], a);
const rotY = (a: number): Quat => axisAngle([0, 1, 0], a);
const rotZ = (a: number): Quat => axisAngle([0, 0, 1], a);

/** A pose: pelvis translation offset from bind [m, pre-normalization] and local rotations by joint name. */
export interface Pose {
  pelvis: Vec3;
  rotations: Record<string, Quat>;
}

const G = 9.81;
const THIGH = 0.4; // hip (y 0.88) to knee (0.48)
const SHIN = 0.38; // knee to ankle (0.10)
const PELVIS_TO_HIP = -0.07; // hip height below the pelvis joint

/**
 * Planar two-bone IK in the sagittal (y, z) plane: thigh and shin rotations (about +X, joint-local) that put the
 * ankle at `ankle` for a hip at `hip`, knee forward, and the foot rotation that keeps the foot level.
 */
function legPose(hip: Vec3, ankle: Vec3, suffix: string, rotations: Record<string, Quat>): void {
  const vz = ankle[2] - hip[2];
  const vy = ankle[1] - hip[1];
  const d = Math.min(THIGH + SHIN - 1e-4, Math.hypot(vz, vy));
  const toward = Math.atan2(vz, -vy); // angle of the hip→ankle line from straight down, + forward
  const atHip = Math.acos((THIGH * THIGH + d * d - SHIN * SHIN) / (2 * THIGH * d));
  const knee = Math.PI - Math.acos((THIGH * THIGH + SHIN * SHIN - d * d) / (2 * THIGH * SHIN));
  // rotX(+a) swings a downward bone backward (−Z), so a forward swing is rotX(−a).
  const thigh = toward + atHip;
  rotations[`thigh${suffix}`] = rotX(-thigh);
  rotations[`shin${suffix}`] = rotX(knee);
  rotations[`foot${suffix}`] = rotX(thigh - knee);
}

export function walkPose(t: number): Pose {
  const phase = 2 * Math.PI * t; // one cycle per second
  const pelvisDrop = -0.035 + 0.012 * Math.cos(2 * phase);
  const rotations: Record<string, Quat> = {};
  for (const [suffix, offset, side] of [
    ['.L', 0, 1],
    ['.R', Math.PI, -1],
  ] as const) {
    const p = phase + offset;
    const u = ((p % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
    // Stance (u < π): the foot on the ground slides back 0.32 m; swing: it comes forward, lifted.
    const stance = u < Math.PI;
    const s = stance ? u / Math.PI : (u - Math.PI) / Math.PI;
    const z = stance ? 0.16 - 0.32 * s : -0.16 + 0.32 * (0.5 - 0.5 * Math.cos(Math.PI * s));
    const lift = stance ? 0 : 0.07 * Math.sin(Math.PI * s);
    legPose([side * 0.1075, 0.95 + pelvisDrop + PELVIS_TO_HIP, 0], [side * 0.1075, 0.1 + lift, z], suffix, rotations);
    rotations[`upper_arm${suffix}`] = rotX(0.3 * Math.sin(p));
    rotations[`forearm${suffix}`] = rotX(-0.25 - 0.15 * Math.sin(p));
  }
  rotations.spine = multiply(rotY(0.07 * Math.sin(phase)), rotZ(0.03 * Math.sin(phase)));
  rotations.chest = rotY(-0.12 * Math.sin(phase));
  rotations.head = rotY(0.05 * Math.sin(phase));
  rotations['tail.1'] = multiply(rotY(0.18 * Math.sin(phase)), rotX(0.05 * Math.cos(2 * phase)));
  return { pelvis: [0, pelvisDrop, 0], rotations };
}

export function jumpPose(t: number): Pose {
  const takeOff = TEST_CHARACTER.jumpTakeOff;
  const v0 = 2.6;
  const flight = (2 * v0) / G;
  const touchDown = takeOff + flight;
  const stop = 0.12;
  const crouch = -0.14;
  // Pelvis height offset from bind: crouch (ease), push (reaching v0 at take-off), flight, landing, recovery.
  let y: number;
  let tuck = 0;
  if (t < 0.35) y = crouch * smoothstep(t / 0.35);
  else if (t < takeOff) {
    // Constant acceleration from rest at the crouch to v0 at take-off: y = crouch + ½·a·τ², a = v0/T.
    const tau = t - 0.35;
    y = crouch + (0.5 * v0 * tau * tau) / (takeOff - 0.35);
  } else if (t < touchDown) {
    const tau = t - takeOff;
    const y0 = crouch + 0.5 * v0 * (takeOff - 0.35);
    y = y0 + v0 * tau - 0.5 * G * tau * tau;
    tuck = Math.sin((Math.PI * tau) / flight);
  } else if (t < touchDown + stop) {
    const tau = t - touchDown;
    const y0 = crouch + 0.5 * v0 * (takeOff - 0.35);
    y = y0 - v0 * tau + (v0 * tau * tau) / (2 * stop);
  } else {
    const y0 = crouch + 0.5 * v0 * (takeOff - 0.35);
    const low = y0 - (v0 * stop) / 2;
    y = low + (0 - low) * smoothstep((t - touchDown - stop) / 0.45);
  }
  const rotations: Record<string, Quat> = {};
  for (const [suffix, side] of [
    ['.L', 1],
    ['.R', -1],
  ] as const) {
    const hip: Vec3 = [side * 0.1075, 0.95 + y + PELVIS_TO_HIP, 0];
    // Feet on the ground where they reach it; in the air they hang below the hip, tucked up a little.
    const reach = THIGH + SHIN - 0.01 - 0.12 * tuck;
    const ankle: Vec3 = [side * 0.1075, Math.max(0.1, hip[1] - reach), 0.02 * tuck];
    legPose(hip, ankle, suffix, rotations);
    const raise =
      t < takeOff
        ? -0.3 * smoothstep(t / 0.35) * (1 - smoothstep((t - 0.35) / 0.15))
        : t < touchDown
          ? 0.9 * tuck
          : 0.2 * Math.sin(Math.PI * Math.min(1, (t - touchDown) / 0.5));
    rotations[`upper_arm${suffix}`] = rotZ(side * raise);
  }
  const lean =
    t < takeOff
      ? 0.3 * smoothstep(t / 0.35) * (1 - smoothstep((t - 0.35) / 0.15))
      : t < touchDown
        ? 0
        : 0.25 * Math.sin(Math.PI * Math.min(1, (t - touchDown) / 0.5));
  rotations.spine = rotX(lean);
  rotations.chest = rotX(0.5 * lean);
  rotations.head = rotX(-0.6 * lean);
  rotations['tail.1'] = rotX(-0.3 * lean + 0.2 * tuck);
  return { pelvis: [0, y, 0], rotations };
}

export function holdPose(t: number): Pose {
  const u = Math.min(1, t / TEST_CHARACTER.holdFrom);
  const f = u * u; // accelerating to the end: the motion stops at full speed
  const drop = -0.05 * f;
  const rotations: Record<string, Quat> = {};
  for (const [suffix, side] of [
    ['.L', 1],
    ['.R', -1],
  ] as const) {
    legPose([side * 0.1075, 0.95 + drop + PELVIS_TO_HIP, 0], [side * 0.1075, 0.1, 0], suffix, rotations);
    rotations[`upper_arm${suffix}`] = rotZ(side * 0.9 * f);
    rotations[`forearm${suffix}`] = rotX(-0.6 * f);
  }
  rotations.spine = rotY(0.45 * f);
  rotations.chest = rotX(0.2 * f);
  rotations.head = rotY(-0.35 * f);
  rotations['tail.1'] = rotY(0.6 * f);
  return { pelvis: [0, drop, 0], rotations };
}
