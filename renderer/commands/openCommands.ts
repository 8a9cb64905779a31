/**
 * The commands that open something in place of the document: Import glTF, Open Project, files dropped or
 * picked, a Recent entry, and the crash-recovery autosave offered at start-up (restore or discard). Each asks
 * first when the document holds work that would be lost (replaceGuard).
 */
import type { Commands } from '../commands.ts';
import { openDocument } from '../document/openDocument.ts';
import { filesToOpen } from '../host/index.ts';
import type { CommandContext } from './commandContext.ts';
import type { DocumentOpener } from './documentOpener.ts';

/** @param mayReplace  the replace guard (replaceGuard): true to go ahead */
export function openCommands(
  { host, store, notify, failed }: CommandContext,
  mayReplace: (action: string) => Promise<boolean>,
  { openGltfFile, applyProject, openOpened }: DocumentOpener,
): Pick<Commands, 'importGltf' | 'openProject' | 'openFiles' | 'openFile' | 'openRecentEntry' | 'restoreRecovery' | 'discardRecovery'> {
  /** Asks the replace guard, then the host's picker, then opens what was picked; a failure is a notice titled `title`. */
  const pickThenOpen =
    <T>(action: string, title: string, pick: () => Promise<T | null>, open: (picked: T) => Promise<unknown>) =>
    async (): Promise<void> => {
      try {
        if (!(await mayReplace(action))) return;
        const picked = await pick();
        if (picked) await open(picked);
      } catch (error) {
        failed(title, 'open')(error);
      }
    };
  return {
    importGltf: pickThenOpen(
      'Importing a glTF',
      'Import glTF',
      () => host.openGltf(),
      (file) => openGltfFile(file),
    ),
    openProject: pickThenOpen(
      'Opening a project',
      'Open Project',
      () => host.openProject(),
      (project) => applyProject(project),
    ),
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
}
