/**
 * The axis-aligned box of the points list[offset..offset+count) grown by `margin`, into out[at..at+6] as min xyz,
 * max xyz (Math.min/Math.max per axis: a NaN coordinate makes that axis NaN). The item boxes of OGC's broad phase
 * (a simplex's points: 1, 2 or 3; seed 000 Algorithms 2–3, boxes grown so that a pair within the search radius
 * overlaps) and the centroid bounds a box tree splits by (medianSplitTopology, margin 0). Allocation-free.
 *
 * @param points  #P×3 point positions [m]
 * @param list    point indices
 * @param offset  where the box's indices start in list
 * @param count   how many points
 * @param margin  growth on every side [m]
 * @param out     boxes, 6 numbers each [m]
 * @param at      where this box starts in out
 */
export function indexedPointsBox(points: Float64Array, list: Uint32Array, offset: number, count: number, margin: number, out: Float64Array, at: number): void {
  let x0 = Infinity,
    y0 = Infinity,
    z0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity,
    z1 = -Infinity;
  for (let k = offset, end = offset + count; k < end; k++) {
    const o = 3 * list[k];
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
