/**
 * Every user command in one place, whichever way it arrives: the native menu (Electron), the
 * toolbar, keyboard shortcuts, drag and drop. Each command talks to the host for files and to the
 * store for state, and reports failures as readable notices (renderer/document/readableError.ts)
 * rather than throwing into React.
 *
 * Work is never lost silently: opening anything over unsaved changes or a bake that was not exported
 * asks first (Save, Discard, Cancel); saving clears the crash-recovery autosave (autosave.ts).
 */
import { missingSourceError, parseOverlapProject, type OverlapProject } from '../app/document/index.ts';
import { readProjectExtras } from '../app/export/index.ts';
import type { OpenedFile, OpenedProject } from '../main/ipcContract.ts';
import { createBakeRunner } from './document/bakeRunner.ts';
import { embeddedSource, openedEmbeddedSource } from './document/embeddedSource.ts';
import { exportGlb } from './document/exportGlb.ts';
import { openDocument } from './document/openDocument.ts';
import { applyProjectData, projectFileName, projectText } from './document/projectFile.ts';
import { readableError } from './document/readableError.ts';
import { registeredBake, registeredDocument } from './document/sceneRegistry.ts';
import { filesToOpen, type FileLike, type OverlapHost } from './host/index.ts';
import type { MenuCommand } from './host/host.ts';
import { paintDocument } from './paint/paintRegistry.ts';
import { ask } from './prompt.ts';
import { isDirty, type OverlapStore } from './store/index.ts';
import type { EngineClient } from './workers/engineClient.ts';

export interface Commands {
  run(command: MenuCommand): Promise<void>;
  importGltf(): Promise<void>;
  openProject(): Promise<void>;
  /** @returns true when the project was written */
  save(saveAs: boolean): Promise<boolean>;
  /** Writes the last bake's GLB when the document has one, else the imported glTF as GLB. */
  exportGltf(): Promise<void>;
  /** Bakes the workspace's settings in the engine worker. */
  bake(): Promise<void>;
  cancelBake(): void;
  undo(): void;
  redo(): void;
  /** Files dropped on the window, picked with the import input, or from the Recent list. */
  openFiles(files: readonly FileLike[]): Promise<void>;
  openFile(file: OpenedFile): Promise<boolean>;
  openRecentEntry(key: string): Promise<void>;
  /** Restores the autosave offered at start-up (the document then has unsaved changes). */
  restoreRecovery(): Promise<void>;
  discardRecovery(): Promise<void>;
}

/** True when keyboard focus is in a text field, where undo/redo and Space belong to the field. */
export function isEditingText(element: Element | null): boolean {
  if (!element) return false;
  const tag = element.tagName;
  if (tag === 'TEXTAREA') return true;
  if (tag === 'INPUT') return !['button', 'checkbox', 'radio', 'range', 'file', 'color'].includes((element as HTMLInputElement).type);
  return (element as HTMLElement).isContentEditable === true;
}

/** True when closing or replacing the document would lose something: unsaved edits, or a bake not exported. */
export function hasUnsavedWork(state: ReturnType<OverlapStore['getState']>): boolean {
  return isDirty(state) || (state.baked !== null && !state.baked.exported);
}

/**
 * @param engine  the engine worker's client for bakes (main.tsx); null where no worker can run (bake then says so)
 */
export function createCommands(host: OverlapHost, store: OverlapStore, engine: EngineClient | null = null): Commands {
  const bakeRunner = engine ? createBakeRunner(store, engine) : null;
  const notify = (level: 'info' | 'warning' | 'error', text: string, topic?: string): void => {
    store.getState().notify(level, text, topic);
  };
  const failed = (what: string, topic: string) => (error: unknown): void => notify('error', readableError(error, what), topic);

  // Undo and redo restore `paintStep`; the painted arrays follow it here, whoever changed it.
  store.subscribe((state, previous) => {
    if (state.paintStep === previous.paintStep || state.documentId !== previous.documentId) return;
    const paint = paintDocument(state.documentId);
    if (paint && paint.history.applied !== state.paintStep && paint.history.moveTo(state.paintStep, paint.arrays)) state.paintChanged();
  });

  /** Asks before replacing the document when that would lose work; true to go ahead. */
  async function mayReplace(action: string): Promise<boolean> {
    const state = store.getState();
    if (!state.source || !hasUnsavedWork(state)) return true;
    const dirty = isDirty(state);
    const name = state.project?.name ?? state.source.name;
    const choice = await ask(store, {
      title: dirty ? 'Save your changes?' : 'Export the bake first?',
      message: dirty
        ? `${name} has unsaved changes${state.baked && !state.baked.exported ? ' and a bake that was not exported' : ''}. ${action} replaces it.`
        : `The bake of "${state.baked!.clip}" was not exported. ${action} discards it.`,
      choices: dirty
        ? [
            { id: 'save', label: 'Save…', kind: 'primary' },
            { id: 'discard', label: 'Discard changes', kind: 'danger' },
            { id: 'cancel', label: 'Cancel', kind: 'plain' },
          ]
        : [
            { id: 'export', label: 'Export…', kind: 'primary' },
            { id: 'discard', label: 'Discard bake', kind: 'danger' },
            { id: 'cancel', label: 'Cancel', kind: 'plain' },
          ],
    });
    if (choice === 'save') return commands.save(false);
    if (choice === 'export') {
      await commands.exportGltf();
      return store.getState().baked?.exported === true;
    }
    return choice === 'discard';
  }

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
          notify('info', `${file.name} carries the Overlap project it was baked with${carried.source ? ` (from ${carried.source})` : ''}: its settings, weights and corrections are applied`);
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
        throw missingSourceError(parsed, project.name, null, host.kind === 'browser' ? 'select the project together with its glTF' : 'move the glTF back next to the project');
      }
    }
    applyParsedProject(parsed, project.name, options.name === undefined ? { name: project.name, path: project.path } : options.name, { dirty: options.dirty });
    if (!options.dirty) void host.rememberRecent(project).catch(() => undefined);
  }

  /**
   * Applies a read project to the open document: settings, painted data, one undo history from here; the reader's
   * warnings (app/document projectSourceWarnings: the words `overlap bake` prints) as notices.
   */
  function applyParsedProject(parsed: OverlapProject, fileName: string, name: { name: string; path: string | null } | null, options: { dirty?: boolean; sourceIsInput?: boolean }): void {
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

  const commands: Commands = {
    async run(command) {
      switch (command.kind) {
        case 'openProject':
          return commands.openProject();
        case 'importGltf':
          return commands.importGltf();
        case 'openRecent':
          try {
            if (!(await mayReplace('Opening a recent file'))) return;
            const opened = await host.openRecent(command.path);
            if (opened) await openOpened(opened);
          } catch (error) {
            failed('Open Recent', 'open')(error);
          }
          return;
        case 'save':
          return void (await commands.save(false));
        case 'saveAs':
          return void (await commands.save(true));
        case 'exportGltf':
          return commands.exportGltf();
        case 'undo':
          return commands.undo();
        case 'redo':
          return commands.redo();
        case 'playPause':
          store.getState().togglePlaying();
          return;
        case 'frameAll':
          store.getState().requestFrame();
          return;
        case 'showShortcuts':
          store.getState().setShortcutsOpen(true);
          return;
      }
    },
    async importGltf() {
      try {
        if (!(await mayReplace('Importing a glTF'))) return;
        const file = await host.openGltf();
        if (file) await openGltfFile(file);
      } catch (error) {
        failed('Import glTF', 'open')(error);
      }
    },
    async openProject() {
      try {
        if (!(await mayReplace('Opening a project'))) return;
        const project = await host.openProject();
        if (project) await applyProject(project);
      } catch (error) {
        failed('Open Project', 'open')(error);
      }
    },
    async save(saveAs) {
      const state = store.getState();
      if (!state.source) {
        notify('info', 'Nothing to save yet: import a glTF first');
        return false;
      }
      try {
        const file = registeredDocument(state.documentId)?.file ?? null;
        const text = projectText(state, paintDocument(state.documentId), state.embedSource && file ? embeddedSource(file) : null);
        const result = await host.saveProject({ path: state.project?.path ?? null, suggestedName: projectFileName(state.source.name, state.project?.name ?? null), text, saveAs: saveAs || !state.project?.path });
        if (!result) return false;
        store.getState().projectSaved({ name: result.name, path: result.path });
        store.getState().resolveNotices('save');
        await host.clearRecovery().catch(() => undefined);
        notify('info', `Saved ${result.name}`);
        return true;
      } catch (error) {
        failed('Save', 'save')(error);
        return false;
      }
    },
    async exportGltf() {
      const state = store.getState();
      const imported = registeredDocument(state.documentId)?.imported;
      const baked = state.baked ? registeredBake(state.documentId, state.baked.bakeId) : null;
      if (!state.source || (!imported && !baked)) return notify('info', state.source ? 'Export needs the engine importer, which could not read this file' : 'Nothing to export yet: import a glTF first');
      try {
        // The bake's output is a complete glTF (input plus baked clip); without a bake, the input as GLB.
        const bytes = baked ? baked.bytes : await exportGlb(imported!);
        const suggestedName = `${state.source.name.replace(/\.(glb|gltf)$/i, '')}.overlap.glb`;
        const result = await host.exportGltf({ suggestedName, bytes });
        if (!result) return;
        if (baked) store.getState().bakeExported(baked.bakeId);
        store.getState().resolveNotices('export');
        notify('info', `Exported ${result.name} (${(bytes.byteLength / 1024).toFixed(0)} KiB${baked ? `, baked "${baked.report.clip}"` : ''})`);
      } catch (error) {
        failed('Export glTF', 'export')(error);
      }
    },
    async bake() {
      if (!bakeRunner) return notify('error', 'Bake is not available: the engine worker could not be started', 'bake');
      await bakeRunner.start();
    },
    cancelBake() {
      bakeRunner?.cancel();
    },
    undo() {
      // In a text field, undo is the field's own (the native menu routes Cmd/Ctrl+Z here too).
      if (isEditingText(document.activeElement)) {
        document.execCommand('undo');
        return;
      }
      store.temporal.getState().undo();
    },
    redo() {
      if (isEditingText(document.activeElement)) {
        document.execCommand('redo');
        return;
      }
      store.temporal.getState().redo();
    },
    async openFiles(files) {
      try {
        const opened = await filesToOpen(files);
        if (opened.kind === 'none') return notify('error', opened.reason, 'open');
        if (!(await mayReplace('Opening a file'))) return;
        await openOpened(opened.kind === 'project' ? opened.project : opened.file);
      } catch (error) {
        failed('Open', 'open')(error);
      }
    },
    openFile: (file) => openDocument(store, file),
    async openRecentEntry(key) {
      try {
        if (!(await mayReplace('Opening a recent file'))) return;
        const opened = await host.openRecentEntry(key);
        if (!opened) return notify('error', 'That recent file is no longer stored; open it again from disk', 'open');
        await openOpened(opened);
      } catch (error) {
        failed('Open Recent', 'open')(error);
      }
    },
    async restoreRecovery() {
      try {
        const entry = await host.readRecovery();
        store.getState().setRecovery(null);
        if (!entry) return notify('error', 'The autosave is gone (another window may have restored it)', 'open');
        if (!(await mayReplace('Restoring the autosave'))) return;
        await applyProject(
          { name: entry.projectName ?? `${entry.documentName} (recovered)`, path: entry.projectPath, text: entry.text, source: null },
          { dirty: true, name: entry.projectName ? { name: entry.projectName, path: entry.projectPath } : null },
        );
        const autosave = (JSON.parse(entry.text) as { autosave?: { embedSource?: boolean } }).autosave;
        if (autosave?.embedSource === false) store.getState().setEmbedSource(false);
        notify('info', `Restored the autosave of ${entry.documentName}; save it to keep it`);
      } catch (error) {
        failed('Restore autosave', 'open')(error);
      }
    },
    async discardRecovery() {
      store.getState().setRecovery(null);
      await host.clearRecovery().catch(() => undefined);
    },
  };
  return commands;
}
