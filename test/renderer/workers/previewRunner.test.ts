// The live preview (renderer/workers/previewRunner.ts through the engine worker core) is the bake's own simulation
// session: its frames equal a bake of the same settings bit for bit, scrubbing back replays the same frames, and a
// change of painted weights keeps the embedding and factorization (a counter) while changing the motion after it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bake, createSimulationSession, resolveBakeSettings, type BakeOptions } from '../../../app/bake/index.ts';
import { readGltf } from '../../../app/io/index.ts';
import { createEngineWorkerCore } from '../../../renderer/workers/engineWorkerCore.ts';
import type { BakeRequestOptions, EngineResponse, PreviewFrame } from '../../../renderer/workers/protocol.ts';
import { installBrowserGlobals } from '../browserGlobals.ts';

beforeAll(() => installBrowserGlobals());

const samplePath = path.resolve('assets/sample.glb');
const options: BakeRequestOptions = { clip: 'Bounce', frames: [0, 12], meshes: [{ mesh: 'Blob', latticeResolution: 8 }] };
const bitsEqual = (a: Float32Array, b: Float32Array) => a.length === b.length && a.every((x, i) => Object.is(x, b[i]));

async function loadedCore() {
  const messages: EngineResponse[] = [];
  const core = createEngineWorkerCore((message) => messages.push(message));
  await core.handle({ kind: 'load', document: { documentId: 1, fileName: 'sample.glb', bytes: new Uint8Array(await readFile(samplePath)), resources: {} } });
  let id = 0;
  const preview = async (requestOptions: BakeRequestOptions, from: number, to: number) => {
    const request = ++id;
    await core.handle({ kind: 'preview', id: request, documentId: 1, options: requestOptions, from, to });
    const answers = messages.filter((m) => m.id === request);
    const end = answers[answers.length - 1];
    if (end.kind !== 'previewDone') throw new Error(`preview ended with ${end.kind}: ${'message' in end ? end.message : ''}`);
    const frames = answers.filter((m): m is Extract<EngineResponse, { kind: 'previewFrame' }> => m.kind === 'previewFrame').map((m) => m.frame);
    return { frames, done: end };
  };
  return { core, preview };
}

const positionsOf = (frame: PreviewFrame) => frame.meshes[0].positions;

/** Every frame of the preview's range, in order, is the bake's frame (#R×3 of `baked`, `stride` floats a frame) bit for bit. */
function expectBakedFrames(frames: PreviewFrame[], count: number, baked: Float32Array, stride: number, what: string): void {
  expect(
    frames.map((f) => f.frame),
    'every frame of the range, in order',
  ).toEqual([...Array(count).keys()]);
  for (const frame of frames)
    expect(bitsEqual(positionsOf(frame), baked.subarray(frame.frame * stride, (frame.frame + 1) * stride)), `frame ${frame.frame} is ${what}`).toBe(true);
}

/** Scrubbed back to [first, last]: those frames, each the one the first run gave, bit for bit. */
function expectReplayed(back: PreviewFrame[], first: number, last: number, frames: PreviewFrame[], what: string): void {
  expect(
    back.map((f) => f.frame),
    `scrubbed back: frames ${first} to ${last}`,
  ).toEqual(Array.from({ length: last - first + 1 }, (_, k) => first + k));
  for (const frame of back) expect(bitsEqual(positionsOf(frame), positionsOf(frames[frame.frame])), `frame ${frame.frame} ${what}`).toBe(true);
}

describe('live preview in the engine worker', () => {
  it('streams the frames of the bake with the same settings, bit for bit, and replays them when scrubbed back', async () => {
    const { preview } = await loadedCore();
    const scene = await readGltf(new Uint8Array(await readFile(samplePath)), { fileName: 'sample.glb' });
    const baked = await bake(scene, options as BakeOptions);
    const stride = 3 * scene.meshes[baked.result.meshes[0].meshIndex].renderVertexCount;
    const { frames, done } = await preview(options, 0, 12);
    expectBakedFrames(frames, 13, baked.result.meshes[0].positions, stride, 'the baked frame');
    const back = await preview(options, 9, 11);
    expectReplayed(back.frames, 9, 11, frames, 'replayed from a snapshot');
    expect(back.done.simulationsBuilt, 'scrubbing built nothing new').toBe(done.simulationsBuilt);
  });

  it('with self-contact (issue 33 item 8): the same frames as the bake with contact, bit for bit, and scrubbing back replays them', {
    timeout: 300_000,
  }, async () => {
    const { preview } = await loadedCore();
    const contactOptions: BakeRequestOptions = { ...options, frames: [0, 6], selfContact: true };
    const scene = await readGltf(new Uint8Array(await readFile(samplePath)), { fileName: 'sample.glb' });
    const baked = await bake(scene, contactOptions as BakeOptions);
    expect(baked.report.meshes[0].simulation?.contact, 'the bake ran contact').toBeDefined();
    const stride = 3 * scene.meshes[baked.result.meshes[0].meshIndex].renderVertexCount;
    const { frames } = await preview(contactOptions, 0, 6);
    expectBakedFrames(frames, 7, baked.result.meshes[0].positions, stride, "the contact bake's frame");
    const back = await preview(contactOptions, 3, 5);
    expectReplayed(back.frames, 3, 5, frames, 'replayed');
  });

  it('new painted weights keep the embedding and factorization and change only the frames from the request on', async () => {
    const { preview } = await loadedCore();
    const first = await preview(options, 0, 10);
    const scene = await readGltf(new Uint8Array(await readFile(samplePath)), { fileName: 'sample.glb' });
    const vertexCount = scene.meshes.find((m) => m.name === 'Blob')!.topology.vertexCount;
    const stiff: BakeRequestOptions = {
      ...options,
      project: {
        format: 'overlap-project',
        version: 1,
        source: 'sample.glb',
        meshes: [],
        weights: [{ mesh: 'Blob', values: new Float32Array(vertexCount) }],
        handles: [],
        bake: { clip: 'Bounce', fps: 30, preroll: 0, loop: false, mode: 'corrective', backend: 'cpu', selfContact: false },
      },
    };
    // Painted weights the first time: a project appears, which is a new session; then only the weights change.
    const painted = await preview(
      { ...stiff, project: { ...stiff.project!, weights: [{ mesh: 'Blob', values: new Float32Array(vertexCount).fill(0.6) }] } },
      0,
      10,
    );
    const built = painted.done.simulationsBuilt;
    expect(built, 'a project changes the settings: one new simulation mesh').toBe(first.done.simulationsBuilt + 1);
    const changed = await preview(stiff, 5, 10);
    expect(changed.done.simulationsBuilt, 'weights only: no new embedding or factorization').toBe(built);
    expect(
      changed.frames.map((f) => f.frame),
      'frames from the change on',
    ).toEqual([5, 6, 7, 8, 9, 10]);
    const input = await preview({ ...stiff, frames: [0, 12], uniformWeight: 0 }, 6, 6);
    expect(bitsEqual(positionsOf(changed.frames[1]), positionsOf(input.frames[0])), 'weight 0 everywhere after the change: frame 6 is the input').toBe(true);
    expect(bitsEqual(positionsOf(painted.frames[6]), positionsOf(input.frames[0])), 'at weight 0.6 frame 6 was not the input').toBe(false);
  });

  it('a new material keeps the session (no new embedding) and changes the frames from the request on', async () => {
    const { preview } = await loadedCore();
    const jelly: BakeRequestOptions = { ...options, meshes: [{ mesh: 'Blob', latticeResolution: 8, preset: 'jelly' }] };
    const before = await preview(jelly, 0, 10);
    const stiffer = await preview({ ...jelly, meshes: [{ mesh: 'Blob', latticeResolution: 8, preset: 'jelly', material: { youngsModulus: 4e4 } }] }, 6, 10);
    expect(stiffer.done.simulationsBuilt, 'no new embedding or factorization').toBe(before.done.simulationsBuilt);
    expect(
      stiffer.frames.map((f) => f.frame),
      'frames from the change on',
    ).toEqual([6, 7, 8, 9, 10]);
    expect(bitsEqual(positionsOf(stiffer.frames[4]), positionsOf(before.frames[10])), 'frame 10 moves otherwise with a 10× stiffer jelly').toBe(false);
    const finer = await preview({ ...jelly, meshes: [{ mesh: 'Blob', latticeResolution: 6, preset: 'jelly' }] }, 6, 6);
    expect(finer.done.simulationsBuilt, 'a new lattice resolution rebuilds that mesh once').toBe(before.done.simulationsBuilt + 1);
  });

  it('a newer preview supersedes a running one, which answers cancelled', async () => {
    const { core } = await loadedCore();
    const messages: EngineResponse[] = [];
    const recording = createEngineWorkerCore((message) => messages.push(message));
    await recording.handle({
      kind: 'load',
      document: { documentId: 1, fileName: 'sample.glb', bytes: new Uint8Array(await readFile(samplePath)), resources: {} },
    });
    const long = recording.handle({ kind: 'preview', id: 1, documentId: 1, options, from: 0, to: 12 });
    const short = recording.handle({ kind: 'preview', id: 2, documentId: 1, options, from: 0, to: 1 });
    await Promise.all([long, short]);
    expect(messages.filter((m) => m.id === 1).at(-1)?.kind, 'the first request was superseded').toBe('cancelled');
    expect(messages.filter((m) => m.id === 2).at(-1)?.kind, 'the newer one finished').toBe('previewDone');
    void core;
  });
});

describe('lattice view from the simulation session', () => {
  /** Tets whose signed volume has the other sign than at rest (inverted), for a #T×4 index and #N×3 positions. */
  function invertedTets(tetrahedra: ArrayLike<number>, rest: ArrayLike<number>, positions: ArrayLike<number>): number {
    const volume = (p: ArrayLike<number>, t: number) => {
      const [a, b, c, d] = [0, 1, 2, 3].map((i) => 3 * tetrahedra[4 * t + i]);
      const u = [p[b] - p[a], p[b + 1] - p[a + 1], p[b + 2] - p[a + 2]];
      const v = [p[c] - p[a], p[c + 1] - p[a + 1], p[c + 2] - p[a + 2]];
      const w = [p[d] - p[a], p[d + 1] - p[a + 1], p[d + 2] - p[a + 2]];
      return u[0] * (v[1] * w[2] - v[2] * w[1]) - u[1] * (v[0] * w[2] - v[2] * w[0]) + u[2] * (v[0] * w[1] - v[1] * w[0]);
    };
    let count = 0;
    for (let t = 0; t < tetrahedra.length / 4; t++) if (volume(rest, t) * volume(positions, t) <= 0) count++;
    return count;
  }

  it('draws the bake session’s lattice at the playhead: the simulated lattice of that frame, no inverted tets', async () => {
    const messages: EngineResponse[] = [];
    const core = createEngineWorkerCore((message) => messages.push(message));
    await core.handle({ kind: 'load', document: { documentId: 1, fileName: 'sample.glb', bytes: new Uint8Array(await readFile(samplePath)), resources: {} } });
    const scene = await readGltf(new Uint8Array(await readFile(samplePath)), { fileName: 'sample.glb' });
    const settings = resolveBakeSettings(scene, options as BakeOptions);
    const session = createSimulationSession(scene, settings, options as BakeOptions);
    const embedding = session.meshes[0].simulation.embedding!;
    await core.handle({ kind: 'lattice', id: 1, documentId: 1, mesh: 'Blob', resolution: 8, pose: { clipIndex: 0, time: 4 / 30 }, options });
    const built = messages.find((m) => m.id === 1);
    if (built?.kind !== 'lattice') throw new Error(`lattice answered ${built?.kind}: ${built && 'message' in built ? built.message : ''}`);
    expect(built.geometry.tetCount, 'the session’s embedding').toBe(embedding.tetCount);
    for (const [id, frame] of [
      [2, 12],
      [3, 7],
      [4, 12],
    ] as const) {
      await core.handle({ kind: 'latticePose', id, pose: { clipIndex: 0, time: frame / 30 } });
      const posed = messages.find((m) => m.id === id);
      if (posed?.kind !== 'latticePose') throw new Error(`latticePose answered ${posed?.kind}`);
      session.restart();
      await session.advance(frame);
      const simulated = Float32Array.from(session.meshes[0].simulation.positions());
      expect(bitsEqual(posed.positions, simulated), `frame ${frame}: the drawn lattice is the simulated one`).toBe(true);
      expect(invertedTets(embedding.tetrahedra, embedding.positions, posed.positions), `frame ${frame}: no inverted tet`).toBe(0);
    }
    session.dispose();
  });
});
