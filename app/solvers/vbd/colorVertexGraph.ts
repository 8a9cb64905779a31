/**
 * Vertex-graph coloring for parallel Gauss–Seidel (seed 000 §3.1.9): neighbours (vertices sharing a force element)
 * get different colors, so all vertices of one color can be solved at once. The dissertation does not specify the
 * algorithm; like Warp/Newton (anchors §1.2–1.3) we offer
 * - 'mcs': greedy coloring in maximum-cardinality-search order (the next vertex is the one with the most already
 *   ordered neighbours; fewer colors than degree order on tet meshes), and
 * - 'greedy': greedy coloring in decreasing-degree order,
 * then balance the color sizes: vertices of over-full colors move to the smallest color none of their neighbours
 * uses, pass after pass, until max/min ≤ balanceRatio or no vertex can move (fewer idle GPU lanes on small colors).
 *
 * @param offsets       #V+1 CSR offsets of the vertex graph
 * @param neighbors     CSR neighbour lists (vertexNeighborGraph)
 * @param algorithm     'mcs' or 'greedy'
 * @param balanceRatio  target max/min color size, ≥ 1 (1.1 as Warp's default)
 * @returns colors (#V color per vertex) and colorCount
 */
export function colorVertexGraph(
  offsets: Uint32Array,
  neighbors: Uint32Array,
  algorithm: 'mcs' | 'greedy' = 'mcs',
  balanceRatio = 1.1,
): { colors: Uint32Array; colorCount: number } {
  const vertexCount = offsets.length - 1;
  const order = algorithm === 'mcs' ? maximumCardinalityOrder(offsets, neighbors) : degreeOrder(offsets);
  const colors = new Uint32Array(vertexCount).fill(0xffffffff);
  let maxDegree = 0;
  for (let v = 0; v < vertexCount; v++) maxDegree = Math.max(maxDegree, offsets[v + 1] - offsets[v]);
  const stamp = new Int32Array(maxDegree + 2).fill(-1);
  let colorCount = 0;
  for (let k = 0; k < vertexCount; k++) {
    const v = order[k];
    for (let e = offsets[v]; e < offsets[v + 1]; e++) {
      const c = colors[neighbors[e]];
      if (c !== 0xffffffff) stamp[c] = v;
    }
    let c = 0;
    while (stamp[c] === v) c++;
    colors[v] = c;
    if (c + 1 > colorCount) colorCount = c + 1;
  }
  balanceColors(offsets, neighbors, colors, colorCount, balanceRatio);
  return { colors, colorCount };
}

function degreeOrder(offsets: Uint32Array): Uint32Array {
  const vertexCount = offsets.length - 1;
  const order = new Uint32Array(vertexCount);
  for (let v = 0; v < vertexCount; v++) order[v] = v;
  const degree = (v: number) => offsets[v + 1] - offsets[v];
  return order.sort((a, b) => degree(b) - degree(a) || a - b);
}

/** Maximum cardinality search with bucket lists: O(V + E). */
function maximumCardinalityOrder(offsets: Uint32Array, neighbors: Uint32Array): Uint32Array {
  const vertexCount = offsets.length - 1;
  const weight = new Int32Array(vertexCount);
  const next = new Int32Array(vertexCount);
  const previous = new Int32Array(vertexCount);
  const numbered = new Uint8Array(vertexCount);
  let maxDegree = 0;
  for (let v = 0; v < vertexCount; v++) maxDegree = Math.max(maxDegree, offsets[v + 1] - offsets[v]);
  const head = new Int32Array(maxDegree + 1).fill(-1);
  const insert = (v: number, w: number) => {
    previous[v] = -1;
    next[v] = head[w];
    if (head[w] >= 0) previous[head[w]] = v;
    head[w] = v;
  };
  const remove = (v: number, w: number) => {
    if (previous[v] >= 0) next[previous[v]] = next[v];
    else head[w] = next[v];
    if (next[v] >= 0) previous[next[v]] = previous[v];
  };
  for (let v = vertexCount - 1; v >= 0; v--) insert(v, 0);
  const order = new Uint32Array(vertexCount);
  let top = 0;
  for (let k = 0; k < vertexCount; k++) {
    while (head[top] < 0) top--;
    const v = head[top];
    remove(v, top);
    numbered[v] = 1;
    order[k] = v;
    for (let e = offsets[v]; e < offsets[v + 1]; e++) {
      const u = neighbors[e];
      if (numbered[u]) continue;
      remove(u, weight[u]);
      weight[u]++;
      insert(u, weight[u]);
      if (weight[u] > top) top = weight[u];
    }
  }
  return order;
}

function balanceColors(offsets: Uint32Array, neighbors: Uint32Array, colors: Uint32Array, colorCount: number, balanceRatio: number): void {
  const vertexCount = colors.length;
  if (colorCount < 2) return;
  const sizes = new Int32Array(colorCount);
  for (let v = 0; v < vertexCount; v++) sizes[colors[v]]++;
  const average = vertexCount / colorCount;
  // stamp[c] === key marks color c as used by a neighbour of the vertex being moved (doubles: no overflow)
  const stamp = new Float64Array(colorCount).fill(-1);
  for (let pass = 0; pass < 64; pass++) {
    let largest = 0;
    let smallest = vertexCount;
    for (let c = 0; c < colorCount; c++) {
      largest = Math.max(largest, sizes[c]);
      smallest = Math.min(smallest, sizes[c]);
    }
    if (largest <= balanceRatio * smallest) return;
    let moved = 0;
    for (let v = 0; v < vertexCount; v++) {
      const current = colors[v];
      if (sizes[current] <= average) continue;
      const key = pass * vertexCount + v;
      for (let e = offsets[v]; e < offsets[v + 1]; e++) stamp[colors[neighbors[e]]] = key;
      let best = -1;
      for (let c = 0; c < colorCount; c++) {
        if (c === current || stamp[c] === key) continue;
        if (sizes[c] + 1 < sizes[current] && (best < 0 || sizes[c] < sizes[best])) best = c;
      }
      if (best >= 0 && sizes[best] < average) {
        colors[v] = best;
        sizes[current]--;
        sizes[best]++;
        moved++;
      }
    }
    if (moved === 0) return;
  }
}
