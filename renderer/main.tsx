/**
 * Renderer entry: pick the host (Electron bridge or browser), start the engine worker clients, build
 * the commands, mount the UI, open the built-in sample, and find the compute backend. The same bundle runs in Electron
 * (app://overlap/) and as a web page (`npm run web`).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import sampleUrl from '../assets/sample.glb?url';
import type { OverlapBridge } from '../main/ipcContract.ts';
import { App } from './App.tsx';
import { AppContext } from './appContext.ts';
import { createCommands } from './commands.ts';
import { startAutosave } from './document/autosave.ts';
import { startLivePreview } from './document/livePreview.ts';
import { installDebugHandle, type OverlapDebugHandle } from './debugHandle.ts';
import { readableError } from './document/readableError.ts';
import { startComputeBackend } from './gpu/startComputeBackend.ts';
import { createHost } from './host/index.ts';
import { overlapStore } from './store/index.ts';
import { keepPreferences } from './store/preferences.ts';
import { createPoseEditor } from './pose/poseEditor.ts';
import { createEngineClient } from './workers/engineClient.ts';
import { spawnEngineWorker } from './workers/spawnEngineWorker.ts';
import './styles.css';

declare global {
  interface Window {
    overlapBridge?: OverlapBridge;
    __overlap?: OverlapDebugHandle;
  }
}

const host = createHost(window);
// The application's preferences (brush, loop, Pose ease) come back from the last session and follow every change.
keepPreferences(
  overlapStore,
  (() => {
    try {
      return window.localStorage;
    } catch {
      return null;
    }
  })(),
);
// Engine workers: one bakes; one runs the Pose tool and the intersection overlay, so both stay live while a bake
// runs; the live preview has one of its own (it simulates while the user plays, paints and bakes), and the lattice
// overlay draws that worker's session, so nothing is simulated twice. Each starts on its first request.
const bakeEngine = createEngineClient(spawnEngineWorker);
const poseEngine = createEngineClient(spawnEngineWorker);
const previewEngine = createEngineClient(spawnEngineWorker);
startLivePreview(overlapStore, previewEngine);
const commands = createCommands(host, overlapStore, bakeEngine);
const poseEditor = createPoseEditor(overlapStore, () => poseEngine);
const readiness = { ready: false };
const autosave = startAutosave(overlapStore, host);
installDebugHandle(window, overlapStore, readiness, { autosaveNow: () => autosave.now(), commands, poseEditor });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppContext.Provider value={{ commands, host, poseEngine, previewEngine, poseEditor }}>
      <App />
    </AppContext.Provider>
  </StrictMode>,
);

/** An autosave left by a session that did not close cleanly is offered (RecoveryCard). */
async function offerRecovery(): Promise<void> {
  try {
    const entry = await host.readRecovery();
    if (entry) overlapStore.getState().setRecovery({ documentName: entry.documentName, savedAt: entry.savedAt });
  } catch (error) {
    console.warn('could not read the autosave:', error);
  }
}

async function openSample(): Promise<void> {
  try {
    const response = await fetch(sampleUrl);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    await commands.openFile({ name: 'sample.glb', path: null, bytes, resources: {}, missing: [] });
  } catch (error) {
    overlapStore.getState().notify('error', readableError(error, 'The built-in sample', 'could not be loaded (details in the developer console)'));
  } finally {
    readiness.ready = true;
  }
}

void offerRecovery().then(openSample);
void startComputeBackend(overlapStore, navigator.gpu);
