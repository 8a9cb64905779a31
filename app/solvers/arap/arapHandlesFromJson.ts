import type { ArapHandle } from './types.ts';

/** A parsed handles file. */
export interface ArapHandlesFile {
  handles: ArapHandle[];
  /** plane colliders: the half-space normal·x ≥ offset is free */
  planes: { normal: [number, number, number]; offset: number }[];
}

/**
 * Reads the handles document of `overlap arap` (docs/arap.md):
 *   { handles: [{ vertices: [i…], translation: [x,y,z] } | { vertices: [i…], matrix: [16 numbers, column-major 4×4] }],
 *     colliders?: [{ plane: { normal: [x,y,z], offset: d } }] }
 * Strict: unknown fields, an empty handle, a vertex index outside the mesh, a matrix that is not 16 finite numbers
 * or a handle with both a translation and a matrix are errors, named by their JSON path.
 *
 * @param json         the parsed JSON value
 * @param vertexCount  vertices of the mesh the handles refer to
 * @returns the handles (translations as matrices) and planes
 * @throws Error whose message starts with the JSON path of the problem (`handles[2].vertices[5]: …`)
 */
export function arapHandlesFromJson(json: unknown, vertexCount: number): ArapHandlesFile {
  if (!isObject(json)) throw new Error('the file must hold a JSON object { handles: [...], colliders?: [...] }');
  unknownKeys(json, ['handles', 'colliders'], '');
  if (!Array.isArray(json.handles) || json.handles.length === 0) throw new Error('handles: must be a non-empty array');
  const handles = json.handles.map((entry: unknown, h: number): ArapHandle => {
    const path = `handles[${h}]`;
    if (!isObject(entry)) throw new Error(`${path}: must be an object { vertices, translation | matrix }`);
    unknownKeys(entry, ['vertices', 'translation', 'matrix'], path);
    if (!Array.isArray(entry.vertices) || entry.vertices.length === 0)
      throw new Error(`${path}.vertices: must be a non-empty array of vertex indices (an empty handle moves nothing)`);
    const vertices = entry.vertices.map((v: unknown, i: number) => {
      if (!(typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < vertexCount)) {
        throw new Error(`${path}.vertices[${i}]: ${JSON.stringify(v)} is not a vertex of the mesh (0..${vertexCount - 1})`);
      }
      return v;
    });
    if (entry.translation !== undefined && entry.matrix !== undefined) throw new Error(`${path}: give a translation or a matrix, not both`);
    if (entry.matrix !== undefined) {
      const m = entry.matrix;
      if (!Array.isArray(m) || m.length !== 16 || !m.every((x) => typeof x === 'number' && Number.isFinite(x))) {
        throw new Error(`${path}.matrix: must be 16 finite numbers (a column-major 4×4 matrix)`);
      }
      return { vertices, matrix: m as number[] };
    }
    if (entry.translation === undefined) throw new Error(`${path}: needs a translation [x, y, z] or a matrix`);
    const t = entry.translation;
    if (!Array.isArray(t) || t.length !== 3 || !t.every((x) => typeof x === 'number' && Number.isFinite(x))) {
      throw new Error(`${path}.translation: must be [x, y, z] with finite numbers`);
    }
    return { vertices, matrix: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, t[0], t[1], t[2], 1] };
  });
  const planes: ArapHandlesFile['planes'] = [];
  if (json.colliders !== undefined) {
    if (!Array.isArray(json.colliders)) throw new Error('colliders: must be an array');
    json.colliders.forEach((entry: unknown, c: number) => {
      const path = `colliders[${c}]`;
      if (!isObject(entry) || !isObject(entry.plane))
        throw new Error(`${path}: must be { plane: { normal: [x, y, z], offset: d } } (planes are the colliders this version reads)`);
      unknownKeys(entry, ['plane'], path);
      unknownKeys(entry.plane, ['normal', 'offset'], `${path}.plane`);
      const { normal, offset } = entry.plane;
      if (
        !Array.isArray(normal) ||
        normal.length !== 3 ||
        !normal.every((x) => typeof x === 'number' && Number.isFinite(x)) ||
        Math.hypot(...(normal as number[])) === 0
      ) {
        throw new Error(`${path}.plane.normal: must be a nonzero [x, y, z] with finite numbers`);
      }
      if (typeof offset !== 'number' || !Number.isFinite(offset)) throw new Error(`${path}.plane.offset: must be a finite number`);
      planes.push({ normal: normal as [number, number, number], offset });
    });
  }
  return { handles, planes };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unknownKeys(object: Record<string, unknown>, allowed: string[], path: string): void {
  for (const key of Object.keys(object)) {
    if (!allowed.includes(key)) throw new Error(`${path ? `${path}.` : ''}${key}: unknown field (expected ${allowed.join(', ')})`);
  }
}
