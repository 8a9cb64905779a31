// Autosave on change (issue 34, item 3): one write a few seconds after the last of a burst of edits, at most every
// 20 s while edits keep coming, never for a clean document, cleared when undo returns to the saved state, not while a
// pointer is down (a stroke), and restored text that parses back to the edit.
import { Group } from 'three';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseOverlapProject } from '../../../app/document/index.ts';
import { AUTOSAVE_DELAY_MS, AUTOSAVE_MAX_WAIT_MS, startAutosave } from '../../../renderer/document/autosave.ts';
import { registerDocument } from '../../../renderer/document/sceneRegistry.ts';
import type { OverlapHost, RecoveryEntry } from '../../../renderer/host/host.ts';
import { createOverlapStore } from '../../../renderer/store/index.ts';

function recoveryHost() {
  const writes: RecoveryEntry[] = [];
  let clears = 0;
  const host = {
    writeRecovery: async (entry: RecoveryEntry) => void writes.push(entry),
    clearRecovery: async () => void clears++,
  } as unknown as OverlapHost;
  return { host, writes, clears: () => clears };
}

function openDocument() {
  const store = createOverlapStore();
  const documentId = registerDocument({
    gltf: { scene: new Group() } as never,
    imported: null,
    meshObjects: new Map(),
    clips: [],
    file: { name: 'Fox.glb', path: null, bytes: new Uint8Array([1, 2, 3]), resources: {}, missing: [] },
  });
  store.getState().documentLoaded({
    documentId,
    source: { name: 'Fox.glb', path: null },
    meshes: [{ name: 'fox', renderVertices: 3, weldedVertices: 3, triangles: 1, skinned: false, morphTargets: 0 }],
    clips: [{ name: 'Walk', duration: 1, channels: 1, frameRate: 24 }],
    warnings: [],
  });
  return store;
}

describe('autosave', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('document', Object.assign(new EventTarget(), { visibilityState: 'visible' }));
    vi.stubGlobal('window', new EventTarget());
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('writes once, a few seconds after the last of a burst of edits, and the text restores the edit', async () => {
    const { host, writes } = recoveryHost();
    const store = openDocument();
    const autosave = startAutosave(store, host);
    for (const scale of [0.5, 0.2, 0.01]) {
      store.getState().setMetersPerUnit(scale);
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(writes.length, 'nothing while the edits come').toBe(0);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(writes.length, 'one write after the burst').toBe(1);
    expect(parseOverlapProject(writes[0].text, 'autosave').scene, 'the last edit').toEqual({ metersPerUnit: 0.01 });
    await vi.advanceTimersByTimeAsync(10 * AUTOSAVE_DELAY_MS);
    expect(writes.length, 'nothing new: nothing rewritten').toBe(1);
    autosave.stop();
  });

  it('edits that keep coming are saved at least every 20 s', async () => {
    const { host, writes } = recoveryHost();
    const store = openDocument();
    const autosave = startAutosave(store, host);
    for (let second = 0; second < 45; second++) {
      store.getState().setMetersPerUnit(1 + second);
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(writes.length, 'two writes in 45 s of edits one second apart').toBe(Math.floor(45_000 / AUTOSAVE_MAX_WAIT_MS));
    autosave.stop();
  });

  it('never writes a clean document, clears the autosave when undo returns to the saved state, and waits for a stroke to end', async () => {
    const { host, writes, clears } = recoveryHost();
    const store = openDocument();
    const autosave = startAutosave(store, host);
    store.getState().setLoop(false); // not document data
    await vi.advanceTimersByTimeAsync(2 * AUTOSAVE_DELAY_MS);
    expect(writes.length, 'a clean document is not written').toBe(0);
    (window as unknown as EventTarget).dispatchEvent(Object.assign(new Event('pointerdown'), {}));
    store.getState().setMetersPerUnit(0.01);
    await vi.advanceTimersByTimeAsync(3 * AUTOSAVE_DELAY_MS);
    expect(writes.length, 'not while the pointer is down').toBe(0);
    (window as unknown as EventTarget).dispatchEvent(new Event('pointerup'));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(writes.length, 'once it is up').toBe(1);
    store.temporal.getState().undo();
    await vi.advanceTimersByTimeAsync(2 * AUTOSAVE_DELAY_MS);
    expect(clears(), 'back to the saved state: the autosave is cleared').toBe(1);
    autosave.stop();
  });
});
