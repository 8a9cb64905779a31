/**
 * Every user command in one place, whichever way it arrives: the native menu (Electron), the
 * toolbar, keyboard shortcuts, drag and drop. Each command talks to the host for files and to the
 * store for state, and reports failures as notices rather than throwing into React.
 */
import type { OpenedFile, OpenedProject } from '../main/ipcContract.ts';
import { createBakeRunner } from './document/bakeRunner.ts';
import { exportGlb } from './document/exportGlb.ts';
import { openDocument } from './document/openDocument.ts';
import { parseProject, projectFileName, projectText } from './document/projectFile.ts';
import { registeredBake, registeredDocument } from './document/sceneRegistry.ts';
import { filesToOpen, type FileLike, type OverlapHost } from './host/index.ts';
import type { MenuCommand } from './host/host.ts';
import type { OverlapStore } from './store/index.ts';
import type { EngineClient } from './workers/engineClient.ts';

export interface Commands {
  run(command: MenuCommand): Promise<void>;
  importGltf(): Promise<void>;
  openProject(): Promise<void>;
  save(saveAs: boolean): Promise<void>;
  /** Writes the last bake's GLB when the document has one, else the imported glTF as GLB. */
  exportGltf(): Promise<void>;
  /** Bakes the Simulation panel's settings in the engine worker. */
  bake(): Promise<void>;
  cancelBake(): void;
  undo(): void;
  redo(): void;
  /** Files dropped on the window (or picked elsewhere). */
  openFiles(files: readonly FileLike[]): Promise<void>;
  openFile(file: OpenedFile): Promise<boolean>;
}

/** True when keyboard focus is in a text field, where undo/redo and Space belong to the field. */
export function isEditingText(element: Element | null): boolean {
  if (!element) return false;
  const tag = element.tagName;
  if (tag === 'TEXTAREA') return true;
  if (tag === 'INPUT') return !['button', 'checkbox', 'radio', 'range', 'file', 'color'].includes((element as HTMLInputElement).type);
  return (element as HTMLElement).isContentEditable === true;
}

/**
 * @param engine  the engine worker's client for bakes (main.tsx); null where no worker can run (bake then says so)
 */
export function createCommands(host: OverlapHost, store: OverlapStore, engine: EngineClient | null = null): Commands {
  const bakeRunner = engine ? createBakeRunner(store, engine) : null;
  const notify = (level: 'info' | 'warning' | 'error', text: string): void => {
    store.getState().notify(level, text);
  };
  const failed = (what: string) => (error: unknown): void => {
    notify('error', `${what}: ${error instanceof Error ? error.message.replace(/^Error invoking remote method '[^']+': (Error: )?/, '') : String(error)}`);
  };

  async function applyProject(project: OpenedProject): Promise<void> {
    const parsed = parseProject(project.text, project.name);
    if (project.source) {
      if (!(await openDocument(store, project.source))) return;
    } else {
      const current = store.getState().source;
      const sourceName = parsed.source.split(/[\\/]/).pop();
      if (!current || current.name !== sourceName) {
        throw new Error(`${project.name}: its glTF "${parsed.source}" was not found; ${host.kind === 'browser' ? 'select the project together with its glTF' : 'move it back next to the project'}`);
      }
    }
    const state = store.getState();
    const missing = Object.keys(parsed.roles).filter((name) => !state.meshes.some((mesh) => mesh.name === name));
    store.temporal.getState().pause();
    state.projectApplied({ name: project.name, path: project.path }, parsed.roles);
    if (parsed.fps) state.setFps(parsed.fps);
    state.setBakeSettings(parsed.bake);
    const clipIndex = parsed.clip ? state.clips.findIndex((clip) => clip.name === parsed.clip) : -1;
    if (clipIndex >= 0) state.setActiveClip(clipIndex);
    store.temporal.getState().resume();
    store.temporal.getState().clear();
    if (missing.length > 0) notify('warning', `${project.name}: meshes not in the glTF were skipped: ${missing.join(', ')}`);
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
            const opened = await host.openRecent(command.path);
            if (opened && 'text' in opened) await applyProject(opened);
            else if (opened) await openDocument(store, opened);
          } catch (error) {
            failed('Open Recent')(error);
          }
          return;
        case 'save':
          return commands.save(false);
        case 'saveAs':
          return commands.save(true);
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
          store.getState().requestFrameAll();
          return;
        case 'showShortcuts':
          store.getState().setShortcutsOpen(true);
          return;
      }
    },
    async importGltf() {
      try {
        const file = await host.openGltf();
        if (file) await openDocument(store, file);
      } catch (error) {
        failed('Import glTF')(error);
      }
    },
    async openProject() {
      try {
        const project = await host.openProject();
        if (project) await applyProject(project);
      } catch (error) {
        failed('Open Project')(error);
      }
    },
    async save(saveAs) {
      const state = store.getState();
      if (!state.source) return notify('info', 'Nothing to save yet: import a glTF first');
      try {
        const result = await host.saveProject({
          path: state.project?.path ?? null,
          suggestedName: projectFileName(state.source.name, state.project?.name ?? null),
          text: projectText(state),
          saveAs: saveAs || !state.project?.path,
        });
        if (!result) return;
        store.getState().projectSaved({ name: result.name, path: result.path });
        notify('info', `Saved ${result.name}`);
      } catch (error) {
        failed('Save')(error);
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
        if (result) notify('info', `Exported ${result.name} (${(bytes.byteLength / 1024).toFixed(0)} KiB${baked ? `, baked "${baked.report.clip}"` : ''})`);
      } catch (error) {
        failed('Export glTF')(error);
      }
    },
    async bake() {
      if (!bakeRunner) return notify('error', 'Bake is not available: the engine worker could not be started');
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
        if (opened.kind === 'none') return notify('error', opened.reason);
        if (opened.kind === 'project') await applyProject(opened.project);
        else await openDocument(store, opened.file);
      } catch (error) {
        failed('Open')(error);
      }
    },
    openFile: (file) => openDocument(store, file),
  };
  return commands;
}
