import type { BakeOptions } from '../bake/index.ts';
import { CliError } from './cliError.ts';

type Kind = 'number' | 'integer' | 'boolean' | 'string' | 'frames' | 'vector3';

/**
 * Bake settings `--set` can change: the project file's `bake` block, and the other bake options. A Map, not an object
 * literal: the key is user text, and `--set constructor=1` or `--set __proto__=1` must find nothing (an object's
 * lookup would find Object.prototype's members and set a field nobody reads, exit 0).
 */
const BAKE_KEYS: ReadonlyMap<string, { option: keyof BakeOptions; kind: Kind }> = new Map(
  Object.entries({
    clip: { option: 'clip', kind: 'string' },
    fps: { option: 'fps', kind: 'number' },
    frames: { option: 'frames', kind: 'frames' },
    preroll: { option: 'preroll', kind: 'integer' },
    loop: { option: 'loop', kind: 'boolean' },
    mode: { option: 'mode', kind: 'string' },
    shapes: { option: 'shapes', kind: 'string' },
    maxShapes: { option: 'maxShapes', kind: 'integer' },
    shapeError: { option: 'shapeError', kind: 'number' },
    helperBones: { option: 'helperBones', kind: 'integer' },
    backend: { option: 'backend', kind: 'string' },
    selfContact: { option: 'selfContact', kind: 'boolean' },
    preset: { option: 'preset', kind: 'string' },
    weights: { option: 'uniformWeight', kind: 'number' },
    gravity: { option: 'gravity', kind: 'vector3' },
    metersPerUnit: { option: 'metersPerUnit', kind: 'number' },
    attachmentStiffness: { option: 'attachmentStiffness', kind: 'number' },
    interpolation: { option: 'interpolation', kind: 'string' },
    compression: { option: 'compression', kind: 'string' },
  } satisfies Record<string, { option: keyof BakeOptions; kind: Kind }>),
);

/** Per-mesh settings (the project file's `meshes[]`); `material.X` sets one material parameter. */
const MESH_KEYS: ReadonlyMap<string, Kind> = new Map(
  Object.entries({
    role: 'string',
    preset: 'string',
    substeps: 'integer',
    iterations: 'integer',
    latticeResolution: 'integer',
    'material.model': 'string',
    'material.youngsModulus': 'number',
    'material.poissonRatio': 'number',
    'material.density': 'number',
    'material.damping': 'number',
  } satisfies Record<string, Kind>),
);

/**
 * Applies `--set KEY=VALUE` overrides (wedging: one farm task per value) on top of every other source, the
 * project file and the other flags included. Keys are the project file's names: `fps=24`, `frames=0:48`,
 * `bake.mode=bones` (the `bake.` prefix is optional), `preset=jelly`, `weights=0.3`, `gravity=0,-9.81,0`, and per
 * mesh `meshes.NAME.latticeResolution=16`, `meshes.NAME.material.youngsModulus=5e4`. Values are checked for
 * their type here; ranges and names are checked by resolveBakeSettings like any other setting.
 *
 * @param options      the bake options to change in place
 * @param assignments  the `--set` arguments, in order (a later one wins)
 * @throws CliError (exit 2) naming the assignment and what is wrong with it
 */
export function applySettingOverrides(options: BakeOptions, assignments: readonly string[]): void {
  const settable = () => [...BAKE_KEYS.keys(), ...[...MESH_KEYS.keys()].map((k) => `meshes.NAME.${k}`)].join(', ');
  for (const assignment of assignments) {
    const equals = assignment.indexOf('=');
    if (equals <= 0) throw new CliError('', `--set ${assignment}: expected KEY=VALUE`);
    const key = assignment.slice(0, equals).trim();
    const text = assignment.slice(equals + 1).trim();
    const fail = (what: string): never => {
      throw new CliError('', `--set ${assignment}: ${what}`);
    };
    const mesh = /^meshes\.(.+?)\.((?:material\.)?[A-Za-z]+)$/.exec(key);
    if (mesh) {
      const [, name, field] = mesh;
      const kind = MESH_KEYS.get(field) ?? fail(`unknown mesh setting "${field}" (settable: ${settable()})`);
      const value = parseValue(text, kind, fail);
      options.meshes ??= [];
      let entry = options.meshes.find((m) => m.mesh === name);
      if (!entry) options.meshes.push((entry = { mesh: name }));
      // The field is one of MESH_KEYS' own names (checked above), never a name Object.prototype carries.
      if (field.startsWith('material.')) entry.material = { ...entry.material, [field.slice('material.'.length)]: value };
      else (entry as unknown as Record<string, unknown>)[field] = value;
      continue;
    }
    const bakeKey = key.startsWith('bake.') ? key.slice('bake.'.length) : key;
    const spec = BAKE_KEYS.get(bakeKey) ?? fail(`unknown setting "${key}" (settable: ${settable()})`);
    const value = parseValue(text, spec.kind, fail);
    (options as Record<string, unknown>)[spec.option] = value;
    // A uniform weight replaces a weights file given by flag, as any later setting does.
    if (spec.option === 'uniformWeight') delete options.weightsFile;
  }
}

function parseValue(text: string, kind: Kind, fail: (what: string) => never): unknown {
  switch (kind) {
    case 'number':
    case 'integer': {
      const value = Number(text);
      if (text === '' || !Number.isFinite(value)) fail(`${JSON.stringify(text)} is not a number`);
      if (kind === 'integer' && !Number.isInteger(value)) fail(`${text} is not a whole number`);
      return value;
    }
    case 'boolean':
      if (text === 'true' || text === '1') return true;
      if (text === 'false' || text === '0') return false;
      return fail(`${JSON.stringify(text)} is not true or false`);
    case 'frames': {
      const match = /^\s*\[?\s*(\d+)\s*[:,]\s*(\d+)\s*\]?\s*$/.exec(text);
      if (!match) fail(`frames must be A:B with whole numbers, got ${JSON.stringify(text)}`);
      return [Number(match![1]), Number(match![2])];
    }
    case 'vector3': {
      const parts = text
        .replace(/^\[|\]$/g, '')
        .split(',')
        .map((part) => Number(part.trim()));
      if (parts.length !== 3 || parts.some((x) => !Number.isFinite(x))) fail(`expected three numbers x,y,z, got ${JSON.stringify(text)}`);
      return parts;
    }
    default:
      if (text === '') fail('empty value');
      return text;
  }
}
