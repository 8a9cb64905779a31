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
   * triangle index), in the order found; empty otherwise
   */
  pairList: number[];
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
   *                   against each other (default all); self: which meshes to
   *                   test against themselves (default all)
   */
  check(positions: readonly ArrayLike<number>[], options?: { self?: readonly boolean[]; pairs?: (a: number, b: number) => boolean; listPairs?: boolean }): FrameIntersections;
}

/**
 * The intersection checker users run (`overlap check`) and every contact test uses as its oracle: for each frame,
 * the number of edge–triangle pairs that intersect, within each mesh (an edge against a triangle it shares no vertex
 * with) and between every pair of meshes, decided exactly in double precision (segmentTriangleIntersection). Counting
 * edge–triangle pairs is the standard discrete measure (seed 001 §4 asks for "an exact triangle–triangle test and
 * count intersecting pairs"; two triangles that cut through each other give two such pairs, a closed surface pierced
 * by an edge one).
 *
 * Broad phase: a median-split box tree over each mesh's triangles, rebuilt per frame (triangleBoxTree), queried with
 * each edge's box. Degenerate triangles (repeated vertex or exactly zero area at that frame) and zero-length edges are
 * counted and skipped, never tested, so bad input cannot produce NaN or a hang.
 *
 * Independent of the solver: nothing here is shared with app/contact.
 *
 * @param meshes  the meshes' triangles (welded indices, so seams do not read as touching triangles)
 * @returns a checker
 */
export function intersectionChecker(meshes: readonly CheckedMesh[]): IntersectionChecker {
  const edges: Uint32Array[] = [];
  const edgeTriangleOffsets: Uint32Array[] = [];
  const edgeTriangles: Uint32Array[] = [];
  const repeated: Uint8Array[] = [];
  const nonManifoldEdges: number[] = [];
  for (const mesh of meshes) {
    const triangleCount = Math.floor(mesh.triangles.length / 3);
    const flags = new Uint8Array(triangleCount);
    const map = new Map<number, number[]>();
    const V = mesh.vertexCount;
    for (let t = 0; t < triangleCount; t++) {
      const a = mesh.triangles[3 * t], b = mesh.triangles[3 * t + 1], c = mesh.triangles[3 * t + 2];
      if (!(a < V && b < V && c < V)) throw new RangeError(`intersectionChecker: mesh "${mesh.name}" triangle ${t} uses a vertex ≥ ${V}`);
      if (a === b || b === c || c === a) {
        flags[t] = 1;
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
    const e = new Uint32Array(2 * keys.length);
    const offsets = new Uint32Array(keys.length + 1);
    let total = 0;
    keys.forEach((key, k) => {
      e[2 * k] = Math.floor(key / V);
      e[2 * k + 1] = key % V;
      total += map.get(key)!.length;
      offsets[k + 1] = total;
    });
    const list = new Uint32Array(total);
    let nonManifold = 0;
    keys.forEach((key, k) => {
      const incident = map.get(key)!;
      list.set(incident, offsets[k]);
      if (incident.length > 2) nonManifold++;
    });
    edges.push(e);
    edgeTriangleOffsets.push(offsets);
    edgeTriangles.push(list);
    repeated.push(flags);
    nonManifoldEdges.push(nonManifold);
  }

  return {
    meshes,
    edges,
    nonManifoldEdges,
    check(positions, options = {}) {
      if (positions.length !== meshes.length) throw new RangeError(`intersectionChecker: ${positions.length} position arrays for ${meshes.length} meshes`);
      const skip: Uint8Array[] = [];
      const degenerateTriangles: number[] = [];
      const degenerateEdges: number[] = [];
      const trees: TriangleBoxTree[] = [];
      const involved: Set<number>[] = meshes.map(() => new Set<number>());
      const pairList: number[] = [];
      meshes.forEach((mesh, m) => {
        const P = positions[m];
        if (P.length < 3 * mesh.vertexCount) throw new RangeError(`intersectionChecker: mesh "${mesh.name}" needs ${3 * mesh.vertexCount} numbers, got ${P.length}`);
        for (let k = 0; k < 3 * mesh.vertexCount; k++) {
          if (!Number.isFinite(P[k])) throw new RangeError(`intersectionChecker: mesh "${mesh.name}" vertex ${Math.floor(k / 3)} has a non-finite coordinate`);
        }
        const flags = Uint8Array.from(repeated[m]);
        let degenerate = 0;
        for (let t = 0; t < flags.length; t++) {
          if (flags[t] === 0 && zeroArea(P, mesh.triangles[3 * t], mesh.triangles[3 * t + 1], mesh.triangles[3 * t + 2])) flags[t] = 1;
          if (flags[t] !== 0) degenerate++;
        }
        let shortEdges = 0;
        const e = edges[m];
        for (let k = 0; k < e.length; k += 2) if (samePoint(P, e[k], e[k + 1])) shortEdges++;
        skip.push(flags);
        degenerateTriangles.push(degenerate);
        degenerateEdges.push(shortEdges);
        trees.push(triangleBoxTree(P, mesh.triangles, flags));
      });

      const countPairs = (em: number, tm: number): number => {
        const P = positions[em];
        const T = positions[tm];
        const e = edges[em];
        const triangles = meshes[tm].triangles;
        const same = em === tm;
        let count = 0;
        for (let k = 0; k < e.length; k += 2) {
          const p = e[k];
          const q = e[k + 1];
          if (samePoint(P, p, q)) continue;
          const px = P[3 * p], py = P[3 * p + 1], pz = P[3 * p + 2];
          const qx = P[3 * q], qy = P[3 * q + 1], qz = P[3 * q + 2];
          trees[tm].query(Math.min(px, qx), Math.min(py, qy), Math.min(pz, qz), Math.max(px, qx), Math.max(py, qy), Math.max(pz, qz), (t) => {
            const a = triangles[3 * t], b = triangles[3 * t + 1], c = triangles[3 * t + 2];
            if (same && (p === a || p === b || p === c || q === a || q === b || q === c)) return;
            const result = segmentTriangleIntersection(P, p, q, a, b, c, T);
            if (result === SegmentTriangleContact.Crossing || result === SegmentTriangleContact.Coplanar) {
              count++;
              if (options.listPairs) pairList.push(em, k >>> 1, tm, t);
              involved[tm].add(t);
              const offsets = edgeTriangleOffsets[em];
              for (let i = offsets[k >>> 1]; i < offsets[(k >>> 1) + 1]; i++) involved[em].add(edgeTriangles[em][i]);
            }
          });
        }
        return count;
      };

      const self = meshes.map((_, m) => (options.self && !options.self[m] ? 0 : countPairs(m, m)));
      const between: FrameIntersections['between'] = [];
      for (let a = 0; a < meshes.length; a++) {
        for (let b = a + 1; b < meshes.length; b++) {
          if (options.pairs && !options.pairs(a, b)) continue;
          if (!boxesOverlap(trees[a], trees[b])) continue;
          const count = countPairs(a, b) + countPairs(b, a);
          if (count > 0) between.push({ a, b, count });
        }
      }
      const total = self.reduce((s, x) => s + x, 0) + between.reduce((s, x) => s + x.count, 0);
      return {
        total,
        self,
        between,
        triangles: involved.map((set) => Uint32Array.from(set).sort()),
        degenerateTriangles,
        degenerateEdges,
        pairList,
      };
    },
  };
}

function boxesOverlap(a: TriangleBoxTree, b: TriangleBoxTree): boolean {
  if (a.nodeCount === 0 || b.nodeCount === 0) return false;
  const A = a.boxes;
  const B = b.boxes;
  return !(A[0] > B[3] || A[1] > B[4] || A[2] > B[5] || B[0] > A[3] || B[1] > A[4] || B[2] > A[5]);
}

function samePoint(P: ArrayLike<number>, i: number, j: number): boolean {
  return P[3 * i] === P[3 * j] && P[3 * i + 1] === P[3 * j + 1] && P[3 * i + 2] === P[3 * j + 2];
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
