/**
 * Every user command in one place, whichever way it arrives: the native menu (Electron), the
 * toolbar, keyboard shortcuts, drag and drop. Each command talks to the host for files and to the
 * store for state, and reports failures as readable notices (renderer/document/readableError.ts)
 * rather than throwing into React.
 *
 * Work is never lost silently: opening anything over unsaved changes or a bake that was not exported
 * asks first (Save, Discard, Cancel); saving clears the crash-recovery autosave (autosave.ts).
 *
 * `createCommands` composes the groups in renderer/commands/: opening (openCommands, over documentOpener and the
 * replaceGuard that asks first), saving and export (saveCommands), bake (bakeCommands), undo/redo (editCommands), and
 * the native menu's dispatch (runMenuCommand).
 */
import type { OpenedFile } from '../main/ipcContract.ts';
import { bakeCommands } from './commands/bakeCommands.ts';
import { commandContext } from './commands/commandContext.ts';
import { documentOpener } from './commands/documentOpener.ts';
import { editCommands } from './commands/editCommands.ts';
import { openCommands } from './commands/openCommands.ts';
import { replaceGuard } from './commands/replaceGuard.ts';
import { runMenuCommand } from './commands/runMenuCommand.ts';
import { saveCommands } from './commands/saveCommands.ts';
import type { FileLike, OverlapHost } from './host/index.ts';
import type { MenuCommand } from './host/host.ts';
import type { OverlapStore } from './store/index.ts';
import type { EngineClient } from './workers/engineClient.ts';

export { hasUnsavedWork } from './commands/hasUnsavedWork.ts';
export { isEditingText } from './commands/isEditingText.ts';

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

/**
 * @param engine  the engine worker's client for bakes (main.tsx); null where no worker can run (bake then says so)
 */
export function createCommands(host: OverlapHost, store: OverlapStore, engine: EngineClient | null = null): Commands {
  const context = commandContext(host, store);
  const bake = bakeCommands(context, engine);
  const edit = editCommands(store);
  const saving = saveCommands(context);
  const mayReplace = replaceGuard(context, saving);
  const opener = documentOpener(context);
  const opening = openCommands(context, mayReplace, opener);
  const commands: Commands = {
    run: (command) => runMenuCommand(command, commands, context, mayReplace, opener),
    importGltf: opening.importGltf,
    openProject: opening.openProject,
    save: saving.save,
    exportGltf: saving.exportGltf,
    bake: bake.bake,
    cancelBake: bake.cancelBake,
    undo: edit.undo,
    redo: edit.redo,
    openFiles: opening.openFiles,
    openFile: opening.openFile,
    openRecentEntry: opening.openRecentEntry,
    restoreRecovery: opening.restoreRecovery,
    discardRecovery: opening.discardRecovery,
  };
  return commands;
}
