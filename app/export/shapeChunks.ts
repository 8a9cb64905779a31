import { compactShapes, type CompactShapes, type CompactShapesInput } from './compactShapes.ts';

/** One part of a mesh with its own compact shapes. */
export interface ShapeChunk {
  /** #C the part's triangles, as indices into the mesh's triangle list, or null for the whole mesh (no split) */
  triangles: Uint32Array | null;
  /** its shapes, over all #R render vertices (zero outside the part) */
  fit: CompactShapes;
}

/**
 * Compact shapes within the bound, splitting the mesh when one basis of at most maxShapes cannot meet it
 * (a long clip of rich motion): the triangles that move are cut in two at the median of their centroids along
 * the longest side of their bounding box, recursively, until each part's own basis meets the bound (a part of
 * m vertices has rank at most 3m, so this ends). Triangles whose vertices never move stay with the mesh and
 * carry no shapes. Each part is written as its own mesh on its own node sharing the skin and the vertex data
 * (correctiveMorphTargets, vertexCache), so every primitive keeps at most maxShapes targets; a vertex on a cut
 * belongs to both parts, each within the bound, so the seam opens by at most twice the bound.
 *
 * @param input      the compactShapes input (its `vertices` is ignored: the parts choose their own)
 * @param triangles  #T×3 the mesh's triangles, render-vertex indices
 * @param positions  #R×3 rest positions, for the cuts
 * @returns one chunk with triangles = null when the whole mesh fits, else the parts (fits = false only for a
 *          part of a single triangle that still does not, which needs a cap below 10)
 */
export function shapeChunks(input: CompactShapesInput, triangles: Uint32Array, positions: ArrayLike<number>): ShapeChunk[] {
  const whole = compactShapes({ ...input, vertices: null, onlyIfFits: true });
  if (whole.fits) return [{ triangles: null, fit: whole }];
  const { deltas, frameCount: F } = input;
  const R = positions.length / 3;
  const moving = new Uint8Array(R);
  for (let t = 0; t < F; t++) {
    for (let v = 0; v < R; v++) {
      const o = (t * R + v) * 3;
      if (deltas[o] !== 0 || deltas[o + 1] !== 0 || deltas[o + 2] !== 0) moving[v] = 1;
    }
  }
  const movingTriangles: number[] = [];
  for (let t = 0; t < triangles.length / 3; t++) {
    if (moving[triangles[3 * t]] || moving[triangles[3 * t + 1]] || moving[triangles[3 * t + 2]]) movingTriangles.push(t);
  }
  const chunks: ShapeChunk[] = [];
  const centroid = (t: number, axis: number) =>
    (positions[3 * triangles[3 * t] + axis] + positions[3 * triangles[3 * t + 1] + axis] + positions[3 * triangles[3 * t + 2] + axis]) / 3;
  const split = (part: number[]): void => {
    const vertices = new Set<number>();
    for (const t of part) for (let c = 0; c < 3; c++) vertices.add(triangles[3 * t + c]);
    const subset = Uint32Array.from([...vertices].sort((a, b) => a - b));
    const fit = compactShapes({ ...input, vertices: subset, onlyIfFits: part.length > 1 });
    if (fit.fits || part.length <= 1) {
      chunks.push({ triangles: Uint32Array.from(part).sort(), fit });
      return;
    }
    let axis = 0;
    let extent = -1;
    for (let a = 0; a < 3; a++) {
      let low = Infinity;
      let high = -Infinity;
      for (const t of part) {
        const c = centroid(t, a);
        low = Math.min(low, c);
        high = Math.max(high, c);
      }
      if (high - low > extent) {
        extent = high - low;
        axis = a;
      }
    }
    const sorted = [...part].sort((a, b) => centroid(a, axis) - centroid(b, axis) || a - b);
    const half = sorted.length >> 1;
    split(sorted.slice(0, half));
    split(sorted.slice(half));
  };
  split(movingTriangles);
  return chunks;
}
