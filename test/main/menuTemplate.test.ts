import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import type { MenuCommand } from '../../main/ipcContract.ts';
import { menuTemplate, type MenuTemplateOptions } from '../../main/menuTemplate.ts';

const base: MenuTemplateOptions = { platform: 'linux', appName: 'Overlap', recentFiles: [], isDevelopment: false, hasDocument: true };

function build(options: Partial<MenuTemplateOptions> = {}) {
  const sent: MenuCommand[] = [];
  let cleared = 0;
  const template = menuTemplate({ ...base, ...options }, { send: (command) => sent.push(command), clearRecent: () => cleared++ });
  const items = new Map<string, MenuItemConstructorOptions>();
  const walk = (list: MenuItemConstructorOptions[]): void => {
    for (const item of list) {
      if (item.id) {
        expect(items.has(item.id), `menu id ${item.id} is unique`).toBe(false);
        items.set(item.id, item);
      }
      if (Array.isArray(item.submenu)) walk(item.submenu);
    }
  };
  walk(template);
  const click = (id: string): void => {
    const item = items.get(id);
    expect(item?.click, `${id} has a click handler`).toBeTypeOf('function');
    // Electron passes (menuItem, window, event); the template ignores them.
    (item!.click as unknown as () => void)();
  };
  return { template, items, sent, click, cleared: () => cleared };
}

describe('menuTemplate', () => {
  it("has File, Edit, View and Help with the issue's File entries in order", () => {
    const { template } = build();
    expect(
      template.map((menu) => menu.id),
      'top-level menus',
    ).toEqual(['file', 'edit', 'view', 'help']);
    const fileLabels = (template[0].submenu as MenuItemConstructorOptions[]).filter((item) => item.label).map((item) => item.label);
    expect(fileLabels.slice(0, 6), 'File menu').toEqual(['Open Project…', 'Import glTF…', 'Open Recent', 'Save', 'Save As…', 'Export glTF…']);
  });

  it('sends each document command to the renderer', () => {
    const { click, sent } = build();
    for (const id of [
      'file.openProject',
      'file.importGltf',
      'file.save',
      'file.saveAs',
      'file.exportGltf',
      'edit.undo',
      'edit.redo',
      'view.playPause',
      'view.frameAll',
      'help.shortcuts',
    ])
      click(id);
    expect(
      sent.map((command) => command.kind),
      'commands in click order',
    ).toEqual(['openProject', 'importGltf', 'save', 'saveAs', 'exportGltf', 'undo', 'redo', 'playPause', 'frameAll', 'showShortcuts']);
  });

  it('lists recent files most recent first, opens them by path, and clears the list', () => {
    const recent = ['/home/ana/Fox.glb', 'C:\\work\\R&D\\blob.overlap.json'];
    const { items, click, sent, cleared } = build({ recentFiles: recent });
    expect(items.get('file.recent.0')?.label, 'name then folder').toBe('Fox.glb — /home/ana');
    expect(items.get('file.recent.1')?.label, '& escaped so it is not a mnemonic').toBe('blob.overlap.json — C:\\work\\R&&D');
    click('file.recent.1');
    expect(sent, 'open recent carries the exact path').toEqual([{ kind: 'openRecent', path: recent[1] }]);
    click('file.recent.clear');
    expect(cleared(), 'clear recent called once').toBe(1);
  });

  it('shows a disabled placeholder and a disabled Clear when nothing is recent', () => {
    const { items } = build();
    expect(items.get('file.recent.none')?.enabled, 'placeholder disabled').toBe(false);
    expect(items.get('file.recent.clear')?.enabled, 'clear disabled').toBe(false);
  });

  it('disables Save, Save As and Export without a document', () => {
    const { items } = build({ hasDocument: false });
    for (const id of ['file.save', 'file.saveAs', 'file.exportGltf']) expect(items.get(id)?.enabled, `${id} disabled`).toBe(false);
    expect(items.get('file.importGltf')?.enabled, 'import stays enabled').not.toBe(false);
  });

  it('uses platform conventions: macOS app menu and no File › Quit; Ctrl+Y redo on Windows', () => {
    const mac = build({ platform: 'darwin' });
    expect(
      mac.template.map((menu) => menu.id),
      'mac menus',
    ).toEqual(['app', 'file', 'edit', 'view', 'window', 'help']);
    expect(mac.items.has('file.quit'), 'quit lives in the app menu on mac').toBe(false);
    expect(mac.items.get('edit.redo')?.accelerator, 'mac redo').toBe('Shift+CmdOrCtrl+Z');
    expect(build({ platform: 'win32' }).items.get('edit.redo')?.accelerator, 'windows redo').toBe('Ctrl+Y');
    expect(build().items.get('file.quit')?.role, 'linux quit').toBe('quit');
  });

  it('does not register Space or F globally, so text fields keep those keys', () => {
    const { items } = build();
    expect(items.get('view.playPause')?.registerAccelerator, 'space not registered').toBe(false);
    expect(items.get('view.frameAll')?.registerAccelerator, 'F not registered').toBe(false);
  });

  it('offers Reload and Developer Tools only in development', () => {
    expect(build().items.has('view.devTools'), 'no devtools in production').toBe(false);
    expect(build({ isDevelopment: true }).items.get('view.devTools')?.role, 'devtools in development').toBe('toggleDevTools');
  });

  it('gives every accelerator to one item only', () => {
    const { items } = build({ platform: 'darwin' });
    const seen = new Map<string, string>();
    for (const [id, item] of items) {
      if (typeof item.accelerator !== 'string') continue;
      expect(seen.get(item.accelerator), `${item.accelerator} used by ${seen.get(item.accelerator)} and ${id}`).toBeUndefined();
      seen.set(item.accelerator, id);
    }
  });
});
