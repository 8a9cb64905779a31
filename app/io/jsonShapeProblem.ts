/**
 * Checks parsed JSON against a declared shape (which properties are objects, arrays, whole numbers, finite numbers,
 * strings, booleans; which are required) and names the first place that differs by its JSON path
 * (`meshes[0].primitives[1].attributes.POSITION must be a whole number ≥ 0, got "one"`). The one mechanism behind
 * the importer's element-type check (gltfJsonProblem) and the bake's project files, so a `null` where an object
 * belongs is a message naming the spot, never a TypeError deep inside.
 */
import { jsonValueText } from './jsonValueText.ts';

/** A shape: a leaf kind, an array of one shape, an object with known properties, or a record of one shape. */
export type JsonShape =
  | 'index' // a whole number ≥ 0 (glTF ids, counts, offsets, enums)
  | 'integer' // a whole number
  | 'number' // a finite number
  | 'string'
  | 'boolean'
  | 'any'
  | { array: JsonShape; length?: number }
  | { object: Record<string, JsonShape>; required?: readonly string[]; closed?: boolean }
  | { record: JsonShape }
  | { oneOf: readonly string[] };

/** Options of jsonShapeProblem. */
export interface JsonShapeOptions {
  /** every object may carry `extensions`, an object whose values are objects (glTF 2.0 §3.12) */
  extensions?: boolean;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The first place where `value` does not have `shape`, as a sentence naming the JSON path; null when it fits.
 * Properties an object shape does not list are not checked (extras, names), unless it is `closed`: then they are
 * refused by name (a material's fields, where an unknown one would be copied into the material).
 *
 * @param value    parsed JSON
 * @param shape    the expected shape
 * @param where    the path of `value` ('' for the root)
 * @param options  extensions: allow and check `extensions` on every object
 * @returns the problem, or null
 */
export function jsonShapeProblem(value: unknown, shape: JsonShape, where: string, options: JsonShapeOptions = {}): string | null {
  const got = (): string => (isPlainObject(value) ? 'an object' : Array.isArray(value) ? 'an array' : jsonValueText(value, 40));
  if (shape === 'any') return null;
  if (shape === 'index') return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? null : `${where} must be a whole number ≥ 0, got ${got()}`;
  if (shape === 'integer') return typeof value === 'number' && Number.isInteger(value) ? null : `${where} must be a whole number, got ${got()}`;
  if (shape === 'number') return typeof value === 'number' && Number.isFinite(value) ? null : `${where} must be a finite number, got ${got()}`;
  if (shape === 'string') return typeof value === 'string' ? null : `${where} must be a string, got ${got()}`;
  if (shape === 'boolean') return typeof value === 'boolean' ? null : `${where} must be true or false, got ${got()}`;
  if ('oneOf' in shape)
    return typeof value === 'string' && shape.oneOf.includes(value)
      ? null
      : `${where} must be one of ${shape.oneOf.map((s) => `"${s}"`).join(', ')}, got ${got()}`;
  if ('array' in shape) {
    if (!Array.isArray(value)) return `${where} must be an array, got ${got()}`;
    if (shape.length !== undefined && value.length !== shape.length) return `${where} must have ${shape.length} elements, got ${value.length}`;
    for (let i = 0; i < value.length; i++) {
      const problem = jsonShapeProblem(value[i], shape.array, `${where}[${i}]`, options);
      if (problem) return problem;
    }
    return null;
  }
  if (!isPlainObject(value)) return `${where || 'the file'} must be an object, got ${got()}`;
  const prefix = where ? `${where}.` : '';
  if ('record' in shape) {
    for (const [key, entry] of Object.entries(value)) {
      const problem = jsonShapeProblem(entry, shape.record, `${prefix}${key}`, options);
      if (problem) return problem;
    }
    return null;
  }
  // Own keys only: a shape's field named `constructor` or `toString` must not find Object.prototype's member.
  const own = (key: string): unknown => (Object.hasOwn(value, key) ? value[key] : undefined);
  for (const key of shape.required ?? []) if (own(key) === undefined) return `${prefix}${key} is missing`;
  if (shape.closed) {
    const known = Object.keys(shape.object);
    for (const key of Object.keys(value)) if (!Object.hasOwn(shape.object, key)) return `${prefix}${key} is not one of the fields here (${known.join(', ')})`;
  }
  for (const [key, entryShape] of Object.entries(shape.object)) {
    if (own(key) === undefined) continue;
    const problem = jsonShapeProblem(own(key), entryShape, `${prefix}${key}`, options);
    if (problem) return problem;
  }
  if (options.extensions && value.extensions !== undefined) {
    if (!isPlainObject(value.extensions)) return `${prefix}extensions must be an object, got ${value.extensions === null ? 'null' : typeof value.extensions}`;
    for (const [name, extension] of Object.entries(value.extensions)) {
      if (!isPlainObject(extension)) return `${prefix}extensions.${name} must be an object`;
    }
  }
  return null;
}
