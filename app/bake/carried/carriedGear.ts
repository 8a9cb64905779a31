import type { SceneShell } from '../../weights/index.ts';
import { gearSwingModel } from '../gearSwingModel.ts';
import { GEAR_MAX_ANGLE, HOST_SAMPLES, type Gear } from './carriedState.ts';
import { nearestHostVertices } from './nearestHostVertices.ts';

/** The largest displacement of gear's hinge from where its host carries it, in gear sizes. */
const GEAR_MAX_SHIFT = 0.25;
/**
 * ω_t/ω_r: the connection holds the hinge's position this much more stiffly (relative to the inertia) than it holds the
 * piece's orientation: a pouch swings from its strap more than it slides, and bounces at twice its swing's frequency.
 */
const BOUNCE_RATIO = 2;
/**
 * A piece that touches its host over a share e of its height is held along it, not hanging from its top (a strap round
 * the thigh across a holster, a plate lying on a chest, a pouch on the belt's front): its swing is
 * 1 + LYING_STIFFENING·smoothstep((e − 0.2)/0.6) times stiffer than hanging (the layered character: a pouch hanging from
 * the belt e = 0.1, 1×; the thigh holster e = 0.47, 6×; plates, pads, the pack e ≈ 1, 13×, 3.6 times the frequency).
 * Without it the thigh holster, driven by the thigh's swing near its own frequency, swung 73 mm on the settled walk
 * (38% of its size), a strapped holster flapping.
 */
const LYING_STIFFENING = 12;
/** A vertex touches its host within this share of the gear's size beyond its closest vertex's distance. */
const TOUCHING = 0.1;
/** Gear swings at least this and at most this fast at weight 1 [Hz] (a hinge on the centre of mass, a long strap). */
const MIN_GEAR_HERTZ = 0.5;
const MAX_GEAR_HERTZ = 8;
/** Standard gravity [m/s²]: the swing's stiffness is what holds a hanging piece, gravity's. */
const GRAVITY = 9.81;

/**
 * A gear's rigid model from its rest geometry: the hinge (the uppermost of its vertices that touch the host: within
 * TOUCHING of its size of the host's nearest point beyond the nearest one's distance, within the top quarter of their
 * height range), the host sampling at the hinge, the lever, inertia and host normal, and ω at weight 1. The connection
 * holds the piece as gravity holds a hanging one, K_r = g|c|(1 − ĉĉᵀ) per unit mass (a compound pendulum: it tilts by
 * a/g under a horizontal acceleration a and swings at √(g|c|/ĩ)), stiffer as it lies along its host
 * (LYING_STIFFENING), its mean swing kept within [MIN_GEAR_HERTZ, MAX_GEAR_HERTZ], about the lever as stiffly, the
 * hinge's shift BOUNCE_RATIO² times stiffer (gearSwingModel).
 *
 * @param shell          the gear shell (sceneShells: vertices, size, resting normal)
 * @param mesh           its simulated mesh index
 * @param rest           #V×3 its mesh's welded world rest positions [file units]
 * @param hostPositions  #H×3 the host's world rest positions
 * @param candidates     the host's vertices (the shell's host.vertices)
 * @param host           simulated mesh index of the host, or −1
 * @param metersPerUnit  the scene's scale (gravity in file units: the swing is physical)
 * @param index          its place in the state array
 * @returns the gear
 */
export function carriedGear(
  shell: SceneShell,
  mesh: number,
  rest: Float32Array,
  hostPositions: Float32Array,
  candidates: Uint32Array,
  host: number,
  metersPerUnit: number,
  index: number,
): Gear {
  const { vertices } = shell;
  const n = vertices.length;
  const distance = new Float64Array(n);
  const nearest = new Uint32Array(1);
  const nearestWeight = new Float64Array(1);
  for (let i = 0; i < n; i++) {
    const v = vertices[i];
    nearestHostVertices(rest[3 * v], rest[3 * v + 1], rest[3 * v + 2], hostPositions, candidates, 1, nearest, nearestWeight, 0);
    const u = nearest[0];
    distance[i] = Math.hypot(hostPositions[3 * u] - rest[3 * v], hostPositions[3 * u + 1] - rest[3 * v + 1], hostPositions[3 * u + 2] - rest[3 * v + 2]);
  }
  const closest = Math.min(...distance);
  const touching = [...vertices].filter((_, i) => distance[i] <= closest + TOUCHING * shell.size);
  const heights = touching.map((v) => rest[3 * v + 1]);
  const top = Math.max(...heights);
  const bottom = Math.min(...Array.from(vertices, (v) => rest[3 * v + 1]));
  const hinge = Uint32Array.from(touching.filter((v) => rest[3 * v + 1] >= top - 0.25 * (top - bottom)));
  // How much of its height touches its host: a pouch hanging from a belt touches at its top (≈ 0.1), a holster strapped
  // along a thigh about half (0.47), a plate lying on a chest all of it (≈ 1).
  const extent = top > bottom ? (top - Math.min(...heights)) / (top - bottom) : 1;
  const h = [0, 0, 0];
  for (const v of hinge) for (let c = 0; c < 3; c++) h[c] += rest[3 * v + c] / hinge.length;
  const hostVertices = new Uint32Array(2 * HOST_SAMPLES);
  const hostWeights = new Float64Array(2 * HOST_SAMPLES);
  nearestHostVertices(h[0], h[1], h[2], hostPositions, candidates, 2 * HOST_SAMPLES, hostVertices, hostWeights, 0);
  // Mass on the surface (a shell: area-weighted vertices); lever and inertia about the hinge, per unit mass.
  const lever = new Float64Array(3);
  const inertia = new Float64Array(9);
  const centroid = [0, 0, 0];
  for (const v of vertices) for (let c = 0; c < 3; c++) centroid[c] += rest[3 * v + c] / n;
  for (const v of vertices) {
    const r = [rest[3 * v] - h[0], rest[3 * v + 1] - h[1], rest[3 * v + 2] - h[2]];
    const r2 = r[0] * r[0] + r[1] * r[1] + r[2] * r[2];
    for (let a = 0; a < 3; a++) {
      lever[a] += r[a] / n;
      for (let b = 0; b < 3; b++) inertia[3 * a + b] += ((a === b ? r2 : 0) - r[a] * r[b]) / n;
    }
  }
  // The outward normal of the surface the gear rests on (sceneShells: nearest to its centroid, the body under a pouch
  // that hangs from a belt).
  const normal = shell.restingNormal;
  // Gravity's hold on the piece hanging from its hinge: K_r = g|c|(1 − ĉĉᵀ) per unit mass (a compound pendulum: it tilts
  // by a/g under a horizontal acceleration a, and swings at √(g|c|/ĩ) about an axis of inertia ĩ across the lever), and
  // about the lever itself (which gravity does not hold: the straps do) as stiff as across it, relative to the inertia.
  // Gravity in file units (the swing is physical); the mean swing frequency kept within [0.5, 8] Hz.
  const reach = Math.hypot(lever[0], lever[1], lever[2]);
  const axis = reach > 0 ? [lever[0] / reach, lever[1] / reach, lever[2] / reach] : [0, -1, 0];
  const along = quadratic(inertia, axis);
  const across = Math.max(1e-12, (inertia[0] + inertia[4] + inertia[8] - along) / 2);
  const held = Math.min(1, Math.max(0, (extent - 0.2) / 0.6));
  const pull = (GRAVITY / metersPerUnit) * reach * (1 + LYING_STIFFENING * held * held * (3 - 2 * held));
  const mean = Math.sqrt(pull / across);
  const clamped = Math.min(2 * Math.PI * MAX_GEAR_HERTZ, Math.max(2 * Math.PI * MIN_GEAR_HERTZ, mean));
  const scale = reach > 0 ? (clamped / mean) ** 2 : 0;
  const twist = clamped * clamped * Math.max(along, 1e-6 * across);
  const stiffness = new Float64Array(9);
  for (let a = 0; a < 3; a++) {
    for (let b = 0; b < 3; b++) {
      const projector = (a === b ? 1 : 0) - axis[a] * axis[b];
      // (A hinge on the centre of mass: as stiff as the fastest swing about every axis.)
      stiffness[3 * a + b] = reach > 0 ? scale * pull * projector + twist * axis[a] * axis[b] : clamped * clamped * inertia[3 * a + b];
    }
  }
  const naturalOmega = clamped;
  const model = gearSwingModel(lever, inertia, stiffness, BOUNCE_RATIO * naturalOmega, normal, GEAR_MAX_ANGLE, GEAR_MAX_SHIFT * shell.size);
  const restPoints = new Float64Array(3 * n);
  for (let i = 0; i < n; i++) for (let c = 0; c < 3; c++) restPoints[3 * i + c] = rest[3 * vertices[i] + c];
  return {
    mesh,
    vertices,
    hinge,
    host,
    hostVertices,
    hostWeights,
    model,
    normal,
    restPoints,
    pointWeights: new Float64Array(n).fill(1 / n),
    naturalOmega,
    index,
  };
}

function quadratic(m: ArrayLike<number>, v: ArrayLike<number>): number {
  let sum = 0;
  for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) sum += v[a] * m[3 * a + b] * v[b];
  return sum;
}
