/**
 * Path rules of the main process: which paths the renderer may name and which app:// URLs map to
 * which bundled files. (Which files a .gltf may pull in is the one rule in app/io/node/readGltfResource.ts,
 * shared with the command line.) Pure (node:path only, no file system), so
 * every rule is unit-tested (test/main/pathPolicy.test.ts).
 *
 * Why so strict: the renderer shows untrusted files (a .gltf from the internet), and a compromised
 * renderer must not turn main into a general file reader or writer. Main only touches paths it
 * handed out itself (dialogs, recent list) plus a glTF's resources inside the glTF's own folder.
 */
import path from 'node:path';
import { isInside } from '../app/io/node/index.ts';

/** Longest path accepted from the renderer (Linux PATH_MAX is 4096 bytes). */
export const MAX_PATH_LENGTH = 4096;

/** File name suffixes the app opens, lowercase. */
export const GLTF_EXTENSIONS = ['.glb', '.gltf'] as const;
export const PROJECT_SUFFIX = '.overlap.json';

/**
 * True when `candidate` is a plain absolute path: a string of sane length, no NUL byte, already
 * normalized (so no `.`/`..` segments and no doubled separators), for the given platform's rules.
 *
 * @param candidate  anything the renderer sent
 * @param pathModule node:path's `posix` or `win32` flavour (default: this platform's)
 */
export function isPlainAbsolutePath(candidate: unknown, pathModule: path.PlatformPath = path): candidate is string {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > MAX_PATH_LENGTH) return false;
  if (candidate.includes('\0')) return false;
  if (!pathModule.isAbsolute(candidate)) return false;
  // `..` segments are refused outright even where normalize would fold them away.
  if (candidate.split(/[\\/]/).some((segment) => segment === '..' || segment === '.')) return false;
  return pathModule.normalize(candidate) === candidate;
}

/** 'gltf' | 'project' | null from a file name's suffix, case-insensitively. */
export function fileKind(fileName: string): 'gltf' | 'project' | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith(PROJECT_SUFFIX)) return 'project';
  if (GLTF_EXTENSIONS.some((extension) => lower.endsWith(extension))) return 'gltf';
  return null;
}

/**
 * Maps an `app://overlap/...` request to a file of the built renderer, or null (→ 404).
 * Only the `overlap` host is served; the path is percent-decoded, then must stay inside `rootDir`.
 * `app://overlap/` serves index.html.
 *
 * @param requestUrl  the full request URL
 * @param rootDir     absolute path of out/renderer
 */
export function resolveAppUrl(requestUrl: string, rootDir: string, pathModule: path.PlatformPath = path): string | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'app:' || url.host !== 'overlap') return null;
  return resolveInsideRoot(url.pathname, rootDir, pathModule);
}

/**
 * Maps a URL path (`/assets/x.js`, percent-encoded) to a file inside `rootDir`, or null when it
 * is malformed or escapes the folder. `/` is `/index.html`. Used by the app:// protocol and the
 * `npm run web` server.
 */
export function resolveInsideRoot(urlPathname: string, rootDir: string, pathModule: path.PlatformPath = path): string | null {
  let pathname: string;
  try {
    pathname = decodeURIComponent(urlPathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return null;
  if (pathname === '/' || pathname === '') pathname = '/index.html';
  const resolved = pathModule.resolve(rootDir, '.' + pathname);
  // The one inside-folder rule (the glTF resource reader's): `..x.js` is a name inside the folder, `../x.js` is not.
  if (!isInside(rootDir, resolved, pathModule)) return null;
  return resolved;
}

/**
 * The project's `source` field: the glTF path relative to the project file's folder when the two
 * share a drive, with forward slashes so projects move between Windows and POSIX machines.
 */
export function projectSourcePath(projectPath: string, sourcePath: string, pathModule: path.PlatformPath = path): string {
  const relative = pathModule.relative(pathModule.dirname(projectPath), sourcePath);
  if (pathModule.isAbsolute(relative)) return sourcePath;
  return relative.split(pathModule.sep).join('/');
}

/** Inverse of `projectSourcePath`: the absolute glTF path a project's `source` names. */
export function resolveProjectSource(projectPath: string, source: string, pathModule: path.PlatformPath = path): string {
  const native = source.split('/').join(pathModule.sep);
  return pathModule.resolve(pathModule.dirname(projectPath), native);
}
