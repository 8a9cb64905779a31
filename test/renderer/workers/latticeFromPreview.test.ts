// The lattice view reads the live preview's session (issue 34 item 7: one worker, one session). Before, the lattice
// overlay had a worker and a simulation session of its own, so with Live and the lattice both on every frame was
// simulated twice. Now the overlay's requests go to the live preview's worker, and a frame the live preview simulated
// is drawn from the lattice it recorded: no session advances, and the drawn lattice is the simulated one bit for bit.
// What the runner recorded is dropped with the states it came from (a weight change from frame k: frames ≥ k).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { SimulationSession } from '../../../app/bake/index.ts';
import { readGltf } from '../../../app/io/index.ts';
import { createEngineWorkerCore } from '../../../renderer/workers/engineWorkerCore.ts';
import { createPreviewRunner } from '../../../renderer/workers/previewRunner.ts';
import type { BakeRequestOptions, EngineResponse } from '../../../renderer/workers/protocol.ts';
import { installBrowserGlobals } from '../browserGlobals.ts';

// Every session any code builds counts the frames it advances.
const advanced = { frames: 0 };
vi.mock('../../../app/bake/index.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../app/bake/index.ts')>();
  return {
    ...original,
    createSimulationSession: (...args: Parameters<typeof original.createSimulationSession>): SimulationSession => {
      const session = original.createSimulationSession(...args);
      const advance = session.advance.bind(session);
      session.advance = (k: number) => {
        advanced.frames++;
        return advance(k);
      };
      return session;
    },
  };
});

beforeAll(() => installBrowserGlobals());

const samplePath = path.resolve('assets/sample.glb');
const options: BakeRequestOptions = { clip: 'Bounce', frames: [0, 12], meshes: [{ mesh: 'Blob', latticeResolution: 8 }] };
const bitsEqual = (a: ArrayLike<number>, b: ArrayLike<number>) => a.length === b.length && Array.from(a).every((x, i) => Object.is(x, b[i]));

describe('the lattice view on the live preview’s session', () => {
  it('draws a frame the live preview simulated without simulating it again, bit for bit the simulated lattice', async () => {
    const { createSimulationSession, resolveBakeSettings } = await import('../../../app/bake/index.ts');
    const messages: EngineResponse[] = [];
    const core = createEngineWorkerCore((message) => messages.push(message));
    await core.handle({ kind: 'load', document: { documentId: 1, fileName: 'sample.glb', bytes: new Uint8Array(await readFile(samplePath)), resources: {} } });
    await core.handle({ kind: 'preview', id: 1, documentId: 1, options, from: 0, to: 12 });
    expect(messages.at(-1)?.kind, 'the live preview ran').toBe('previewDone');
    const afterPreview = advanced.frames;
    expect(afterPreview, 'the preview advanced its session').toBeGreaterThanOrEqual(13);

    await core.handle({ kind: 'lattice', id: 2, documentId: 1, mesh: 'Blob', resolution: 8, pose: { clipIndex: 0, time: 7 / 30 }, options });
    const built = messages.find((m) => m.id === 2);
    if (built?.kind !== 'lattice') throw new Error(`lattice answered ${built?.kind}: ${built && 'message' in built ? built.message : ''}`);
    const posed: Array<[number, Float32Array]> = [[7, built.geometry.positions]];
    for (const [id, frame] of [
      [3, 12],
      [4, 2],
    ] as const) {
      await core.handle({ kind: 'latticePose', id, pose: { clipIndex: 0, time: frame / 30 } });
      const answer = messages.find((m) => m.id === id);
      if (answer?.kind !== 'latticePose') throw new Error(`latticePose answered ${answer?.kind}`);
      posed.push([frame, answer.positions]);
    }
    expect(advanced.frames, 'no frame simulated again for the lattice view').toBe(afterPreview);

    // The reference: a session of the same settings advanced to each frame.
    const scene = await readGltf(new Uint8Array(await readFile(samplePath)), { fileName: 'sample.glb' });
    const session = createSimulationSession(scene, resolveBakeSettings(scene, options), options);
    for (const [frame, positions] of posed) {
      session.restart();
      await session.advance(frame);
      expect(bitsEqual(positions, Float32Array.from(session.meshes[0].simulation.positions())), `frame ${frame}: the drawn lattice is the simulated one`).toBe(
        true,
      );
    }
    session.dispose();
  }, 120_000);

  it('forgets what it recorded from a painted-weight change on, and keeps the frames before it', async () => {
    const scene = await readGltf(new Uint8Array(await readFile(samplePath)), { fileName: 'sample.glb' });
    const runner = createPreviewRunner();
    const sink = { frame: () => undefined, signal: new AbortController().signal };
    const vertexCount = scene.meshes.find((m) => m.name === 'Blob')!.topology.vertexCount;
    const project = (value: number): BakeRequestOptions['project'] => ({
      format: 'overlap-project',
      version: 1,
      source: 'sample.glb',
      meshes: [],
      weights: [{ mesh: 'Blob', values: new Float32Array(vertexCount).fill(value) }],
      handles: [],
      bake: { clip: 'Bounce', fps: 30, preroll: 0, loop: false, mode: 'corrective', backend: 'cpu', selfContact: false },
    });
    const first: BakeRequestOptions = { ...options, project: project(0.6) };
    await runner.run(1, scene, first, 0, 10, sink);
    expect(runner.recordedLattice(1, first, 'Blob', 4), 'frame 4 recorded').not.toBeNull();
    expect(runner.recordedLattice(1, first, 'Blob', 11), 'frame 11 not simulated yet').toBeNull();
    expect(runner.recordedLattice(2, first, 'Blob', 4), 'another document: nothing').toBeNull();
    expect(runner.recordedLattice(1, { ...first, meshes: [{ mesh: 'Blob', latticeResolution: 6 }] }, 'Blob', 4), 'other settings: nothing').toBeNull();

    const painted: BakeRequestOptions = { ...options, project: project(0.3) };
    expect(runner.recordedLattice(1, painted, 'Blob', 4), 'the new weights are not what was simulated').toBeNull();
    await runner.run(1, scene, painted, 6, 6, sink);
    expect(runner.recordedLattice(1, painted, 'Blob', 4), 'frames before the change stay valid').not.toBeNull();
    expect(runner.recordedLattice(1, painted, 'Blob', 6), 'the frame simulated with the new weights').not.toBeNull();
    expect(runner.recordedLattice(1, painted, 'Blob', 8), 'frames after the change were dropped').toBeNull();
    runner.dispose();
  }, 120_000);
});
