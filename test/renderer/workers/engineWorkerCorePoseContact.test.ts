// The engine worker core's Pose tool on the pose-contact scene: a handle turned about its centroid (and the rotations
// and translations it refuses), and pushes held by contact, self-contact and the ground plane, checked by the exact
// checker.
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAnimationEvaluator } from '../../../app/animation/index.ts';
import { intersectionChecker } from '../../../app/intersection/index.ts';
import { readGltf } from '../../../app/io/index.ts';
import { createArapModel } from '../../../app/solvers/arap/index.ts';
import { arapFixedVertices, DEFAULT_REACH_FRACTION } from '../../../renderer/workers/arapFixedVertices.ts';
import type { ArapContactRequest, EngineResponse } from '../../../renderer/workers/protocol.ts';
import { arapBeginRequest } from '../../helpers/arapBeginRequest.ts';
import { BAR_END_X, BAR_PUSH, poseContactGlb } from '../../helpers/poseContactScene.ts';
import { installBrowserGlobals } from '../browserGlobals.ts';
import { recordingCore, sample, samplePath } from './engineWorkerTestKit.ts';

beforeAll(() => installBrowserGlobals());

/** Welded world positions of a mesh of a document at rest, evaluated independently of the worker. */
async function restPositions(bytes: Uint8Array, fileName: string, mesh: string): Promise<{ positions: Float32Array; triangles: Uint32Array }> {
  const scene = await readGltf(bytes, { fileName });
  const index = scene.meshes.findIndex((entry) => entry.name === mesh);
  const positions = new Float32Array(3 * scene.meshes[index].topology.vertexCount);
  createAnimationEvaluator(scene).evaluateSimulationPositions(index, null, 0, positions);
  return { positions, triangles: Uint32Array.from(scene.meshes[index].topology.triangles) };
}

/** The pose-contact scene's bar and block at rest, and an exact checker of the two (self and between). */
async function barAndBlock() {
  const bytes = await poseContactGlb();
  const bar = await restPositions(bytes, 'pose-contact.glb', 'Bar');
  const block = await restPositions(bytes, 'pose-contact.glb', 'Block');
  const checker = intersectionChecker([
    { name: 'Bar', triangles: bar.triangles, vertexCount: bar.positions.length / 3 },
    { name: 'Block', triangles: block.triangles, vertexCount: block.positions.length / 3 },
  ]);
  return { bar, block, checker };
}

/** Pushes the bar's right end of `mesh` down in six drag events and releases; the end answer and the drag answers. */
async function pushBar(mesh: 'Bar' | 'Both', contact: ArapContactRequest | undefined, reducedFrom?: number) {
  const bytes = await poseContactGlb();
  const { positions } = await restPositions(bytes, 'pose-contact.glb', mesh);
  const selected: number[] = [];
  for (let v = 0; v < positions.length / 3; v++) if (positions[3 * v] >= BAR_END_X - 1e-6 && positions[3 * v + 1] > -0.05) selected.push(v);
  const { core, answers } = recordingCore();
  await core.handle({ kind: 'load', document: { documentId: 1, fileName: 'pose-contact.glb', bytes, resources: {} } });
  await core.handle(arapBeginRequest(mesh, selected, { contact, reducedFrom }));
  const begun = answers(1).at(-1)!;
  if (begun.kind !== 'arapBegun') throw new Error(`begin answered ${begun.kind === 'failed' ? begun.message : begun.kind}`);
  const drags: Array<Extract<EngineResponse, { kind: 'arapPositions' }>> = [];
  const steps = 6;
  for (let k = 1; k <= steps; k++) {
    await core.handle({ kind: 'arapDrag', id: 1 + k, translation: [0, (-BAR_PUSH * k) / steps, 0] });
    const answer = answers(1 + k).at(-1)!;
    if (answer.kind !== 'arapPositions') throw new Error(`drag answered ${answer.kind === 'failed' ? answer.message : answer.kind}`);
    drags.push(answer);
  }
  await core.handle({ kind: 'arapEnd', id: 100, translation: [0, -BAR_PUSH, 0] });
  const ended = answers(100).at(-1)!;
  if (ended.kind !== 'arapEnded') throw new Error(`end answered ${ended.kind === 'failed' ? ended.message : ended.kind}`);
  return { begun, drags, ended, selected, bytes };
}

/** The 'Both' mesh (a bar and a block in one mesh) at rest, and the exact checker of its self-intersections. */
async function bothAtRest() {
  const both = await restPositions(await poseContactGlb(), 'pose-contact.glb', 'Both');
  return { both, checker: intersectionChecker([{ name: 'Both', triangles: both.triangles, vertexCount: both.positions.length / 3 }]) };
}

/** After a push held by self-contact, the exact checker finds no self-intersection (the worker's counts in the message). */
function expectNoSelfIntersection(checker: ReturnType<typeof intersectionChecker>, held: Awaited<ReturnType<typeof pushBar>>): void {
  expect(
    checker.check([held.ended.positions]).total,
    `self-intersections after the edit (worker: ${held.ended.intersections} left, ${held.ended.reverted} reverted)`,
  ).toBe(0);
}

describe('engine worker: Pose-tool rotate and contact', () => {
  it('a 90° turn of the handle about its centroid puts every handle vertex exactly on its turned position; the far handle stays put', async () => {
    const time = 0.5;
    const bytes = new Uint8Array(await readFile(samplePath));
    const { core, answers } = recordingCore();
    await core.handle({ kind: 'load', document: await sample() });
    const scene = await readGltf(bytes, { fileName: 'sample.glb' });
    const index = scene.meshes.findIndex((entry) => entry.name === 'Blob');
    const raw = new Float32Array(3 * scene.meshes[index].topology.vertexCount);
    createAnimationEvaluator(scene).evaluateSimulationPositions(index, 0, time, raw);
    const n = raw.length / 3;
    const order = Array.from({ length: n }, (_, v) => v).sort((a, b) => raw[3 * b + 1] - raw[3 * a + 1]);
    const selected = order.slice(0, Math.ceil(n / 20)).sort((a, b) => a - b);
    await core.handle(arapBeginRequest('Blob', selected, { pose: { clipIndex: 0, time }, frame: 15 }));
    const begun = answers(1).at(-1)!;
    if (begun.kind !== 'arapBegun') throw new Error(`begin answered ${begun.kind === 'failed' ? begun.message : begun.kind}`);
    const c = [0, 0, 0];
    for (const v of selected) for (let k = 0; k < 3; k++) c[k] += raw[3 * v + k] / selected.length;
    expect(
      Math.hypot(begun.centroid[0] - c[0], begun.centroid[1] - c[1], begun.centroid[2] - c[2]),
      'the rotation centre is the selection’s centroid',
    ).toBeLessThan(1e-6);
    const size = createArapModel({ restPositions: begun.input, triangles: scene.meshes[index].topology.triangles }).size;
    const fixed = Array.from(arapFixedVertices(begun.input, selected, DEFAULT_REACH_FRACTION * size));
    // A quarter turn about +z: (dx, dy, dz) ↦ (−dy, dx, dz) about the centroid, as a unit quaternion (x, y, z, w).
    const half = Math.SQRT1_2;
    await core.handle({ kind: 'arapDrag', id: 2, translation: [0, 0, 0], rotation: [0, 0, half, half] });
    const dragged = answers(2).at(-1)!;
    if (dragged.kind !== 'arapPositions') throw new Error(`drag answered ${dragged.kind === 'failed' ? dragged.message : dragged.kind}`);
    let worstHandle = 0;
    for (const v of selected) {
      const dx = raw[3 * v] - c[0];
      const dy = raw[3 * v + 1] - c[1];
      const dz = raw[3 * v + 2] - c[2];
      const expected = [c[0] - dy, c[1] + dx, c[2] + dz];
      for (let k = 0; k < 3; k++) worstHandle = Math.max(worstHandle, Math.abs(dragged.positions[3 * v + k] - expected[k]));
    }
    expect(worstHandle, 'every handle vertex is at its turned position (float32 round-off)').toBeLessThan(1e-6 * size);
    let worstFixed = 0;
    for (const v of fixed) for (let k = 0; k < 3; k++) worstFixed = Math.max(worstFixed, Math.abs(dragged.positions[3 * v + k] - raw[3 * v + k]));
    expect(fixed.length, 'part of the blob is held').toBeGreaterThan(0);
    expect(worstFixed, 'the far fixed vertices stay put').toBeLessThan(1e-6 * size);
    // The same turn with a translation on top moves the turned handle by it.
    await core.handle({ kind: 'arapDrag', id: 3, translation: [0.1, 0, 0], rotation: [0, 0, 2 * half, 2 * half] });
    const moved = answers(3).at(-1)!;
    if (moved.kind !== 'arapPositions') throw new Error('second drag failed');
    const v0 = selected[0];
    expect(
      Math.abs(moved.positions[3 * v0] - (dragged.positions[3 * v0] + 0.1)),
      'a quaternion of any length is normalized; the translation adds',
    ).toBeLessThan(1e-6 * size);
  });

  it('refuses a rotation that is not four finite numbers or is zero, and a translation that is not three finite numbers', async () => {
    const { core, answers } = recordingCore();
    await core.handle({ kind: 'load', document: await sample() });
    await core.handle(arapBeginRequest('Blob', [0, 1, 2], { pose: { clipIndex: 0, time: 0 } }));
    expect(answers(1).at(-1)?.kind, 'begun').toBe('arapBegun');
    await core.handle({ kind: 'arapDrag', id: 2, translation: [0, 0, 0], rotation: [0, 0, NaN, 1] });
    expect(answers(2).at(-1), 'NaN in the quaternion').toMatchObject({ kind: 'failed', message: expect.stringMatching(/rotation.*four finite/) });
    await core.handle({ kind: 'arapDrag', id: 3, translation: [0, 0, 0], rotation: [0, 0, 0, 0] });
    expect(answers(3).at(-1), 'zero quaternion').toMatchObject({ kind: 'failed', message: expect.stringMatching(/nonzero/) });
    await core.handle({ kind: 'arapDrag', id: 4, translation: [0, 0, 0], rotation: [0, 0, 1] as unknown as [number, number, number, number] });
    expect(answers(4).at(-1), 'three numbers').toMatchObject({ kind: 'failed', message: expect.stringMatching(/rotation/) });
    await core.handle({ kind: 'arapDrag', id: 5, translation: [0, Infinity, 0] });
    expect(answers(5).at(-1), 'infinite translation').toMatchObject({ kind: 'failed', message: expect.stringMatching(/translation/) });
  });
});

describe('engine worker: Pose-tool rotate and contact', () => {
  it('pushing a bar into a collider mesh ends with no intersection by the exact checker (without contact it cuts through)', async () => {
    const { bar, block, checker } = await barAndBlock();
    expect(checker.check([bar.positions, block.positions]).total, 'the scene starts without intersections').toBe(0);
    const free = await pushBar('Bar', undefined);
    expect(checker.check([free.ended.positions, block.positions]).total, 'without contact the bar cuts through the block').toBeGreaterThan(0);
    const held = await pushBar('Bar', { colliders: ['Block'] });
    expect(held.begun.colliders, 'the block is the collider in use').toEqual(['Block']);
    expect(
      held.drags.some((drag) => drag.contacts.length > 0),
      'the drag reports vertices in contact with the block',
    ).toBe(true);
    const result = checker.check([held.ended.positions, block.positions]);
    expect(result.total, `intersections after the edit (worker: ${held.ended.intersections} left, ${held.ended.reverted} reverted)`).toBe(0);
    expect(held.ended.intersections, 'the worker reports none either').toBe(0);
    // The edit still happened: the bar's end went down most of the way.
    const lowered = held.selected.reduce((sum, v) => sum + (bar.positions[3 * v + 1] - held.ended.positions[3 * v + 1]), 0) / held.selected.length;
    expect(lowered, 'the pushed end moved down').toBeGreaterThan(0.5 * BAR_PUSH);
  });

  it('pushing one part of a mesh into another ends with no new self-intersection (without self-contact it cuts through)', async () => {
    const { both, checker } = await bothAtRest();
    expect(checker.check([both.positions]).total, 'the two parts start apart').toBe(0);
    const free = await pushBar('Both', undefined);
    expect(checker.check([free.ended.positions]).total, 'without self-contact the bar cuts through the block part').toBeGreaterThan(0);
    const held = await pushBar('Both', { self: true });
    expect(held.begun.colliders, 'self-contact in use').toEqual(['self']);
    expect(
      held.drags.some((drag) => drag.contacts.length > 0),
      'the drag reports vertices in contact',
    ).toBe(true);
    expectNoSelfIntersection(checker, held);
  });

  it('the ground plane keeps the pushed bar above y = 0 − the lowest point of the input', async () => {
    const held = await pushBar('Bar', { ground: true });
    expect(held.begun.colliders, 'ground in use').toEqual(['ground']);
    const lowest = Math.min(...Array.from(held.ended.positions).filter((_, i) => i % 3 === 1));
    expect(lowest, 'nothing below the ground (the bar rests on y = 0)').toBeGreaterThanOrEqual(-1e-9);
  });

  // The reduced subspace alone folded the thin bar through itself (39 self-crossings by the last drag event), which the
  // bar–block end check could not see; the release now ends in full space with every handle hard, and the end check
  // runs on exactly the keyed positions (poseSolver, intersectionFreeEnd's keep and surfaceTriangles).
  it('in the reduced subspace too, pushing the bar into the block ends with no intersection, and every answer reports the basis', async () => {
    const { bar, block, checker } = await barAndBlock();
    // The bar is small: a threshold of 0 puts it in the reduced subspace.
    const held = await pushBar('Bar', { colliders: ['Block'] }, 0);
    expect(
      held.drags.every((drag) => drag.bases !== null),
      'every drag answer reports the reduced basis',
    ).toBe(true);
    const touching = held.drags.filter((drag) => drag.contacts.length > 0);
    expect(touching.length, 'the drag reports vertices in contact with the block').toBeGreaterThan(0);
    // The bar's 800-odd vertices make a hierarchy of one level (no local bases to activate): the counts are reported, 0.
    expect(
      touching.every((drag) => drag.bases!.perLevel.reduce((a, b) => a + b, 0) === drag.bases!.local),
      'the per-level counts add up to the local bases',
    ).toBe(true);
    const result = checker.check([held.ended.positions, block.positions]);
    expect(result.total, `intersections after the edit (worker: ${held.ended.intersections} left, ${held.ended.reverted} reverted)`).toBe(0);
    const lowered = held.selected.reduce((sum, v) => sum + (bar.positions[3 * v + 1] - held.ended.positions[3 * v + 1]), 0) / held.selected.length;
    expect(lowered, 'the pushed end moved down').toBeGreaterThan(0.5 * BAR_PUSH);
    // Full space (the default threshold is far above the bar's vertex count) reports no basis.
    const full = await pushBar('Bar', undefined);
    expect(
      full.drags.every((drag) => drag.bases === null),
      'full-space answers report no basis',
    ).toBe(true);
  });

  it('in the reduced subspace, pushing one part of a mesh into another ends with no new self-intersection', async () => {
    const { checker } = await bothAtRest();
    const held = await pushBar('Both', { self: true }, 0);
    expect(
      held.drags.some((drag) => drag.contacts.length > 0 && drag.bases !== null),
      'contact appears, answered by the reduced solver',
    ).toBe(true);
    expectNoSelfIntersection(checker, held);
  });

  it('fails for a collider mesh the document lacks, naming it and the file', async () => {
    const { core, answers } = recordingCore();
    await core.handle({ kind: 'load', document: { documentId: 1, fileName: 'pose-contact.glb', bytes: await poseContactGlb(), resources: {} } });
    await core.handle(arapBeginRequest('Bar', [0], { contact: { colliders: ['Nope'] } }));
    expect(answers(1).at(-1), 'unknown collider').toMatchObject({ kind: 'failed', message: expect.stringMatching(/"Nope".*pose-contact\.glb/) });
  });
});
