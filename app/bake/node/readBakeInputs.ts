import { extname } from 'node:path';
import { parseOverlapProject, ProjectFileError, type OverlapProject } from '../../document/index.ts';
import { readProjectExtras } from '../../export/index.ts';
import { JsonFileError, readGltfFile, readJsonFile } from '../../io/node/index.ts';
import { parseWeightsFile, type WeightsFileEntry } from '../../weights/index.ts';

/** A problem with the content of one of the bake's input files (weights, project); `file` names it. */
export class BakeInputError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message);
    this.name = 'BakeInputError';
  }
}

/** Largest weights or project JSON read [bytes]: a million-vertex mesh's weights are ~20 MB of text. */
const MAX_JSON_BYTES = 512 * 2 ** 20;

/**
 * Reads a weights JSON file (format: app/weights/parseWeightsFile.ts).
 *
 * @param path  the file
 * @returns its entries
 * @throws FileAccessError when the file cannot be read; BakeInputError naming the file and the problem in its content
 */
export async function readWeightsFile(path: string): Promise<WeightsFileEntry[]> {
  const json = await readJson(path, 'a weights file');
  try {
    return parseWeightsFile(json);
  } catch (error) {
    throw new BakeInputError(path, error instanceof Error ? error.message : String(error));
  }
}

/**
 * Reads an Overlap project for the CLI: a `.overlap.json`/`.json` project file, or a baked `.glb`/`.gltf` whose root
 * extras carry one (what `overlap bake` writes), so a bake can be repeated from its output. Both go through the one
 * project reader (app/document parseOverlapProject: every version the app or a bake has written, every field checked
 * with its JSON path) before anything uses them.
 *
 * @param path  the file
 * @returns the project (version 2 in memory)
 * @throws FileAccessError when the file cannot be read; BakeInputError naming the file and the problem in its content
 */
export async function readProjectFile(path: string): Promise<OverlapProject> {
  const extension = extname(path).toLowerCase();
  try {
    if (extension === '.glb' || extension === '.gltf') {
      const { document } = await readGltfFile(path);
      const project = readProjectExtras(document, path);
      if (!project) throw new BakeInputError(path, 'this glTF carries no Overlap project in its extras (only files written by `overlap bake` do)');
      return project;
    }
    // Within the size and depth limits of every JSON input (readJsonFile), then the one project reader.
    return parseOverlapProject((await readJson(path, 'a project file')) as object, path);
  } catch (error) {
    if (error instanceof BakeInputError || (error as Error).name === 'FileAccessError') throw error;
    if (error instanceof ProjectFileError) throw new BakeInputError(error.file, error.message);
    throw new BakeInputError(path, error instanceof Error ? error.message : String(error));
  }
}

/** A weights or project JSON file within the size and depth limits (readJsonFile); over one is bad input naming it. */
async function readJson(path: string, what: string): Promise<unknown> {
  try {
    return await readJsonFile(path, { maxBytes: MAX_JSON_BYTES, what });
  } catch (error) {
    if (error instanceof JsonFileError) throw new BakeInputError(error.file, error.message);
    throw error;
  }
}
