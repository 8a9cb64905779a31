/**
 * How the UI reaches files, whatever it runs in. Two implementations, chosen once at startup
 * (index.ts): electronHost (the preload's `window.overlapBridge`, native dialogs and menu) and
 * browserHost (file inputs, downloads). Drag and drop is the same DOM API in both, so it is not
 * part of the host (see filesToOpen.ts).
 */
import type {
  DocumentState,
  ExportGltfRequest,
  MenuCommand,
  OpenedFile,
  OpenedProject,
  OverlapBridge,
  RecoveryEntry,
  SaveProjectRequest,
  SaveResult,
} from '../../main/ipcContract.ts';

export type { DocumentState, ExportGltfRequest, MenuCommand, OpenedFile, OpenedProject, RecoveryEntry, SaveProjectRequest, SaveResult };

/** A file in the in-window Recent list (the browser build; Electron lists them in File › Open Recent). */
export interface RecentEntry {
  key: string;
  name: string;
  /** Date.now() when last opened */
  openedAt: number;
}

/**
 * The bridge's operations (main/ipcContract.ts OverlapBridge: one definition of open, save, export, document state,
 * menu commands and recovery, documented there) plus what only the UI needs. In the browser, openRecent is Electron's
 * menu entry and never called; saveProject downloads or writes where the user picks; recovery lives in IndexedDB.
 */
export interface OverlapHost extends Omit<OverlapBridge, 'platform'> {
  readonly kind: 'electron' | 'browser';
  /** true when a native menu exists (the UI then needs no in-window menu shortcuts) */
  readonly nativeMenu: boolean;
  /** Files opened recently, most recent first (the browser keeps their bytes; Electron returns [] and uses its menu). */
  recentFiles(): Promise<RecentEntry[]>;
  /** Remembers an opened file or project for the Recent list (browser; Electron's main does it itself). */
  rememberRecent(opened: OpenedFile | OpenedProject): Promise<void>;
  /** Opens an entry of recentFiles(). */
  openRecentEntry(key: string): Promise<OpenedFile | OpenedProject | null>;
}
