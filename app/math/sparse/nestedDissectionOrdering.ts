import type { CscMatrix } from './cscMatrix.ts';

/** Options of nestedDissectionOrdering. */
export interface NestedDissectionOptions {
  /** subgraphs this small are ordered by exact minimum degree instead of being split further (default 48) */
  leafSize?: number;
}

/**
 * A fill-reducing elimination order for sparse Cholesky / LDLᵀ of a symmetric matrix, by nested dissection
 * (George 1973): split the graph of A with a small vertex separator S into parts P₁ and P₂, order P₁, then
 * P₂, then S last, and recurse. Eliminating P₁ never creates fill in P₂, so the factor of a 3-D mesh of n
 * vertices has O(n^{4/3}) entries instead of the O(n^{5/3}) of a banded order.
 *
 * Separators are level sets of a breadth-first search from a pseudo-peripheral vertex (George & Liu 1979):
 * among levels that leave both sides at least a fifth of the subgraph, the level L_m minimizing
 * |S| / (|P₁|·|P₂|), trimmed to the vertices of L_m that touch L_{m+1} (the rest join P₁). On the lattices
 * that app/embedding builds this gives planar separators of O(n^{2/3}) vertices. Leaves (≤ leafSize
 * vertices) are ordered by exact minimum degree on their own elimination graph. Disconnected subgraphs are
 * split into components first, which costs no separator at all.
 *
 * DESIGN NOTES
 * - Written for the lattice tet meshes of app/embedding (≤ a few 10⁵ vertices, ~14 neighbours each). Fill
 *   of nnz(L) vs the natural (banded) order: 20³ grid 0.57M vs 3.0M, 30³ grid 3.3M vs 23.5M, the sample's
 *   lattice at resolution 24 5× less (bench/embedding.bench.ts). Multilevel separator refinement (METIS)
 *   is the upgrade path if the fronts of larger lattices become the bottleneck.
 * - Iterative (explicit task stack), no recursion: depth is O(log n) but call stacks in workers are small.
 * - The pattern is symmetrized (A + Aᵀ) and the diagonal ignored, so an upper-only matrix works too.
 *
 * @param matrix   n×n matrix; only its pattern is read
 * @param options  leafSize
 * @returns #n permutation `order`: order[k] is the original index eliminated k-th (new → old)
 */
export function nestedDissectionOrdering(matrix: CscMatrix, options: NestedDissectionOptions = {}): Int32Array {
  const n = matrix.columnCount;
  if (matrix.rowCount !== n) throw new RangeError(`nestedDissectionOrdering: matrix must be square, got ${matrix.rowCount}×${n}`);
  const leafSize = Math.max(1, options.leafSize ?? 48);
  const { pointers, neighbours } = symmetricAdjacency(matrix);

  const order = new Int32Array(n);
  const work = new Int32Array(n);
  for (let i = 0; i < n; i++) work[i] = i;
  const owner = new Int32Array(n).fill(-1); // stamp of the task a vertex currently belongs to
  const level = new Int32Array(n);
  const queue = new Int32Array(n);
  const side = new Int8Array(n);
  let stamp = 0;
  const leaf = new LeafOrdering(leafSize);

  // Task stack of [lo, hi): work[lo..hi) holds the subgraph's vertices, order[lo..hi) receives their order.
  const stack: number[] = [0, n];
  while (stack.length > 0) {
    const hi = stack.pop() as number;
    const lo = stack.pop() as number;
    const size = hi - lo;
    if (size === 0) continue;
    stamp++;
    for (let k = lo; k < hi; k++) owner[work[k]] = stamp;
    if (size <= leafSize) {
      leaf.order(work, lo, hi, pointers, neighbours, owner, stamp, order);
      continue;
    }
    // Pseudo-peripheral root, then its level structure.
    let root = work[lo];
    let bestDegree = Infinity;
    for (let k = lo; k < hi; k++) {
      const v = work[k];
      const degree = pointers[v + 1] - pointers[v];
      if (degree < bestDegree) {
        bestDegree = degree;
        root = v;
      }
    }
    let bestRoot = root;
    let bestEccentricity = -1;
    for (let attempt = 0; attempt < 6; attempt++) {
      const result = breadthFirstLevels(root, pointers, neighbours, owner, stamp, level, queue);
      if (result.eccentricity <= bestEccentricity) break;
      bestEccentricity = result.eccentricity;
      bestRoot = root;
      // Next candidate: the minimum-degree vertex of the last level.
      let next = -1;
      let nextDegree = Infinity;
      for (let q = result.reached - 1; q >= 0 && level[queue[q]] === result.eccentricity; q--) {
        const v = queue[q];
        const degree = pointers[v + 1] - pointers[v];
        if (degree < nextDegree) {
          nextDegree = degree;
          next = v;
        }
      }
      if (next === root) break;
      root = next;
    }
    const final = breadthFirstLevels(bestRoot, pointers, neighbours, owner, stamp, level, queue);
    const reached = final.reached;
    const eccentricity = final.eccentricity;
    if (reached < size) {
      // Disconnected: the reached component first, the rest after; no separator needed. queue[0..reached)
      // holds the component; the unreached vertices are appended behind it, then copied back to work.
      for (let k = lo; k < hi; k++) side[work[k]] = 0;
      for (let q = 0; q < reached; q++) side[queue[q]] = 1;
      let tail = reached;
      for (let k = lo; k < hi; k++) {
        const v = work[k];
        if (side[v] !== 1) queue[tail++] = v;
      }
      for (let q = 0; q < reached; q++) side[queue[q]] = 0;
      for (let q = 0; q < size; q++) work[lo + q] = queue[q];
      const a = lo + reached;
      stack.push(a, hi, lo, a);
      continue;
    }
    if (eccentricity < 2) {
      // Diameter ≤ 1 (a clique-like block): dissection cannot help.
      leaf.order(work, lo, hi, pointers, neighbours, owner, stamp, order, true);
      continue;
    }
    // Level sizes and, per level, how many vertices touch the next level.
    const levelCount = eccentricity + 1;
    const levelSize = new Int32Array(levelCount);
    const touching = new Int32Array(levelCount);
    for (let q = 0; q < reached; q++) {
      const v = queue[q];
      const l = level[v];
      levelSize[l]++;
      for (let p = pointers[v]; p < pointers[v + 1]; p++) {
        const u = neighbours[p];
        if (owner[u] === stamp && level[u] === l + 1) {
          touching[l]++;
          break;
        }
      }
    }
    let bestLevel = -1;
    let bestScore = Infinity;
    let before = 0;
    const minimumPart = Math.max(1, Math.floor(size / 5));
    for (let l = 0; l < levelCount - 1; l++) {
      const separator = touching[l];
      const partA = before + levelSize[l] - separator;
      const partB = size - partA - separator;
      before += levelSize[l];
      if (l === 0 || partA < minimumPart || partB < minimumPart) continue;
      const score = separator / (partA * partB);
      if (score < bestScore) {
        bestScore = score;
        bestLevel = l;
      }
    }
    if (bestLevel < 0) {
      // No balanced level (e.g. a long path with a fat end): take the middle level.
      let count = 0;
      for (let l = 0; l < levelCount - 1; l++) {
        count += levelSize[l];
        if (count >= size / 2 || l === levelCount - 2) {
          bestLevel = Math.max(1, l);
          break;
        }
      }
    }
    // Classify: 0 = part A, 1 = part B, 2 = separator.
    for (let q = 0; q < reached; q++) {
      const v = queue[q];
      const l = level[v];
      if (l < bestLevel) side[v] = 0;
      else if (l > bestLevel) side[v] = 1;
      else {
        side[v] = 0;
        for (let p = pointers[v]; p < pointers[v + 1]; p++) {
          const u = neighbours[p];
          if (owner[u] === stamp && level[u] === l + 1) {
            side[v] = 2;
            break;
          }
        }
      }
    }
    let a = lo;
    for (let q = 0; q < reached; q++) if (side[queue[q]] === 0) work[a++] = queue[q];
    let b = a;
    for (let q = 0; q < reached; q++) if (side[queue[q]] === 1) work[b++] = queue[q];
    let s = b;
    for (let q = 0; q < reached; q++) if (side[queue[q]] === 2) work[s++] = queue[q];
    // Separator vertices are eliminated last within this range.
    for (let k = b; k < hi; k++) order[k] = work[k];
    stack.push(a, b, lo, a);
  }
  return order;
}

/** Pattern of A + Aᵀ without the diagonal, as CSR adjacency lists. */
function symmetricAdjacency(matrix: CscMatrix): { pointers: Int32Array; neighbours: Int32Array } {
  const n = matrix.columnCount;
  const { columnPointers, rowIndices } = matrix;
  const count = new Int32Array(n + 1);
  for (let j = 0; j < n; j++) {
    for (let p = columnPointers[j]; p < columnPointers[j + 1]; p++) {
      const i = rowIndices[p];
      if (i === j) continue;
      count[i + 1]++;
      count[j + 1]++;
    }
  }
  for (let i = 0; i < n; i++) count[i + 1] += count[i];
  const raw = new Int32Array(count[n]);
  const cursor = count.slice(0, n);
  for (let j = 0; j < n; j++) {
    for (let p = columnPointers[j]; p < columnPointers[j + 1]; p++) {
      const i = rowIndices[p];
      if (i === j) continue;
      raw[cursor[i]++] = j;
      raw[cursor[j]++] = i;
    }
  }
  // Remove duplicates (an entry and its transpose both present) with a marker.
  const mark = new Int32Array(n).fill(-1);
  const pointers = new Int32Array(n + 1);
  let write = 0;
  for (let i = 0; i < n; i++) {
    const start = write;
    for (let p = count[i]; p < count[i + 1]; p++) {
      const j = raw[p];
      if (mark[j] === i) continue;
      mark[j] = i;
      raw[write++] = j;
    }
    pointers[i] = start;
  }
  pointers[n] = write;
  return { pointers, neighbours: raw.slice(0, write) };
}

/** BFS inside the vertices stamped `stamp`; fills level[] and queue[], returns count and eccentricity. */
function breadthFirstLevels(
  root: number,
  pointers: Int32Array,
  neighbours: Int32Array,
  owner: Int32Array,
  stamp: number,
  level: Int32Array,
  queue: Int32Array,
): { reached: number; eccentricity: number } {
  // A second stamp (negative) marks visited vertices without clearing arrays.
  const visited = -stamp - 1;
  let head = 0;
  let tail = 0;
  queue[tail++] = root;
  owner[root] = visited;
  level[root] = 0;
  let eccentricity = 0;
  while (head < tail) {
    const v = queue[head++];
    const l = level[v];
    if (l > eccentricity) eccentricity = l;
    for (let p = pointers[v]; p < pointers[v + 1]; p++) {
      const u = neighbours[p];
      if (owner[u] !== stamp) continue;
      owner[u] = visited;
      level[u] = l + 1;
      queue[tail++] = u;
    }
  }
  // Restore membership stamps for the next BFS over the same subgraph.
  for (let q = 0; q < tail; q++) owner[queue[q]] = stamp;
  return { reached: tail, eccentricity };
}

/** Exact minimum-degree ordering of small subgraphs on a dense elimination graph (reused buffers). */
class LeafOrdering {
  private capacity: number;
  private adjacency: Uint8Array;
  private local: Int32Array;
  private degree: Int32Array;
  private eliminated: Uint8Array;
  private localIndex = new Map<number, number>();

  constructor(leafSize: number) {
    this.capacity = leafSize;
    this.adjacency = new Uint8Array(leafSize * leafSize);
    this.local = new Int32Array(leafSize);
    this.degree = new Int32Array(leafSize);
    this.eliminated = new Uint8Array(leafSize);
  }

  /** Writes order[lo..hi) for the vertices work[lo..hi). `natural` skips minimum degree (large blocks). */
  order(
    work: Int32Array,
    lo: number,
    hi: number,
    pointers: Int32Array,
    neighbours: Int32Array,
    owner: Int32Array,
    stamp: number,
    order: Int32Array,
    natural = false,
  ): void {
    const k = hi - lo;
    if (natural || k > this.capacity) {
      for (let i = lo; i < hi; i++) order[i] = work[i];
      return;
    }
    const { adjacency, local, degree, eliminated, localIndex } = this;
    localIndex.clear();
    for (let i = 0; i < k; i++) {
      local[i] = work[lo + i];
      localIndex.set(local[i], i);
    }
    adjacency.fill(0, 0, k * this.capacity);
    for (let i = 0; i < k; i++) {
      const v = local[i];
      let d = 0;
      for (let p = pointers[v]; p < pointers[v + 1]; p++) {
        const u = neighbours[p];
        if (owner[u] !== stamp) continue;
        const j = localIndex.get(u) as number;
        if (adjacency[i * this.capacity + j] === 0) {
          adjacency[i * this.capacity + j] = 1;
          d++;
        }
      }
      degree[i] = d;
      eliminated[i] = 0;
    }
    for (let step = 0; step < k; step++) {
      let pick = -1;
      let best = Infinity;
      for (let i = 0; i < k; i++) {
        if (eliminated[i] === 0 && degree[i] < best) {
          best = degree[i];
          pick = i;
        }
      }
      eliminated[pick] = 1;
      order[lo + step] = local[pick];
      // Eliminating `pick` makes its remaining neighbours a clique.
      const row = pick * this.capacity;
      for (let a = 0; a < k; a++) {
        if (adjacency[row + a] === 0 || eliminated[a] === 1) continue;
        adjacency[a * this.capacity + pick] = 0;
        degree[a]--;
        for (let b = a + 1; b < k; b++) {
          if (adjacency[row + b] === 0 || eliminated[b] === 1) continue;
          if (adjacency[a * this.capacity + b] === 0) {
            adjacency[a * this.capacity + b] = 1;
            adjacency[b * this.capacity + a] = 1;
            degree[a]++;
            degree[b]++;
          }
        }
      }
    }
  }
}
