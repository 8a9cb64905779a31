import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import type { OverlapProject } from '../../document/index.ts';
import { readProjectExtras } from '../../export/index.ts';
import { readGltfFile } from '../../io/node/index.ts';
import { parseWeightsFile, type WeightsFileEntry } from '../../weights/index.ts';

/** A problem with one of the bake's input files; `file` names it. */
export class BakeInputError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message);
    this.name = 'BakeInputError';
  }
}

/**
 * Reads a weights JSON file (format: app/weights/parseWeightsFile.ts).
 *
 * @param path  the file
 * @returns its entries
 * @throws BakeInputError naming the file and the problem
 */
export async function readWeightsFile(path: string): Promise<WeightsFileEntry[]> {
  const json = await readJson(path);
  try {
    return parseWeightsFile(json);
  } catch (error) {
    throw new BakeInputError(path, error instanceof Error ? error.message : String(error));
  }
}

/**
 * Reads an Overlap project: a `.overlap.json`/`.json` project file, or a baked `.glb`/`.gltf` whose
 * root extras carry one (what `overlap bake` writes), so a bake can be repeated from its output.
 *
 * @param path  the file
 * @returns the project
 * @throws BakeInputError naming the file and the problem
 */
export async function readProjectFile(path: string): Promise<OverlapProject> {
  const extension = extname(path).toLowerCase();
  if (extension === '.glb' || extension === '.gltf') {
    let project: OverlapProject | null;
    try {
      project = readProjectExtras((await readGltfFile(path)).document);
    } catch (error) {
      throw new BakeInputError(path, error instanceof Error ? error.message : String(error));
    }
    if (!project) throw new BakeInputError(path, 'this glTF carries no Overlap project in its extras (only files written by `overlap bake` do)');
    return project;
  }
  const json = (await readJson(path)) as Partial<OverlapProject> | null;
  if (!json || typeof json !== 'object' || json.format !== 'overlap-project' || json.version !== 1) {
    throw new BakeInputError(path, 'not an Overlap project (expected { "format": "overlap-project", "version": 1, … })');
  }
  if (json.meshes !== undefined && !Array.isArray(json.meshes)) throw new BakeInputError(path, '"meshes" must be an array');
  let weights: OverlapProject['weights'];
  try {
    weights = json.weights ? parseWeightsFile({ weights: json.weights }).filter((w): w is OverlapProject['weights'][number] => !('value' in w)) : [];
  } catch (error) {
    throw new BakeInputError(path, error instanceof Error ? error.message : String(error));
  }
  return { format: 'overlap-project', version: 1, source: json.source ?? '', meshes: json.meshes ?? [], weights, handles: json.handles ?? [], bake: json.bake as OverlapProject['bake'] };
}

async function readJson(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new BakeInputError(path, `cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new BakeInputError(path, `is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}
