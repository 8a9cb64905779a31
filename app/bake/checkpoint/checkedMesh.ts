import type { BakedMeshStats } from '../bakeAnimation.ts';
import type { BakeCheckpointMesh, CheckpointExpectation } from '../bakeCheckpoint.ts';
import { checkedContact, checkedContactStats } from './checkedContact.ts';
import { checkedRepair, checkedRepairStats } from './checkedRepair.ts';
import { checkedSimulation, checkedStats, checkedSums } from './checkedSimulation.ts';
import { type Fail, checkInside, describe, own, record, sameShape } from './checkpointFields.ts';

/** One mesh of a checkpoint checked against its template (resumableCheckpoint's rules): statistics, positions, baked frames, simulation, contact and repair. */
export function checkedMesh(
  value: unknown,
  template: BakeCheckpointMesh,
  m: number,
  next: number,
  expected: CheckpointExpectation,
  fail: Fail,
): BakeCheckpointMesh {
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
      for (let i = k * stride; i < (k + 1) * stride; i++)
        if (positions[i] !== 0) fail(`${at}.positions`, `has frame index ${k} filled, after the checkpoint's frame ${next}`);
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
  for (const [mean, sum, count] of [
    ['residualMean', 'residualSum', 'residualCount'],
    ['correctionMean', 'correctionSum', 'correctionCount'],
  ] as const) {
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
