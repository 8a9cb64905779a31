/**
 * Reads a project file the user chose (`.overlap.json`) for the renderer, by the rules the command line reads its
 * JSON with: a regular file whose size is compared with the limit before a byte is read (a 3 GB file is refused at
 * once, it was read whole first), nested at most MAX_JSON_DEPTH deep (a deeply nested `handles` overflowed the stack
 * when the project was cloned), and JSON. Node-only (no Electron), tested in test/main/readOpenedProject.test.ts.
 */
import path from 'node:path';
import { jsonNestingDepth, MAX_JSON_DEPTH } from '../app/io/index.ts';
import { FileAccessError } from '../app/io/node/index.ts';
import { readRegularFile } from '../app/io/node/index.ts';
import { IPC_LIMITS } from './ipcValidation.ts';

/**
 * Reads and checks a project file.
 *
 * @param filePath  the project's path
 * @returns its text (what the renderer parses) and the parsed value (what main reads `format` and `source` from)
 * @throws Error `NAME: what is wrong` for a file that is too large, too deep, not JSON or not an Overlap project;
 *         FileAccessError when it cannot be read
 */
export async function readOpenedProject(filePath: string): Promise<{ text: string; project: { format?: unknown; source?: unknown } }> {
  const name = path.basename(filePath);
  let bytes: Uint8Array;
  try {
    bytes = await readRegularFile(filePath, { maxBytes: IPC_LIMITS.projectBytes, name });
  } catch (error) {
    if (error instanceof FileAccessError && error.code === 'EFBIG')
      throw new Error(`${name}: project file is too large (${error.message.replace(/^is /, '')})`);
    throw error;
  }
  const text = new TextDecoder().decode(bytes);
  if (jsonNestingDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
    throw new Error(`${name}: nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep, the limit for a project file`);
  let project: unknown;
  try {
    project = JSON.parse(text);
  } catch (error) {
    throw new Error(`${name}: not valid JSON (${(error as Error).message})`);
  }
  if (typeof project !== 'object' || project === null || Array.isArray(project) || (project as { format?: unknown }).format !== 'overlap-project') {
    throw new Error(`${name}: not an Overlap project (format is not "overlap-project")`);
  }
  return { text, project: project as { format?: unknown; source?: unknown } };
}
