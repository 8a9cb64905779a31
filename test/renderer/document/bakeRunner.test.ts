import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readGltf } from '../../../app/io/index.ts';
import type { OpenedFile } from '../../../main/ipcContract.ts';
import { createCommands } from '../../../renderer/commands.ts';
import { createBakeRunner } from '../../../renderer/document/bakeRunner.ts';
import { documentSummary } from '../../../renderer/document/documentSummary.ts';
import { loadGltfScene } from '../../../renderer/document/loadGltfScene.ts';
import { registerDocument, registeredDocument } from '../../../renderer/document/sceneRegistry.ts';
import type { ExportGltfRequest, OverlapHost } from '../../../renderer/host/host.ts';
import { createOverlapStore, type OverlapState, type OverlapStore } from '../../../renderer/store/index.ts';
import { createEngineClient } from '../../../renderer/workers/engineClient.ts';
import { installBrowserGlobals } from '../browserGlobals.ts';
import { inProcessWorker } from '../workers/inProcessWorker.ts';

beforeAll(() => installBrowserGlobals());

/** The sample opened the way openDocument does (engine import, three.js scene, registry, store). */
async function openedSample(): Promise<{ store: OverlapStore; documentId: number }> {
  const bytes = new Uint8Array(await readFile(path.resolve('assets/sample.glb')));
  const file: OpenedFile = { name: 'sample.glb', path: null, bytes, resources: {}, missing: [] };
  const imported = await readGltf(bytes, { fileName: file.name });
  const gltf = await loadGltfScene(file);
  const summary = documentSummary(gltf, imported);
  const documentId = registerDocument({ gltf, imported, meshObjects: summary.meshObjects, clips: summary.threeClips, file });
  const store = createOverlapStore();
  store.getState().documentLoaded({ documentId, source: { name: file.name, path: null }, meshes: summary.meshes, clips: summary.clips, warnings: [] });
  store.getState().setPlaying(false);
  store.getState().setBakeSettings({ frames: [0, 3] });
  store.getState().setMeshSettings(summary.meshes[0].name, { latticeResolution: 4 });
  return { store, documentId };
}

function changedKeys(before: OverlapState, after: OverlapState): string[] {
  return Object.keys(before).filter((key) => !Object.is(before[key as keyof OverlapState], after[key as keyof OverlapState]));
}

/** A host that records exports (the rest is never called here). */
function recordingHost(): OverlapHost & { exported: Uint8Array[] } {
  const exported: Uint8Array[] = [];
  return {
    kind: 'browser',
    nativeMenu: false,
    exported,
    async exportGltf(request: ExportGltfRequest) {
      exported.push(request.bytes);
      return { name: request.suggestedName, path: null };
    },
  } as unknown as OverlapHost & { exported: Uint8Array[] };
}

describe('bake runner', () => {
  it('bakes in the worker, registers the output with the document, then shows it; Export writes the baked bytes', async () => {
    const { store, documentId } = await openedSample();
    const host = recordingHost();
    const engine = createEngineClient(() => inProcessWorker());
    const commands = createCommands(host, store, engine);
    await commands.exportGltf();
    await commands.bake();
    const { baked, viewMode, bakeJob } = store.getState();
    expect(bakeJob.kind, 'finished').toBe('idle');
    expect(baked?.frames, 'the panel frame range').toEqual([0, 3]);
    expect(viewMode, 'the output is shown').toBe('output');
    const bake = registeredDocument(documentId)?.bake;
    expect(bake?.bakeId, 'the registry holds the bake the store names').toBe(baked?.bakeId);
    expect(bake?.bytes.byteLength, 'the output GLB').toBe(baked?.outputBytes);
    expect(bake?.clip?.name, 'three.js plays the baked clip').toBe('Bounce (baked)');
    expect([...(bake?.meshObjects.keys() ?? [])], 'its mesh is matched to the outliner name').toEqual(['Blob']);
    expect(
      store.getState().notices.some((notice) => /Baked 4 frames of "Bounce"/.test(notice.text)),
      'the user is told',
    ).toBe(true);
    await commands.exportGltf();
    expect(host.exported.length, 'two exports').toBe(2);
    expect(host.exported[0].byteLength, 'before the bake: the input as GLB').not.toBe(bake!.bytes.byteLength);
    expect(host.exported[1], 'after: exactly the baked GLB').toBe(bake!.bytes);
    engine.dispose();
  });

  it('cancelled midway, it leaves the store (by identity) and the document’s previous bake as they were', async () => {
    const { store, documentId } = await openedSample();
    const engine = createEngineClient(() => inProcessWorker());
    const runner = createBakeRunner(store, engine);
    await runner.start();
    const previousBake = registeredDocument(documentId)?.bake;
    expect(previousBake, 'a first bake exists').toBeDefined();
    store.getState().setBakeSettings({ frames: null });
    const before = store.getState();
    let sawSimulation = false;
    const unsubscribe = store.subscribe((state) => {
      const job = state.bakeJob;
      if (job.kind === 'running' && job.progress?.stage === 'simulation' && job.progress.frame >= 2 && !job.cancelling) {
        sawSimulation = true;
        runner.cancel();
      }
    });
    await runner.start();
    unsubscribe();
    expect(sawSimulation, 'cancelled during the simulation').toBe(true);
    expect(changedKeys(before, store.getState()), 'no store field changed').toEqual([]);
    expect(registeredDocument(documentId)?.bake, 'the document keeps its previous bake').toBe(previousBake);
    engine.dispose();
  });

  it('a failing bake tells the user and changes nothing else', async () => {
    const { store } = await openedSample();
    const engine = createEngineClient(() => inProcessWorker());
    const runner = createBakeRunner(store, engine);
    store.setState({ clips: [{ name: 'Jump', duration: 1, channels: 1 }] }); // a clip the file does not have
    const before = store.getState();
    await runner.start();
    const after = store.getState();
    expect(changedKeys(before, after), 'only a notice').toEqual(['notices']);
    expect(after.notices.at(-1)?.text, 'naming the problem').toMatch(/^Bake failed: no clip "Jump"/);
    engine.dispose();
  });
});
