import { canonicalIntersections } from './checker/canonicalIntersections.ts';
import { checkerMeshData } from './checker/checkerMeshData.ts';
import { edgesAgainstLeaves } from './checker/edgesAgainstLeaves.ts';
import { fitMesh } from './checker/fitMesh.ts';
import { keptPairs } from './checker/keptPairs.ts';
import { markMovedVertices } from './checker/markMovedVertices.ts';
import { overlappingLeaves } from './checker/overlappingLeaves.ts';
import type { CheckedMesh, CheckerMeshData, IntersectionChecker, LeafPairBuffers } from './checker/types.ts';

export type { CheckedMesh, FrameIntersections, IntersectionCheckOptions, IntersectionChecker } from './checker/types.ts';

/**
 * The intersection checker users run (`overlap check`) and every contact test uses as its oracle: for each frame,
 * the number of edge–triangle pairs that intersect, within each mesh (an edge against a triangle it shares no vertex
 * with) and between every pair of meshes, decided exactly in double precision (segmentTriangleIntersection). Counting
 * edge–triangle pairs is the standard discrete measure of intersecting surfaces (two triangles that cut through
 * each other give two such pairs, a closed surface pierced by an edge one).
 *
 * Broad phase (it only has to never miss a pair whose boxes overlap): a median-split box tree over each mesh's
 * triangles (app/geometry boxBvh, the engine's one refitted box tree), built at the first check and refit at later
 * ones (rebuilt when refitting has doubled its cost). Every edge is owned by one of its triangles (its first), so an edge's box lies in its owner's box and in
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
 * Independent of the solver: nothing here is shared with app/contact (the box tree is app/geometry's, tested against
 * brute force on its own). The steps are the files of checker/ (README.md):
 * checkerMeshData, then per check markMovedVertices, fitMesh, overlappingLeaves, edgesAgainstLeaves, keptPairs and
 * canonicalIntersections; their struct is CheckerMeshData (checker/types.ts).
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
 * - The tree was the checker's own triangleBoxTree until issue 36 (one tree per job): on boxBvh, with the checker's
 *   triangle boxes copied into slot order per check, a check takes 0.83–1.02× the time (interleaved A/B in one
 *   process; bench/boxTrees.bench.ts has the tree-against-tree numbers) and answers the same.
 * - pairList is sorted (edge mesh, edge, triangle mesh, triangle): the order found depends on the tree, and a since
 *   check mixes found and kept pairs; app/contact/surfaceRepair.ts, its one user, only counts and collects them.
 *
 * @param meshes  the meshes' triangles (welded indices, so seams do not read as touching triangles)
 * @returns a checker
 */
export function intersectionChecker(meshes: readonly CheckedMesh[]): IntersectionChecker {
  const data: CheckerMeshData[] = meshes.map(checkerMeshData);
  const edges = data.map((d) => d.edges);
  const nonManifoldEdges = data.map((d) => {
    let nonManifold = 0;
    for (let k = 0; k + 1 < d.edgeTriangleOffsets.length; k++) if (d.edgeTriangleOffsets[k + 1] - d.edgeTriangleOffsets[k] > 2) nonManifold++;
    return nonManifold;
  });
  let checkCount = 0;
  const buffers: LeafPairBuffers = { stack: new Int32Array(256), leafPairs: new Int32Array(1024) };
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
        if (P.length < 3 * mesh.vertexCount)
          throw new RangeError(`intersectionChecker: mesh "${mesh.name}" needs ${3 * mesh.vertexCount} numbers, got ${P.length}`);
        for (let k = 0; k < 3 * mesh.vertexCount; k++) {
          if (!Number.isFinite(P[k])) throw new RangeError(`intersectionChecker: mesh "${mesh.name}" vertex ${Math.floor(k / 3)} has a non-finite coordinate`);
        }
      });
      const since = options.since;
      if (since) {
        if (since.positions.length !== meshes.length)
          throw new RangeError(`intersectionChecker: since has ${since.positions.length} position arrays for ${meshes.length} meshes`);
        meshes.forEach((mesh, m) => {
          if (since.positions[m].length < 3 * mesh.vertexCount)
            throw new RangeError(`intersectionChecker: since: mesh "${mesh.name}" needs ${3 * mesh.vertexCount} numbers, got ${since.positions[m].length}`);
        });
        if (since.result.pairList.length !== 4 * since.result.total) {
          throw new RangeError(
            `intersectionChecker: since.result lists ${since.result.pairList.length / 4} of its ${since.result.total} pairs: check the earlier frame with listPairs: true`,
          );
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
      // Pairs of two unmoved features: the earlier answer, where this check asks for them.
      if (since) keptPairs(since.result.pairList, data, selfWanted, pairWanted, found);
      return canonicalIntersections(found, data, positions, checkCount, Boolean(options.listPairs));
    },
  };
}
