import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BAKE_STAGES } from '../../../app/bake/index.ts';
import { sceneIntersections } from '../../../app/intersection/index.ts';
import { readGltf } from '../../../app/io/index.ts';
import type { DocumentPayload, EngineRequest, FrameIntersectionsView, LatticeGeometry } from '../../../renderer/workers/protocol.ts';
import { CROSSING_PAIRS, crossingQuadsGlb, SLIDE_DISTANCE } from '../../helpers/crossingQuads.ts';
import { installBrowserGlobals } from '../browserGlobals.ts';
import { largestNearestDistance, recordingCore, sample, threePositions } from './engineWorkerTestKit.ts';

beforeAll(() => installBrowserGlobals());

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
