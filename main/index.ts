/**
 * Electron main process: one window, the native menu, file dialogs and validated IPC. Kept thin on
 * purpose (Electron cannot start on the development machines): every decision lives in a pure,
 * unit-tested module beside this file, and this file only wires them to Electron.
 *
 * Security (Electron's checklist): sandboxed renderer with context isolation and no Node; the UI is
 * served from the privileged `app://overlap/` scheme (not file://) with a CSP header; navigation,
 * new windows, webviews, permission requests and every http(s)/ws request are refused (except the
 * dev server under `electron-vite dev`); IPC senders must be the app's own frame.
 */
import { app, BrowserWindow, dialog, ipcMain, Menu, protocol, session, type IpcMainInvokeEvent } from 'electron';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { saveUserFile } from './saveUserFile.ts';
import { contentSecurityPolicy } from './contentSecurityPolicy.ts';
import { contentType } from './contentType.ts';
import { developmentServerUrl as developmentServerUrlOf } from './developmentServerUrl.ts';
import type { InvokeChannels, MenuCommand, OpenedFile, OpenedProject, SaveResult } from './ipcContract.ts';
import {
  isTrustedSenderUrl,
  validateDocumentState,
  validateExportGltfRequest,
  validateGrantedPath,
  validateNoArguments,
  validateRecoveryEntry,
  parseRecoveryFile,
  validateSaveProjectRequest,
} from './ipcValidation.ts';
import { menuTemplate } from './menuTemplate.ts';
import { fileKind, PROJECT_SUFFIX, projectSourcePath, resolveAppUrl, resolveProjectSource } from './pathPolicy.ts';
import { readOpenedFile } from './readOpenedFile.ts';
import { readOpenedProject } from './readOpenedProject.ts';
import { parseRecentFiles, recentFiles } from './recentFiles.ts';
import { webgpuSwitches } from './webgpuSwitches.ts';

// --- Before `ready`: GPU switches, the app:// scheme, sandbox everywhere -------------------------
for (const flag of webgpuSwitches(process.platform, process.env)) app.commandLine.appendSwitch(flag.name, flag.value);
protocol.registerSchemesAsPrivileged([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } }]);
app.enableSandbox();

const here = path.dirname(fileURLToPath(import.meta.url));
const rendererDir = path.join(here, '../renderer');
const preloadPath = path.join(here, '../preload/preload.cjs');
// Packaged builds never read ELECTRON_RENDERER_URL (developmentServerUrl.ts says why).
const developmentServerUrl = developmentServerUrlOf(app.isPackaged, process.env);
const isDevelopment = developmentServerUrl !== undefined;

/** Paths main handed to the renderer (dialogs, recent list, opened projects); the only ones it may name. */
const grantedPaths = new Set<string>();
let recent: string[] = [];
let mainWindow: BrowserWindow | null = null;
let documentState = { title: 'Overlap', dirty: false, hasDocument: false };

/** Writes a user's file atomically, first cleaning up what a killed write left beside it (logged, naming the files). */
async function save(target: string, data: Uint8Array | string): Promise<void> {
  for (const line of await saveUserFile(target, data)) console.warn(`overlap: ${line}`);
}

function recoveryFilePath(): string {
  return path.join(app.getPath('userData'), 'recovery.overlap-autosave.json');
}

function recentFilePath(): string {
  return path.join(app.getPath('userData'), 'recent.json');
}

async function loadRecent(): Promise<void> {
  try {
    recent = parseRecentFiles(await readFile(recentFilePath(), 'utf8'));
  } catch {
    recent = [];
  }
  for (const entry of recent) grantedPaths.add(entry);
}

function rememberRecent(filePath: string): void {
  grantedPaths.add(filePath);
  recent = recentFiles(recent, filePath);
  void save(recentFilePath(), JSON.stringify(recent, null, 2)).catch(() => undefined);
  installMenu();
}

function sendMenuCommand(command: MenuCommand): void {
  mainWindow?.webContents.send('overlap:menu' satisfies 'overlap:menu', command);
}

function installMenu(): void {
  const template = menuTemplate(
    { platform: process.platform, appName: app.name, recentFiles: recent, isDevelopment, hasDocument: documentState.hasDocument },
    {
      send: sendMenuCommand,
      clearRecent: () => {
        recent = [];
        void save(recentFilePath(), '[]').catch(() => undefined);
        installMenu();
      },
    },
  );
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

// --- IPC -------------------------------------------------------------------------------------------
function handle<C extends keyof InvokeChannels>(channel: C, handler: (event: IpcMainInvokeEvent, args: unknown[]) => Promise<InvokeChannels[C][1]>): void {
  ipcMain.handle(channel, async (event, ...args: unknown[]) => {
    const url = event.senderFrame?.url ?? '';
    if (!isTrustedSenderUrl(url, developmentServerUrl)) throw new Error(`${channel}: refused, sender ${url || '(unknown)'} is not the Overlap UI`);
    return handler(event, args);
  });
}

function parentWindow(event: IpcMainInvokeEvent): BrowserWindow | undefined {
  return BrowserWindow.fromWebContents(event.sender) ?? undefined;
}

/** The one file the user picks in an open dialog of one file type (over the asking window, if any), or null if cancelled. */
async function pickFile(event: IpcMainInvokeEvent, title: string, filter: Electron.FileFilter): Promise<string | null> {
  const window = parentWindow(event);
  const options: Electron.OpenDialogOptions = { title, properties: ['openFile'], filters: [filter] };
  const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
  return result.canceled || result.filePaths.length === 0 ? null : result.filePaths[0];
}

async function openGltfAt(filePath: string): Promise<OpenedFile> {
  const opened = await readOpenedFile(filePath);
  rememberRecent(filePath);
  return opened;
}

async function openProjectAt(filePath: string): Promise<OpenedProject> {
  // Size (before reading), depth and format checked by readOpenedProject.
  const { text, project } = await readOpenedProject(filePath);
  let source: OpenedFile | null = null;
  if (typeof project.source === 'string' && fileKind(project.source) === 'gltf') {
    const sourcePath = resolveProjectSource(filePath, project.source);
    source = await readOpenedFile(sourcePath).catch(() => null);
    if (source) grantedPaths.add(sourcePath);
  }
  rememberRecent(filePath);
  return { path: filePath, name: path.basename(filePath), text, source };
}

function registerIpc(): void {
  handle('overlap:openGltf', async (event, args) => {
    validateNoArguments('overlap:openGltf', args);
    const chosen = await pickFile(event, 'Import glTF', { name: 'glTF 2.0', extensions: ['glb', 'gltf'] });
    return chosen === null ? null : openGltfAt(chosen);
  });

  handle('overlap:openProject', async (event, args) => {
    validateNoArguments('overlap:openProject', args);
    const chosen = await pickFile(event, 'Open Overlap Project', { name: `Overlap project (*${PROJECT_SUFFIX})`, extensions: ['json'] });
    if (chosen === null) return null;
    if (fileKind(chosen) !== 'project') throw new Error(`${path.basename(chosen)}: an Overlap project ends in ${PROJECT_SUFFIX}`);
    return openProjectAt(chosen);
  });

  handle('overlap:openRecent', async (_event, args) => {
    const filePath = validateGrantedPath('overlap:openRecent', args[0], grantedPaths);
    if (args.length !== 1) throw new Error('overlap:openRecent: takes exactly one path');
    const kind = fileKind(filePath);
    if (kind === 'project') return openProjectAt(filePath);
    if (kind === 'gltf') return openGltfAt(filePath);
    throw new Error(`overlap:openRecent: ${path.basename(filePath)} is neither a glTF nor a project`);
  });

  handle('overlap:saveProject', async (event, args): Promise<SaveResult> => {
    if (args.length !== 1) throw new Error('overlap:saveProject: takes exactly one request');
    const request = validateSaveProjectRequest(args[0], grantedPaths);
    let target = request.path;
    if (target === null || request.saveAs) {
      const window = parentWindow(event);
      const options: Electron.SaveDialogOptions = {
        title: 'Save Overlap Project',
        defaultPath: target ?? path.join(app.getPath('documents'), request.suggestedName),
        filters: [{ name: `Overlap project (*${PROJECT_SUFFIX})`, extensions: ['json'] }],
      };
      const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
      if (result.canceled || !result.filePath) return null;
      target = result.filePath.toLowerCase().endsWith(PROJECT_SUFFIX) ? result.filePath : result.filePath.replace(/(\.json)?$/i, PROJECT_SUFFIX);
    }
    await save(target, withRelativeSource(request.text, target));
    rememberRecent(target);
    return { path: target, name: path.basename(target) };
  });

  handle('overlap:exportGltf', async (event, args): Promise<SaveResult> => {
    if (args.length !== 1) throw new Error('overlap:exportGltf: takes exactly one request');
    const request = validateExportGltfRequest(args[0]);
    const window = parentWindow(event);
    const options: Electron.SaveDialogOptions = {
      title: 'Export glTF',
      defaultPath: path.join(app.getPath('documents'), request.suggestedName),
      filters: [{ name: 'glTF binary (*.glb)', extensions: ['glb'] }],
    };
    const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
    if (result.canceled || !result.filePath) return null;
    const target = result.filePath.toLowerCase().endsWith('.glb') ? result.filePath : `${result.filePath}.glb`;
    await save(target, request.bytes);
    return { path: target, name: path.basename(target) };
  });

  // Crash recovery: one autosave file in the user-data folder, written atomically, read at start-up.
  handle('overlap:readRecovery', async (_event, args) => {
    validateNoArguments('overlap:readRecovery', args);
    const entry = parseRecoveryFile(await readFile(recoveryFilePath(), 'utf8').catch(() => ''));
    // Main validated the project path when it wrote the file: it may be saved to again.
    if (entry?.projectPath) grantedPaths.add(entry.projectPath);
    return entry;
  });
  handle('overlap:writeRecovery', async (_event, args) => {
    if (args.length !== 1) throw new Error('overlap:writeRecovery: takes exactly one entry');
    await save(recoveryFilePath(), JSON.stringify(validateRecoveryEntry(args[0], grantedPaths)));
  });
  handle('overlap:clearRecovery', async (_event, args) => {
    validateNoArguments('overlap:clearRecovery', args);
    await rm(recoveryFilePath(), { force: true });
  });

  ipcMain.on('overlap:documentState', (event, ...args: unknown[]) => {
    if (!isTrustedSenderUrl(event.senderFrame?.url ?? '', developmentServerUrl)) return;
    try {
      const state = validateDocumentState(args[0]);
      const menuChanges = state.hasDocument !== documentState.hasDocument;
      documentState = state;
      const window = BrowserWindow.fromWebContents(event.sender);
      window?.setTitle(state.title);
      window?.setDocumentEdited(state.dirty);
      if (menuChanges) installMenu();
    } catch {
      // A malformed notification is dropped; it carries nothing main depends on.
    }
  });
}

/** Rewrites the project's absolute `source` path relative to where the project is saved. */
function withRelativeSource(text: string, projectPath: string): string {
  try {
    const project = JSON.parse(text) as { source?: unknown };
    if (typeof project.source === 'string' && path.isAbsolute(project.source)) {
      project.source = projectSourcePath(projectPath, project.source);
      return JSON.stringify(project, null, 2);
    }
  } catch {
    // Not JSON: saved as given; opening it later reports the problem.
  }
  return text;
}

// --- Window and protocol -------------------------------------------------------------------------
function isAppNavigation(url: string): boolean {
  return isTrustedSenderUrl(url, developmentServerUrl);
}

function createWindow(): void {
  mainWindow = new BrowserWindow({
    width: 1440,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    show: false,
    backgroundColor: '#17191d',
    title: 'Overlap',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  });
  mainWindow.once('ready-to-show', () => mainWindow?.show());
  mainWindow.on('close', (event) => {
    if (!documentState.dirty || !mainWindow) return;
    const choice = dialog.showMessageBoxSync(mainWindow, {
      type: 'warning',
      buttons: ['Discard Changes', 'Cancel'],
      defaultId: 1,
      cancelId: 1,
      message: `${documentState.title} has unsaved changes or a bake that was not exported.`,
      detail: 'Closing discards them (the last autosave is offered at the next start).',
    });
    if (choice === 1) event.preventDefault();
  });
  mainWindow.on('closed', () => {
    mainWindow = null;
  });
  void mainWindow.loadURL(developmentServerUrl ?? 'app://overlap/index.html');
}

app.on('web-contents-created', (_event, contents) => {
  contents.on('will-navigate', (event, url) => {
    if (!isAppNavigation(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppNavigation(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
});

app.whenReady().then(async () => {
  const header = contentSecurityPolicy({ development: false, header: true });
  protocol.handle('app', async (request) => {
    const filePath = resolveAppUrl(request.url, rendererDir);
    if (filePath === null) return new Response('not found', { status: 404 });
    try {
      const body = await readFile(filePath);
      return new Response(body, {
        headers: { 'content-type': contentType(filePath), 'content-security-policy': header, 'x-content-type-options': 'nosniff' },
      });
    } catch {
      return new Response('not found', { status: 404 });
    }
  });
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  // No remote content: only the dev server (under `electron-vite dev`) may be reached over the network.
  session.defaultSession.webRequest.onBeforeRequest({ urls: ['http://*/*', 'https://*/*', 'ws://*/*', 'wss://*/*'] }, (details, callback) => {
    callback({ cancel: !isDevelopmentServerRequest(details.url) });
  });
  await loadRecent();
  registerIpc();
  installMenu();
  createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
});

/** True for requests to the Vite dev server (page, modules, HMR socket); never true in a build. */
function isDevelopmentServerRequest(url: string): boolean {
  if (!developmentServerUrl) return false;
  try {
    return new URL(url).host === new URL(developmentServerUrl).host;
  } catch {
    return false;
  }
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
