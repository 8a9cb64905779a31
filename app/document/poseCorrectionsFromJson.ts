import type { PoseCorrection } from './poseCorrection.ts';

/**
 * Validates the `poseCorrections` array of a project file: every field typed and in range, offsets finite and three
 * per vertex, vertices increasing, ids unique. For the project reader; errors name the JSON path.
 *
 * @param json  the value of `poseCorrections`
 * @param path  its JSON path, for messages (default "poseCorrections")
 * @returns the corrections
 * @throws Error starting with the JSON path of the problem (`poseCorrections[1].offsets[4]: …`)
 */
export function poseCorrectionsFromJson(json: unknown, path = 'poseCorrections'): PoseCorrection[] {
  if (!Array.isArray(json)) throw new Error(`${path}: must be an array`);
  const ids = new Set<string>();
  return json.map((entry: unknown, index: number): PoseCorrection => {
    const at = `${path}[${index}]`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw new Error(`${at}: must be an object`);
    const e = entry as Record<string, unknown>;
    const allowed = ['id', 'name', 'mesh', 'frame', 'easeIn', 'hold', 'easeOut', 'vertices', 'offsets', 'handles', 'enabled'];
    for (const key of Object.keys(e)) if (!allowed.includes(key)) throw new Error(`${at}.${key}: unknown field`);
    if (typeof e.id !== 'string' || e.id === '') throw new Error(`${at}.id: must be a non-empty string`);
    if (ids.has(e.id)) throw new Error(`${at}.id: "${e.id}" is used twice`);
    ids.add(e.id);
    if (e.name !== undefined && typeof e.name !== 'string') throw new Error(`${at}.name: must be a string`);
    if (typeof e.mesh !== 'string' || e.mesh === '') throw new Error(`${at}.mesh: must be a mesh name`);
    const number = (key: string, min: number, optional = false): number | undefined => {
      const value = e[key];
      if (value === undefined && optional) return undefined;
      if (typeof value !== 'number' || !Number.isFinite(value) || value < min) throw new Error(`${at}.${key}: must be a finite number ≥ ${min}`);
      return value;
    };
    const frame = number('frame', -Infinity) as number;
    const easeIn = number('easeIn', 0) as number;
    const easeOut = number('easeOut', 0) as number;
    const hold = number('hold', 0, true);
    if (!Array.isArray(e.vertices)) throw new Error(`${at}.vertices: must be an array of vertex indices`);
    const vertices = e.vertices as unknown[];
    vertices.forEach((v, i) => {
      if (!(typeof v === 'number' && Number.isInteger(v) && v >= 0)) throw new Error(`${at}.vertices[${i}]: must be a vertex index`);
      if (i > 0 && (v as number) <= (vertices[i - 1] as number)) throw new Error(`${at}.vertices[${i}]: vertices must be increasing`);
    });
    if (!Array.isArray(e.offsets) || e.offsets.length !== 3 * vertices.length)
      throw new Error(`${at}.offsets: must hold 3 numbers per vertex (${3 * vertices.length})`);
    (e.offsets as unknown[]).forEach((x, i) => {
      if (typeof x !== 'number' || !Number.isFinite(x)) throw new Error(`${at}.offsets[${i}]: must be a finite number`);
    });
    let handles: PoseCorrection['handles'];
    if (e.handles !== undefined) {
      if (!Array.isArray(e.handles)) throw new Error(`${at}.handles: must be an array`);
      handles = (e.handles as unknown[]).map((h, i) => {
        const hp = `${at}.handles[${i}]`;
        const handle = h as { vertices?: unknown; matrix?: unknown };
        if (
          typeof h !== 'object' ||
          h === null ||
          !Array.isArray(handle.vertices) ||
          !handle.vertices.every((v) => Number.isInteger(v) && (v as number) >= 0)
        ) {
          throw new Error(`${hp}.vertices: must be an array of vertex indices`);
        }
        if (!Array.isArray(handle.matrix) || handle.matrix.length !== 16 || !handle.matrix.every((x) => typeof x === 'number' && Number.isFinite(x))) {
          throw new Error(`${hp}.matrix: must be 16 finite numbers`);
        }
        return { vertices: handle.vertices as number[], matrix: handle.matrix as number[] };
      });
    }
    if (e.enabled !== undefined && typeof e.enabled !== 'boolean') throw new Error(`${at}.enabled: must be true or false`);
    return {
      id: e.id,
      ...(e.name !== undefined ? { name: e.name as string } : {}),
      mesh: e.mesh,
      frame,
      easeIn,
      ...(hold !== undefined ? { hold } : {}),
      easeOut,
      vertices: vertices as number[],
      offsets: e.offsets as number[],
      ...(handles ? { handles } : {}),
      ...(e.enabled !== undefined ? { enabled: e.enabled as boolean } : {}),
    };
  });
}
