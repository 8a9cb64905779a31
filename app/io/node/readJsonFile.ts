/**
 * The one reader of the JSON files a user names (projects, weights, handles, scenes, JSON meshes): a bounded regular
 * file (readRegularFile: no FIFO, no device), at most `maxBytes`, nested at most MAX_JSON_DEPTH deep, then parsed.
 * Every limit is checked before the step it protects (the size before reading, the depth before JSON.parse and
 * anything recursive after it), and a file over one is bad input naming the file and the limit.
 */
import { jsonNestingDepth, MAX_JSON_DEPTH } from '../jsonNestingDepth.ts';
import { FileAccessError } from './fileAccessError.ts';
import { JsonFileError } from './jsonFileError.ts';
import { readRegularFile } from './readRegularFile.ts';

/**
 * Reads and parses a JSON file within the limits.
 *
 * @param path     the file
 * @param options  maxBytes: the largest file of this kind [bytes]; what: the kind, for messages ('a weights file')
 * @returns the parsed value
 * @throws FileAccessError when the file cannot be read (missing, a folder, no permission: I/O);
 *         JsonFileError naming the file when it is over a limit or not JSON (bad input)
 */
export async function readJsonFile(path: string, options: { maxBytes: number; what: string }): Promise<unknown> {
  let bytes: Uint8Array;
  try {
    bytes = await readRegularFile(path, { maxBytes: options.maxBytes });
  } catch (error) {
    if (error instanceof FileAccessError && error.code === 'EFBIG') {
      throw new JsonFileError(path, `${error.message} for ${options.what} (${bytesText(options.maxBytes)})`);
    }
    throw error;
  }
  const text = new TextDecoder().decode(bytes);
  const depth = jsonNestingDepth(text, MAX_JSON_DEPTH);
  if (depth > MAX_JSON_DEPTH) throw new JsonFileError(path, `nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep, the limit for ${options.what}`);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new JsonFileError(path, `not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function bytesText(bytes: number): string {
  return bytes >= 2 ** 30 ? `${+(bytes / 2 ** 30).toFixed(1)} GiB` : `${+(bytes / 2 ** 20).toFixed(1)} MiB`;
}
