/**
 * The axis-aligned box of a simplex of `size` points (a point, an edge, a triangle; indices at list[offset..]) grown
 * by `margin`, into out[at..at+6] as min xyz, max xyz: the item boxes of OGC's broad phase (seed 000 Algorithms 2–3,
 * boxes grown so that a pair within the search radius overlaps).
 *
 * @param points  #P×3 point positions [m]
 * @param list    point indices of the simplices
 * @param offset  where this simplex's indices start in list
 * @param size    points of the simplex (1, 2 or 3)
 * @param margin  growth on every side [m]
 * @param out     boxes, 6 numbers each [m]
 * @param at      where this box starts in out
 */
export function simplexBox(points: Float64Array, list: Uint32Array, offset: number, size: number, margin: number, out: Float64Array, at: number): void {
  let x0 = Infinity,
    y0 = Infinity,
    z0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity,
    z1 = -Infinity;
  for (let k = 0; k < size; k++) {
    const o = 3 * list[offset + k];
    x0 = Math.min(x0, points[o]);
    y0 = Math.min(y0, points[o + 1]);
    z0 = Math.min(z0, points[o + 2]);
    x1 = Math.max(x1, points[o]);
    y1 = Math.max(y1, points[o + 1]);
    z1 = Math.max(z1, points[o + 2]);
  }
  out[at] = x0 - margin;
  out[at + 1] = y0 - margin;
  out[at + 2] = z0 - margin;
  out[at + 3] = x1 + margin;
  out[at + 4] = y1 + margin;
  out[at + 5] = z1 + margin;
}
