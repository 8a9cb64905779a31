import type { Material, MaterialPreset } from '../document/index.ts';
import { jsonValueText } from '../io/index.ts';
import { MAX_POISSON_RATIO } from '../solvers/vbd/index.ts';

/**
 * The material presets an artist picks from, at real scale (SI units: Pa, kg/m³, s). Explicit
 * parameters override them field by field (presetMaterial).
 *
 * How the numbers were chosen (ω ≈ √(E/ρ)/L is the first jiggle frequency of a soft region of size L):
 * - flesh: soft tissue measures E ≈ 5–50 kPa; 20 kPa with ρ = 1000 kg/m³ gives a 10 cm belly a
 *   ≈ 7 Hz wobble, and ν = 0.45 keeps volume (flesh is nearly incompressible; 0.49 would stiffen a
 *   coarse lattice, "locking"). β = 0.004 s damps it out within a few cycles (ζ = βω/2 ≈ 0.1).
 * - jelly: gelatin desserts measure E ≈ 1–10 kPa; 4 kPa and little damping wobble long and slow.
 * - stiffRubber: E = 1 MPa (soft silicone/rubber), a rubber prop that springs back quickly.
 * - cloth: a membrane (StVK triangles on the surface itself, no lattice) with E = 1 MPa at 1 mm
 *   thickness (E·t = 1 kN/m, woven cotton's order of magnitude) and ρ = 300 kg/m³ (0.3 kg/m²).
 */
export const MATERIAL_PRESETS: Readonly<Record<MaterialPreset, Readonly<Material>>> = {
  flesh: { model: 'neohookean', youngsModulus: 20e3, poissonRatio: 0.45, density: 1000, damping: 0.004, massDamping: 10 },
  jelly: { model: 'neohookean', youngsModulus: 4e3, poissonRatio: 0.45, density: 1050, damping: 0.001, massDamping: 2 },
  stiffRubber: { model: 'neohookean', youngsModulus: 1e6, poissonRatio: 0.47, density: 1100, damping: 0.002, massDamping: 10 },
  cloth: { model: 'stvk', youngsModulus: 1e6, poissonRatio: 0.3, density: 300, damping: 0.005, massDamping: 5 },
};

/**
 * The range of each material field a bake accepts (SI units), wide enough for anything an artist models (aerogel to
 * osmium, gel to diamond) and narrow enough that masses and stiffnesses stay inside what the solver's 3×3 solves hold.
 */
export const MATERIAL_LIMITS = {
  youngsModulus: [1e-3, 1e12],
  poissonRatio: [0, MAX_POISSON_RATIO],
  density: [1e-3, 1e5],
  damping: [0, 1],
  massDamping: [0, 1e4],
} as const satisfies Record<string, readonly [number, number]>;

const UNITS: Record<keyof typeof MATERIAL_LIMITS, string> = {
  youngsModulus: 'Pa',
  poissonRatio: '(above it the solver diverges)',
  density: 'kg/m³',
  damping: 's',
  massDamping: '1/s',
};

/** Every preset name, for validation and help texts. */
export const MATERIAL_PRESET_NAMES = Object.keys(MATERIAL_PRESETS) as MaterialPreset[];

/**
 * A preset with explicit overrides applied, checked for physical sense.
 *
 * @param preset     the preset name
 * @param overrides  fields to replace (undefined fields keep the preset's)
 * @returns the material
 * @throws Error naming the field when a value is out of range
 */
export function presetMaterial(preset: MaterialPreset, overrides: Partial<Material> = {}): Material {
  const base = Object.hasOwn(MATERIAL_PRESETS, preset) ? MATERIAL_PRESETS[preset] : undefined;
  if (!base) throw new Error(`unknown material preset "${preset}" (one of ${MATERIAL_PRESET_NAMES.join(', ')})`);
  const material: Material = { ...base };
  // Only a material's own fields are copied: an override named `__proto__` would replace the material's prototype.
  for (const [key, value] of Object.entries(overrides) as Array<[keyof Material, unknown]>) {
    if (value !== undefined && Object.hasOwn(base, key)) (material as unknown as Record<string, unknown>)[key] = value;
  }
  if (!['neohookean', 'stvk', 'spring'].includes(material.model))
    throw new Error(`material model ${jsonValueText(material.model)} is not one of neohookean, stvk, spring`);
  for (const [field, [min, max]] of Object.entries(MATERIAL_LIMITS) as Array<[keyof typeof MATERIAL_LIMITS, readonly [number, number]]>) {
    const value = material[field] as unknown;
    if (value === undefined && field === 'massDamping') continue;
    if (typeof value !== 'number' || !(value >= min && value <= max))
      throw new Error(`${field} must be a number in [${min}, ${max}] ${UNITS[field]}, got ${jsonValueText(value)}`);
  }
  return material;
}
