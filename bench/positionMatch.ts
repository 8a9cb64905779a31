/**
 * The vertex of another mesh at the same place: for each vertex of `from`, the index of the vertex of `to` nearest to
 * it within `tolerance`. The contact benchmark uses it to line Blender's vertices up with the welded surface Overlap
 * simulates (Blender's glTF importer merges vertices and may reorder them; their rest positions are the glTF's up to
 * float32 rounding and the Y-up → Z-up conversion).
 *
 * Uniform grid of cell `tolerance` over `to`; each query looks in its 27 neighbouring cells, so the answer is the
 * exact nearest among the vertices within `tolerance`.
 *
 * @param from       #A×3 positions [m]
 * @param to         #B×3 positions [m]
 * @param tolerance  largest distance accepted [m], > 0
 * @returns #A index into `to` of each vertex of `from`
 * @throws Error naming the first vertex of `from` with no vertex of `to` within `tolerance`
 */
export function positionMatch(from: ArrayLike<number>, to: ArrayLike<number>, tolerance: number): Uint32Array {
  if (!(tolerance > 0)) throw new Error(`positionMatch: tolerance must be > 0, got ${tolerance}`);
  const cell = (x: number) => Math.floor(x / tolerance);
  const key = (i: number, j: number, k: number) => `${i},${j},${k}`;
  const grid = new Map<string, number[]>();
  for (let b = 0; b < to.length / 3; b++) {
    const id = key(cell(to[3 * b]), cell(to[3 * b + 1]), cell(to[3 * b + 2]));
    const list = grid.get(id);
    if (list) list.push(b);
    else grid.set(id, [b]);
  }
  const match = new Uint32Array(from.length / 3);
  for (let a = 0; a < from.length / 3; a++) {
    const x = from[3 * a],
      y = from[3 * a + 1],
      z = from[3 * a + 2];
    const i = cell(x),
      j = cell(y),
      k = cell(z);
    let best = -1;
    let bestDistance = tolerance;
    for (let di = -1; di <= 1; di++)
      for (let dj = -1; dj <= 1; dj++)
        for (let dk = -1; dk <= 1; dk++) {
          for (const b of grid.get(key(i + di, j + dj, k + dk)) ?? []) {
            const d = Math.hypot(to[3 * b] - x, to[3 * b + 1] - y, to[3 * b + 2] - z);
            if (d <= bestDistance) {
              bestDistance = d;
              best = b;
            }
          }
        }
    if (best < 0) throw new Error(`positionMatch: vertex ${a} at (${x}, ${y}, ${z}) has no match within ${tolerance} m`);
    match[a] = best;
  }
  return match;
}
