/**
 * How many bytes may be read for each external resource of a glTF, from its own JSON: a buffer's declared
 * byteLength (glTF 2.0 §5.10: the data is the first byteLength bytes of the file), an image at most
 * MAX_IMAGE_BYTES. The readers of external files (the CLI's readGltfFile, the app's readOpenedFile) cap their reads
 * with it, so a .gltf cannot make them read without bound. Tolerant of malformed JSON (it runs before validation
 * in the app's main process): entries that are not objects or have no string uri are skipped.
 */

/** Largest image file read for a glTF [bytes]: a 16k × 16k RGBA PNG stays below it. */
export const MAX_IMAGE_BYTES = 1 << 30;

/**
 * Most bytes all the external files of one glTF may take together (gltfResourceReader, in the CLI and the app alike):
 * 2 GiB − 1, the most one file may have. Each distinct file counts once, however many URIs name it.
 */
export const MAX_GLTF_RESOURCE_BYTES = 2 ** 31 - 1;

/** The read limit of one resource. */
export interface ResourceLimit {
  maxBytes: number;
  /** buffers are cut at their byteLength; images above the limit are refused */
  overflow: 'refuse' | 'truncate';
}

/**
 * The read limit of every external (non-data:) resource URI of a glTF JSON document.
 *
 * @param json  the parsed glTF JSON (anything; non-glTF input gives an empty map)
 * @returns limit per URI, as written in the file, in file order (buffers, then images)
 */
export function gltfResourceLimits(json: unknown): Map<string, ResourceLimit> {
  const limits = new Map<string, ResourceLimit>();
  if (typeof json !== 'object' || json === null) return limits;
  const lists = json as Record<string, unknown>;
  for (const [key, limitOf] of [
    ['buffers', (entry: Record<string, unknown>) => ({ maxBytes: isByteCount(entry.byteLength) ? entry.byteLength : 0, overflow: 'truncate' as const })],
    ['images', () => ({ maxBytes: MAX_IMAGE_BYTES, overflow: 'refuse' as const })],
  ] as const) {
    const list = lists[key];
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      if (typeof entry !== 'object' || entry === null) continue;
      const uri = (entry as Record<string, unknown>).uri;
      if (typeof uri !== 'string' || uri.length === 0 || uri.startsWith('data:')) continue;
      const limit = limitOf(entry as Record<string, unknown>);
      const previous = limits.get(uri);
      // A URI both a buffer and an image name: the larger limit, refused above it.
      limits.set(
        uri,
        previous ? { maxBytes: Math.max(previous.maxBytes, limit.maxBytes), overflow: previous.overflow === 'refuse' ? 'refuse' : limit.overflow } : limit,
      );
    }
  }
  return limits;
}

function isByteCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
