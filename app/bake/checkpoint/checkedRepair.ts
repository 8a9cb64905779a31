import type { BakeRepairSnapshot, BakeRepairStats } from '../../contact/index.ts';
import { type Fail, checkInside, count, describe, measure, own, record, sameShape } from './checkpointFields.ts';

/** The repair's state: the last repaired surface and the repaired frames so far within the bake's reach, the colliders finite. */
export function checkedRepair(
  value: unknown,
  template: BakeRepairSnapshot,
  at: string,
  boxMin: number[],
  boxMax: number[],
  reach: number,
  fail: Fail,
): BakeRepairSnapshot {
  const snapshot = record(value, at, fail);
  const safe = sameShape(own(snapshot, 'safe'), template.safe, `${at}.safe`, fail);
  checkInside(safe, boxMin, boxMax, reach, `${at}.safe`, fail);
  const colliders = own(snapshot, 'safeColliders');
  if (!Array.isArray(colliders) || colliders.length !== template.safeColliders.length)
    fail(`${at}.safeColliders`, `must list this bake's ${template.safeColliders.length} colliders`);
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
  for (let i = 0; i < timeList.length; i++)
    if (!(Number.isFinite(timeList[i]) && timeList[i] >= 0)) fail(`${at}.times`, `holds ${timeList[i]} at ${i}, not a clip time`);
  const repairedList = own(snapshot, 'repaired');
  if (!Array.isArray(repairedList) || repairedList.length !== timeList.length)
    fail(`${at}.repaired`, `must hold one surface per repaired time (${timeList.length})`);
  const repaired = (repairedList as unknown[]).map((entry, i) => {
    const positions = sameShape(entry, new Float32Array(template.safe.length), `${at}.repaired[${i}]`, fail);
    checkInside(positions, boxMin, boxMax, reach, `${at}.repaired[${i}]`, fail);
    return positions;
  });
  return { safe, safeColliders, hasPrevious: hasPrevious as boolean, times: timeList, repaired };
}

/** The repair's statistics so far: per repaired frame its counts, times and remaining triangles, and their sums. */
export function checkedRepairStats(value: unknown, at: string, fail: Fail): BakeRepairStats {
  const stats = record(value, at, fail);
  const framesList = own(stats, 'frames');
  if (!Array.isArray(framesList)) fail(`${at}.frames`, 'is not a list');
  const reasonsOf = (given: unknown, field: string) => {
    const reasons = record(given, field, fail);
    return {
      collider: count(own(reasons, 'collider'), `${field}.collider`, fail),
      start: count(own(reasons, 'start'), `${field}.start`, fail),
      steps: count(own(reasons, 'steps'), `${field}.steps`, fail),
    };
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
