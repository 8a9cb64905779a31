import { poseCorrectionsFromJson } from './poseCorrectionsFromJson.ts';
import { jsonNestingDepth, MAX_JSON_DEPTH } from '../io/index.ts';
import { ProjectFileError } from './projectFileError.ts';
import type {
  BakeSettings,
  BlendWeights,
  EmbeddedSource,
  Handle,
  MaterialPreset,
  MeshRole,
  MeshSettings,
  OverlapProject,
  SceneSettings,
  VertexLimits,
  WeightLayer,
} from './types.ts';

/** The largest project file any reader accepts [bytes]: weights of a few 100k-vertex meshes fit comfortably. */
export const MAX_PROJECT_BYTES = 256 * 1024 * 1024;

/** The project file version this code writes; parseOverlapProject reads it and every older one. */
export const PROJECT_VERSION = 2;

const ROLES: readonly MeshRole[] = ['simulated', 'collider', 'ignored'];
const PRESETS: readonly MaterialPreset[] = ['flesh', 'jelly', 'stiffRubber', 'cloth'];
const MATERIAL_FIELDS = ['model', 'youngsModulus', 'poissonRatio', 'density', 'damping'] as const;

/**
 * The one project reader: the app (Open Project, autosave recovery, a glTF that carries a project), every CLI command
 * (`overlap bake --project`) and the glTF extras reader (app/export readProjectExtras) all read projects here. It
 * reads and validates a project (`.overlap.json`, app/document's OverlapProject) of every version Overlap has written
 * (version 1 from the first app and from `overlap bake`'s extras, version 2 since) and returns it as a version-2
 * project in memory (keyed pose corrections checked by poseCorrectionsFromJson): per-vertex arrays as Float32Array,
 * `null` max distances as Infinity. Every problem is reported with the file and the JSON path of the offending value
 * (`Fox.overlap.json: meshes[1].role must be one of simulated, collider, ignored, got "soft"`), never as a JSON
 * exception. Whether the project fits its glTF (mesh names, vertex counts, the file's SHA-256) is
 * projectSourceWarnings' check: this function does not know the glTF.
 *
 * Unknown top-level fields are ignored (a newer minor addition must not lock a user out); a version
 * newer than PROJECT_VERSION is refused, since its meaning may have changed.
 *
 * @param input     the file's text, or its JSON value already parsed (a glTF's `extras.overlapProject`)
 * @param fileName  the file's name, for messages
 * @returns the project, version 2
 * @throws ProjectFileError naming the file and the problem
 */
export function parseOverlapProject(input: string | object, fileName: string): OverlapProject {
  let value: unknown = input;
  if (typeof input === 'string') {
    // Before JSON.parse: a deeply nested value parses, then overflows the stack of whatever walks it (a clone, a
    // checker), and the app's browser build reads projects only through here (main and the CLI also check on read).
    if (jsonNestingDepth(input, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
      throw new ProjectFileError(fileName, `nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep, the limit for a project file`);
    try {
      value = JSON.parse(input);
    } catch (error) {
      throw new ProjectFileError(fileName, `not valid JSON (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  const fail = (message: string): never => {
    throw new ProjectFileError(fileName, message);
  };
  if (!isObject(value) || value.format !== 'overlap-project') fail('not an Overlap project (no "format": "overlap-project")');
  const root = value as Record<string, unknown>;
  if (root.version !== 1 && root.version !== 2) {
    fail(
      typeof root.version === 'number' && root.version > PROJECT_VERSION
        ? `project version ${root.version} was written by a newer Overlap (this one reads versions 1 to ${PROJECT_VERSION})`
        : `"version" must be 1 or 2, got ${show(root.version)}`,
    );
  }
  const check = checker(fail);
  // A project without a source is one written by hand for `overlap bake IN --project P` (the glTF is on the command line).
  const source = root.source === undefined ? '' : check.string(root.source, 'source');

  const meshes = check.array(root.meshes ?? [], 'meshes').map((entry, i) => meshSettings(check, entry, `meshes[${i}]`));
  /** A mesh may have one entry per list: a second one was silently ignored by every reader. */
  const once = (entries: ReadonlyArray<{ mesh: string }>, list: string): void => {
    const seen = new Map<string, number>();
    for (const [i, entry] of entries.entries()) {
      if (seen.has(entry.mesh)) fail(`${list}[${i}]: mesh "${entry.mesh}" is listed twice (also ${list}[${seen.get(entry.mesh)}])`);
      seen.set(entry.mesh, i);
    }
  };
  once(meshes, 'meshes');
  const weights = check.array(root.weights ?? [], 'weights').map((entry, i) => blendWeights(check, entry, `weights[${i}]`));
  once(weights, 'weights');
  const weightLayers = check.array(root.weightLayers ?? [], 'weightLayers').map((entry, i) => weightLayer(check, entry, `weightLayers[${i}]`));
  const layerIds = new Set<string>();
  for (const [i, layer] of weightLayers.entries()) {
    if (layerIds.has(layer.id)) fail(`weightLayers[${i}]: id "${layer.id}" is used twice`);
    layerIds.add(layer.id);
  }
  const limits = check.array(root.limits ?? [], 'limits').map((entry, i) => vertexLimits(check, entry, `limits[${i}]`));
  once(limits, 'limits');
  const handles = check.array(root.handles ?? [], 'handles') as Handle[];
  const project: OverlapProject = {
    format: 'overlap-project',
    version: 2,
    source,
    scene: sceneSettings(check, root.scene ?? {}, 'scene'),
    meshes,
    weights,
    weightLayers,
    limits,
    handles,
    bake: bakeSettings(check, root.bake ?? {}, 'bake'),
  };
  if (root.poseCorrections !== undefined) {
    try {
      project.poseCorrections = poseCorrectionsFromJson(root.poseCorrections);
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error));
    }
  }
  if (root.sourceSha256 !== undefined) {
    if (typeof root.sourceSha256 !== 'string' || !/^[0-9a-f]{64}$/.test(root.sourceSha256))
      fail(`sourceSha256 must be 64 lowercase hex digits (a SHA-256), got ${show(root.sourceSha256)}`);
    project.sourceSha256 = root.sourceSha256 as string;
  }
  if (root.embeddedSource !== undefined) project.embeddedSource = embeddedSource(check, root.embeddedSource, 'embeddedSource');
  return project;
}

type Fail = (message: string) => never;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
}

/** Typed field readers that fail with the field's JSON path. */
function checker(fail: Fail) {
  return {
    fail,
    object(value: unknown, path: string): Record<string, unknown> {
      if (!isObject(value)) fail(`${path} must be an object, got ${show(value)}`);
      return value as Record<string, unknown>;
    },
    array(value: unknown, path: string): unknown[] {
      if (!Array.isArray(value)) fail(`${path} must be an array, got ${show(value)}`);
      return value as unknown[];
    },
    string(value: unknown, path: string, nonEmpty = false): string {
      if (typeof value !== 'string' || (nonEmpty && value === '')) fail(`${path} must be ${nonEmpty ? 'a non-empty' : 'a'} string, got ${show(value)}`);
      return value as string;
    },
    number(value: unknown, path: string, low: number, high: number, what = 'a number'): number {
      if (typeof value !== 'number' || !Number.isFinite(value) || value < low || value > high)
        fail(`${path} must be ${what} in [${low}, ${high}], got ${show(value)}`);
      return value as number;
    },
    integer(value: unknown, path: string, low: number, high: number): number {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < low || value > high)
        fail(`${path} must be a whole number in [${low}, ${high}], got ${show(value)}`);
      return value as number;
    },
    boolean(value: unknown, path: string): boolean {
      if (typeof value !== 'boolean') fail(`${path} must be true or false, got ${show(value)}`);
      return value as boolean;
    },
    oneOf<T extends string>(value: unknown, path: string, options: readonly T[]): T {
      if (!options.includes(value as T)) fail(`${path} must be one of ${options.join(', ')}, got ${show(value)}`);
      return value as T;
    },
    /** A per-vertex list of numbers in [low, high] as a Float32Array. */
    values(value: unknown, path: string, low: number, high: number): Float32Array {
      const list = this.array(value, path);
      const out = new Float32Array(list.length);
      for (let i = 0; i < list.length; i++) {
        const v = list[i];
        if (typeof v !== 'number' || !Number.isFinite(v) || v < low || v > high) fail(`${path}[${i}] must be a number in [${low}, ${high}], got ${show(v)}`);
        out[i] = v as number;
      }
      return out;
    },
  };
}
type Check = ReturnType<typeof checker>;

function meshSettings(check: Check, value: unknown, path: string): MeshSettings {
  const entry = check.object(value, path);
  const settings: MeshSettings = { mesh: check.string(entry.mesh, `${path}.mesh`, true) };
  if (entry.role !== undefined) settings.role = check.oneOf(entry.role, `${path}.role`, ROLES);
  if (entry.preset !== undefined) settings.preset = check.oneOf(entry.preset, `${path}.preset`, PRESETS);
  if (entry.material !== undefined) {
    const material = check.object(entry.material, `${path}.material`);
    const out: NonNullable<MeshSettings['material']> = {};
    for (const key of Object.keys(material))
      if (!(MATERIAL_FIELDS as readonly string[]).includes(key)) check.fail(`${path}.material.${key} is not a material field (${MATERIAL_FIELDS.join(', ')})`);
    if (material.model !== undefined) out.model = check.oneOf(material.model, `${path}.material.model`, ['neohookean', 'stvk', 'spring'] as const);
    if (material.youngsModulus !== undefined)
      out.youngsModulus = check.number(material.youngsModulus, `${path}.material.youngsModulus`, 1e-6, 1e12, 'a modulus [Pa]');
    // What a Poisson ratio can mean; how close to 0.5 the solver goes (MAX_POISSON_RATIO) is the engine's to say.
    if (material.poissonRatio !== undefined) out.poissonRatio = check.number(material.poissonRatio, `${path}.material.poissonRatio`, 0, 0.5, 'a Poisson ratio');
    if (material.density !== undefined) out.density = check.number(material.density, `${path}.material.density`, 1e-6, 1e6, 'a density [kg/m³]');
    if (material.damping !== undefined) out.damping = check.number(material.damping, `${path}.material.damping`, 0, 10, 'a damping [s]');
    settings.material = out;
  }
  if (entry.substeps !== undefined) settings.substeps = check.integer(entry.substeps, `${path}.substeps`, 1, 1000);
  if (entry.iterations !== undefined) settings.iterations = check.integer(entry.iterations, `${path}.iterations`, 1, 10000);
  if (entry.latticeResolution !== undefined) settings.latticeResolution = check.integer(entry.latticeResolution, `${path}.latticeResolution`, 1, 256);
  if (entry.attachmentStiffness !== undefined)
    settings.attachmentStiffness = check.number(entry.attachmentStiffness, `${path}.attachmentStiffness`, 0, 1e9, 'a stiffness κ [1/s²]');
  if (entry.gravity !== undefined) settings.gravity = check.boolean(entry.gravity, `${path}.gravity`);
  if (entry.rigidShells !== undefined)
    settings.rigidShells = check
      .array(entry.rigidShells, `${path}.rigidShells`)
      .map((shell, i) => check.integer(shell, `${path}.rigidShells[${i}]`, 0, 2 ** 31));
  return settings;
}

function blendWeights(check: Check, value: unknown, path: string): BlendWeights {
  const entry = check.object(value, path);
  const weights: BlendWeights = {
    mesh: check.string(entry.mesh, `${path}.mesh`, true),
    values: entry.values === undefined ? new Float32Array(0) : check.values(entry.values, `${path}.values`, 0, 1),
  };
  if (entry.constraints !== undefined) {
    weights.constraints = check.array(entry.constraints, `${path}.constraints`).map((c, i) => {
      const constraint = check.object(c, `${path}.constraints[${i}]`);
      return {
        vertex: check.integer(constraint.vertex, `${path}.constraints[${i}].vertex`, 0, 2 ** 31),
        weight: check.number(constraint.weight, `${path}.constraints[${i}].weight`, 0, 1),
      };
    });
  }
  return weights;
}

function weightLayer(check: Check, value: unknown, path: string): WeightLayer {
  const entry = check.object(value, path);
  const values = check.values(entry.values, `${path}.values`, 0, 1);
  const mask = check.values(entry.mask, `${path}.mask`, 0, 1);
  if (mask.length !== values.length) check.fail(`${path}: mask has ${mask.length} values but values has ${values.length}`);
  const keys = check.array(entry.keys ?? [], `${path}.keys`).map((k, i) => {
    const key = check.object(k, `${path}.keys[${i}]`);
    return {
      frame: check.number(key.frame, `${path}.keys[${i}].frame`, -1e6, 1e6, 'a frame'),
      influence: check.number(key.influence, `${path}.keys[${i}].influence`, 0, 1),
    };
  });
  for (let i = 1; i < keys.length; i++)
    if (!(keys[i].frame > keys[i - 1].frame)) check.fail(`${path}.keys must be sorted by frame, one key per frame (keys[${i}] at frame ${keys[i].frame})`);
  const layer: WeightLayer = {
    id: check.string(entry.id, `${path}.id`, true),
    name: check.string(entry.name ?? '', `${path}.name`),
    mesh: check.string(entry.mesh, `${path}.mesh`, true),
    values,
    mask,
    keys,
  };
  if (entry.enabled !== undefined) layer.enabled = check.boolean(entry.enabled, `${path}.enabled`);
  return layer;
}

function vertexLimits(check: Check, value: unknown, path: string): VertexLimits {
  const entry = check.object(value, path);
  const list = check.array(entry.maxDistance, `${path}.maxDistance`);
  const maxDistance = new Float32Array(list.length);
  for (let i = 0; i < list.length; i++) {
    const d = list[i];
    if (d === null) maxDistance[i] = Infinity;
    else if (typeof d === 'number' && Number.isFinite(d) && d >= 0) maxDistance[i] = d;
    else check.fail(`${path}.maxDistance[${i}] must be a distance ≥ 0 [m] or null (no limit), got ${show(d)}`);
  }
  const limits: VertexLimits = { mesh: check.string(entry.mesh, `${path}.mesh`, true), maxDistance };
  if (entry.backstop !== undefined) {
    const backstop = check.object(entry.backstop, `${path}.backstop`);
    limits.backstop = {
      radius: check.number(backstop.radius, `${path}.backstop.radius`, 0, 1e6, 'a radius [m]'),
      distance: check.number(backstop.distance, `${path}.backstop.distance`, 0, 1e6, 'a distance [m]'),
    };
  }
  return limits;
}

function sceneSettings(check: Check, value: unknown, path: string): SceneSettings {
  const entry = check.object(value, path);
  return {
    metersPerUnit: entry.metersPerUnit === undefined ? 1 : check.number(entry.metersPerUnit, `${path}.metersPerUnit`, 1e-9, 1e9, 'a scale [m per unit]'),
  };
}

function bakeSettings(check: Check, value: unknown, path: string): BakeSettings {
  const entry = check.object(value, path);
  const fps = entry.fps === undefined ? 30 : check.number(entry.fps, `${path}.fps`, 1e-3, 1000, 'a frame rate');
  const settings: BakeSettings = {
    clip: entry.clip === undefined ? '' : check.string(entry.clip, `${path}.clip`),
    fps,
    preroll: entry.preroll === undefined ? 0 : check.integer(entry.preroll, `${path}.preroll`, 0, 100_000),
    loop: entry.loop === undefined ? false : check.boolean(entry.loop, `${path}.loop`),
    mode: entry.mode === undefined ? 'corrective' : check.oneOf(entry.mode, `${path}.mode`, ['corrective', 'bones', 'cache'] as const),
    backend: entry.backend === undefined ? 'cpu' : check.oneOf(entry.backend, `${path}.backend`, ['cpu', 'webgpu'] as const),
    selfContact: entry.selfContact === undefined ? false : check.boolean(entry.selfContact, `${path}.selfContact`),
  };
  if (entry.fpsFromClip !== undefined) settings.fpsFromClip = check.boolean(entry.fpsFromClip, `${path}.fpsFromClip`);
  // What `overlap bake` records beyond the app's own settings (export storage, bones, free bodies, repair): kept, so a
  // project saved from the app or read back from a baked file bakes the same again.
  if (entry.shapes !== undefined) settings.shapes = check.oneOf(entry.shapes, `${path}.shapes`, ['compact', 'per-frame'] as const);
  if (entry.maxShapes !== undefined) settings.maxShapes = check.integer(entry.maxShapes, `${path}.maxShapes`, 1, 256);
  if (entry.shapeError !== undefined) settings.shapeError = check.number(entry.shapeError, `${path}.shapeError`, 1e-9, 1, 'a fraction of the diagonal');
  if (entry.helperBones !== undefined) settings.helperBones = check.integer(entry.helperBones, `${path}.helperBones`, 1, 256);
  if (entry.freeBody !== undefined) settings.freeBody = check.boolean(entry.freeBody, `${path}.freeBody`);
  if (entry.repair !== undefined) settings.repair = check.boolean(entry.repair, `${path}.repair`);
  if (entry.frames !== undefined) {
    const frames = check.array(entry.frames, `${path}.frames`);
    if (frames.length !== 2) check.fail(`${path}.frames must be [first, last], got ${show(entry.frames)}`);
    const first = check.integer(frames[0], `${path}.frames[0]`, 0, 1e6);
    const last = check.integer(frames[1], `${path}.frames[1]`, 0, 1e6);
    if (last < first) check.fail(`${path}.frames: the first frame (${first}) is after the last (${last})`);
    settings.frames = [first, last];
  }
  return settings;
}

function embeddedSource(check: Check, value: unknown, path: string): EmbeddedSource {
  const entry = check.object(value, path);
  const base64 = (text: unknown, where: string): string => {
    const data = check.string(text, where, true);
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data)) check.fail(`${where} must be base64 data`);
    return data;
  };
  const source: EmbeddedSource = { name: check.string(entry.name, `${path}.name`, true), data: base64(entry.data, `${path}.data`) };
  if (!/\.(glb|gltf)$/i.test(source.name)) check.fail(`${path}.name must end in .glb or .gltf, got ${show(source.name)}`);
  if (entry.resources !== undefined) {
    const resources = check.object(entry.resources, `${path}.resources`);
    source.resources = {};
    for (const [uri, data] of Object.entries(resources)) source.resources[uri] = base64(data, `${path}.resources[${JSON.stringify(uri)}]`);
  }
  return source;
}
