/**
 * Preload (sandboxed, CommonJS): exposes `window.overlapBridge`, the typed `OverlapBridge` of
 * ipcContract.ts, through contextBridge. Nothing else of Electron or Node reaches the page; each
 * method maps to exactly one IPC channel, and main validates every argument again.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { InvokeChannels, MenuChannel, MenuCommand, OverlapBridge, SendChannels } from './ipcContract.ts';

function invoke<C extends keyof InvokeChannels>(channel: C, ...args: InvokeChannels[C][0]): Promise<InvokeChannels[C][1]> {
  return ipcRenderer.invoke(channel, ...args) as Promise<InvokeChannels[C][1]>;
}

function send<C extends keyof SendChannels>(channel: C, ...args: SendChannels[C]): void {
  ipcRenderer.send(channel, ...args);
}

const menuChannel: MenuChannel = 'overlap:menu';

const bridge: OverlapBridge = {
  platform: process.platform,
  openGltf: () => invoke('overlap:openGltf'),
  openProject: () => invoke('overlap:openProject'),
  openRecent: (path) => invoke('overlap:openRecent', path),
  saveProject: (request) => invoke('overlap:saveProject', request),
  exportGltf: (request) => invoke('overlap:exportGltf', request),
  setDocumentState: (state) => send('overlap:documentState', state),
  readRecovery: () => invoke('overlap:readRecovery'),
  writeRecovery: (entry) => invoke('overlap:writeRecovery', entry),
  clearRecovery: () => invoke('overlap:clearRecovery'),
  onMenuCommand(listener) {
    const forward = (_event: IpcRendererEvent, command: MenuCommand): void => listener(command);
    ipcRenderer.on(menuChannel, forward);
    return () => {
      ipcRenderer.removeListener(menuChannel, forward);
    };
  },
};

contextBridge.exposeInMainWorld('overlapBridge', bridge);
