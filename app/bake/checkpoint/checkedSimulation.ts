import type { BakeCheckpointMesh, CheckpointExpectation } from '../bakeCheckpoint.ts';
import type { MeshSimulationSnapshot } from '../meshSimulation.ts';
import { type Fail, checkInside, checkUnitQuaternions, count, describe, measure, own, record, sameShape } from './checkpointFields.ts';

/** A mesh's simulation snapshot checked against the template: arrays of the template's shape, positions within the bake's reach, rotations unit quaternions. */
export function checkedSimulation(
  value: unknown,
  template: MeshSimulationSnapshot,
  at: string,
  boxMin: number[],
  boxMax: number[],
  reach: number,
  expected: CheckpointExpectation,
  m: number,
  fail: Fail,
): MeshSimulationSnapshot {
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
      if (!(Math.abs(velocities[i]) <= fastest))
        fail(`${at}.${field}`, `holds ${velocities[i]} at ${i}, faster than this bake's simulation moves (${fastest.toPrecision(3)} units/s)`);
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

/** A mesh's running sums (counts whole, sums finite and ≥ 0). */
export function checkedSums(value: unknown, at: string, fail: Fail): BakeCheckpointMesh['sums'] {
  const sums = record(value, at, fail);
  return {
    residualSum: measure(own(sums, 'residualSum'), `${at}.residualSum`, fail),
    residualCount: count(own(sums, 'residualCount'), `${at}.residualCount`, fail),
    correctionSum: measure(own(sums, 'correctionSum'), `${at}.correctionSum`, fail),
    correctionCount: count(own(sums, 'correctionCount'), `${at}.correctionCount`, fail),
  };
}

/** Statistics the set-up decides (the same in every checkpoint of the bake), and timings (any duration). */
const SETUP_STATS = new Set([
  'kind',
  'vertexCount',
  'tetCount',
  'triangleCount',
  'colorCount',
  'meanEdge',
  'driverVertices',
  'pieces',
  'unpinnedPieces',
  'diagonal',
  'resolution',
  'cellSize',
  'cells',
  'duplicatedCells',
]);
/** Statistics that are whole counts ≥ 0. */
const COUNT_STATS = new Set([
  'iterations',
  'skippedSolves',
  'unconvergedFrames',
  'flippedTriangles',
  'flippedFrames',
  'clampedRestTets',
  'framesCorrected',
  'flippedMax',
  'correctedVerticesMax',
]);

/**
 * The statistics, field by field over the template's fields (a field the file adds is not copied): set-up figures
 * equal to the template's, counts whole and ≥ 0, every other number finite and ≥ 0, nested objects alike.
 */
export function checkedStats(value: unknown, template: Record<string, unknown>, at: string, fail: Fail): Record<string, unknown> {
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
