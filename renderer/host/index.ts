/** Picks the host once at startup: Electron when the preload exposed its bridge, else the browser. */
import type { OverlapBridge } from '../../main/ipcContract.ts';
import { browserHost } from './browserHost.ts';
import { electronHost } from './electronHost.ts';
import type { OverlapHost } from './host.ts';

export function createHost(scope: { overlapBridge?: OverlapBridge }): OverlapHost {
  return scope.overlapBridge ? electronHost(scope.overlapBridge) : browserHost();
}

export type { OverlapHost } from './host.ts';
export { filesToOpen, type FilesToOpen, type FileLike } from './filesToOpen.ts';
