/**
 * Turns a set of browser `File`s (from a file input or a drop) into what the app opens: a glTF
 * with the sibling files it references, or a project with its glTF. In the browser there are no
 * folders to read from, so a .gltf's external buffers and textures must be picked or dropped
 * together with it; they are matched by file name (the URI's last path segment, percent-decoded).
 */
import { MAX_PROJECT_BYTES } from '../../app/document/index.ts';
import type { OpenedFile, OpenedProject } from '../../main/ipcContract.ts';

export type FilesToOpen = { kind: 'gltf'; file: OpenedFile } | { kind: 'project'; project: OpenedProject } | { kind: 'none'; reason: string };

/** The minimum of `File` this needs (so tests can pass plain objects). */
export interface FileLike {
  name: string;
  arrayBuffer(): Promise<ArrayBuffer>;
  /** set by Electron (webUtils.getPathForFile) when a dropped file has a path */
  path?: string | null;
  /** bytes, known before reading (a `File` has it): a project is refused over MAX_PROJECT_BYTES without being read */
  size?: number;
}

const isProject = (name: string): boolean => name.toLowerCase().endsWith('.overlap.json');
const isGltf = (name: string): boolean => /\.(glb|gltf)$/i.test(name);

export async function filesToOpen(files: readonly FileLike[]): Promise<FilesToOpen> {
  const projectFile = files.find((file) => isProject(file.name));
  const gltfFile = files.find((file) => isGltf(file.name));
  if (!projectFile && !gltfFile) {
    const names = files.map((file) => file.name).join(', ') || 'nothing';
    return { kind: 'none', reason: `${names}: not a glTF (.glb, .gltf) or an Overlap project (.overlap.json)` };
  }
  const source = gltfFile ? await openedGltf(gltfFile, files) : null;
  if (projectFile) {
    if ((projectFile.size ?? 0) > MAX_PROJECT_BYTES) {
      return { kind: 'none', reason: `${projectFile.name}: project file is too large (${projectFile.size} bytes, the limit is ${MAX_PROJECT_BYTES})` };
    }
    const text = new TextDecoder().decode(await projectFile.arrayBuffer());
    return { kind: 'project', project: { name: projectFile.name, path: projectFile.path ?? null, text, source } };
  }
  return { kind: 'gltf', file: source! };
}

async function openedGltf(main: FileLike, all: readonly FileLike[]): Promise<OpenedFile> {
  const bytes = new Uint8Array(await main.arrayBuffer());
  const opened: OpenedFile = { name: main.name, path: main.path ?? null, bytes, resources: {}, missing: [] };
  if (!main.name.toLowerCase().endsWith('.gltf')) return opened;
  let json: { buffers?: Array<{ uri?: unknown }>; images?: Array<{ uri?: unknown }> };
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return opened; // the importer reports the broken JSON with the file name
  }
  const byName = new Map(all.map((file) => [file.name, file]));
  for (const entry of [...(json.buffers ?? []), ...(json.images ?? [])]) {
    const uri = entry?.uri;
    if (typeof uri !== 'string' || uri.startsWith('data:') || uri in opened.resources) continue;
    let baseName: string;
    try {
      baseName = decodeURIComponent(uri).split(/[\\/]/).pop() ?? uri;
    } catch {
      baseName = uri;
    }
    const file = byName.get(baseName);
    if (file) opened.resources[uri] = new Uint8Array(await file.arrayBuffer());
    else opened.missing.push(`${uri}: select or drop it together with ${main.name}`);
  }
  return opened;
}
