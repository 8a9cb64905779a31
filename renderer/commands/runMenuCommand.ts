/**
 * The native menu's commands (main/ sends a MenuCommand): each runs the command of the same name, or a store
 * action (play/pause, frame all, the shortcuts dialog); Open Recent opens the path the menu names.
 */
import type { Commands } from '../commands.ts';
import type { MenuCommand } from '../host/host.ts';
import type { CommandContext } from './commandContext.ts';
import type { DocumentOpener } from './documentOpener.ts';

/**
 * Runs one menu command.
 * @param commands  the composed commands
 * @param mayReplace  the replace guard (replaceGuard): true to go ahead
 */
export async function runMenuCommand(
  command: MenuCommand,
  commands: Commands,
  { host, store, failed }: CommandContext,
  mayReplace: (action: string) => Promise<boolean>,
  { openOpened }: DocumentOpener,
): Promise<void> {
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
}
