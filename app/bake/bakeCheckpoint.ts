import type { BakeContactSnapshot, BakeContactStats, BakeRepairSnapshot, BakeRepairStats } from '../contact/index.ts';
import type { BakedMeshStats } from './bakeAnimation.ts';
import { BakeError } from './bakeSettings.ts';
import type { MeshSimulationSnapshot } from './meshSimulation.ts';

/**
 * The state of a bake between two frames, from which it continues to the same bytes as a bake that never stopped
 * (`overlap bake --checkpoint DIR` / `--resume`, docs/farm.md): every simulated mesh's simulation snapshot, what the
 * frame loop carries (the previous input, the input's bounding box, the statistics so far) and the frames baked so
 * far. Plain data with typed arrays, so it survives a structured clone (a worker message, node:v8 serialize).
 */
export interface BakeCheckpoint {
  format: 'overlap-bake-checkpoint';
  version: 1;
  /** what the bake was (settings, weights, authoring): a checkpoint resumes only the bake that wrote it */
  fingerprint: string;
  /** the frame index k the bake continues with (baked frame firstFrame + k; negative in the pre-roll) */
  next: number;
  meshes: BakeCheckpointMesh[];
}

/** One simulated mesh in a checkpoint. */
export interface BakeCheckpointMesh {
  name: string;
  simulation: MeshSimulationSnapshot;
  previousInput: Float32Array;
  inputMin: Float64Array;
  inputMax: Float64Array;
  /** #F×#R×3 baked render positions; frames before `next` are filled */
  positions: Float32Array;
  stats: BakedMeshStats;
  sums: { residualSum: number; residualCount: number; correctionSum: number; correctionCount: number };
  /** with contact: its warm rotations and the final check's hold (BakeContact.snapshot) */
  contact?: BakeContactSnapshot;
  /** with --repair: the repaired input frames so far and where the next repair starts (BakeRepair.snapshot) */
  repair?: BakeRepairSnapshot;
}

/** How a bake writes checkpoints (BakeOptions.checkpoint). */
export interface BakeCheckpointing {
  /** simulated frames between two checkpoints (≥ 1) */
  every: number;
  /** stores one; the bake waits for it. Also called once when the bake is cancelled, for the last completed frame. */
  save(checkpoint: BakeCheckpoint): void | Promise<void>;
}

/**
 * A short, stable hash (FNV-1a, 64 bits as 16 hex digits) of a string and some float arrays: the fingerprint of what
 * a bake is, so a checkpoint of another bake (other settings, weights or input) is refused instead of resumed.
 *
 * @param text    the bake's settings as JSON
 * @param arrays  its per-mesh weights and authoring data
 * @returns 16 hex digits
 */
export function bakeFingerprint(text: string, arrays: readonly ArrayLike<number>[]): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  const mix = (byte: number) => {
    h1 = Math.imul(h1 ^ byte, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ byte, 0x5bd1e995) >>> 0;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    mix(c & 0xff);
    mix(c >>> 8);
  }
  const word = new Float64Array(1);
  const bytes = new Uint8Array(word.buffer);
  for (const array of arrays) {
    for (let i = 0; i < array.length; i++) {
      word[0] = array[i];
      for (const b of bytes) mix(b);
    }
  }
  return h1.toString(16).padStart(8, '0') + h2.toString(16).padStart(8, '0');
}

/** A checkpoint that cannot resume the bake: the field that fails and why (`meshes[0].positions`: "has 12 numbers, expected 13"). */
export class BakeCheckpointError extends BakeError {
  /**
   * @param field    the field's path in the checkpoint (`next`, `meshes[0].simulation.velocities`)
   * @param problem  what is wrong with it
   */
  constructor(
    readonly field: string,
    problem: string,
  ) {
    super(`the checkpoint's ${field} ${problem}: it was not written by this bake (bake again without --resume)`, 'options');
    this.name = 'BakeCheckpointError';
  }
}

/** What the bake that resumes knows about the checkpoints it could have written (resumableCheckpoint). */
export interface CheckpointExpectation {
  /** the bake's fingerprint (bakeFingerprint) */
  fingerprint: string;
  /** a checkpoint of this bake taken before its first frame: the type and length of every field, the set-up's figures */
  template: BakeCheckpoint;
  /** the frame indices a checkpoint may continue at, first and last (−preroll < next ≤ frameCount) */
  next: [number, number];
  /** #R×3 per baked frame, per mesh: the length of one frame in `positions` */
  frameStride: readonly number[];
  /** VBD substeps per frame of each mesh, and the frame's time step [s]: the largest velocity a sound state has */
  substeps: readonly number[];
  dt: number;
  /** writes mesh m's render input at frame index k (#R×3, file units) into `out` */
  inputAt(m: number, k: number, out: Float32Array): void;
  /** how far from the input's box so far a sound simulation reaches at frame index k (the bake's divergence margin) */
  reach(m: number, k: number): number;
}

/**
 * A checkpoint read from a file, checked against the bake it claims to resume and copied into fresh arrays: the file
 * is untrusted input (its fingerprint and input hash are stored in it, so an edited file passes those). Every field is
 * checked for type, length, finiteness and range, and only the fields a checkpoint has are copied, so nothing in the
 * file sets any other field of the bake's state and the resumed bake can only write a file an uninterrupted one could:
 * - `next` a whole frame index inside the bake; the meshes the bake's, by name and order;
 * - every array the template's type and length; positions and targets within the input's box up to that frame grown
 *   by the bake's divergence margin (what the frame check lets through); velocities within what a sound state moves
 *   in one substep; rotations unit quaternions; baked frames filled before `next` and zero after (as written);
 * - the statistics: the set-up's figures equal to this bake's, counts whole and ≥ 0, means and maxima finite and
 *   ≥ 0, each mean the sum over the count it is kept as.
 *
 * @param untrusted  what the file deserialized to
 * @param expected   the bake's fingerprint, a fresh checkpoint as template, the frame range, the input, the margins
 * @returns a fresh checkpoint holding copies of the checked values
 * @throws BakeCheckpointError naming the first field that fails
 */
export function resumableCheckpoint(untrusted: unknown, expected: CheckpointExpectation): BakeCheckpoint {
  const fail = (field: string, problem: string): never => {
    throw new BakeCheckpointError(field, problem);
  };
  const root = record(untrusted, 'content', fail);
  if (own(root, 'format') !== 'overlap-bake-checkpoint' || own(root, 'version') !== 1) fail('format', 'is not an Overlap bake checkpoint of version 1');
  if (own(root, 'fingerprint') !== expected.fingerprint) {
    throw new BakeError('this checkpoint belongs to another bake (other input, settings, weights or project): bake again without --resume, or with the settings that wrote it', 'options');
  }
  const next = own(root, 'next');
  const [firstNext, lastNext] = expected.next;
  if (!(typeof next === 'number' && Number.isInteger(next) && next >= firstNext && next <= lastNext)) fail('next', `is ${describe(next)}, not a frame index of this bake (${firstNext} to ${lastNext})`);
  const meshes = own(root, 'meshes');
  const templates = expected.template.meshes;
  if (!Array.isArray(meshes) || meshes.length !== templates.length) fail('meshes', `must list this bake's ${templates.length} simulated meshes`);
  return {
    format: 'overlap-bake-checkpoint',
    version: 1,
    fingerprint: expected.fingerprint,
    next: next as number,
    meshes: templates.map((template, m) => checkedMesh((meshes as unknown[])[m], template, m, next as number, expected, fail)),
  };
}

type Fail = (field: string, problem: string) => never;

function own(object: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

function record(value: unknown, field: string, fail: Fail): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || ArrayBuffer.isView(value)) fail(field, 'is not an object');
  return value as Record<string, unknown>;
}

function describe(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 39)}…` : value);
  return value === null ? 'null' : value === undefined ? 'missing' : `a ${Array.isArray(value) ? 'list' : typeof value}`;
}

/** An array of the template's type and length, copied. */
function sameShape<T extends Float32Array | Float64Array>(value: unknown, template: T, field: string, fail: Fail): T {
  if (!(value instanceof template.constructor)) fail(field, `is ${describe(value)}, not a ${template.constructor.name}`);
  const array = value as T;
  if (array.length !== template.length) fail(field, `has ${array.length} numbers, expected ${template.length}`);
  return array.slice() as T;
}

/** Every coordinate of #N×3 `positions` finite and within the box grown by `margin` (the bake's frame check). */
function checkInside(positions: ArrayLike<number>, min: ArrayLike<number>, max: ArrayLike<number>, margin: number, field: string, fail: Fail, offset = 0, count = positions.length): void {
  for (let i = offset; i < offset + count; i++) {
    const x = positions[i];
    const axis = (i - offset) % 3;
    if (!Number.isFinite(x)) fail(field, `holds a non-finite number (${x}) at ${i}`);
    if (x < min[axis] - margin || x > max[axis] + margin) fail(field, `holds ${x} at ${i}, beyond where this bake's input and its simulation reach (${min[axis] - margin} to ${max[axis] + margin})`);
  }
}

function checkedMesh(value: unknown, template: BakeCheckpointMesh, m: number, next: number, expected: CheckpointExpectation, fail: Fail): BakeCheckpointMesh {
  const at = `meshes[${m}]`;
  const mesh = record(value, at, fail);
  if (own(mesh, 'name') !== template.name) fail(`${at}.name`, `is ${describe(own(mesh, 'name'))}, expected "${template.name}"`);
  // The input's box up to the checkpoint's last frame (next − 1), frame by frame: what the bake's frame check compares with.
  const stride = expected.frameStride[m];
  const input = new Float32Array(stride);
  const boxMin = [Infinity, Infinity, Infinity];
  const boxMax = [-Infinity, -Infinity, -Infinity];
  const boxes: Array<{ min: number[]; max: number[] }> = [];
  for (let k = expected.next[0] - 1; k < next; k++) {
    expected.inputAt(m, k, input);
    for (let i = 0; i < stride; i++) {
      boxMin[i % 3] = Math.min(boxMin[i % 3], input[i]);
      boxMax[i % 3] = Math.max(boxMax[i % 3], input[i]);
    }
    if (k >= 0) boxes.push({ min: boxMin.slice(), max: boxMax.slice() });
  }
  const last = next - 1;
  const reach = expected.reach(m, last);

  const positions = sameShape(own(mesh, 'positions'), template.positions, `${at}.positions`, fail);
  for (let k = 0; k < positions.length / stride; k++) {
    if (k < next) {
      checkInside(positions, boxes[k].min, boxes[k].max, expected.reach(m, k), `${at}.positions (baked frame index ${k})`, fail, k * stride, stride);
    } else {
      for (let i = k * stride; i < (k + 1) * stride; i++) if (positions[i] !== 0) fail(`${at}.positions`, `has frame index ${k} filled, after the checkpoint's frame ${next}`);
    }
  }
  const previousInput = sameShape(own(mesh, 'previousInput'), template.previousInput, `${at}.previousInput`, fail);
  checkInside(previousInput, boxMin, boxMax, reach, `${at}.previousInput`, fail);
  const inputMin = sameShape(own(mesh, 'inputMin'), template.inputMin, `${at}.inputMin`, fail);
  const inputMax = sameShape(own(mesh, 'inputMax'), template.inputMax, `${at}.inputMax`, fail);
  checkInside(inputMin, boxMin, boxMax, reach, `${at}.inputMin`, fail);
  checkInside(inputMax, boxMin, boxMax, reach, `${at}.inputMax`, fail);
  for (let c = 0; c < 3; c++) if (!(inputMin[c] <= inputMax[c])) fail(`${at}.inputMin`, `is above inputMax on axis ${c}`);

  const simulation = checkedSimulation(own(mesh, 'simulation'), template.simulation, `${at}.simulation`, boxMin, boxMax, reach, expected, m, fail);
  const sums = checkedSums(own(mesh, 'sums'), `${at}.sums`, fail);
  const givenStats = own(mesh, 'stats');
  const stats = checkedStats(givenStats, template.stats as unknown as Record<string, unknown>, `${at}.stats`, fail) as unknown as BakedMeshStats;
  for (const [mean, sum, count] of [['residualMean', 'residualSum', 'residualCount'], ['correctionMean', 'correctionSum', 'correctionCount']] as const) {
    const kept = sums[count] > 0 ? sums[sum] / sums[count] : 0;
    if (stats[mean] !== kept) fail(`${at}.stats.${mean}`, `is ${stats[mean]}, not the mean its sums give (${kept})`);
  }
  const out: BakeCheckpointMesh = { name: template.name, simulation, previousInput, inputMin, inputMax, positions, stats, sums };
  // Contact and repair: present exactly when this bake has them, with their statistics so far.
  const bakedFrames = Math.max(0, next);
  const statsRecord = givenStats as Record<string, unknown>;
  if (template.contact) {
    out.contact = checkedContact(own(mesh, 'contact'), template.contact, `${at}.contact`, fail);
    stats.contact = checkedContactStats(own(statsRecord, 'contact'), bakedFrames, `${at}.stats.contact`, fail);
  } else {
    if (own(mesh, 'contact') !== undefined) fail(`${at}.contact`, 'is there, but this bake has no contact');
    if (own(statsRecord, 'contact') !== undefined) fail(`${at}.stats.contact`, 'is there, but this bake has no contact');
  }
  if (template.repair) {
    out.repair = checkedRepair(own(mesh, 'repair'), template.repair, `${at}.repair`, boxMin, boxMax, reach, fail);
    stats.repair = checkedRepairStats(own(statsRecord, 'repair'), `${at}.stats.repair`, fail);
  } else {
    if (own(mesh, 'repair') !== undefined) fail(`${at}.repair`, 'is there, but this bake has no --repair');
    if (own(statsRecord, 'repair') !== undefined) fail(`${at}.stats.repair`, 'is there, but this bake has no --repair');
  }
  return out;
}

/** The contact's state: warm rotations as unit quaternions, hold shares in [0, 1]. */
function checkedContact(value: unknown, template: BakeContactSnapshot, at: string, fail: Fail): BakeContactSnapshot {
  const snapshot = record(value, at, fail);
  const quaternions = sameShape(own(snapshot, 'quaternions'), template.quaternions, `${at}.quaternions`, fail);
  checkUnitQuaternions(quaternions, `${at}.quaternions`, fail);
  const held = sameShape(own(snapshot, 'held'), template.held, `${at}.held`, fail);
  for (let i = 0; i < held.length; i++) if (!(held[i] >= 0 && held[i] <= 1)) fail(`${at}.held`, `holds ${held[i]} at ${i}, not a share in [0, 1]`);
  return { quaternions, held };
}

/**
 * The contact's statistics so far: counters whole, per-frame lists one entry per baked frame before the checkpoint,
 * timings finite. The set-up figures (radius, stiffness, surface flaws, colliders) are the bake's own on restore.
 */
function checkedContactStats(value: unknown, bakedFrames: number, at: string, fail: Fail): BakeContactStats {
  const stats = record(value, at, fail);
  const lists = ['contactsPerFrame', 'untangledPoints', 'correctedVertices', 'inputIntersections', 'outputIntersections', 'simulatedNewRegions', 'newRegions', 'inputRegionShare'] as const;
  const out: Record<string, unknown> = { selfContact: false, colliders: [], surface: { degenerateTriangles: 0, nonManifoldEdges: 0, coincidentVertices: 0 }, radius: 0, stiffness: 0 };
  for (const key of ['truncations', 'redetections', 'searches', 'partialSearches', 'framesCorrected', 'pooledChecks'] as const) out[key] = count(own(stats, key), `${at}.${key}`, fail);
  for (const key of lists) {
    const list = own(stats, key);
    if (!Array.isArray(list) || list.length !== bakedFrames) fail(`${at}.${key}`, `must list one number per baked frame before the checkpoint (${bakedFrames})`);
    out[key] = (list as unknown[]).map((entry, i) => (key === 'contactsPerFrame' || key === 'inputRegionShare' ? measure(entry, `${at}.${key}[${i}]`, fail) : count(entry, `${at}.${key}[${i}]`, fail)));
  }
  const seconds = record(own(stats, 'seconds'), `${at}.seconds`, fail);
  out.seconds = { proximity: measure(own(seconds, 'proximity'), `${at}.seconds.proximity`, fail), checks: measure(own(seconds, 'checks'), `${at}.seconds.checks`, fail), surface: measure(own(seconds, 'surface'), `${at}.seconds.surface`, fail) };
  return out as unknown as BakeContactStats;
}

/** The repair's state: the last repaired surface and the repaired frames so far within the bake's reach, the colliders finite. */
function checkedRepair(value: unknown, template: BakeRepairSnapshot, at: string, boxMin: number[], boxMax: number[], reach: number, fail: Fail): BakeRepairSnapshot {
  const snapshot = record(value, at, fail);
  const safe = sameShape(own(snapshot, 'safe'), template.safe, `${at}.safe`, fail);
  checkInside(safe, boxMin, boxMax, reach, `${at}.safe`, fail);
  const colliders = own(snapshot, 'safeColliders');
  if (!Array.isArray(colliders) || colliders.length !== template.safeColliders.length) fail(`${at}.safeColliders`, `must list this bake's ${template.safeColliders.length} colliders`);
  const safeColliders = template.safeColliders.map((shape, i) => {
    const positions = sameShape((colliders as unknown[])[i], shape, `${at}.safeColliders[${i}]`, fail);
    for (let k = 0; k < positions.length; k++) if (!Number.isFinite(positions[k])) fail(`${at}.safeColliders[${i}]`, `holds a non-finite number at ${k}`);
    return positions;
  });
  const hasPrevious = own(snapshot, 'hasPrevious');
  if (typeof hasPrevious !== 'boolean') fail(`${at}.hasPrevious`, `is ${describe(hasPrevious)}, not true or false`);
  const times = own(snapshot, 'times');
  if (!(times instanceof Float64Array)) fail(`${at}.times`, `is ${describe(times)}, not a Float64Array`);
  const timeList = (times as Float64Array).slice();
  for (let i = 0; i < timeList.length; i++) if (!(Number.isFinite(timeList[i]) && timeList[i] >= 0)) fail(`${at}.times`, `holds ${timeList[i]} at ${i}, not a clip time`);
  const repairedList = own(snapshot, 'repaired');
  if (!Array.isArray(repairedList) || repairedList.length !== timeList.length) fail(`${at}.repaired`, `must hold one surface per repaired time (${timeList.length})`);
  const repaired = (repairedList as unknown[]).map((entry, i) => {
    const positions = sameShape(entry, new Float32Array(template.safe.length), `${at}.repaired[${i}]`, fail);
    checkInside(positions, boxMin, boxMax, reach, `${at}.repaired[${i}]`, fail);
    return positions;
  });
  return { safe, safeColliders, hasPrevious: hasPrevious as boolean, times: timeList, repaired };
}

/** The repair's statistics so far: per repaired frame its counts, times and remaining triangles, and their sums. */
function checkedRepairStats(value: unknown, at: string, fail: Fail): BakeRepairStats {
  const stats = record(value, at, fail);
  const framesList = own(stats, 'frames');
  if (!Array.isArray(framesList)) fail(`${at}.frames`, 'is not a list');
  const reasonsOf = (given: unknown, field: string) => {
    const reasons = record(given, field, fail);
    return { collider: count(own(reasons, 'collider'), `${field}.collider`, fail), start: count(own(reasons, 'start'), `${field}.start`, fail), steps: count(own(reasons, 'steps'), `${field}.steps`, fail) };
  };
  const frames = (framesList as unknown[]).map((entry, i) => {
    const field = `${at}.frames[${i}]`;
    const frame = record(entry, field, fail);
    const remaining = own(frame, 'remainingTriangles');
    if (!Array.isArray(remaining)) fail(`${field}.remainingTriangles`, 'is not a list');
    return {
      inputIntersections: count(own(frame, 'inputIntersections'), `${field}.inputIntersections`, fail),
      structural: count(own(frame, 'structural'), `${field}.structural`, fail),
      before: count(own(frame, 'before'), `${field}.before`, fail),
      after: count(own(frame, 'after'), `${field}.after`, fail),
      removed: count(own(frame, 'removed'), `${field}.removed`, fail),
      remainingTriangles: (remaining as unknown[]).map((t, k) => count(t, `${field}.remainingTriangles[${k}]`, fail)),
      reasons: reasonsOf(own(frame, 'reasons'), `${field}.reasons`),
      movedVertices: count(own(frame, 'movedVertices'), `${field}.movedVertices`, fail),
      maxDisplacement: measure(own(frame, 'maxDisplacement'), `${field}.maxDisplacement`, fail),
      steps: count(own(frame, 'steps'), `${field}.steps`, fail),
      time: measure(own(frame, 'time'), `${field}.time`, fail),
    };
  });
  return {
    frames,
    removed: count(own(stats, 'removed'), `${at}.removed`, fail),
    remaining: count(own(stats, 'remaining'), `${at}.remaining`, fail),
    reasons: reasonsOf(own(stats, 'reasons'), `${at}.reasons`),
    seconds: measure(own(stats, 'seconds'), `${at}.seconds`, fail),
  };
}

function checkUnitQuaternions(rotations: ArrayLike<number>, field: string, fail: Fail): void {
  for (let i = 0; i < rotations.length; i += 4) {
    const norm = Math.hypot(rotations[i], rotations[i + 1], rotations[i + 2], rotations[i + 3]);
    if (!(Math.abs(norm - 1) <= 1e-6)) fail(field, `holds a rotation of norm ${norm} at ${i / 4}, not a unit quaternion`);
  }
}

function checkedSimulation(value: unknown, template: MeshSimulationSnapshot, at: string, boxMin: number[], boxMax: number[], reach: number, expected: CheckpointExpectation, m: number, fail: Fail): MeshSimulationSnapshot {
  const snapshot = record(value, at, fail);
  const out: MeshSimulationSnapshot = {
    positions: sameShape(own(snapshot, 'positions'), template.positions, `${at}.positions`, fail),
    velocities: sameShape(own(snapshot, 'velocities'), template.velocities, `${at}.velocities`, fail),
    previousVelocities: sameShape(own(snapshot, 'previousVelocities'), template.previousVelocities, `${at}.previousVelocities`, fail),
  };
  checkInside(out.positions, boxMin, boxMax, reach, `${at}.positions`, fail);
  // A sound state stays inside the box grown by the reach at every substep, so no vertex moves faster than crossing it once per substep.
  const size = Math.hypot(boxMax[0] - boxMin[0], boxMax[1] - boxMin[1], boxMax[2] - boxMin[2]) + 2 * reach;
  const fastest = (size * expected.substeps[m]) / expected.dt;
  for (const field of ['velocities', 'previousVelocities'] as const) {
    const velocities = out[field];
    for (let i = 0; i < velocities.length; i++) {
      if (!(Math.abs(velocities[i]) <= fastest)) fail(`${at}.${field}`, `holds ${velocities[i]} at ${i}, faster than this bake's simulation moves (${fastest.toPrecision(3)} units/s)`);
    }
  }
  for (const field of ['targets', 'previousTargets'] as const) {
    if (template[field] === undefined) continue;
    out[field] = sameShape(own(snapshot, field), template[field], `${at}.${field}`, fail);
    checkInside(out[field], boxMin, boxMax, reach, `${at}.${field}`, fail);
  }
  for (const field of ['quaternions', 'fitterRotations'] as const) {
    if (template[field] === undefined) continue;
    const rotations = sameShape(own(snapshot, field), template[field], `${at}.${field}`, fail);
    checkUnitQuaternions(rotations, `${at}.${field}`, fail);
    out[field] = rotations;
  }
  if (template.fitterColdStart !== undefined) {
    const coldStart = own(snapshot, 'fitterColdStart');
    if (typeof coldStart !== 'boolean') fail(`${at}.fitterColdStart`, `is ${describe(coldStart)}, not true or false`);
    out.fitterColdStart = coldStart as boolean;
  }
  if (template.clampedRestTets !== undefined) out.clampedRestTets = count(own(snapshot, 'clampedRestTets'), `${at}.clampedRestTets`, fail);
  if (template.carried !== undefined) {
    // The gear's swing (carriedShells): a started flag, then per piece its pose and velocity relative to its host.
    const carried = sameShape(own(snapshot, 'carried'), template.carried, `${at}.carried`, fail);
    if (carried[0] !== 0 && carried[0] !== 1) fail(`${at}.carried`, `starts with ${carried[0]}, not 0 or 1`);
    for (let i = 0; i < carried.length; i++) if (!Number.isFinite(carried[i])) fail(`${at}.carried`, `holds a non-finite number at ${i}`);
    out.carried = carried;
  }
  return out;
}

function count(value: unknown, field: string, fail: Fail): number {
  if (!(typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)) fail(field, `is ${describe(value)}, not a whole number ≥ 0`);
  return value as number;
}

function measure(value: unknown, field: string, fail: Fail): number {
  if (!(typeof value === 'number' && Number.isFinite(value) && value >= 0)) fail(field, `is ${describe(value)}, not a finite number ≥ 0`);
  return value as number;
}

function checkedSums(value: unknown, at: string, fail: Fail): BakeCheckpointMesh['sums'] {
  const sums = record(value, at, fail);
  return {
    residualSum: measure(own(sums, 'residualSum'), `${at}.residualSum`, fail),
    residualCount: count(own(sums, 'residualCount'), `${at}.residualCount`, fail),
    correctionSum: measure(own(sums, 'correctionSum'), `${at}.correctionSum`, fail),
    correctionCount: count(own(sums, 'correctionCount'), `${at}.correctionCount`, fail),
  };
}

/** Statistics the set-up decides (the same in every checkpoint of the bake), and timings (any duration). */
const SETUP_STATS = new Set(['kind', 'vertexCount', 'tetCount', 'triangleCount', 'colorCount', 'meanEdge', 'driverVertices', 'pieces', 'unpinnedPieces', 'diagonal', 'resolution', 'cellSize', 'cells', 'duplicatedCells']);
const COUNT_STATS = new Set(['iterations', 'skippedSolves', 'unconvergedFrames', 'flippedTriangles', 'flippedFrames', 'clampedRestTets', 'framesCorrected', 'flippedMax', 'correctedVerticesMax']);

/**
 * The statistics, field by field over the template's fields (a field the file adds is not copied): set-up figures
 * equal to the template's, counts whole and ≥ 0, every other number finite and ≥ 0, nested objects alike.
 */
function checkedStats(value: unknown, template: Record<string, unknown>, at: string, fail: Fail): Record<string, unknown> {
  const stats = record(value, at, fail);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(template)) {
    const field = `${at}.${key}`;
    const expected = template[key];
    const given = own(stats, key);
    if (key === 'contact' || key === 'repair') continue; // checkedMesh's, by the bake's contact and repair
    if (typeof expected === 'object' && expected !== null) out[key] = checkedStats(given, expected as Record<string, unknown>, field, fail);
    else if (SETUP_STATS.has(key)) {
      if (given !== expected) fail(field, `is ${describe(given)}, but this bake's is ${describe(expected)}`);
      out[key] = given;
    } else if (COUNT_STATS.has(key)) out[key] = count(given, field, fail);
    else if (typeof expected === 'number') out[key] = measure(given, field, fail);
    else if (given !== expected) fail(field, `is ${describe(given)}, but this bake's is ${describe(expected)}`);
    else out[key] = given;
  }
  return out;
}
