import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BakeProgress } from '../../../app/bake/index.ts';
import { createEngineClient } from '../../../renderer/workers/engineClient.ts';
import type { DocumentPayload } from '../../../renderer/workers/protocol.ts';
import { CROSSING_PAIRS, crossingQuadsGlb } from '../../helpers/crossingQuads.ts';
import { inProcessWorker, type InProcessWorker } from './inProcessWorker.ts';

async function sample(documentId = 1): Promise<DocumentPayload> {
  return { documentId, fileName: 'sample.glb', bytes: new Uint8Array(await readFile(path.resolve('assets/sample.glb'))), resources: {} };
}

/** A client whose spawned workers are kept for inspection. */
function client(options: { silent?: boolean; hardCancelMs?: number } = {}) {
  const workers: InProcessWorker[] = [];
  const engine = createEngineClient(
    () => {
      const worker = inProcessWorker({ silent: options.silent });
      workers.push(worker);
      return worker;
    },
    { hardCancelMs: options.hardCancelMs },
  );
  return { engine, workers };
}

const coarse = { clip: 'Bounce', frames: [0, 2] as [number, number], meshes: [{ mesh: 'Blob', latticeResolution: 3 }] };

describe('engine client', () => {
  it('starts one worker on the first request, sends the document once, and resolves a bake with its GLB and progress', async () => {
    const { engine, workers } = client();
    expect(workers.length, 'no worker before a request').toBe(0);
    const document = await sample();
    const progress: BakeProgress[] = [];
    const outcome = await engine.bake(document, coarse, (p) => progress.push(p)).promise;
    expect(outcome.kind, 'baked').toBe('baked');
    if (outcome.kind !== 'baked') return;
    expect(new TextDecoder().decode(outcome.bytes.subarray(0, 4)), 'GLB magic').toBe('glTF');
    expect(progress.length, 'progress reached the callback').toBeGreaterThan(0);
    const again = await engine.bake(document, coarse, () => undefined).promise;
    expect(again.kind === 'baked' && [...again.bytes], 'the same bake twice gives the same bytes').toEqual([...outcome.bytes]);
    expect(workers.length, 'one worker').toBe(1);
    expect(workers[0].requests.filter((r) => r.kind === 'load').length, 'the document is sent once').toBe(1);
    await engine.bake(await sample(2), coarse, () => undefined).promise;
    expect(workers[0].requests.filter((r) => r.kind === 'load').length, 'a new document is sent again').toBe(2);
    engine.dispose();
  });

  it('cancel resolves the bake as cancelled (the worker answers at its next frame)', async () => {
    const { engine, workers } = client();
    let handle: ReturnType<typeof engine.bake> | null = null;
    handle = engine.bake(await sample(), { clip: 'Bounce', meshes: [{ mesh: 'Blob', latticeResolution: 6 }] }, (p) => {
      if (p.stage === 'simulation' && p.frame >= 2) handle?.cancel();
    });
    expect((await handle.promise).kind, 'cancelled').toBe('cancelled');
    expect(
      workers[0].requests.some((r) => r.kind === 'cancel'),
      'a cancel message was posted',
    ).toBe(true);
    expect(workers[0].terminated, 'the worker answered in time and lives on').toBe(false);
    engine.dispose();
  });

  it('terminates a worker that does not answer a cancel in time, settles the bake as cancelled, and starts afresh', async () => {
    const { engine, workers } = client({ silent: true, hardCancelMs: 30 });
    const handle = engine.bake(await sample(), coarse, () => undefined);
    handle.cancel();
    expect((await handle.promise).kind, 'cancelled anyway').toBe('cancelled');
    expect(workers[0].terminated, 'the stuck worker was terminated').toBe(true);
    const next = engine.lattice(await sample(), 'Blob', 3, null);
    expect(workers.length, 'the next request starts a new worker').toBe(2);
    expect(workers[1].requests[0]?.kind, 'which gets the document first').toBe('load');
    engine.dispose();
    await expect(next, 'disposing fails what is pending').rejects.toThrow(/stopped/);
  });

  it('rejects a failed bake with the engine’s message', async () => {
    const { engine } = client();
    await expect(engine.bake(await sample(), { clip: 'Nope' }, () => undefined).promise, 'the message').rejects.toThrow(/no clip "Nope"/);
    engine.dispose();
  });

  it('rejects what is pending when the worker crashes', async () => {
    const { engine, workers } = client({ silent: true });
    const pending = engine.lattice(await sample(), 'Blob', 3, null);
    workers[0].onerror?.call(workers[0] as unknown as Worker, { message: 'out of memory', preventDefault() {} } as ErrorEvent);
    await expect(pending, 'names the crash').rejects.toThrow(/engine worker stopped: out of memory/);
  });

  it('builds and poses a lattice through the worker', async () => {
    const { engine } = client();
    const geometry = await engine.lattice(await sample(), 'Blob', 4, { clipIndex: 0, time: 0 });
    expect(geometry.tetCount, 'tets').toBeGreaterThan(0);
    const posed = await engine.poseLattice({ clipIndex: 0, time: 1 });
    expect(posed.positions.length, 'one position per lattice vertex').toBe(geometry.positions.length);
    let moved = 0;
    for (let i = 0; i < posed.positions.length; i++) moved = Math.max(moved, Math.abs(posed.positions[i] - geometry.positions[i]));
    expect(moved, 'the lattice follows the clip').toBeGreaterThan(1e-3);
    engine.dispose();
  });

  it('checks intersections through the worker, and a cached answer survives being posted again', async () => {
    const { engine, workers } = client();
    const document: DocumentPayload = { documentId: 1, fileName: 'crossing-quads.glb', bytes: await crossingQuadsGlb(), resources: {} };
    const first = await engine.intersections(document, { clipIndex: 0, time: 0 }, null);
    const again = await engine.intersections(document, { clipIndex: 0, time: 0 }, null);
    expect([first.cached, first.total], 'checked: the quads cross').toEqual([false, CROSSING_PAIRS]);
    expect([again.cached, Array.from(again.meshes[1].triangles)], 'from the cache, its arrays copied rather than moved away').toEqual([true, [0, 1]]);
    expect(workers[0].requests.filter((r) => r.kind === 'load').length, 'the document is sent once').toBe(1);
    engine.dispose();
  });
});
