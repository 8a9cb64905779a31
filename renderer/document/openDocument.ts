/**
 * Opens a glTF the host delivered: the engine importer (app/io readGltf) checks it and computes
 * what `overlap inspect` reports, three.js's GLTFLoader builds the scene to display, the registry
 * keeps both, and the store gets the summaries. Opening resets undo, as in every DCC tool.
 *
 * If the importer rejects the file (GltfImportError) nothing changes and the user sees its message.
 * If the importer fails any other way (a bug, or a feature it lacks that three.js has), the file is
 * still shown through three.js alone, with a warning, so the user is never blocked from looking.
 */
import { clipFrameRate } from '../../app/bake/index.ts';
import { sourceDigest } from '../../app/document/index.ts';
import { GltfImportError, readGltf, type ImportedScene } from '../../app/io/index.ts';
import type { OpenedFile } from '../../main/ipcContract.ts';
import type { OverlapStore } from '../store/index.ts';
import { documentSummary } from './documentSummary.ts';
import { loadGltfScene } from './loadGltfScene.ts';
import { readableError } from './readableError.ts';
import { registerDocument } from './sceneRegistry.ts';

/** @returns true when the document was opened */
export async function openDocument(store: OverlapStore, file: OpenedFile): Promise<boolean> {
  const { setLoading, notify } = store.getState();
  setLoading({ name: file.name });
  try {
    const warnings = [...file.missing];
    let imported: ImportedScene | null = null;
    try {
      imported = await readGltf(file.bytes, {
        fileName: file.name,
        readResource: async (uri) => {
          const bytes = file.resources[uri];
          if (!bytes) throw new Error(file.path ? 'not found next to the file' : 'open it together with the glTF (select or drop all files at once)');
          return bytes;
        },
      });
      warnings.push(...imported.warnings);
    } catch (error) {
      if (error instanceof GltfImportError) throw error;
      console.error(error);
      warnings.push('the engine could not read this file, so it is shown for viewing only (no painting or baking; details in the developer console)');
    }
    const gltf = await loadGltfScene(file);
    const summary = documentSummary(gltf, imported);
    if (imported) summary.clips.forEach((clip, index) => (clip.frameRate = clipFrameRate(imported, index)));
    // The file's SHA-256: saved in the project, so opening it on another version of the glTF says so.
    const sha256 = await sourceDigest(file.bytes).catch(() => undefined);
    const documentId = registerDocument({ gltf, imported, meshObjects: summary.meshObjects, clips: summary.threeClips, file });
    const temporal = store.temporal.getState();
    temporal.pause();
    store.getState().documentLoaded({
      documentId,
      source: { name: file.name, path: file.path, ...(sha256 ? { sha256 } : {}) },
      meshes: summary.meshes,
      clips: summary.clips,
      warnings,
    });
    temporal.resume();
    temporal.clear();
    store.getState().resolveNotices('open');
    for (const warning of warnings.slice(0, 3)) notify('warning', `${file.name}: ${warning}`, 'open');
    if (warnings.length > 3) notify('warning', `${file.name}: ${warnings.length - 3} more warnings (see the outliner)`, 'open');
    return true;
  } catch (error) {
    notify('error', readableError(error, file.name), 'open');
    return false;
  } finally {
    setLoading(null);
  }
}
