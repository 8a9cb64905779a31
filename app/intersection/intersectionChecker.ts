import { segmentTriangleIntersection, SegmentTriangleContact } from './segmentTriangleIntersection.ts';
import { triangleBoxTree, type TriangleBoxTree } from './triangleBoxTree.ts';

/** The fixed part of one mesh the checker looks at: its triangles (welded vertex indices). */
export interface CheckedMesh {
  name: string;
  /** #T×3 vertex indices into the mesh's positions */
  triangles: ArrayLike<number>;
  /** number of vertices (positions hold #V×3 numbers) */
  vertexCount: number;
}

/** Intersections of one frame (intersectionChecker().check). */
export interface FrameIntersections {
  /** all intersecting edge–triangle pairs of the frame, self and between meshes */
  total: number;
  /** per mesh: intersecting pairs of its own edges with its own triangles (pairs sharing a vertex excluded) */
  self: number[];
  /** per pair of meshes that intersect: edges of either against triangles of the other */
  between: Array<{ a: number; b: number; count: number }>;
  /** per mesh: sorted indices of the triangles taking part (the triangle of a pair and the triangles around its edge) */
  triangles: Uint32Array[];
  /** per mesh: triangles of zero area at this frame (repeated vertices included); never tested, counted */
  degenerateTriangles: number[];
  /** per mesh: edges of zero length at this frame; never tested, counted */
  degenerateEdges: number[];
  /**
   * with `listPairs`: every intersecting pair as four numbers (edge mesh, edge index into edges[mesh], triangle mesh,
   * triangle index), sorted by those four numbers in that order (a canonical order: the same frame gives the same
   * list however it was checked, with or without `since`); empty otherwise
   */
  pairList: number[];
}

/** Options of one check (IntersectionChecker.check). */
export interface IntersectionCheckOptions {
  /** per mesh: whether to test the mesh against itself (default all) */
  self?: readonly boolean[];
  /** which pairs of meshes (a < b) to test against each other (default all) */
  pairs?: (a: number, b: number) => boolean;
  /** also list every intersecting pair (pairList) */
  listPairs?: boolean;
  /**
   * An earlier check to start from: `result` is a check of `positions` with the same `self` and `pairs` options and
   * `listPairs: true`, by this checker or another of the same meshes (pairs are named by edge and triangle index,
   * which the triangles alone fix; a kept check's total and pairList are enough). Only pairs with a vertex whose
   * position differs (`!==` on any coordinate) are tested; the others are taken from `result.pairList`. The answer
   * equals a full check.
   */
  since?: { positions: readonly ArrayLike<number>[]; result: Pick<FrameIntersections, 'total' | 'pairList'> };
}

/** A checker for a fixed set of meshes; call check() once per frame. */
export interface IntersectionChecker {
  readonly meshes: readonly CheckedMesh[];
  /** #E×2 unique edges of each mesh (of its triangles with three distinct vertices) */
  readonly edges: readonly Uint32Array[];
  /** per mesh: pairs of distinct triangles sharing an edge that is used by three or more triangles */
  readonly nonManifoldEdges: readonly number[];
  /**
   * Counts the edge–triangle intersections of one frame.
   *
   * @param positions  per mesh, #V×3 world positions [m] of this frame (float32 or float64)
   * @param options    listPairs: also list every intersecting pair (pairList); pairs: which pairs of meshes to test
   *                   against each other (default all); self: which meshes to test against themselves (default
   *                   all); since: an earlier check (with listPairs) of other positions, so that only what moved
   *                   is tested
   */
  check(positions: readonly ArrayLike<number>[], options?: IntersectionCheckOptions): FrameIntersections;
}

/** A refit tree whose cost (Σ node areas / root area) exceeds this multiple of a fresh build's is rebuilt. */
const REBUILD_COST_RATIO = 2;

/**
 * What the checker keeps per mesh: topology (fixed), a layout in the tree's slot order (rebuilt with the tree's
 * topology), and per-check scratch (allocated once). Slot s holds triangle tree.items[s]; the edges it owns follow
 * one another in slot order, so a leaf's triangles and their edges are neighbours in memory.
 */
interface MeshData {
  vertexCount: number;
  /** #T×3 vertex indices (a copy) */
  triangles: Uint32Array;
  edges: Uint32Array;
  edgeTriangleOffsets: Uint32Array;
  edgeTriangles: Uint32Array;
  /** #T: triangles with a repeated vertex index (never in the tree, always degenerate) */
  repeated: Uint8Array;
  repeatedCount: number;
  tree: TriangleBoxTree | null;
  /** the tree build the slot layout below was made for */
  layoutBuild: number;
  /** #slots+1 offsets into the slot edges (those each slot's triangle owns); #E edge ids and #E×2 their ends in slot order */
  slotEdgeOffsets: Uint32Array;
  slotEdges: Uint32Array;
  slotEdgeEnds: Uint32Array;
  /** the check the tree and the arrays below were last fitted in */
  fittedAt: number;
  /** per check, slot order: degenerate triangles, zero-length edges, #E×6 edge boxes */
  slotDegenerate: Uint8Array;
  slotShortEdge: Uint8Array;
  slotEdgeBoxes: Float64Array;
  /** per check with `since`: #V moved vertices; slot order: moved triangles and edges; per node: holds a moved triangle */
  movedVertex: Uint8Array;
  slotMoved: Uint8Array;
  slotEdgeMoved: Uint8Array;
  movedNode: Uint8Array;
  /** per check: #T triangles taking part */
  involved: Uint8Array;
}

/**
 * The intersection checker users run (`overlap check`) and every contact test uses as its oracle: for each frame,
 * the number of edge–triangle pairs that intersect, within each mesh (an edge against a triangle it shares no vertex
 * with) and between every pair of meshes, decided exactly in double precision (segmentTriangleIntersection). Counting
 * edge–triangle pairs is the standard discrete measure of intersecting surfaces (two triangles that cut through
 * each other give two such pairs, a closed surface pierced by an edge one).
 *
 * Broad phase (it only has to never miss a pair whose boxes overlap): a median-split box tree over each mesh's
 * triangles (triangleBoxTree), built at the first check and refit at later ones (rebuilt when refitting has doubled
 * its cost). Every edge is owned by one of its triangles (its first), so an edge's box lies in its owner's box and in
 * its owner's leaf's box. A dual traversal of the tree against itself (self; each unordered pair of leaves once, a
 * leaf with itself included) or against the other mesh's tree (between) lists the pairs of leaves whose boxes
 * overlap; then for each listed pair, the edges owned by either leaf are tested against the other leaf's triangles:
 * edge box against the other leaf's box, then per triangle the shared-vertex test (within one mesh) and the box test,
 * then the exact test. Each edge–triangle pair is considered at most once, in the one visit of the leaves of its
 * edge's owner and of its triangle. Degenerate triangles (repeated vertex or exactly zero area at that frame) and
 * zero-length edges are counted and skipped, never tested, so bad input cannot produce NaN or a hang.
 *
 * `since`: vertices whose coordinates are not all identical (`!==`) to the earlier frame's are moved; a triangle or
 * edge with a moved vertex is moved, and so is a tree node holding a moved triangle (an edge is moved only if its
 * owner is). The traversal skips node pairs where neither side is moved and the leaf work skips edge–triangle pairs
 * where neither is; the pairs of two unmoved features keep the earlier answer (same coordinates, same exact
 * decisions), taken from the earlier pairList where this check's options still ask for them. The result equals a
 * full check in every field; an earlier result without its pairList (listPairs off, total > 0) is refused.
 *
 * Independent of the solver: nothing here is shared with app/contact.
 *
 * DESIGN NOTES (bench/intersection.bench.ts; the generated character at 3 subdivisions: 12.8k vertices, 25.7k
 * triangles, 38.5k edges, Jump frames; CPU, 2 shared cores)
 * - The previous version (a number[]/closure tree rebuilt per check, one root query per edge with a closure per
 *   edge) took 55–70 ms per check, nearly all of it broad phase; the exact tests cost ~1.5 ms of it, then and now.
 * - What each step bought, in ms per check: typed-array tree refit instead of rebuilt + dual traversal with owned
 *   edges, 70 → 39; module-level loops instead of closures, → 30; slot-ordered data (a leaf's triangles and edges
 *   adjacent in memory) and edges tested against a leaf instead of triangle pairs, → 25; branch-free box and
 *   shared-vertex tests (`+(a > b) | …`: the outcomes are close to random, so branches mispredict), → 19; leaf pairs
 *   listed first and each side's edges run in one loop without a call per leaf pair, → 16–18.
 * - Tried and dropped: leaves of 2, 3, 5, 6, 8 triangles (4 is best); both sides of a leaf pair in one call (slower:
 *   the call's property loads); a per-leaf mask of the triangles reaching into the edges' leaf (no gain).
 * - Most of the remaining work is neighbours on the surface: an edge's box overlaps ~10 triangle boxes, almost all
 *   sharing a vertex with it; 17k of 400k box-overlapping pairs reach the exact test.
 * - The tree is refit, not rebuilt: a skinned surface keeps its neighbourhoods, so the first frame's topology stays
 *   good (measured: a tree built at each frame is no faster than one refit from another frame of the clip); the
 *   cost ratio catches a frame that tears it apart (tested with a scrambled frame).
 * - pairList is sorted (edge mesh, edge, triangle mesh, triangle): the order found depends on the tree, and a since
 *   check mixes found and kept pairs; app/contact/surfaceRepair.ts, its one user, only counts and collects them.
 *
 * @param meshes  the meshes' triangles (welded indices, so seams do not read as touching triangles)
 * @returns a checker
 */
export function intersectionChecker(meshes: readonly CheckedMesh[]): IntersectionChecker {
  const data: MeshData[] = meshes.map(meshData);
  const edges = data.map((d) => d.edges);
  const nonManifoldEdges = data.map((d) => {
    let nonManifold = 0;
    for (let k = 0; k + 1 < d.edgeTriangleOffsets.length; k++) if (d.edgeTriangleOffsets[k + 1] - d.edgeTriangleOffsets[k] > 2) nonManifold++;
    return nonManifold;
  });
  let checkCount = 0;
  const buffers = { stack: new Int32Array(256), leafPairs: new Int32Array(1024) };
  /** Intersecting pairs between meshes ma and mb (the same for self), both fitted: leaf pairs, then each side's edges. */
  const collectPairs = (ma: number, PA: ArrayLike<number>, mb: number, PB: ArrayLike<number>, incremental: boolean, found: number[]): void => {
    const self = ma === mb;
    const count = overlappingLeaves(data[ma], data[mb], self, incremental, buffers);
    edgesAgainstLeaves(ma, data[ma], PA, mb, data[mb], PB, buffers.leafPairs, count, 0, false, incremental, found);
    edgesAgainstLeaves(mb, data[mb], PB, ma, data[ma], PA, buffers.leafPairs, count, 1, self, incremental, found);
  };

  return {
    meshes,
    edges,
    nonManifoldEdges,
    check(positions, options = {}) {
      if (positions.length !== meshes.length) throw new RangeError(`intersectionChecker: ${positions.length} position arrays for ${meshes.length} meshes`);
      meshes.forEach((mesh, m) => {
        const P = positions[m];
        if (P.length < 3 * mesh.vertexCount) throw new RangeError(`intersectionChecker: mesh "${mesh.name}" needs ${3 * mesh.vertexCount} numbers, got ${P.length}`);
        for (let k = 0; k < 3 * mesh.vertexCount; k++) {
          if (!Number.isFinite(P[k])) throw new RangeError(`intersectionChecker: mesh "${mesh.name}" vertex ${Math.floor(k / 3)} has a non-finite coordinate`);
        }
      });
      const since = options.since;
      if (since) {
        if (since.positions.length !== meshes.length) throw new RangeError(`intersectionChecker: since has ${since.positions.length} position arrays for ${meshes.length} meshes`);
        meshes.forEach((mesh, m) => {
          if (since.positions[m].length < 3 * mesh.vertexCount) throw new RangeError(`intersectionChecker: since: mesh "${mesh.name}" needs ${3 * mesh.vertexCount} numbers, got ${since.positions[m].length}`);
        });
        if (since.result.pairList.length !== 4 * since.result.total) {
          throw new RangeError(`intersectionChecker: since.result lists ${since.result.pairList.length / 4} of its ${since.result.total} pairs: check the earlier frame with listPairs: true`);
        }
      }
      checkCount++;
      const incremental = since !== undefined;
      const selfWanted = (m: number): boolean => !(options.self && !options.self[m]);
      const pairWanted = (a: number, b: number): boolean => !(options.pairs && !options.pairs(a, b));
      if (since) data.forEach((d, m) => markMovedVertices(d, positions[m], since.positions[m]));
      const found: number[] = [];
      const fit = (m: number): void => {
        if (data[m].fittedAt !== checkCount) fitMesh(data[m], positions[m], incremental, checkCount);
      };
      for (let m = 0; m < meshes.length; m++) {
        if (!selfWanted(m)) continue;
        fit(m);
        collectPairs(m, positions[m], m, positions[m], incremental, found);
      }
      for (let a = 0; a < meshes.length; a++) {
        for (let b = a + 1; b < meshes.length; b++) {
          if (!pairWanted(a, b)) continue;
          fit(a);
          fit(b);
          collectPairs(a, positions[a], b, positions[b], incremental, found);
        }
      }
      if (since) {
        // Pairs of two unmoved features: the earlier answer, where this check asks for them.
        const list = since.result.pairList;
        for (let k = 0; k < list.length; k += 4) {
          const em = list[k], edge = list[k + 1], tm = list[k + 2], t = list[k + 3];
          const E = data[em], T = data[tm];
          if (!E || !T || !(edge < E.edges.length / 2) || !(t < T.repeated.length)) {
            throw new RangeError(`intersectionChecker: since.result.pairList names edge ${edge} of mesh ${em} and triangle ${t} of mesh ${tm}, not in this checker's meshes`);
          }
          if (em === tm ? !selfWanted(em) : !pairWanted(Math.min(em, tm), Math.max(em, tm))) continue;
          const moved = T.movedVertex;
          if (E.movedVertex[E.edges[2 * edge]] !== 0 || E.movedVertex[E.edges[2 * edge + 1]] !== 0) continue;
          if (moved[T.triangles[3 * t]] !== 0 || moved[T.triangles[3 * t + 1]] !== 0 || moved[T.triangles[3 * t + 2]] !== 0) continue;
          found.push(em, edge, tm, t);
        }
      }

      // Canonical order, counts, triangles taking part.
      const pairCount = found.length / 4;
      const order = new Uint32Array(pairCount);
      for (let i = 0; i < pairCount; i++) order[i] = i;
      order.sort((i, j) => found[4 * i] - found[4 * j] || found[4 * i + 1] - found[4 * j + 1] || found[4 * i + 2] - found[4 * j + 2] || found[4 * i + 3] - found[4 * j + 3]);
      const self = meshes.map(() => 0);
      const betweenCounts = new Map<number, number>();
      const pairList: number[] = [];
      for (const d of data) d.involved.fill(0);
      for (const i of order) {
        const em = found[4 * i], edge = found[4 * i + 1], tm = found[4 * i + 2], t = found[4 * i + 3];
        if (options.listPairs) pairList.push(em, edge, tm, t);
        if (em === tm) self[em]++;
        else {
          const key = Math.min(em, tm) * meshes.length + Math.max(em, tm);
          betweenCounts.set(key, (betweenCounts.get(key) ?? 0) + 1);
        }
        data[tm].involved[t] = 1;
        const E = data[em];
        for (let k = E.edgeTriangleOffsets[edge]; k < E.edgeTriangleOffsets[edge + 1]; k++) E.involved[E.edgeTriangles[k]] = 1;
      }
      const between: FrameIntersections['between'] = [...betweenCounts.entries()]
        .sort((x, y) => x[0] - y[0])
        .map(([key, count]) => ({ a: Math.floor(key / meshes.length), b: key % meshes.length, count }));
      return {
        total: pairCount,
        self,
        between,
        triangles: data.map((d) => {
          let n = 0;
          for (let t = 0; t < d.involved.length; t++) n += d.involved[t];
          const out = new Uint32Array(n);
          for (let t = 0, k = 0; t < d.involved.length; t++) if (d.involved[t] !== 0) out[k++] = t;
          return out;
        }),
        degenerateTriangles: data.map((d, m) => (d.fittedAt === checkCount ? d.repeatedCount + countNonZero(d.slotDegenerate) : degenerateTriangleCount(d, positions[m]))),
        degenerateEdges: data.map((d, m) => (d.fittedAt === checkCount ? countNonZero(d.slotShortEdge) : shortEdgeCount(d, positions[m]))),
        pairList,
      };
    },
  };
}

/** movedVertex[v] = 1 where any coordinate of v differs (`!==`) between P and the earlier S. */
function markMovedVertices(d: MeshData, P: ArrayLike<number>, S: ArrayLike<number>): void {
  const moved = d.movedVertex;
  for (let v = 0; v < d.vertexCount; v++) moved[v] = P[3 * v] !== S[3 * v] || P[3 * v + 1] !== S[3 * v + 1] || P[3 * v + 2] !== S[3 * v + 2] ? 1 : 0;
}

/**
 * Fits one mesh's broad phase to this check's positions: the tree (built at the first check, refit later, rebuilt
 * when refitting has degraded it), the slot layout after a (re)build, and the per-check slot arrays: degenerate
 * triangles, zero-length edges, edge boxes, and with `incremental` the moved flags of slots, edges and nodes.
 */
function fitMesh(d: MeshData, P: ArrayLike<number>, incremental: boolean, checkCount: number): void {
  if (d.tree === null) d.tree = triangleBoxTree(P, d.triangles, d.repeated);
  else if (d.tree.refit(P) > REBUILD_COST_RATIO) d.tree.rebuild(P);
  d.fittedAt = checkCount;
  const tree = d.tree;
  if (d.layoutBuild !== tree.builds) layOut(d, tree);
  const slots = tree.items.length;
  markDegenerate(P, tree.itemVertices, slots, d.slotDegenerate);
  fitEdges(P, d.slotEdgeEnds, d.slotEdgeBoxes, d.slotShortEdge);
  if (!incremental) return;
  markMovedSlots(d.movedVertex, tree.itemVertices, slots, d.slotEdgeEnds, d.slotMoved, d.slotEdgeMoved);
  markMovedNodes(tree.nodeCount, tree.firstChild, tree.itemStart, tree.itemCount, d.slotMoved, d.movedNode);
}

// The loops of fitMesh, one per function: each gets its own complete type feedback, so none deoptimizes the others.

function markDegenerate(P: ArrayLike<number>, vertices: Uint32Array, slots: number, out: Uint8Array): void {
  for (let s = 0; s < slots; s++) out[s] = zeroArea(P, vertices[3 * s], vertices[3 * s + 1], vertices[3 * s + 2]) ? 1 : 0;
}

function fitEdges(P: ArrayLike<number>, ends: Uint32Array, boxes: Float64Array, short: Uint8Array): void {
  const edgeCount = ends.length / 2;
  for (let k = 0; k < edgeCount; k++) {
    const p = 3 * ends[2 * k], q = 3 * ends[2 * k + 1];
    const px = P[p], py = P[p + 1], pz = P[p + 2], qx = P[q], qy = P[q + 1], qz = P[q + 2];
    short[k] = px === qx && py === qy && pz === qz ? 1 : 0;
    const o = 6 * k;
    boxes[o] = px < qx ? px : qx;
    boxes[o + 1] = py < qy ? py : qy;
    boxes[o + 2] = pz < qz ? pz : qz;
    boxes[o + 3] = px > qx ? px : qx;
    boxes[o + 4] = py > qy ? py : qy;
    boxes[o + 5] = pz > qz ? pz : qz;
  }
}

function markMovedSlots(moved: Uint8Array, vertices: Uint32Array, slots: number, ends: Uint32Array, slotMoved: Uint8Array, edgeMoved: Uint8Array): void {
  for (let s = 0; s < slots; s++) slotMoved[s] = moved[vertices[3 * s]] | moved[vertices[3 * s + 1]] | moved[vertices[3 * s + 2]];
  for (let k = 0; k < edgeMoved.length; k++) edgeMoved[k] = moved[ends[2 * k]] | moved[ends[2 * k + 1]];
}

/** Whether each node holds a moved slot; children are numbered after their parents, so a reverse sweep is bottom-up. */
function markMovedNodes(nodeCount: number, firstChild: Int32Array, itemStart: Uint32Array, itemCount: Uint32Array, slotMoved: Uint8Array, movedNode: Uint8Array): void {
  for (let node = nodeCount - 1; node >= 0; node--) {
    const child = firstChild[node];
    let flag = 0;
    if (child >= 0) flag = movedNode[child] | movedNode[child + 1];
    else for (let s = itemStart[node], end = s + itemCount[node]; s < end && flag === 0; s++) flag = slotMoved[s];
    movedNode[node] = flag;
  }
}

/** The slot layout of a freshly (re)built tree: the edges each slot's triangle owns, their ids and ends, in slot order. */
function layOut(d: MeshData, tree: TriangleBoxTree): void {
  d.layoutBuild = tree.builds;
  const items = tree.items;
  const slotOf = new Int32Array(d.repeated.length).fill(-1);
  for (let s = 0; s < items.length; s++) slotOf[items[s]] = s;
  // Owner of each edge: its first triangle (three distinct vertices, so it is in the tree and its box holds the edge).
  const edgeCount = d.edges.length / 2;
  const offsets = d.slotEdgeOffsets;
  offsets.fill(0);
  for (let e = 0; e < edgeCount; e++) offsets[slotOf[d.edgeTriangles[d.edgeTriangleOffsets[e]]] + 1]++;
  for (let s = 0; s < items.length; s++) offsets[s + 1] += offsets[s];
  const next = offsets.slice(0, items.length);
  for (let e = 0; e < edgeCount; e++) {
    const k = next[slotOf[d.edgeTriangles[d.edgeTriangleOffsets[e]]]]++;
    d.slotEdges[k] = e;
    d.slotEdgeEnds[2 * k] = d.edges[2 * e];
    d.slotEdgeEnds[2 * k + 1] = d.edges[2 * e + 1];
  }
}

/** Triangles of zero area at P (repeated vertices included), for a mesh not fitted this check. */
function degenerateTriangleCount(d: MeshData, P: ArrayLike<number>): number {
  let count = d.repeatedCount;
  const tri = d.triangles;
  for (let t = 0; t < d.repeated.length; t++) if (d.repeated[t] === 0 && zeroArea(P, tri[3 * t], tri[3 * t + 1], tri[3 * t + 2])) count++;
  return count;
}

/** Edges of zero length at P, for a mesh not fitted this check. */
function shortEdgeCount(d: MeshData, P: ArrayLike<number>): number {
  let count = 0;
  const e = d.edges;
  for (let k = 0; k < e.length; k += 2) {
    const p = 3 * e[k], q = 3 * e[k + 1];
    if (P[p] === P[q] && P[p + 1] === P[q + 1] && P[p + 2] === P[q + 2]) count++;
  }
  return count;
}

function countNonZero(flags: Uint8Array): number {
  let count = 0;
  for (let k = 0; k < flags.length; k++) if (flags[k] !== 0) count++;
  return count;
}

/**
 * The pairs of leaves of two trees whose boxes overlap (one tree against itself when self: each unordered pair once,
 * a leaf with itself included), written to `buffers.leafPairs` as (leaf of A, leaf of B): a dual traversal with an
 * explicit stack (`buffers.stack`), splitting the node with more triangles. With `incremental`, node pairs where
 * neither node holds a moved triangle are skipped. Either buffer is replaced by a larger one when it runs out.
 *
 * @returns the number of leaf pairs
 */
function overlappingLeaves(A: MeshData, B: MeshData, self: boolean, incremental: boolean, buffers: { stack: Int32Array; leafPairs: Int32Array }): number {
  const treeA = A.tree!, treeB = B.tree!;
  if (treeA.nodeCount === 0 || treeB.nodeCount === 0) return 0;
  const firstChildA = treeA.firstChild, itemCountA = treeA.itemCount, boxesA = treeA.boxes;
  const firstChildB = treeB.firstChild, itemCountB = treeB.itemCount, boxesB = treeB.boxes;
  const movedNodeA = A.movedNode, movedNodeB = B.movedNode;
  let stack = buffers.stack;
  let out = buffers.leafPairs;
  let count = 0;
  let top = 0;
  stack[top++] = 0;
  stack[top++] = 0;
  while (top > 0) {
    const nb = stack[--top];
    const na = stack[--top];
    const childA = firstChildA[na];
    if (self && na === nb) {
      if (incremental && movedNodeA[na] === 0) continue;
      if (childA < 0) {
        if (2 * count + 2 > out.length) out = grown(out);
        out[2 * count] = na;
        out[2 * count + 1] = na;
        count++;
        continue;
      }
      if (top + 6 > stack.length) stack = grown(stack);
      stack[top++] = childA;
      stack[top++] = childA;
      stack[top++] = childA + 1;
      stack[top++] = childA + 1;
      stack[top++] = childA;
      stack[top++] = childA + 1;
      continue;
    }
    if (incremental && movedNodeA[na] === 0 && movedNodeB[nb] === 0) continue;
    const na6 = 6 * na, nb6 = 6 * nb;
    // Branch-free (each comparison a 0/1 number): the outcome is close to random, and a mispredicted branch costs
    // more than evaluating every term.
    const apart =
      +(boxesA[na6] > boxesB[nb6 + 3]) | +(boxesA[na6 + 1] > boxesB[nb6 + 4]) | +(boxesA[na6 + 2] > boxesB[nb6 + 5]) | +(boxesB[nb6] > boxesA[na6 + 3]) | +(boxesB[nb6 + 1] > boxesA[na6 + 4]) | +(boxesB[nb6 + 2] > boxesA[na6 + 5]);
    if (apart !== 0) continue;
    const childB = firstChildB[nb];
    if (childA < 0 && childB < 0) {
      if (2 * count + 2 > out.length) out = grown(out);
      out[2 * count] = na;
      out[2 * count + 1] = nb;
      count++;
      continue;
    }
    if (top + 4 > stack.length) stack = grown(stack);
    if (childB < 0 || (childA >= 0 && itemCountA[na] >= itemCountB[nb])) {
      stack[top++] = childA;
      stack[top++] = nb;
      stack[top++] = childA + 1;
      stack[top++] = nb;
    } else {
      stack[top++] = na;
      stack[top++] = childB;
      stack[top++] = na;
      stack[top++] = childB + 1;
    }
  }
  buffers.stack = stack;
  buffers.leafPairs = out;
  return count;
}

/**
 * For each listed pair of leaves, the edges owned by the first leaf's triangles (mesh em) against the second leaf's
 * triangles (mesh tm); `side` 1 swaps the roles of the two columns of `leafPairs`, `skipSameLeaf` leaves out a leaf
 * paired with itself (done by the other side). Skips zero-length edges, edges whose box misses the leaf's box,
 * pairs within one mesh that share a vertex, disjoint boxes, degenerate triangles, and with `incremental` pairs of
 * two unmoved features; pushes the intersecting ones onto `found` (edge and triangle ids).
 */
function edgesAgainstLeaves(
  em: number,
  E: MeshData,
  PE: ArrayLike<number>,
  tm: number,
  T: MeshData,
  PT: ArrayLike<number>,
  leafPairs: Int32Array,
  pairCount: number,
  side: number,
  skipSameLeaf: boolean,
  incremental: boolean,
  found: number[],
): void {
  const sameMesh = em === tm ? 1 : 0;
  const edgeTree = E.tree!, triangleTree = T.tree!;
  const edgeItemStart = edgeTree.itemStart, edgeItemCount = edgeTree.itemCount, owned = E.slotEdgeOffsets;
  const ends = E.slotEdgeEnds, edgeBoxes = E.slotEdgeBoxes, shortEdge = E.slotShortEdge, edgeMoved = E.slotEdgeMoved, edgeIds = E.slotEdges;
  const itemStart = triangleTree.itemStart, itemCount = triangleTree.itemCount, nodeBoxes = triangleTree.boxes;
  const vertices = triangleTree.itemVertices, triangleBoxes = triangleTree.itemBoxes, items = triangleTree.items;
  const degenerate = T.slotDegenerate, triangleMoved = T.slotMoved, movedNode = T.movedNode;
  for (let i = 0; i < pairCount; i++) {
    const edgeLeaf = leafPairs[2 * i + side], leaf = leafPairs[2 * i + 1 - side];
    if (skipSameLeaf && edgeLeaf === leaf) continue;
    const edgeSlot = edgeItemStart[edgeLeaf];
    const edgeStart = owned[edgeSlot], edgeEnd = owned[edgeSlot + edgeItemCount[edgeLeaf]];
    const slotStart = itemStart[leaf], slotEnd = slotStart + itemCount[leaf];
    const leafMoved = incremental && movedNode[leaf] !== 0;
    const n = 6 * leaf;
    const nx0 = nodeBoxes[n], ny0 = nodeBoxes[n + 1], nz0 = nodeBoxes[n + 2], nx1 = nodeBoxes[n + 3], ny1 = nodeBoxes[n + 4], nz1 = nodeBoxes[n + 5];
    for (let k = edgeStart; k < edgeEnd; k++) {
      if (shortEdge[k] !== 0) continue;
      const moved = !incremental || edgeMoved[k] !== 0;
      if (!moved && !leafMoved) continue;
      const e = 6 * k;
      const x0 = edgeBoxes[e], y0 = edgeBoxes[e + 1], z0 = edgeBoxes[e + 2], x1 = edgeBoxes[e + 3], y1 = edgeBoxes[e + 4], z1 = edgeBoxes[e + 5];
      if ((+(x0 > nx1) | +(y0 > ny1) | +(z0 > nz1) | +(x1 < nx0) | +(y1 < ny0) | +(z1 < nz0)) !== 0) continue;
      const p = ends[2 * k], q = ends[2 * k + 1];
      for (let s = slotStart; s < slotEnd; s++) {
        const a = vertices[3 * s], b = vertices[3 * s + 1], c = vertices[3 * s + 2];
        const o = 6 * s;
        // Branch-free, as above: most of these pairs are neighbours on the surface, sharing a vertex or not.
        const shares = +(p === a) | +(p === b) | +(p === c) | +(q === a) | +(q === b) | +(q === c);
        const apart = +(x0 > triangleBoxes[o + 3]) | +(y0 > triangleBoxes[o + 4]) | +(z0 > triangleBoxes[o + 5]) | +(x1 < triangleBoxes[o]) | +(y1 < triangleBoxes[o + 1]) | +(z1 < triangleBoxes[o + 2]);
        if (((shares & sameMesh) | apart) !== 0) continue;
        if (degenerate[s] !== 0 || (!moved && triangleMoved[s] === 0)) continue;
        const result = segmentTriangleIntersection(PE, p, q, a, b, c, PT);
        if (result === SegmentTriangleContact.Crossing || result === SegmentTriangleContact.Coplanar) found.push(em, edgeIds[k], tm, items[s]);
      }
    }
  }
}

function grown(array: Int32Array): Int32Array {
  const out = new Int32Array(2 * array.length);
  out.set(array);
  return out;
}

/** Edges, their triangles and per-check scratch of one mesh; validates its indices. */
function meshData(mesh: CheckedMesh): MeshData {
  const triangleCount = Math.floor(mesh.triangles.length / 3);
  const V = mesh.vertexCount;
  const triangles = new Uint32Array(3 * triangleCount);
  const repeated = new Uint8Array(triangleCount);
  let repeatedCount = 0;
  const map = new Map<number, number[]>();
  for (let t = 0; t < triangleCount; t++) {
    const a = mesh.triangles[3 * t], b = mesh.triangles[3 * t + 1], c = mesh.triangles[3 * t + 2];
    if (!(a < V && b < V && c < V)) throw new RangeError(`intersectionChecker: mesh "${mesh.name}" triangle ${t} uses a vertex ≥ ${V}`);
    triangles[3 * t] = a;
    triangles[3 * t + 1] = b;
    triangles[3 * t + 2] = c;
    if (a === b || b === c || c === a) {
      repeated[t] = 1;
      repeatedCount++;
      continue;
    }
    for (const [i, j] of [[a, b], [b, c], [c, a]]) {
      const key = Math.min(i, j) * V + Math.max(i, j);
      let list = map.get(key);
      if (!list) map.set(key, (list = []));
      list.push(t);
    }
  }
  const keys = [...map.keys()].sort((x, y) => x - y);
  const edges = new Uint32Array(2 * keys.length);
  const edgeTriangleOffsets = new Uint32Array(keys.length + 1);
  let total = 0;
  keys.forEach((key, k) => {
    edges[2 * k] = Math.floor(key / V);
    edges[2 * k + 1] = key % V;
    total += map.get(key)!.length;
    edgeTriangleOffsets[k + 1] = total;
  });
  const edgeTriangles = new Uint32Array(total);
  keys.forEach((key, k) => edgeTriangles.set(map.get(key)!, edgeTriangleOffsets[k]));
  const slots = triangleCount - repeatedCount;
  const E = keys.length;
  return {
    vertexCount: V,
    triangles,
    edges,
    edgeTriangleOffsets,
    edgeTriangles,
    repeated,
    repeatedCount,
    tree: null,
    layoutBuild: 0,
    slotEdgeOffsets: new Uint32Array(slots + 1),
    slotEdges: new Uint32Array(E),
    slotEdgeEnds: new Uint32Array(2 * E),
    fittedAt: 0,
    slotDegenerate: new Uint8Array(slots),
    slotShortEdge: new Uint8Array(E),
    slotEdgeBoxes: new Float64Array(6 * E),
    movedVertex: new Uint8Array(V),
    slotMoved: new Uint8Array(slots),
    slotEdgeMoved: new Uint8Array(E),
    movedNode: new Uint8Array(Math.max(1, 2 * slots - 1)),
    involved: new Uint8Array(triangleCount),
  };
}

/** Exactly zero area: the three corners are collinear (all three coordinate projections have zero signed area). */
function zeroArea(P: ArrayLike<number>, a: number, b: number, c: number): boolean {
  const ax = P[3 * a], ay = P[3 * a + 1], az = P[3 * a + 2];
  const ux = P[3 * b] - ax, uy = P[3 * b + 1] - ay, uz = P[3 * b + 2] - az;
  const vx = P[3 * c] - ax, vy = P[3 * c + 1] - ay, vz = P[3 * c + 2] - az;
  // For float32 inputs these differences and products are exact in double, so the float cross product is zero exactly
  // when the triangle is; where rounding hides a true zero the exact segment test still reports Degenerate, uncounted.
  const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
  if (nx !== 0 || ny !== 0 || nz !== 0) return false;
  return true;
}
