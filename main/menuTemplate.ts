/**
 * The native application menu as an Electron menu template. Pure: no Electron at run time (types
 * only), every click goes through the `send` callback, so test/main/menuTemplate.test.ts can walk the
 * whole tree and fire each item.
 *
 * Document commands (open, save, undo...) go to the renderer, which owns the document and decides
 * (e.g. undo in a text field vs. document undo). Text-editing and window roles stay native.
 * Space and F are shown in the menu but not registered as global accelerators, so typing in a text
 * field still works; the renderer handles those keys itself when the viewport has focus.
 */
import type { MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from './ipcContract.ts';

export interface MenuTemplateOptions {
  /** process.platform; macOS gets the app menu and Cmd-style shortcuts */
  platform: string;
  appName: string;
  /** absolute paths, most recent first */
  recentFiles: readonly string[];
  /** adds Reload and Developer Tools to View */
  isDevelopment: boolean;
  /** enables Save, Save As and Export */
  hasDocument: boolean;
}

export interface MenuActions {
  /** sends a command to the renderer */
  send(command: MenuCommand): void;
  clearRecent(): void;
}

/** Builds the menu template; see the module header. */
export function menuTemplate(options: MenuTemplateOptions, actions: MenuActions): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin';
  const command = (id: string, label: string, sent: MenuCommand, extra: MenuItemConstructorOptions = {}): MenuItemConstructorOptions => ({
    id,
    label,
    click: () => actions.send(sent),
    ...extra,
  });

  const recentItems: MenuItemConstructorOptions[] =
    options.recentFiles.length === 0
      ? [{ id: 'file.recent.none', label: 'No Recent Files', enabled: false }]
      : options.recentFiles.map((filePath, index) => command(`file.recent.${index}`, recentLabel(filePath), { kind: 'openRecent', path: filePath }));

  const file: MenuItemConstructorOptions = {
    id: 'file',
    label: '&File',
    submenu: [
      command('file.openProject', 'Open Project…', { kind: 'openProject' }, { accelerator: 'CmdOrCtrl+O' }),
      command('file.importGltf', 'Import glTF…', { kind: 'importGltf' }, { accelerator: 'CmdOrCtrl+I' }),
      {
        id: 'file.recent',
        label: 'Open Recent',
        submenu: [
          ...recentItems,
          { type: 'separator' },
          { id: 'file.recent.clear', label: 'Clear Recent', enabled: options.recentFiles.length > 0, click: () => actions.clearRecent() },
        ],
      },
      { type: 'separator' },
      command('file.save', 'Save', { kind: 'save' }, { accelerator: 'CmdOrCtrl+S', enabled: options.hasDocument }),
      command('file.saveAs', 'Save As…', { kind: 'saveAs' }, { accelerator: 'Shift+CmdOrCtrl+S', enabled: options.hasDocument }),
      command('file.exportGltf', 'Export glTF…', { kind: 'exportGltf' }, { accelerator: 'CmdOrCtrl+E', enabled: options.hasDocument }),
      ...(mac ? [] : [{ type: 'separator' } as const, { id: 'file.quit', role: 'quit', label: 'Quit', accelerator: 'Ctrl+Q' } as const]),
    ],
  };

  const edit: MenuItemConstructorOptions = {
    id: 'edit',
    label: '&Edit',
    submenu: [
      command('edit.undo', 'Undo', { kind: 'undo' }, { accelerator: 'CmdOrCtrl+Z' }),
      command('edit.redo', 'Redo', { kind: 'redo' }, { accelerator: options.platform === 'win32' ? 'Ctrl+Y' : 'Shift+CmdOrCtrl+Z' }),
      { type: 'separator' },
      { id: 'edit.cut', role: 'cut' },
      { id: 'edit.copy', role: 'copy' },
      { id: 'edit.paste', role: 'paste' },
      { id: 'edit.selectAll', role: 'selectAll' },
    ],
  };

  const view: MenuItemConstructorOptions = {
    id: 'view',
    label: '&View',
    submenu: [
      command('view.playPause', 'Play / Pause', { kind: 'playPause' }, { accelerator: 'Space', registerAccelerator: false }),
      command('view.frameAll', 'Frame Selected (or All)', { kind: 'frameAll' }, { accelerator: 'F', registerAccelerator: false }),
      { type: 'separator' },
      ...(options.isDevelopment
        ? ([{ id: 'view.reload', role: 'reload' }, { id: 'view.devTools', role: 'toggleDevTools' }, { type: 'separator' }] as MenuItemConstructorOptions[])
        : []),
      { id: 'view.resetZoom', role: 'resetZoom' },
      { id: 'view.zoomIn', role: 'zoomIn' },
      { id: 'view.zoomOut', role: 'zoomOut' },
      { type: 'separator' },
      { id: 'view.fullscreen', role: 'togglefullscreen' },
    ],
  };

  const help: MenuItemConstructorOptions = {
    id: 'help',
    label: '&Help',
    role: 'help',
    submenu: [
      command('help.shortcuts', 'Keyboard Shortcuts', { kind: 'showShortcuts' }, { accelerator: 'CmdOrCtrl+/' }),
      ...(mac ? [] : [{ id: 'help.about', role: 'about' } as const]),
    ],
  };

  const appMenu: MenuItemConstructorOptions = {
    id: 'app',
    label: options.appName,
    submenu: [
      { id: 'app.about', role: 'about' },
      { type: 'separator' },
      { id: 'app.services', role: 'services' },
      { type: 'separator' },
      { id: 'app.hide', role: 'hide' },
      { id: 'app.hideOthers', role: 'hideOthers' },
      { id: 'app.unhide', role: 'unhide' },
      { type: 'separator' },
      { id: 'app.quit', role: 'quit' },
    ],
  };

  return mac ? [appMenu, file, edit, view, { id: 'window', role: 'windowMenu' }, help] : [file, edit, view, help];
}

/** "Fox.glb — /home/ana/characters", so equal names in different folders stay distinguishable. */
function recentLabel(filePath: string): string {
  const cut = Math.max(filePath.lastIndexOf('/'), filePath.lastIndexOf('\\'));
  const name = cut >= 0 ? filePath.slice(cut + 1) : filePath;
  const folder = cut > 0 ? filePath.slice(0, cut) : '';
  // A menu label treats "&" as a mnemonic marker on Windows/Linux: escape it.
  const escape = (text: string): string => text.replaceAll('&', '&&');
  return folder ? `${escape(name)} — ${escape(folder)}` : escape(name);
}
