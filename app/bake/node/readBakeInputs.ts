import { extname } from 'node:path';
import type { OverlapProject } from '../../document/index.ts';
import { PROJECT_EXTRAS_KEY, readProjectExtras } from '../../export/index.ts';
import { jsonShapeProblem, type JsonShape } from '../../io/index.ts';
import { JsonFileError, readGltfFile, readJsonFile } from '../../io/node/index.ts';
import { parseWeightsFile, type WeightsFileEntry } from '../../weights/index.ts';
import { MATERIAL_PRESET_NAMES } from '../materialPresets.ts';

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

/** Closed: an unknown field is refused by name (the app's parser does the same), never copied into the material. */
const MATERIAL: JsonShape = {
  object: { model: { oneOf: ['neohookean', 'stvk', 'spring'] }, youngsModulus: 'number', poissonRatio: 'number', density: 'number', damping: 'number' },
  closed: true,
};
/** What an Overlap project holds (app/document/types.ts), as far as the bake reads it; weights are checked by parseWeightsFile. */
const PROJECT: JsonShape = {
  object: {
    format: 'string',
    version: 'integer',
    source: 'string',
    meshes: {
      array: {
        object: {
          mesh: 'string',
          role: { oneOf: ['simulated', 'collider', 'ignored'] },
          preset: { oneOf: MATERIAL_PRESET_NAMES },
          material: MATERIAL,
          substeps: 'index',
          iterations: 'index',
          latticeResolution: 'index',
        },
        required: ['mesh'],
      },
    },
    handles: { array: { object: {} } },
    bake: {
      object: {
        clip: 'string',
        fps: 'number',
        frames: { array: 'index', length: 2 },
        preroll: 'index',
        loop: 'boolean',
        mode: { oneOf: ['corrective', 'cache'] },
        backend: { oneOf: ['cpu', 'webgpu'] },
        selfContact: 'boolean',
      },
    },
  },
};

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
 * Reads an Overlap project: a `.overlap.json`/`.json` project file, or a baked `.glb`/`.gltf` whose
 * root extras carry one (what `overlap bake` writes), so a bake can be repeated from its output. The whole
 * content is checked (a `null` mesh entry, `"frames": 5`) before anything uses it.
 *
 * @param path  the file
 * @returns the project
 * @throws FileAccessError when the file cannot be read; BakeInputError naming the file and the problem in its content
 */
export async function readProjectFile(path: string): Promise<OverlapProject> {
  const extension = extname(path).toLowerCase();
  if (extension === '.glb' || extension === '.gltf') {
    let project: OverlapProject | null;
    try {
      const { document } = await readGltfFile(path);
      const raw = (document.getRoot().getExtras() as Record<string, unknown> | undefined)?.[PROJECT_EXTRAS_KEY];
      const problem = raw === undefined ? null : projectProblem(raw);
      if (problem) throw new BakeInputError(path, `its Overlap project (extras.${PROJECT_EXTRAS_KEY}): ${problem}`);
      project = readProjectExtras(document);
    } catch (error) {
      if (error instanceof BakeInputError || (error as Error).name === 'FileAccessError') throw error;
      throw new BakeInputError(path, error instanceof Error ? error.message : String(error));
    }
    if (!project) throw new BakeInputError(path, 'this glTF carries no Overlap project in its extras (only files written by `overlap bake` do)');
    return project;
  }
  const json = (await readJson(path, 'a project file')) as Partial<OverlapProject> | null;
  if (!json || typeof json !== 'object' || json.format !== 'overlap-project' || json.version !== 1) {
    throw new BakeInputError(path, 'not an Overlap project (expected { "format": "overlap-project", "version": 1, … })');
  }
  const problem = projectProblem(json);
  if (problem) throw new BakeInputError(path, problem);
  let weights: OverlapProject['weights'];
  try {
    weights = json.weights ? parseWeightsFile({ weights: json.weights }).filter((w): w is OverlapProject['weights'][number] => !('value' in w)) : [];
  } catch (error) {
    throw new BakeInputError(path, error instanceof Error ? error.message : String(error));
  }
  return { format: 'overlap-project', version: 1, source: json.source ?? '', meshes: json.meshes ?? [], weights, handles: json.handles ?? [], bake: json.bake as OverlapProject['bake'] };
}

function projectProblem(json: unknown): string | null {
  const shape = jsonShapeProblem(json, PROJECT, '');
  if (shape) return shape;
  // A mesh listed twice is refused, as the app's parser (parseOverlapProject) refuses it: the second entry was ignored.
  const meshes = (json as { meshes?: Array<{ mesh: string }> }).meshes ?? [];
  const seen = new Map<string, number>();
  for (const [i, entry] of meshes.entries()) {
    if (seen.has(entry.mesh)) return `meshes[${i}]: mesh "${entry.mesh}" is listed twice (also meshes[${seen.get(entry.mesh)}])`;
    seen.set(entry.mesh, i);
  }
  return null;
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
