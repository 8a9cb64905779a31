/**
 * The typed contract between the Electron main process and the renderer. Type-only: the renderer
 * imports it with `import type`, so no main-process code can reach the renderer bundle.
 *
 * Direction renderer → main: `OverlapBridge` methods, each one `ipcRenderer.invoke(channel, ...)`
 * answered by a main-side handler that validates every argument (main/ipcValidation.ts) and the
 * sender's origin. Direction main → renderer: menu commands, pushed on `overlap:menu`.
 *
 * Capability rule: the renderer never names a path main has not handed it. Paths come from native
 * dialogs, the Open Recent list or an opened project; main remembers them and refuses any other.
 */

/** A glTF file the user opened, with the external files it references. */
export interface OpenedFile {
  /** base name shown to the user, e.g. "Fox.glb" */
  name: string;
  /** absolute path on disk (Electron), or null when it came from a browser file picker or a drop */
  path: string | null;
  /** the .glb or .gltf file itself */
  bytes: Uint8Array;
  /** external buffers and images of a .gltf, keyed by the URI exactly as the file writes it */
  resources: Record<string, Uint8Array>;
  /** references that could not be read (missing, or outside the file's folder) */
  missing: string[];
}

/** An opened project: the `.overlap.json` text and the glTF it was made from. */
export interface OpenedProject {
  /** absolute path of the project file, or null in the browser */
  path: string | null;
  name: string;
  /** the project JSON (an `OverlapProject` from app/document) */
  text: string;
  /** its source glTF, or null when it could not be found next to the project */
  source: OpenedFile | null;
}

/** Save the project text; `path` null (or `saveAs`) asks where with a dialog. */
export interface SaveProjectRequest {
  /** a path main handed out before (dialog, open, recent), or null */
  path: string | null;
  /** file name to suggest in the Save As dialog, e.g. "Fox.overlap.json" */
  suggestedName: string;
  /** project JSON, at most `IPC_LIMITS.projectBytes` (main/ipcValidation.ts) */
  text: string;
  saveAs: boolean;
}

/** Write exported glTF bytes where the user chooses. */
export interface ExportGltfRequest {
  /** e.g. "Fox.baked.glb"; must end in .glb */
  suggestedName: string;
  /** GLB bytes, at most `IPC_LIMITS.exportBytes` (main/ipcValidation.ts) */
  bytes: Uint8Array;
}

/** Where a save went, or null when the user cancelled. */
export type SaveResult = { path: string | null; name: string } | null;

/** What main needs to know about the renderer's document. */
export interface DocumentState {
  title: string;
  dirty: boolean;
  hasDocument: boolean;
}

/**
 * The renderer's crash-recovery autosave (one per user): the unsaved project with its glTF embedded,
 * written every minute while the document has unsaved changes, offered at the next start.
 */
export interface RecoveryEntry {
  /** Date.now() of the autosave [ms] */
  savedAt: number;
  /** the glTF's name, for the offer ("Fox.glb, autosaved 14:02") */
  documentName: string;
  /** the project it was opened from or saved as, if any */
  projectName: string | null;
  /** that project's path (a path main handed out), so Save goes back to it after restoring */
  projectPath: string | null;
  /** project JSON with `embeddedSource`, at most `IPC_LIMITS.projectBytes` */
  text: string;
}

/** Commands the native menu sends to the renderer. */
export type MenuCommand =
  | { kind: 'openProject' }
  | { kind: 'importGltf' }
  | { kind: 'openRecent'; path: string }
  | { kind: 'save' }
  | { kind: 'saveAs' }
  | { kind: 'exportGltf' }
  | { kind: 'undo' }
  | { kind: 'redo' }
  | { kind: 'playPause' }
  | { kind: 'frameAll' }
  | { kind: 'showShortcuts' };

/** What the preload exposes as `window.overlapBridge`. */
export interface OverlapBridge {
  /** process.platform of the main process */
  readonly platform: string;
  /** Native open dialog for .glb/.gltf; reads the file and its external resources. */
  openGltf(): Promise<OpenedFile | null>;
  /** Native open dialog for .overlap.json; reads it and its source glTF. */
  openProject(): Promise<OpenedProject | null>;
  /** Reads a file from the Open Recent list (glTF or project). */
  openRecent(path: string): Promise<OpenedFile | OpenedProject | null>;
  /** Saves atomically (temp file + rename). */
  saveProject(request: SaveProjectRequest): Promise<SaveResult>;
  /** Save dialog + atomic write of GLB bytes. */
  exportGltf(request: ExportGltfRequest): Promise<SaveResult>;
  /** Tells main the window title, the unsaved state (macOS edited dot, close prompt) and whether a document is open (menu). */
  setDocumentState(state: DocumentState): void;
  /** Subscribes to native menu commands; returns the unsubscribe function. */
  onMenuCommand(listener: (command: MenuCommand) => void): () => void;
  /** The autosave left by a session that did not close cleanly, or null (in the user-data folder). */
  readRecovery(): Promise<RecoveryEntry | null>;
  /** Replaces the autosave (atomic write). */
  writeRecovery(entry: RecoveryEntry): Promise<void>;
  /** Removes the autosave (saved, discarded, or restored). */
  clearRecovery(): Promise<void>;
}

/** Invoke channels: name → [argument tuple, result]. Main's handlers and the preload both use it. */
export interface InvokeChannels {
  'overlap:openGltf': [[], OpenedFile | null];
  'overlap:openProject': [[], OpenedProject | null];
  'overlap:openRecent': [[path: string], OpenedFile | OpenedProject | null];
  'overlap:saveProject': [[request: SaveProjectRequest], SaveResult];
  'overlap:exportGltf': [[request: ExportGltfRequest], SaveResult];
  'overlap:readRecovery': [[], RecoveryEntry | null];
  'overlap:writeRecovery': [[entry: RecoveryEntry], void];
  'overlap:clearRecovery': [[], void];
}

/** One-way channels renderer → main. */
export interface SendChannels {
  'overlap:documentState': [state: DocumentState];
}

/** Channel main → renderer for menu commands. */
export type MenuChannel = 'overlap:menu';
