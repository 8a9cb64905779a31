import type { MaterialPreset } from '../document/index.ts';
import { jsonValueText } from '../io/index.ts';
import { BakeError } from './bakeError.ts';
import type { BakeOptions } from './bakeSettings.ts';
import { MATERIAL_PRESET_NAMES } from './materialPresets.ts';

/** Frame rates a bake accepts [1/s]: below 1 fps no secondary motion is visible between frames; above 1000 the step is below a millisecond. */
export const MIN_FPS = 1;
export const MAX_FPS = 1000;
/** Scales a bake accepts [m per file unit]: micrometers to kilometers; beyond, masses and stiffnesses leave the range the solver's 3×3 solves hold. */
export const MIN_METERS_PER_UNIT = 1e-6;
export const MAX_METERS_PER_UNIT = 1e3;
/**
 * The range or the choices of each bake setting a caller may give, as the words after "must be" ("fps must be a number
 * in [1, 1000], got 5000"): one rule per setting, which checkBakeOptions applies to what a caller gave (the CLI, before
 * it reads the file) and resolveBakeSettings to the values it resolves (the caller's, the project's, the defaults).
 */
const SETTING_RULES: { [K in keyof BakeOptions]?: { ok: (value: never) => boolean; must: string } } = {
  backend: { ok: (v: string) => v === 'cpu' || v === 'webgpu' || v === 'auto', must: 'cpu, webgpu or auto' },
  fps: { ok: (v: number) => v >= MIN_FPS && v <= MAX_FPS, must: `a number in [${MIN_FPS}, ${MAX_FPS}]` },
  frames: {
    ok: (v: [number, number]) =>
      Array.isArray(v) && v.length === 2 && Number.isInteger(v[0]) && Number.isInteger(v[1]) && v[0] >= 0 && v[1] >= v[0] && v[1] - v[0] < 100_000,
    must: 'whole numbers A:B with 0 ≤ A ≤ B, at most 100000 frames',
  },
  preroll: { ok: (v: number) => Number.isInteger(v) && v >= 0 && v <= 100_000, must: 'a whole number of frames in [0, 100000]' },
  mode: { ok: (v: string) => v === 'corrective' || v === 'bones' || v === 'cache', must: 'corrective, bones or cache' },
  shapes: { ok: (v: string) => v === 'compact' || v === 'per-frame', must: 'compact or per-frame' },
  maxShapes: { ok: (v: number) => Number.isInteger(v) && v >= 1 && v <= 256, must: 'a whole number in [1, 256]' },
  shapeError: { ok: (v: number) => v > 0 && v < 1, must: "a number in (0, 1) (a fraction of the mesh's diagonal)" },
  helperBones: { ok: (v: number) => Number.isInteger(v) && v >= 1 && v <= 128, must: 'a whole number in [1, 128]' },
  preset: { ok: (v: MaterialPreset) => MATERIAL_PRESET_NAMES.includes(v), must: `one of ${MATERIAL_PRESET_NAMES.join(', ')}` },
  metersPerUnit: {
    ok: (v: number) => v >= MIN_METERS_PER_UNIT && v <= MAX_METERS_PER_UNIT,
    must: `a number in [${MIN_METERS_PER_UNIT}, ${MAX_METERS_PER_UNIT}] (micrometers to kilometers)`,
  },
  uniformWeight: { ok: (v: number) => v >= 0 && v <= 1, must: 'a number in [0, 1] (a uniform weight)' },
  compression: { ok: (v: string) => v === 'none' || v === 'quantize' || v === 'meshopt', must: 'none, quantize or meshopt' },
  interpolation: { ok: (v: string) => v === 'LINEAR' || v === 'STEP', must: 'LINEAR or STEP' },
};

/** The problem with one setting's value ("fps must be a number in [1, 1000], got 5000"), or null when it keeps its rule. */
export function settingProblem(option: keyof BakeOptions, value: unknown): string | null {
  const rule = SETTING_RULES[option];
  if (!rule || (rule.ok as (v: unknown) => boolean)(value)) return null;
  const shown = option === 'frames' && Array.isArray(value) ? value.join(':') : jsonValueText(value);
  return `${option} must be ${rule.must}, got ${shown}`;
}

/**
 * Checks the settings a caller gave against their rules before any work (the CLI calls it on its parsed flags before
 * it reads the glTF): the same rules resolveBakeSettings applies to the resolved values, so the two never disagree.
 *
 * @param options  the caller's options
 * @throws BakeError (origin 'options', naming the option) for the first setting outside its rule
 */
export function checkBakeOptions(options: BakeOptions): void {
  for (const option of Object.keys(SETTING_RULES) as Array<keyof BakeOptions>) {
    if (options[option] === undefined) continue;
    const problem = settingProblem(option, options[option]);
    if (problem) throw new BakeError(problem, 'options', option);
  }
}
