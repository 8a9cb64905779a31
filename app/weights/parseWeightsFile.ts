import { jsonValueText } from '../io/index.ts';
import type { BlendWeights } from '../document/index.ts';

/** One entry of a weights file: painted values, artist-set constraints to interpolate, or one uniform value. */
export type WeightsFileEntry = BlendWeights | { mesh: string; value: number };

/**
 * Reads a weights JSON file (`overlap bake --weights FILE.json`). Accepted shapes:
 *
 * ```json
 * { "weights": [
 *     { "mesh": "Blob", "values": [0, 0.1, …] },                           // one value per welded vertex
 *     { "mesh": "Fox", "constraints": [{ "vertex": 12, "weight": 1 }] },   // interpolated (Laplacian)
 *     { "mesh": "*", "value": 0.3 }                                        // uniform, any mesh
 * ] }
 * ```
 * or the bare array, or a whole Overlap project (its `weights` are used). `mesh` is the node name as
 * `overlap inspect` prints it, or "*" for every mesh not named elsewhere.
 *
 * @param json  the parsed JSON
 * @returns the entries, checked for shape and ranges (vertex counts are checked against the mesh later)
 * @throws Error with a message that names the entry and the problem
 */
export function parseWeightsFile(json: unknown): WeightsFileEntry[] {
  const list = Array.isArray(json) ? json : isObject(json) && Array.isArray(json.weights) ? json.weights : null;
  if (!list) throw new Error('a weights file holds { "weights": [ { "mesh": NAME, "values" | "constraints" | "value": … } ] }');
  // One entry per mesh, one kind per entry (the app's parser refuses a mesh listed twice the same way): a second entry
  // or a second kind would be silently ignored by the bake (meshBlendWeights reads constraints before values).
  const seen = new Map<string, number>();
  return list.map((entry: unknown, i: number): WeightsFileEntry => {
    const where = `weights[${i}]`;
    if (!isObject(entry) || typeof entry.mesh !== 'string') throw new Error(`${where}: needs "mesh" (a node name, or "*")`);
    const first = seen.get(entry.mesh);
    if (first !== undefined) throw new Error(`${where}: mesh "${entry.mesh}" is listed twice (also weights[${first}]); give one entry per mesh`);
    seen.set(entry.mesh, i);
    const kinds = (['values', 'constraints', 'value'] as const).filter((key) => entry[key] !== undefined);
    if (kinds.length > 1) throw new Error(`${where}: give one of "values", "constraints" or "value", not ${kinds.map((k) => `"${k}"`).join(' and ')}`);
    if (entry.value !== undefined) {
      if (typeof entry.value !== 'number' || !(entry.value >= 0 && entry.value <= 1)) throw new Error(`${where}: "value" must be a number in [0, 1]`);
      return { mesh: entry.mesh, value: entry.value };
    }
    const values = entry.values ?? [];
    if (!Array.isArray(values)) throw new Error(`${where}: "values" must be an array of numbers`);
    values.forEach((v: unknown, k: number) => {
      if (typeof v !== 'number' || !(v >= 0 && v <= 1)) throw new Error(`${where}: values[${k}] = ${jsonValueText(v)} is not a number in [0, 1]`);
    });
    const constraints = entry.constraints ?? [];
    if (!Array.isArray(constraints)) throw new Error(`${where}: "constraints" must be an array of { vertex, weight }`);
    constraints.forEach((c: unknown, k: number) => {
      if (!isObject(c) || !Number.isInteger(c.vertex) || (c.vertex as number) < 0) throw new Error(`${where}: constraints[${k}].vertex must be a vertex index`);
      if (typeof c.weight !== 'number' || !(c.weight >= 0 && c.weight <= 1)) throw new Error(`${where}: constraints[${k}].weight must be a number in [0, 1]`);
    });
    if (values.length === 0 && constraints.length === 0) throw new Error(`${where}: give "values", "constraints" or "value"`);
    return { mesh: entry.mesh, values: Float32Array.from(values as number[]), constraints: constraints as BlendWeights['constraints'] };
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
