import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { AnimationMixer, Vector3, type Object3D, type SkinnedMesh } from 'three';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAnimationEvaluator } from '../../../app/animation/index.ts';
import { BAKE_STAGES } from '../../../app/bake/index.ts';
import { intersectionChecker, sceneIntersections } from '../../../app/intersection/index.ts';
import { readGltf } from '../../../app/io/index.ts';
import { poseCorrectedPositions } from '../../../app/poseCorrections/index.ts';
import { createArapModel } from '../../../app/solvers/arap/index.ts';
import { arapFixedVertices, DEFAULT_REACH_FRACTION } from '../../../renderer/workers/arapFixedVertices.ts';
import { loadGltfScene } from '../../../renderer/document/loadGltfScene.ts';
import { createEngineWorkerCore, REDUCED_ARAP_MAX_VERTICES, REDUCED_ARAP_MIN_VERTICES } from '../../../renderer/workers/engineWorkerCore.ts';
import type {
  ArapContactRequest,
  DocumentPayload,
  EngineRequest,
  EngineResponse,
  FrameIntersectionsView,
  LatticeGeometry,
} from '../../../renderer/workers/protocol.ts';
import { arapBeginRequest } from '../../helpers/arapBeginRequest.ts';
import { critterAtRest } from '../../helpers/critterAtRest.ts';
import { CROSSING_PAIRS, crossingQuadsGlb, SLIDE_DISTANCE } from '../../helpers/crossingQuads.ts';
import { BAR_END_X, BAR_PUSH, poseContactGlb } from '../../helpers/poseContactScene.ts';
import { tailTipVertices, testCharacterGlb } from '../../helpers/testCharacter.ts';
import { installBrowserGlobals } from '../browserGlobals.ts';

beforeAll(() => installBrowserGlobals());

const samplePath = path.resolve('assets/sample.glb');

async function sample(documentId = 1): Promise<DocumentPayload> {
  return { documentId, fileName: 'sample.glb', bytes: new Uint8Array(await readFile(samplePath)), resources: {} };
}

/** A core with its posted messages (and their transfer lists) collected. */
function recordingCore() {
  const messages: Array<{ message: EngineResponse; transfer: Transferable[] }> = [];
  const core = createEngineWorkerCore((message, transfer) => messages.push({ message, transfer }));
  const answers = (id: number) => messages.filter(({ message }) => message.id === id).map(({ message }) => message);
  return { core, messages, answers };
}

/** World-space vertex positions of the sample's skinned mesh as three.js poses it (null: rest pose). */
async function threePositions(time: number | null): Promise<Float32Array> {
  const gltf = await loadGltfScene({ name: 'sample.glb', path: null, bytes: new Uint8Array(await readFile(samplePath)), resources: {}, missing: [] });
  if (time !== null) {
    const mixer = new AnimationMixer(gltf.scene);
    const action = mixer.clipAction(gltf.animations[0]);
    action.play();
    action.time = time;
    mixer.update(0);
  }
  gltf.scene.updateMatrixWorld(true);
  // The sample's one mesh has two primitives: three.js makes a SkinnedMesh of each.
  const meshes: SkinnedMesh[] = [];
  gltf.scene.traverse((object: Object3D) => {
    if ((object as SkinnedMesh).isSkinnedMesh) meshes.push(object as SkinnedMesh);
  });
  const out: number[] = [];
  const v = new Vector3();
  for (const mesh of meshes) {
    mesh.skeleton.update();
    for (let i = 0; i < mesh.geometry.getAttribute('position').count; i++) {
      mesh.getVertexPosition(i, v);
      v.applyMatrix4(mesh.matrixWorld);
      out.push(v.x, v.y, v.z);
    }
  }
  return Float32Array.from(out);
}

/** Largest distance from a point of `points` to its nearest point of `reference` (brute force). */
function largestNearestDistance(points: Float32Array, reference: Float32Array): number {
  let worst = 0;
  for (let p = 0; p < points.length; p += 3) {
    let best = Infinity;
    for (let r = 0; r < reference.length; r += 3) {
      const dx = points[p] - reference[r];
      const dy = points[p + 1] - reference[r + 1];
      const dz = points[p + 2] - reference[r + 2];
      best = Math.min(best, dx * dx + dy * dy + dz * dz);
    }
    worst = Math.max(worst, Math.sqrt(best));
  }
  return worst;
}

describe('engine worker: bake', () => {
  it('bakes the loaded document with throttled progress and answers with the GLB, its buffer transferred', async () => {
    const { core, messages, answers } = recordingCore();
    await core.handle({ kind: 'load', document: await sample() });
    await core.handle({ kind: 'bake', id: 7, documentId: 1, options: { clip: 'Bounce', frames: [0, 3], meshes: [{ mesh: 'Blob', latticeResolution: 4 }] } });
    const answered = answers(7);
    const final = answered.at(-1)!;
    expect(final.kind, 'the last answer is the result').toBe('baked');
    if (final.kind !== 'baked') return;
    expect(new TextDecoder().decode(final.bytes.subarray(0, 4)), 'a GLB (magic "glTF")').toBe('glTF');
    expect(final.report.frames, 'the requested frames').toMatchObject({ first: 0, last: 3, count: 4 });
    expect(final.report.outputBytes, 'the report describes these bytes').toBe(final.bytes.byteLength);
    const transfer = messages.find(({ message }) => message === final)!.transfer;
    expect(transfer, 'the GLB buffer and the baked positions are transferred, not copied').toEqual([
      final.bytes.buffer,
      ...final.positions.map((mesh) => mesh.positions.buffer),
    ]);
    expect(final.positions.length, 'one simulated mesh').toBe(1);
    expect(final.positions[0].positions.length % (4 * 3), 'four baked frames of xyz per render vertex').toBe(0);
    expect(Array.from(final.positions[0].inputTimes), 'the input time of each baked frame (the clip’s own 30 fps)').toEqual([0, 1 / 30, 2 / 30, 3 / 30]);
    expect(final.bytes.byteLength, 'and the buffer holds exactly the file').toBe(final.bytes.buffer.byteLength);
    const progress = answered.filter((message) => message.kind === 'progress');
    expect(progress.length, 'progress was reported').toBeGreaterThan(1);
    const order = progress.map((message) => (message.kind === 'progress' ? BAKE_STAGES.indexOf(message.progress.stage) : -1));
    expect(
      order.every((stage, k) => stage >= 0 && (k === 0 || stage >= order[k - 1])),
      `stages in pipeline order: ${order.join(' ')}`,
    ).toBe(true);
  });

  it('thins progress: a 61-frame bake posts far fewer progress messages than frames, but always the last frame', async () => {
    const { core, answers } = recordingCore();
    await core.handle({ kind: 'load', document: await sample() });
    await core.handle({
      kind: 'bake',
      id: 1,
      documentId: 1,
      options: { clip: 'Bounce', meshes: [{ mesh: 'Blob', latticeResolution: 3, preset: 'stiffRubber' }] },
    });
    const simulation = answers(1).flatMap((message) => (message.kind === 'progress' && message.progress.stage === 'simulation' ? [message.progress] : []));
    expect(answers(1).at(-1)!.kind, 'finished').toBe('baked');
    expect(simulation.length, 'fewer messages than the 61 simulated frames').toBeLessThan(61);
    expect(simulation.at(-1)!.frame, 'the last simulated frame is always reported').toBe(simulation.at(-1)!.frameCount);
  });

  it('cancel aborts a running bake between frames: the answer is `cancelled` and no GLB is posted', async () => {
    const { core, answers } = recordingCore();
    await core.handle({ kind: 'load', document: await sample() });
    const running = core.handle({ kind: 'bake', id: 3, documentId: 1, options: { clip: 'Bounce', meshes: [{ mesh: 'Blob', latticeResolution: 8 }] } });
    // Wait for the simulation to be under way, then cancel as a worker message would (between the bake's yields).
    for (let i = 0; i < 2000 && !answers(3).some((m) => m.kind === 'progress' && m.progress.stage === 'simulation'); i++)
      await new Promise((resolve) => setTimeout(resolve, 5));
    expect(
      answers(3).some((m) => m.kind === 'progress' && m.progress.stage === 'simulation'),
      'the bake reached the simulation',
    ).toBe(true);
    await core.handle({ kind: 'cancel', id: 3 });
    await running;
    const kinds = answers(3).map((message) => message.kind);
    expect(kinds.at(-1), 'answered cancelled').toBe('cancelled');
    expect(kinds, 'no result').not.toContain('baked');
    const lastProgress = answers(3)
      .filter((m) => m.kind === 'progress')
      .at(-1);
    expect(lastProgress?.kind === 'progress' && lastProgress.progress.frame < lastProgress.progress.frameCount, 'it stopped midway').toBe(true);
  });

  it('fails with the engine’s message for a bad option, and for a document it was never given', async () => {
    const { core, answers } = recordingCore();
    await core.handle({ kind: 'load', document: await sample() });
    await core.handle({ kind: 'bake', id: 1, documentId: 1, options: { clip: 'Jump' } });
    const failed = answers(1).at(-1)!;
    expect(failed.kind === 'failed' && failed.message, 'names the unknown clip and the real ones').toMatch(/"Jump".*"Bounce"/);
    await core.handle({ kind: 'bake', id: 2, documentId: 99, options: { clip: 'Bounce' } });
    const stale = answers(2).at(-1)!;
    expect(stale.kind === 'failed' && stale.message, 'a stale document id is refused').toMatch(/document 99/);
  });

  it('reports a file the importer rejects, naming the file', async () => {
    const { core, answers } = recordingCore();
    await core.handle({
      kind: 'load',
      document: { documentId: 2, fileName: 'broken.glb', bytes: new TextEncoder().encode('not a glb at all'), resources: {} },
    });
    await core.handle({ kind: 'bake', id: 1, documentId: 2, options: { clip: 'Bounce' } });
    const answer = answers(1).at(-1)!;
    expect(answer.kind === 'failed' && answer.message, 'the file is named').toMatch(/^broken\.glb: /);
  });
});

describe('engine worker: lattice', () => {
  let rest: LatticeGeometry;
  let cellSize = 0;

  it('embeds the mesh: distinct tet edges, one surface point per welded vertex, on the rest surface three.js draws', async () => {
    const { core, answers } = recordingCore();
    await core.handle({ kind: 'load', document: await sample() });
    await core.handle({ kind: 'lattice', id: 1, documentId: 1, mesh: 'Blob', resolution: 6, pose: null });
    const answer = answers(1).at(-1)!;
    expect(answer.kind, 'a lattice').toBe('lattice');
    if (answer.kind !== 'lattice') return;
    rest = answer.geometry;
    cellSize = rest.stats.cellSize;
    expect(rest.resolution, 'the requested resolution').toBe(6);
    expect(rest.positions.length, 'positions of every lattice vertex').toBe(3 * rest.vertexCount);
    expect(rest.edges.length % 2, 'pairs').toBe(0);
    expect(Math.max(...rest.edges), 'edge indices are lattice vertices').toBeLessThan(rest.vertexCount);
    expect(rest.edges.length / 2, 'shared edges drawn once: fewer than 6 per tet').toBeLessThan(6 * rest.tetCount);
    expect(rest.surface.length / 3, 'the sample welds 3,150 vertices (overlap inspect)').toBe(3150);
    const reference = await threePositions(null);
    expect(largestNearestDistance(rest.surface, reference), 'each embedded point lies on a rest vertex three.js draws (1e-5 m)').toBeLessThan(1e-5);
  });

  it('poses the lattice at a clip time: its embedded surface follows the animated surface three.js draws', async () => {
    const { core, answers } = recordingCore();
    await core.handle({ kind: 'load', document: await sample() });
    await core.handle({ kind: 'lattice', id: 1, documentId: 1, mesh: 'Blob', resolution: 6, pose: null });
    await core.handle({ kind: 'latticePose', id: 2, pose: { clipIndex: 0, time: 1.2 } });
    const answer = answers(2).at(-1)!;
    expect(answer.kind, 'a pose').toBe('latticePose');
    if (answer.kind !== 'latticePose') return;
    const animated = await threePositions(1.2);
    const restSurface = await threePositions(null);
    const moved = largestNearestDistance(animated, restSurface);
    const error = largestNearestDistance(answer.surface, animated);
    expect(moved, 'the clip really moves the surface at 1.2 s').toBeGreaterThan(cellSize / 2);
    expect(error, 'the fitted lattice carries the surface within a fifth of a cell').toBeLessThan(cellSize / 5);
    expect(answer.positions.length, 'every lattice vertex').toBe(rest.positions.length);
  });

  it('fails for an unknown mesh, and a pose before any lattice', async () => {
    const { core, answers } = recordingCore();
    await core.handle({ kind: 'latticePose', id: 1, pose: { clipIndex: 0, time: 0 } });
    expect(answers(1).at(-1), 'no lattice yet').toMatchObject({ kind: 'failed', message: expect.stringMatching(/no lattice/) });
    await core.handle({ kind: 'load', document: await sample() });
    await core.handle({ kind: 'lattice', id: 2, documentId: 1, mesh: 'Tail', resolution: 4, pose: null } satisfies EngineRequest);
    expect(answers(2).at(-1), 'names the mesh and the file').toMatchObject({ kind: 'failed', message: 'no mesh "Tail" in sample.glb' });
  });
});

describe('engine worker: intersections', () => {
  const quads = async (documentId = 1): Promise<DocumentPayload> => ({
    documentId,
    fileName: 'crossing-quads.glb',
    bytes: await crossingQuadsGlb(),
    resources: {},
  });
  const fox = async (documentId = 1): Promise<DocumentPayload> => ({
    documentId,
    fileName: 'Fox.glb',
    bytes: new Uint8Array(await readFile(path.resolve('../shared/data/Fox.glb'))),
    resources: {},
  });

  /** Sends one intersections request and returns its answer. */
  async function check(
    core: ReturnType<typeof recordingCore>,
    request: Omit<Extract<EngineRequest, { kind: 'intersections' }>, 'kind' | 'id'>,
    id: number,
  ): Promise<FrameIntersectionsView> {
    await core.core.handle({ kind: 'intersections', id, ...request });
    const answer = core.answers(id).at(-1);
    if (answer?.kind !== 'intersections') throw new Error(`request ${id} answered ${answer?.kind === 'failed' ? answer.message : answer?.kind}`);
    return answer.intersections;
  }

  /** Blade's world-space render positions with its node moved `dx` along x (Wall is not simulated here). */
  const bladeAt = (dx: number): Float32Array =>
    new Float32Array([0.2, -0.5, -1, 0.2, 0.5, -1, 0.2, 0.5, 1, 0.2, -0.5, 1].map((x, i) => (i % 3 === 0 ? x + dx : x)));

  it('finds the hand-worked crossing of two quads at t = 0 (all four triangles, four pairs, between the meshes), and nothing once they are apart', async () => {
    const recording = recordingCore();
    await recording.core.handle({ kind: 'load', document: await quads() });
    const crossing = await check(recording, { documentId: 1, pose: { clipIndex: 0, time: 0 }, output: null }, 1);
    expect(crossing.source, 'the input was checked').toBe('input');
    expect(crossing.total, 'edge–triangle pairs worked out in crossingQuads.ts').toBe(CROSSING_PAIRS);
    expect(
      crossing.meshes.map((mesh) => [mesh.mesh, Array.from(mesh.triangles)]),
      'both triangles of each quad take part',
    ).toEqual([
      ['Wall', [0, 1]],
      ['Blade', [0, 1]],
    ]);
    expect(crossing.triangleCount, 'four intersecting triangles').toBe(4);
    expect(crossing.between, 'all of it between Wall and Blade').toEqual([{ a: 'Wall', b: 'Blade', count: CROSSING_PAIRS }]);
    expect(
      crossing.meshes.map((mesh) => mesh.self),
      'neither quad cuts itself',
    ).toEqual([0, 0]);
    const apart = await check(recording, { documentId: 1, pose: { clipIndex: 0, time: 1 }, output: null }, 2);
    expect([apart.total, apart.triangleCount, apart.between.length], 'slid 3 m away: nothing intersects').toEqual([0, 0, 0]);
    expect(
      apart.meshes.every((mesh) => mesh.triangles.length === 0),
      'no triangle listed',
    ).toBe(true);
  });

  it('answers what `overlap check` reports for Fox.glb: nothing at rest, the same triangles mid-run', async () => {
    const recording = recordingCore();
    await recording.core.handle({ kind: 'load', document: await fox() });
    const rest = await check(recording, { documentId: 1, pose: { clipIndex: null, time: 0 }, output: null }, 1);
    expect([rest.total, rest.triangleCount], 'the rest pose does not intersect').toEqual([0, 0]);
    const scene = await readGltf(new Uint8Array(await readFile(path.resolve('../shared/data/Fox.glb'))), { fileName: 'Fox.glb' });
    const run = scene.clips.findIndex((clip) => clip.name === 'Run');
    const [reference] = sceneIntersections(scene, run, [10], 24);
    expect(reference.total, 'Run intersects itself at frame 10 (the reference is not vacuous)').toBeGreaterThan(0);
    const running = await check(recording, { documentId: 1, pose: { clipIndex: run, time: 10 / 24 }, output: null }, 2);
    expect(running.total, 'the same pair count').toBe(reference.total);
    expect(Array.from(running.meshes[0].triangles), 'the same triangles').toEqual(Array.from(reference.triangles[0]));
  });

  it('checks the baked output from the frame’s positions: the simulated mesh as sent, the others as the input at that time', async () => {
    const recording = recordingCore();
    await recording.core.handle({ kind: 'load', document: await quads() });
    const pose = { clipIndex: 0, time: 0 };
    const moved = await check(
      recording,
      { documentId: 1, pose, output: { bakeId: 5, frame: 0, meshes: [{ meshIndex: 1, positions: bladeAt(SLIDE_DISTANCE) }] } },
      1,
    );
    expect(moved.source, 'the output was checked').toBe('output');
    expect(moved.total, 'the baked Blade has left the wall that the input holds in place').toBe(0);
    const kept = await check(recording, { documentId: 1, pose, output: { bakeId: 5, frame: 1, meshes: [{ meshIndex: 1, positions: bladeAt(0) }] } }, 2);
    expect([kept.total, kept.triangleCount], 'a baked Blade through the wall crosses it').toEqual([CROSSING_PAIRS, 4]);
    // Now Wall is the simulated mesh, baked 3 m along x: it meets Blade only where the input has slid Blade too (t = 1).
    const wall = new Float32Array([-1, -1, 0, 1, -1, 0, 1, 1, 0, -1, 1, 0].map((x, i) => (i % 3 === 0 ? x + SLIDE_DISTANCE : x)));
    const early = await check(recording, { documentId: 1, pose, output: { bakeId: 6, frame: 0, meshes: [{ meshIndex: 0, positions: wall }] } }, 3);
    const late = await check(
      recording,
      { documentId: 1, pose: { clipIndex: 0, time: 1 }, output: { bakeId: 6, frame: 30, meshes: [{ meshIndex: 0, positions: wall }] } },
      4,
    );
    expect([early.total, late.total], 'the unsimulated Blade is posed at the frame’s input time').toEqual([0, CROSSING_PAIRS]);
  });

  it('caches per document, source and frame: a repeat is answered from the cache, another frame or a new document is checked', async () => {
    const recording = recordingCore();
    await recording.core.handle({ kind: 'load', document: await quads() });
    const pose = { clipIndex: 0, time: 0 };
    const first = await check(recording, { documentId: 1, pose, output: null }, 1);
    const again = await check(recording, { documentId: 1, pose, output: null }, 2);
    expect([first.cached, again.cached], 'checked once, then cached').toEqual([false, true]);
    expect({ ...again, cached: false }, 'the cached answer is the same').toEqual(first);
    const output = await check(
      recording,
      { documentId: 1, pose, output: { bakeId: 1, frame: 0, meshes: [{ meshIndex: 1, positions: bladeAt(SLIDE_DISTANCE) }] } },
      3,
    );
    expect([output.cached, output.total], 'the output of the same time is another source: checked').toEqual([false, 0]);
    // The output's key is (bake, frame): the same key is not checked again, whatever positions come with it.
    const sameFrame = await check(recording, { documentId: 1, pose, output: { bakeId: 1, frame: 0, meshes: [{ meshIndex: 1, positions: bladeAt(0) }] } }, 4);
    expect([sameFrame.cached, sameFrame.total], 'the same bake and frame: from the cache').toEqual([true, 0]);
    const otherBake = await check(recording, { documentId: 1, pose, output: { bakeId: 2, frame: 0, meshes: [{ meshIndex: 1, positions: bladeAt(0) }] } }, 5);
    expect([otherBake.cached, otherBake.total], 'another bake: checked').toEqual([false, CROSSING_PAIRS]);
    await recording.core.handle({ kind: 'load', document: await quads(2) });
    const reloaded = await check(recording, { documentId: 2, pose, output: null }, 6);
    expect(reloaded.cached, 'a new document starts with an empty cache').toBe(false);
  });

  it('fails with a message for baked positions that do not fit the mesh, a mesh the document lacks, and a document it was never given', async () => {
    const recording = recordingCore();
    await recording.core.handle({ kind: 'load', document: await quads() });
    await recording.core.handle({
      kind: 'intersections',
      id: 1,
      documentId: 1,
      pose: { clipIndex: 0, time: 0 },
      output: { bakeId: 1, frame: 0, meshes: [{ meshIndex: 1, positions: new Float32Array(9) }] },
    });
    expect(recording.answers(1), 'names the mesh and both sizes').toEqual([
      { kind: 'failed', id: 1, message: 'the baked frame of mesh "Blade" has 3 vertices, the document\'s mesh 4' },
    ]);
    await recording.core.handle({
      kind: 'intersections',
      id: 2,
      documentId: 1,
      pose: { clipIndex: 0, time: 0 },
      output: { bakeId: 1, frame: 1, meshes: [{ meshIndex: 7, positions: bladeAt(0) }] },
    });
    expect(recording.answers(2), 'an unknown mesh index').toEqual([{ kind: 'failed', id: 2, message: 'the baked frame names mesh 7; the document has 2' }]);
    await recording.core.handle({ kind: 'intersections', id: 3, documentId: 9, pose: { clipIndex: 0, time: 0 }, output: null });
    expect(recording.answers(3), 'a document the worker does not hold').toEqual([{ kind: 'failed', id: 3, message: 'the engine has not loaded document 9' }]);
  });
});

describe('engine worker: Pose-tool ARAP drag', () => {
  /** The sample's welded input at a clip time, evaluated independently of the worker, and its rest-shape model. */
  async function sampleInput(time: number): Promise<{ raw: Float32Array; frames: ReturnType<typeof createArapModel>; triangles: Uint32Array }> {
    const scene = await readGltf(new Uint8Array(await readFile(samplePath)), { fileName: 'sample.glb' });
    const evaluator = createAnimationEvaluator(scene);
    const mesh = scene.meshes.findIndex((entry) => entry.name === 'Blob');
    const n = scene.meshes[mesh].topology.vertexCount;
    const raw = new Float32Array(3 * n);
    evaluator.evaluateSimulationPositions(mesh, 0, time, raw);
    const rest = new Float32Array(3 * n);
    evaluator.evaluateSimulationPositions(mesh, null, 0, rest);
    const { triangles } = scene.meshes[mesh].topology;
    return { raw, frames: createArapModel({ restPositions: rest, triangles }), triangles };
  }

  /** The highest twentieth of the vertices (the top of the blob): the handle the test drags. */
  function topVertices(positions: Float32Array): number[] {
    const n = positions.length / 3;
    const order = Array.from({ length: n }, (_, v) => v).sort((a, b) => positions[3 * b + 1] - positions[3 * a + 1]);
    return order.slice(0, Math.ceil(n / 20)).sort((a, b) => a - b);
  }

  const maxDifference = (a: ArrayLike<number>, b: ArrayLike<number>, vertices: Iterable<number>, offset: [number, number, number] = [0, 0, 0]): number => {
    let worst = 0;
    for (const v of vertices) for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(a[3 * v + c] - b[3 * v + c] - offset[c]));
    return worst;
  };

  it('a drag moves the selected handle to its target and keeps the far handle where it was; the release answers a correction that reproduces the edit', async () => {
    const time = 0.5;
    const frame = time * 30;
    const { raw, frames, triangles } = await sampleInput(time);
    const n = raw.length / 3;
    const selected = topVertices(raw);
    const size = frames.size;
    const translation: [number, number, number] = [0.05 * size, 0.1 * size, 0];
    const { core, answers } = recordingCore();
    await core.handle({ kind: 'load', document: await sample() });
    await core.handle(arapBeginRequest('Blob', selected, { pose: { clipIndex: 0, time }, frame }));
    const begun = answers(1).at(-1)!;
    expect(begun.kind, begun.kind === 'failed' ? begun.message : 'begun').toBe('arapBegun');
    if (begun.kind !== 'arapBegun') return;
    const all = Array.from({ length: n }, (_, v) => v);
    expect(maxDifference(begun.input, raw, all), 'with no corrections the edit starts from the animated input at that time').toBeLessThan(1e-6 * size);
    expect(begun.fixed, 'some of the mesh is held').toBeGreaterThan(0);
    // The worker's fixed handle: the same rule on the same pose (the rest model's size is the pose's: the blob only bounces).
    const fixed = Array.from(
      arapFixedVertices(begun.input, selected, DEFAULT_REACH_FRACTION * createArapModel({ restPositions: begun.input, triangles }).size),
    );
    expect(fixed.length, 'the test finds the fixed handle the worker reports').toBe(begun.fixed);

    await core.handle({ kind: 'arapDrag', id: 2, translation });
    const dragged = answers(2).at(-1)!;
    expect(dragged.kind, 'positions answer').toBe('arapPositions');
    if (dragged.kind !== 'arapPositions') return;
    expect(maxDifference(dragged.positions, raw, selected, translation), 'the selected handle is at input + translation').toBeLessThan(1e-5 * size);
    expect(maxDifference(dragged.positions, raw, fixed), 'the far handle has not moved').toBeLessThan(1e-6 * size);
    const free = all.filter((v) => !selected.includes(v) && !fixed.includes(v));
    const freeMoved = free.filter(
      (v) =>
        Math.hypot(dragged.positions[3 * v] - raw[3 * v], dragged.positions[3 * v + 1] - raw[3 * v + 1], dragged.positions[3 * v + 2] - raw[3 * v + 2]) >
        1e-4 * size,
    );
    expect(freeMoved.length, 'the part between the handles bends with the drag').toBeGreaterThan(0);

    await core.handle({ kind: 'arapEnd', id: 3, translation });
    const ended = answers(3).at(-1)!;
    expect(ended.kind, 'ended').toBe('arapEnded');
    if (ended.kind !== 'arapEnded') return;
    expect(ended.vertices.length, 'the correction lists the moved vertices').toBeGreaterThanOrEqual(selected.length);
    expect(
      ended.vertices.some((v) => fixed.includes(v)),
      'no held vertex is in the correction',
    ).toBe(false);
    const correction = { id: 'c1', mesh: 'Blob', frame, easeIn: 6, easeOut: 6, vertices: ended.vertices, offsets: ended.offsets };
    const replayed = new Float32Array(3 * n);
    poseCorrectedPositions(frames, [correction], 'Blob', frame, raw, replayed);
    expect(maxDifference(replayed, ended.positions, all), 'the keyed correction reproduces the edit at its frame').toBeLessThan(1e-5 * size);

    // A second edit starts from the first one: corrections stack.
    await core.handle(arapBeginRequest('Blob', selected, { id: 4, pose: { clipIndex: 0, time }, frame, corrections: [correction] }));
    const again = answers(4).at(-1)!;
    expect(again.kind === 'arapBegun' && maxDifference(again.input, ended.positions, all), 'the next edit starts from the corrected pose').toBeLessThan(
      1e-5 * size,
    );
  });

  it('stores offsets in metres: a scene in centimetres gets a hundredth of the displacement', async () => {
    const time = 0.5;
    const { raw } = await sampleInput(time);
    const selected = topVertices(raw);
    const { core, answers } = recordingCore();
    await core.handle({ kind: 'load', document: await sample() });
    const run = async (id: number, metersPerUnit: number): Promise<number[]> => {
      await core.handle(arapBeginRequest('Blob', selected, { id, pose: { clipIndex: 0, time }, frame: 15, metersPerUnit }));
      await core.handle({ kind: 'arapEnd', id: id + 1, translation: [0, 0.05, 0] });
      const ended = answers(id + 1).at(-1)!;
      return ended.kind === 'arapEnded' ? ended.offsets : [];
    };
    const metres = await run(1, 1);
    const centimetres = await run(3, 0.01);
    expect(metres.length, 'same vertices').toBe(centimetres.length);
    expect(Math.max(...metres.map((o, i) => Math.abs(o * 0.01 - centimetres[i]))), 'offsets scale with metersPerUnit').toBeLessThan(1e-9);
  });

  it('fails clearly: a drag with no edit started, an empty selection, an unknown mesh', async () => {
    const { core, answers } = recordingCore();
    await core.handle({ kind: 'load', document: await sample() });
    await core.handle({ kind: 'arapDrag', id: 1, translation: [0, 1, 0] });
    expect(answers(1).at(-1), 'no edit').toMatchObject({ kind: 'failed', message: expect.stringMatching(/no pose edit/) });
    await core.handle(arapBeginRequest('Blob', [], { id: 2, pose: { clipIndex: 0, time: 0 } }));
    expect(answers(2).at(-1), 'empty selection').toMatchObject({ kind: 'failed', message: expect.stringMatching(/select/) });
    await core.handle(arapBeginRequest('Nope', [0], { id: 3, pose: { clipIndex: 0, time: 0 } }));
    expect(answers(3).at(-1), 'unknown mesh, named with the file').toMatchObject({ kind: 'failed', message: expect.stringMatching(/"Nope".*sample\.glb/) });
  });
});

describe('engine worker: Pose-tool rotate and contact', () => {
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

describe('engine worker: the Pose tool on a big mesh (reduced ARAP)', () => {
  it('drags the generated character’s tail tip (12.8k vertices, in the reduced range): the handle reaches its target, the far fixed vertices stay near while dragging and exact after the release', async () => {
    const bytes = await testCharacterGlb({ subdivisions: 3 });
    const { topology, input } = await critterAtRest(bytes, 'critter.glb');
    const n = topology.vertexCount;
    expect(n >= REDUCED_ARAP_MIN_VERTICES && n < REDUCED_ARAP_MAX_VERTICES, `the mesh (${n} vertices) is in the reduced range`).toBe(true);
    const size = createArapModel({ restPositions: input, triangles: topology.triangles }).size;
    // The tail's tip: the vertices within 3% of the size of the rearmost one.
    const selected = tailTipVertices(input, size);
    const fixed = arapFixedVertices(input, selected, DEFAULT_REACH_FRACTION * size);
    const { core, answers } = recordingCore();
    await core.handle({ kind: 'load', document: { documentId: 1, fileName: 'critter.glb', bytes, resources: {} } });
    await core.handle(arapBeginRequest('Critter', selected));
    const begun = answers(1).at(-1)!;
    if (begun.kind !== 'arapBegun') throw new Error(`begin answered ${begun.kind === 'failed' ? begun.message : begun.kind}`);
    // Down by 0.1 of the size in five drag events.
    const steps = 5;
    let last: Extract<EngineResponse, { kind: 'arapPositions' }> | null = null;
    for (let k = 1; k <= steps; k++) {
      await core.handle({ kind: 'arapDrag', id: 1 + k, translation: [0, (-0.1 * size * k) / steps, 0] });
      const answer = answers(1 + k).at(-1)!;
      if (answer.kind !== 'arapPositions') throw new Error(`drag answered ${answer.kind === 'failed' ? answer.message : answer.kind}`);
      last = answer;
    }
    const dragged = last!;
    expect(dragged.bases, 'the reduced solver answered').not.toBeNull();
    expect(dragged.bases!.local, 'the moving handle keeps local detail').toBeGreaterThan(0);
    let handleError = 0;
    for (const v of selected) {
      for (let k = 0; k < 3; k++)
        handleError = Math.max(handleError, Math.abs(dragged.positions[3 * v + k] - (input[3 * v + k] + (k === 1 ? -0.1 * size : 0))));
    }
    expect(handleError, `every handle vertex within 1% of the size of its target (moved 10%; off by ${(handleError / size).toExponential(2)})`).toBeLessThan(
      0.01 * size,
    );
    let fixedError = 0;
    for (const v of fixed) for (let k = 0; k < 3; k++) fixedError = Math.max(fixedError, Math.abs(dragged.positions[3 * v + k] - input[3 * v + k]));
    expect(fixed.length, 'most of the character is held').toBeGreaterThan(n / 2);
    // Measured 1.5% of the size: the fixed handle is held by its affine moments per component in the subspace, not
    // vertex by vertex (poseSolver.ts); the full-space solver holds it exactly.
    expect(fixedError, `while dragging, the far fixed vertices stay within 2% of the size (off by ${(fixedError / size).toExponential(2)})`).toBeLessThan(
      0.02 * size,
    );
    // The release polishes in full space with every handle hard: held vertices end where they belong, to 1e-6 of the
    // size (float32 answers), and the keyed correction reproduces the answer's positions.
    await core.handle({ kind: 'arapEnd', id: 100, translation: [0, -0.1 * size, 0] });
    const ended = answers(100).at(-1)!;
    if (ended.kind !== 'arapEnded') throw new Error(`end answered ${ended.kind === 'failed' ? ended.message : ended.kind}`);
    let heldError = 0;
    for (const v of fixed) for (let k = 0; k < 3; k++) heldError = Math.max(heldError, Math.abs(ended.positions[3 * v + k] - input[3 * v + k]));
    for (const v of selected)
      for (let k = 0; k < 3; k++) heldError = Math.max(heldError, Math.abs(ended.positions[3 * v + k] - (input[3 * v + k] + (k === 1 ? -0.1 * size : 0))));
    expect(
      heldError,
      `after the release every held vertex (fixed and moved) is within 1e-6 of the size of its target (off by ${(heldError / size).toExponential(2)})`,
    ).toBeLessThan(1e-6 * size);
    const frames = createArapModel({ restPositions: input, triangles: topology.triangles });
    const keyed = new Float64Array(3 * n);
    poseCorrectedPositions(
      frames,
      [{ id: 'c', mesh: 'Critter', frame: 0, easeIn: 0, easeOut: 0, vertices: ended.vertices, offsets: ended.offsets }],
      'Critter',
      0,
      input,
      keyed,
    );
    let keyedError = 0;
    for (let i = 0; i < 3 * n; i++) keyedError = Math.max(keyedError, Math.abs(keyed[i] - ended.positions[i]));
    expect(keyedError, `the keyed correction gives the positions the release answered (off by ${(keyedError / size).toExponential(2)})`).toBeLessThan(
      1e-6 * size,
    );
  });
});
