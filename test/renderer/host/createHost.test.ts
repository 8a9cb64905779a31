import { describe, expect, it } from 'vitest';
import type { MenuCommand, OverlapBridge } from '../../../main/ipcContract.ts';
import { createHost } from '../../../renderer/host/index.ts';

function fakeBridge(calls: string[]): OverlapBridge {
  return {
    platform: 'linux',
    openGltf: async () => (calls.push('openGltf'), null),
    openProject: async () => (calls.push('openProject'), null),
    openRecent: async (path) => (calls.push(`openRecent ${path}`), null),
    saveProject: async (request) => (calls.push(`saveProject ${request.suggestedName}`), null),
    exportGltf: async (request) => (calls.push(`exportGltf ${request.suggestedName}`), null),
    setDocumentState: (state) => void calls.push(`state ${state.title} ${state.dirty}`),
    onMenuCommand: (listener) => {
      listener({ kind: 'undo' });
      return () => void calls.push('unsubscribed');
    },
    readRecovery: async () => (calls.push('readRecovery'), null),
    writeRecovery: async (entry) => void calls.push(`writeRecovery ${entry.documentName}`),
    clearRecovery: async () => void calls.push('clearRecovery'),
  };
}

describe('createHost', () => {
  it('uses the Electron bridge when the preload exposed one, and routes every call through it', async () => {
    const calls: string[] = [];
    const host = createHost({ overlapBridge: fakeBridge(calls) });
    expect([host.kind, host.nativeMenu], 'electron host with a native menu').toEqual(['electron', true]);
    await host.openGltf();
    await host.openRecent('/a/Fox.glb');
    await host.saveProject({ path: null, suggestedName: 'a.overlap.json', text: '{}', saveAs: true });
    host.setDocumentState({ title: 'T', dirty: true, hasDocument: true });
    const commands: MenuCommand[] = [];
    host.onMenuCommand((command) => commands.push(command))();
    expect(calls, 'bridge calls in order').toEqual(['openGltf', 'openRecent /a/Fox.glb', 'saveProject a.overlap.json', 'state T true', 'unsubscribed']);
    expect(commands, 'menu commands forwarded').toEqual([{ kind: 'undo' }]);
  });

  it('falls back to the browser host without a bridge', () => {
    const host = createHost({});
    expect([host.kind, host.nativeMenu], 'browser host, in-window shortcuts').toEqual(['browser', false]);
  });
});
