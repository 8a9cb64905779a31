/**
 * Candidate pairs as CSR lists by their first feature (a point's triangles, an edge's edges), with each pair's exact
 * distance and closest point: what OGC's broad phase leaves for the detection (seed 000 Algorithms 2–3, "for each
 * candidate pair"; seed 001 §3.1's lists reused between searches). `pairLists` makes empty lists, `scatterPairs` fills
 * them from the kept pairs of a search.
 */
export interface PairLists {
  /** #items + 1 offsets into pairs */
  offsets: Uint32Array;
  /** the second features (triangles or edges) */
  pairs: Uint32Array;
  /** each pair's distance at the search [m] */
  distances: Float64Array;
  /** `stride` numbers of the exact test per pair: barycentrics and feature (4) or segment parameters (2) */
  exact: Float64Array;
  stride: number;
}

/**
 * Empty pair lists for `items` first features with room for `capacity` pairs (at least 64).
 *
 * @param items     first features (#P points or #E edges)
 * @param capacity  pairs to make room for; the lists grow when a search keeps more
 * @param stride    numbers of the exact test per pair (4 point–triangle, 2 edge–edge)
 * @returns the lists
 */
export function pairLists(items: number, capacity: number, stride: number): PairLists {
  const size = Math.max(64, capacity);
  return {
    offsets: new Uint32Array(items + 1),
    pairs: new Uint32Array(size),
    distances: new Float64Array(size),
    exact: new Float64Array(stride * size),
    stride,
  };
}

/**
 * Makes `lists` from the first `kept` pairs of the scratch (first, second), their distances and exact numbers, with the
 * count of each first feature f already in lists.offsets[f + 1]: a counting sort that keeps the scratch's order.
 *
 * @param lists      the lists to fill (grown when too small); offsets[f + 1] holds f's count on entry
 * @param kept       pairs in the scratch
 * @param pairs      kept×2 (first, second)
 * @param distances  kept distances [m]
 * @param exact      kept×stride exact numbers
 */
export function scatterPairs(lists: PairLists, kept: number, pairs: Uint32Array, distances: Float64Array, exact: Float64Array): void {
  const { offsets, stride } = lists;
  const items = offsets.length - 1;
  for (let i = 0; i < items; i++) offsets[i + 1] += offsets[i];
  if (lists.pairs.length < kept) {
    const size = Math.max(kept, 2 * lists.pairs.length);
    lists.pairs = new Uint32Array(size);
    lists.distances = new Float64Array(size);
    lists.exact = new Float64Array(stride * size);
  }
  const out = lists.pairs,
    outDistances = lists.distances,
    outExact = lists.exact;
  for (let k = 0; k < kept; k++) {
    const at = offsets[pairs[2 * k]]++;
    out[at] = pairs[2 * k + 1];
    outDistances[at] = distances[k];
    for (let m = 0; m < stride; m++) outExact[stride * at + m] = exact[stride * k + m];
  }
  for (let i = items; i > 0; i--) offsets[i] = offsets[i - 1];
  offsets[0] = 0;
}
