/**
 * How the UI reaches files, whatever it runs in. Two implementations, chosen once at startup
 * (index.ts): electronHost (the preload's `window.overlapBridge`, native dialogs and menu) and
 * browserHost (file inputs, downloads). Drag and drop is the same DOM API in both, so it is not
 * part of the host (see filesToOpen.ts).
 */
import type { DocumentState, ExportGltfRequest, MenuCommand, OpenedFile, OpenedProject, RecoveryEntry, SaveProjectRequest, SaveResult } from '../../main/ipcContract.ts';

export type { DocumentState, ExportGltfRequest, MenuCommand, OpenedFile, OpenedProject, RecoveryEntry, SaveProjectRequest, SaveResult };

/** A file in the in-window Recent list (the browser build; Electron lists them in File › Open Recent). */
export interface RecentEntry {
  key: string;
  name: string;
  /** Date.now() when last opened */
  openedAt: number;
}

export interface OverlapHost {
  readonly kind: 'electron' | 'browser';
  /** true when a native menu exists (the UI then needs no in-window menu shortcuts) */
  readonly nativeMenu: boolean;
  /** Lets the user pick a glTF (with its .bin/.png files in the browser); null when cancelled. */
  openGltf(): Promise<OpenedFile | null>;
  /** Lets the user pick a project (and, in the browser, its glTF); null when cancelled. */
  openProject(): Promise<OpenedProject | null>;
  /** Opens an entry of the native Open Recent menu (Electron only). */
  openRecent(path: string): Promise<OpenedFile | OpenedProject | null>;
  /** Saves project text: to `path` in place, or where the user picks (dialog or download). */
  saveProject(request: SaveProjectRequest): Promise<SaveResult>;
  exportGltf(request: ExportGltfRequest): Promise<SaveResult>;
  /** Window title, unsaved-changes state, and whether a document is open. */
  setDocumentState(state: DocumentState): void;
  /** Native menu commands (Electron); the browser host never calls the listener. */
  onMenuCommand(listener: (command: MenuCommand) => void): () => void;
  /** The crash-recovery autosave: IndexedDB in the browser, the user-data folder in Electron. */
  readRecovery(): Promise<RecoveryEntry | null>;
  writeRecovery(entry: RecoveryEntry): Promise<void>;
  clearRecovery(): Promise<void>;
  /** Files opened recently, most recent first (the browser keeps their bytes; Electron returns [] and uses its menu). */
  recentFiles(): Promise<RecentEntry[]>;
  /** Remembers an opened file or project for the Recent list (browser; Electron's main does it itself). */
  rememberRecent(opened: OpenedFile | OpenedProject): Promise<void>;
  /** Opens an entry of recentFiles(). */
  openRecentEntry(key: string): Promise<OpenedFile | OpenedProject | null>;
}
