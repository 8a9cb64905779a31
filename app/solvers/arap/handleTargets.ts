import type { ArapHandle } from './types.ts';

/** Handle vertices and where they go. */
export interface HandleTargets {
  /** #H distinct handle vertices, increasing */
  vertices: Int32Array;
  /** #H×3 target positions s [m] (seed 004 Eq. 3.1's S·p = s) */
  targets: Float64Array;
}

/**
 * The selection S and targets s of seed 004 Eq. 3.1 from handles: each handle's affine map applied to its vertices'
 * rest positions; a vertex in several handles gets the mean of their targets (two gizmos grabbing one vertex pull it
 * halfway, rather than one silently winning).
 *
 * @param handles      the handles (vertices and column-major 4×4 maps)
 * @param restPositions #V×3 rest positions [m]
 * @returns distinct handle vertices and their targets
 * @throws RangeError naming the handle for an empty handle, a vertex out of range or a matrix that is not 16 finite numbers
 */
export function handleTargets(handles: readonly ArapHandle[], restPositions: ArrayLike<number>): HandleTargets {
  const n = restPositions.length / 3;
  const sum = new Map<number, [number, number, number, number]>();
  handles.forEach((handle, h) => {
    const M = handle.matrix;
    if (M.length !== 16 || !Array.from(M).every((x) => Number.isFinite(x)))
      throw new RangeError(`handle ${h}: the matrix must be 16 finite numbers (column-major 4×4)`);
    if (handle.vertices.length === 0) throw new RangeError(`handle ${h}: no vertices`);
    for (let i = 0; i < handle.vertices.length; i++) {
      const v = handle.vertices[i];
      if (!(Number.isInteger(v) && v >= 0 && v < n)) throw new RangeError(`handle ${h}: vertex ${v} is not in 0..${n - 1}`);
      const x = restPositions[3 * v];
      const y = restPositions[3 * v + 1];
      const z = restPositions[3 * v + 2];
      const entry = sum.get(v) ?? [0, 0, 0, 0];
      entry[0] += M[0] * x + M[4] * y + M[8] * z + M[12];
      entry[1] += M[1] * x + M[5] * y + M[9] * z + M[13];
      entry[2] += M[2] * x + M[6] * y + M[10] * z + M[14];
      entry[3] += 1;
      sum.set(v, entry);
    }
  });
  const vertices = Int32Array.from(sum.keys()).sort();
  const targets = new Float64Array(3 * vertices.length);
  vertices.forEach((v, i) => {
    const [x, y, z, count] = sum.get(v) as [number, number, number, number];
    targets[3 * i] = x / count;
    targets[3 * i + 1] = y / count;
    targets[3 * i + 2] = z / count;
  });
  return { vertices, targets };
}
