/**
 * Autosave for crash recovery, on change: `delayMs` (3 s) after the last edit of the document (any undoable change:
 * settings, a stroke, a fill, a pin, a layer key, a pose correction), the project with its glTF embedded goes to the
 * host's recovery store (IndexedDB in the browser, one transaction; the user-data folder in Electron, written
 * atomically by main). Edits that keep coming (a long session of strokes) still autosave every `maxWaitMs` (20 s).
 * Saving clears it, and so does going back to the saved state (undo to it); at the next start main.tsx offers it
 * (`recovery` in the store). The page being hidden (tab switch, window closing) autosaves at once, since a closing
 * tab may never run another timer. So a reload or a crash ten seconds after an edit finds it.
 *
 * Off the critical path: the write waits for an idle moment of the main thread (requestIdleCallback, at most 1 s
 * later) and never starts while a pointer is down on the viewport (a stroke or a drag in progress) or a previous write
 * is still running; the glTF's base64 is made once per document and reused, so an autosave serializes the authoring
 * data and copies one string.
 *
 * The autosave is self-contained (embedded glTF) so it restores even when the glTF was a dropped file with no path;
 * `autosave.embedSource` keeps the user's own embed choice for the restored document.
 */
import type { EmbeddedSource } from '../../app/document/index.ts';
import { overlapProjectJson } from '../../app/document/index.ts';
import type { OverlapHost } from '../host/index.ts';
import { paintDocument } from '../paint/paintRegistry.ts';
import { isDirty, UNDOABLE_KEYS, type OverlapStore } from '../store/index.ts';
import { embeddedSource } from './embeddedSource.ts';
import { projectOf } from './projectFile.ts';
import { registeredDocument } from './sceneRegistry.ts';

/** Quiet time after the last edit before the autosave is written [ms]. */
export const AUTOSAVE_DELAY_MS = 3_000;
/** Longest an edit waits for its autosave while edits keep coming [ms]. */
export const AUTOSAVE_MAX_WAIT_MS = 20_000;

export interface Autosave {
  /** Autosaves now if there is something new to save; resolves true when it wrote. */
  now(): Promise<boolean>;
  /** Resolves when no autosave is waiting or running (tests). */
  settled(): Promise<void>;
  stop(): void;
}

export function startAutosave(store: OverlapStore, host: OverlapHost, delayMs = AUTOSAVE_DELAY_MS, maxWaitMs = AUTOSAVE_MAX_WAIT_MS): Autosave {
  /** The undoable state last autosaved (by reference, field by field), so an unchanged document is not rewritten. */
  let written: unknown[] | null = null;
  let writing: Promise<boolean> | null = null;
  /** The glTF's base64 of the open document, made once (it never changes while the document is open). */
  let embedded: { documentId: number; source: EmbeddedSource } | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** when the oldest edit not yet autosaved was made [ms, performance.now()] */
  let pendingSince: number | null = null;
  let pointerDown = false;

  async function write(): Promise<boolean> {
    const state = store.getState();
    const file = registeredDocument(state.documentId)?.file;
    if (!state.source || !file || state.documentId === null) return false;
    if (!isDirty(state)) {
      // Back to the saved state (undone to it): nothing to recover any more.
      if (written) {
        written = null;
        await host.clearRecovery();
      }
      return false;
    }
    const snapshot = UNDOABLE_KEYS.map((key) => state[key]);
    if (written && snapshot.every((value, i) => Object.is(value, written![i]))) return false;
    if (embedded?.documentId !== state.documentId) embedded = { documentId: state.documentId, source: embeddedSource(file) };
    const project = projectOf(state, paintDocument(state.documentId), embedded.source) as ReturnType<typeof projectOf> & {
      autosave?: { embedSource: boolean };
    };
    project.autosave = { embedSource: state.embedSource };
    await host.writeRecovery({
      savedAt: Date.now(),
      documentName: state.source.name,
      projectName: state.project?.name ?? null,
      projectPath: state.project?.path ?? null,
      text: overlapProjectJson(project),
    });
    written = snapshot;
    return true;
  }
  const now = (): Promise<boolean> => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pendingSince = null;
    writing ??= write()
      .catch((error: unknown) => {
        console.warn('autosave failed:', error);
        return false;
      })
      .finally(() => (writing = null));
    return writing;
  };
  /** Writes at the next idle moment, unless a stroke is under way (then again once it ends). */
  const whenIdle = (): void => {
    timer = null;
    if (pointerDown || writing) {
      timer = setTimeout(whenIdle, 250);
      return;
    }
    const idle = (globalThis as { requestIdleCallback?: (run: () => void, options: { timeout: number }) => number }).requestIdleCallback;
    if (idle) idle(() => void now(), { timeout: 1_000 });
    else void now();
  };
  const schedule = (): void => {
    const clock = performance.now();
    pendingSince ??= clock;
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(whenIdle, Math.max(0, Math.min(delayMs, pendingSince + maxWaitMs - clock)));
  };

  const onHidden = (): void => {
    if (document.visibilityState === 'hidden') void now();
  };
  const onPointer = (event: PointerEvent): void => {
    pointerDown = event.type === 'pointerdown';
  };
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pointerdown', onPointer, true);
  window.addEventListener('pointerup', onPointer, true);
  window.addEventListener('pointercancel', onPointer, true);
  const unsubscribe = store.subscribe((state, previous) => {
    // A saved or freshly opened document has nothing to recover: forget what was written for the old state.
    if (state.savedState !== previous.savedState) written = null;
    if (state.documentId !== previous.documentId) embedded = null;
    if (UNDOABLE_KEYS.some((key) => !Object.is(state[key], previous[key])) || state.savedState !== previous.savedState) schedule();
  });
  return {
    now,
    async settled() {
      while (timer !== null || writing) await new Promise((resolve) => setTimeout(resolve, 50));
    },
    stop() {
      if (timer !== null) clearTimeout(timer);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pointerdown', onPointer, true);
      window.removeEventListener('pointerup', onPointer, true);
      window.removeEventListener('pointercancel', onPointer, true);
      unsubscribe();
    },
  };
}
