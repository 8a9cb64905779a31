/**
 * The host for a plain browser tab (`npm run web`): file inputs to open, downloads to save.
 * A download cannot overwrite a file in place, so Save always behaves like Save As (the browser
 * picks the download folder) and returns `path: null`.
 */
import type { OpenedFile, OpenedProject } from '../../main/ipcContract.ts';
import { browserStorage } from './browserStorage.ts';
import type { OverlapHost, RecentEntry, RecoveryEntry } from './host.ts';
import { filesToOpen, type FilesToOpen } from './filesToOpen.ts';

/** Recent files kept (with their bytes) and the largest file remembered [bytes]. */
const RECENT_LIMIT = 6;
const RECENT_MAX_BYTES = 64 * 1024 * 1024;

interface StoredRecent extends RecentEntry {
  opened: OpenedFile | OpenedProject;
}

const sizeOf = (opened: OpenedFile | OpenedProject): number => {
  const file = 'bytes' in opened ? opened : opened.source;
  const bytes = file ? file.bytes.byteLength + Object.values(file.resources).reduce((sum, resource) => sum + resource.byteLength, 0) : 0;
  return bytes + ('text' in opened ? opened.text.length : 0);
};

/** Shows a file picker and resolves with the chosen files ([] when cancelled). */
export function pickFiles(accept: string, multiple: boolean, testId: string): Promise<File[]> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = accept;
    input.multiple = multiple;
    input.dataset.testid = testId;
    input.style.display = 'none';
    const finish = (files: File[]): void => {
      input.remove();
      resolve(files);
    };
    input.addEventListener('change', () => finish([...(input.files ?? [])]), { once: true });
    input.addEventListener('cancel', () => finish([]), { once: true });
    document.body.append(input);
    input.click();
  });
}

/** Offers bytes as a download named `name`. */
export function download(name: string, data: Uint8Array | string, type: string): void {
  const blob = new Blob([typeof data === 'string' ? data : new Uint8Array(data)], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the download has started; revoking at once cancels it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Asks for files of the given types (with the ones they reference) and reads what they are; null when none is picked. */
async function pickAndRead(accept: string, inputId: string): Promise<FilesToOpen | null> {
  const files = await pickFiles(accept, true, inputId);
  return files.length === 0 ? null : filesToOpen(files);
}

export function browserHost(): OverlapHost {
  return {
    kind: 'browser',
    nativeMenu: false,
    async openGltf() {
      const opened = await pickAndRead('.glb,.gltf,.bin,.png,.jpg,.jpeg,.webp,.ktx2', 'import-gltf-input');
      if (opened === null) return null;
      if (opened.kind === 'gltf') return opened.file;
      throw new Error(opened.kind === 'none' ? opened.reason : 'pick a glTF file (.glb or .gltf), not a project');
    },
    async openProject() {
      const opened = await pickAndRead('.json,.glb,.gltf,.bin,.png,.jpg,.jpeg,.webp', 'open-project-input');
      if (opened === null) return null;
      if (opened.kind === 'project') return opened.project;
      throw new Error(opened.kind === 'none' ? opened.reason : 'pick an Overlap project (.overlap.json), optionally with its glTF');
    },
    async openRecent() {
      return null;
    },
    async saveProject(request) {
      download(request.suggestedName, request.text, 'application/json');
      return { path: null, name: request.suggestedName };
    },
    async exportGltf(request) {
      download(request.suggestedName, request.bytes, 'model/gltf-binary');
      return { path: null, name: request.suggestedName };
    },
    setDocumentState(state) {
      document.title = `${state.dirty ? '• ' : ''}${state.title}`;
    },
    onMenuCommand() {
      return () => undefined;
    },
    readRecovery: () => browserStorage.get<RecoveryEntry>('recovery', 'autosave'),
    async writeRecovery(entry) {
      await browserStorage.put('recovery', 'autosave', entry);
    },
    async clearRecovery() {
      await browserStorage.delete('recovery', 'autosave');
    },
    async recentFiles() {
      const entries = await browserStorage.all<StoredRecent>('recent');
      return entries.sort((a, b) => b.openedAt - a.openedAt).map(({ key, name, openedAt }) => ({ key, name, openedAt }));
    },
    async rememberRecent(opened) {
      if (sizeOf(opened) > RECENT_MAX_BYTES) return;
      const key = `${'text' in opened ? 'project' : 'gltf'}:${opened.name}`;
      await browserStorage.put('recent', key, { key, name: opened.name, openedAt: Date.now(), opened } satisfies StoredRecent);
      const entries = (await browserStorage.all<StoredRecent>('recent')).sort((a, b) => b.openedAt - a.openedAt);
      for (const old of entries.slice(RECENT_LIMIT)) await browserStorage.delete('recent', old.key);
    },
    async openRecentEntry(key) {
      return (await browserStorage.get<StoredRecent>('recent', key))?.opened ?? null;
    },
  };
}
