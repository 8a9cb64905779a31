/**
 * Autosave for crash recovery: every `intervalMs` (a minute), if the document has unsaved changes
 * that were not autosaved yet, the project with its glTF embedded goes to the host's recovery store
 * (IndexedDB in the browser, the user-data folder in Electron). Saving clears it; at the next start
 * main.tsx offers it (`recovery` in the store). The page being hidden (tab switch, window closing)
 * autosaves at once, since a closing browser tab may never run another timer.
 *
 * The autosave is self-contained (embedded glTF) so it restores even when the glTF was a dropped
 * file with no path; `autosave.embedSource` keeps the user's own embed choice for the restored document.
 */
import type { OverlapHost } from '../host/index.ts';
import { paintDocument } from '../paint/paintRegistry.ts';
import { isDirty, UNDOABLE_KEYS, type OverlapStore } from '../store/index.ts';
import { embeddedSource } from './embeddedSource.ts';
import { projectOf } from './projectFile.ts';
import { overlapProjectJson } from '../../app/document/index.ts';
import { registeredDocument } from './sceneRegistry.ts';

export const AUTOSAVE_INTERVAL_MS = 60_000;

export interface Autosave {
  /** Autosaves now if there is something new to save; resolves true when it wrote. */
  now(): Promise<boolean>;
  stop(): void;
}

export function startAutosave(store: OverlapStore, host: OverlapHost, intervalMs = AUTOSAVE_INTERVAL_MS): Autosave {
  /** The undoable state last autosaved (by reference, field by field), so an unchanged document is not rewritten. */
  let written: unknown[] | null = null;
  let writing: Promise<boolean> | null = null;

  async function write(): Promise<boolean> {
    const state = store.getState();
    const file = registeredDocument(state.documentId)?.file;
    if (!state.source || !file || !isDirty(state)) return false;
    const snapshot = UNDOABLE_KEYS.map((key) => state[key]);
    if (written && snapshot.every((value, i) => Object.is(value, written![i]))) return false;
    const project = projectOf(state, paintDocument(state.documentId), embeddedSource(file)) as ReturnType<typeof projectOf> & { autosave?: { embedSource: boolean } };
    project.autosave = { embedSource: state.embedSource };
    await host.writeRecovery({ savedAt: Date.now(), documentName: state.source.name, projectName: state.project?.name ?? null, projectPath: state.project?.path ?? null, text: overlapProjectJson(project) });
    written = snapshot;
    return true;
  }
  const now = (): Promise<boolean> => {
    writing ??= write()
      .catch((error: unknown) => {
        console.warn('autosave failed:', error);
        return false;
      })
      .finally(() => (writing = null));
    return writing;
  };
  const timer = setInterval(() => void now(), intervalMs);
  const onHidden = (): void => {
    if (document.visibilityState === 'hidden') void now();
  };
  document.addEventListener('visibilitychange', onHidden);
  // A saved or freshly opened document has nothing to recover: forget what was written for the old state.
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.savedState !== previous.savedState) written = null;
  });
  return {
    now,
    stop() {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onHidden);
      unsubscribe();
    },
  };
}
