/** The host inside Electron: every call goes through the preload's typed bridge (main/ipcContract.ts). */
import type { OverlapBridge } from '../../main/ipcContract.ts';
import type { OverlapHost } from './host.ts';

export function electronHost(bridge: OverlapBridge): OverlapHost {
  return {
    kind: 'electron',
    nativeMenu: true,
    openGltf: () => bridge.openGltf(),
    openProject: () => bridge.openProject(),
    openRecent: (path) => bridge.openRecent(path),
    saveProject: (request) => bridge.saveProject(request),
    exportGltf: (request) => bridge.exportGltf(request),
    setDocumentState: (state) => bridge.setDocumentState(state),
    onMenuCommand: (listener) => bridge.onMenuCommand(listener),
    readRecovery: () => bridge.readRecovery(),
    writeRecovery: (entry) => bridge.writeRecovery(entry),
    clearRecovery: () => bridge.clearRecovery(),
    // File › Open Recent (main keeps the list): nothing to show in the window.
    recentFiles: async () => [],
    rememberRecent: async () => undefined,
    openRecentEntry: async () => null,
  };
}
