/**
 * The lexical half of the one rule for files a glTF may name (glTF 2.0 §3.2 "URIs"): a buffer or image URI is a
 * relative reference, percent-encoded (RFC 3986), that must stay inside the glTF's folder. readGltfResource adds
 * the file-system half (symlink escapes, regular files, size); the CLI's importer and the app's main process
 * both go through it, so the two cannot drift apart.
 */
import path from 'node:path';

/**
 * Resolves a URI written inside a .gltf (buffer or image) to a path beside it, or explains why not.
 * Accepted: relative references that stay inside the glTF's folder. Refused: any scheme (http:, file:…),
 * absolute paths (POSIX, drive letters, UNC), `..` escapes, NUL bytes and malformed percent-encoding.
 * data: URIs are left to the loader, which decodes them itself.
 *
 * @param gltfPath    path of the .gltf (absolute or relative to the working folder)
 * @param uri         the `uri` string from the file
 * @param pathModule  node:path's `posix` or `win32` flavour (default: this platform's), for tests
 * @returns `{ path }` of the resource, `{ reason }` when it is refused, `null` for data: URIs
 */
export function resolveGltfResource(gltfPath: string, uri: string, pathModule: path.PlatformPath = path): { path: string } | { reason: string } | null {
  if (uri.startsWith('data:')) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(uri) && !/^[a-z]:[\\/]/i.test(uri)) return { reason: `${uri}: only files next to the glTF are read, not URLs` };
  let decoded: string;
  try {
    decoded = decodeURIComponent(uri);
  } catch {
    return { reason: `${uri}: malformed percent-encoding` };
  }
  if (decoded.includes('\0')) return { reason: `${uri}: contains a NUL byte` };
  if (pathModule.isAbsolute(decoded) || /^[a-z]:/i.test(decoded) || decoded.startsWith('\\\\')) return { reason: `${uri}: absolute paths are not followed` };
  const folder = pathModule.resolve(pathModule.dirname(gltfPath));
  const resolved = pathModule.resolve(folder, decoded);
  if (!isInside(folder, resolved, pathModule)) return { reason: `${uri}: points outside the glTF's folder` };
  return { path: resolved };
}

/**
 * True when `candidate` lies strictly inside `folder` (both absolute, normalized).
 *
 * @param folder      absolute folder
 * @param candidate   absolute path
 * @param pathModule  node:path flavour
 * @returns whether candidate is below folder
 */
export function isInside(folder: string, candidate: string, pathModule: path.PlatformPath = path): boolean {
  const relative = pathModule.relative(folder, candidate);
  return relative !== '' && relative !== '..' && !relative.startsWith(`..${pathModule.sep}`) && !pathModule.isAbsolute(relative);
}
