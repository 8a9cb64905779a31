/**
 * Opening what the user picked, after the replace guard: a glTF (applying the Overlap project a baked glTF
 * carries), or a project (its glTF given, embedded, or the open one of the same name; then its settings and
 * painted data, with one undo history from there).
 */
import { missingSourceError, parseOverlapProject, type OverlapProject } from '../../app/document/index.ts';
import { readProjectExtras } from '../../app/export/index.ts';
import type { OpenedFile, OpenedProject } from '../../main/ipcContract.ts';
import { openedEmbeddedSource } from '../document/embeddedSource.ts';
import { openDocument } from '../document/openDocument.ts';
import { applyProjectData } from '../document/projectFile.ts';
import { readableError } from '../document/readableError.ts';
import { registeredDocument } from '../document/sceneRegistry.ts';
import { paintDocument } from '../paint/paintRegistry.ts';
import type { CommandContext } from './commandContext.ts';

export interface DocumentOpener {
  /** opens a glTF; false when it did not open (the notice says why) */
  openGltfFile(file: OpenedFile): Promise<boolean>;
  /**
   * Opens a project. `dirty`: the document then has unsaved changes (a restored autosave); `name`: the project's
   * name and path to show (null: none, a restored autosave that was never saved; absent: the opened file's)
   */
  applyProject(project: OpenedProject, options?: { dirty?: boolean; name?: { name: string; path: string | null } | null }): Promise<void>;
  /** a project or a glTF, whichever it is */
  openOpened(opened: OpenedFile | OpenedProject): Promise<void>;
}

export function documentOpener({ host, store, notify }: CommandContext): DocumentOpener {
  async function openGltfFile(file: OpenedFile): Promise<boolean> {
    const opened = await openDocument(store, file);
    if (!opened) return false;
    void host.rememberRecent(file).catch(() => undefined);
    // A glTF written by `overlap bake` (or the app's export) carries the project that made it: open it with those settings.
    const imported = registeredDocument(store.getState().documentId)?.imported;
    if (imported) {
      try {
        const carried = readProjectExtras(imported.document, file.name);
        if (carried) {
          applyParsedProject(carried, file.name, null, { sourceIsInput: true });
          notify(
            'info',
            `${file.name} carries the Overlap project it was baked with${carried.source ? ` (from ${carried.source})` : ''}: its settings, weights and corrections are applied`,
          );
        }
      } catch (error) {
        notify('warning', readableError(error, file.name), 'open');
      }
    }
    return true;
  }

  /** Opens a project: its glTF (given, embedded, or the open one of the same name), then its settings and painted data. */
  async function applyProject(project: OpenedProject, options: { dirty?: boolean; name?: { name: string; path: string | null } | null } = {}): Promise<void> {
    const parsed = parseOverlapProject(project.text, project.name);
    const sourceName = parsed.source.split(/[\\/]/).pop();
    let source: OpenedFile | null = project.source;
    if (!source && parsed.embeddedSource) source = openedEmbeddedSource(parsed.embeddedSource);
    if (source) {
      if (!(await openDocument(store, source))) return;
    } else {
      const current = store.getState().source;
      if (!current || !sourceName || current.name !== sourceName) {
        throw missingSourceError(
          parsed,
          project.name,
          null,
          host.kind === 'browser' ? 'select the project together with its glTF' : 'move the glTF back next to the project',
        );
      }
    }
    applyParsedProject(parsed, project.name, options.name === undefined ? { name: project.name, path: project.path } : options.name, { dirty: options.dirty });
    if (!options.dirty) void host.rememberRecent(project).catch(() => undefined);
  }

  /**
   * Applies a read project to the open document: settings, painted data, one undo history from here; the reader's
   * warnings (app/document projectSourceWarnings: the words `overlap bake` prints) as notices.
   */
  function applyParsedProject(
    parsed: OverlapProject,
    fileName: string,
    name: { name: string; path: string | null } | null,
    options: { dirty?: boolean; sourceIsInput?: boolean },
  ): void {
    const state = store.getState();
    const paint = paintDocument(state.documentId);
    const { applied, warnings } = applyProjectData(parsed, fileName, state, paint, !options.sourceIsInput);
    const temporal = store.temporal.getState();
    temporal.pause();
    state.projectApplied(name, applied, { dirty: options.dirty });
    store.getState().paintChanged();
    temporal.resume();
    temporal.clear();
    store.getState().resolveNotices('open');
    for (const warning of warnings) notify('warning', `${fileName}: ${warning}`, 'open');
  }

  async function openOpened(opened: OpenedFile | OpenedProject): Promise<void> {
    if ('text' in opened) await applyProject(opened);
    else await openGltfFile(opened);
  }

  return { openGltfFile, applyProject, openOpened };
}
