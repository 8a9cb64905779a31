/**
 * The fixed topology OGC's detection reads (seed 000 ch. 5): the combined triangle list of the simulated surface and
 * the kinematic colliders, its unique edges, each edge's triangles and their opposite corners (the edge blocks,
 * Eq. 5.8), each point's 1-ring (the vertex blocks, Eq. 5.7), each point's triangles and edges (the bounds, Eqs.
 * 5.20–5.25) and the k-ring sets of surface points (the topological and local filters). Built once per contact by
 * ogcContact (app/contact) and by its GPU twin's host (kernels/contact/gpuOgcDetection.ts), so both read the same
 * lists in the same order.
 */

/** CSR lists: items of entry i at values[offsets[i] .. offsets[i + 1]). */
export interface CsrLists {
  offsets: Uint32Array;
  values: Uint32Array;
}

/** What contactTopology returns. Points: [0, S) the surface, [S, S + O) the colliders'. */
export interface ContactTopology {
  /** #T×3 triangles in point indices: the surface's, then the colliders' shifted by S; degenerate ones dropped */
  triangles: Uint32Array;
  /** #T 0 = a surface triangle, 1 = a collider's */
  triangleOwner: Uint8Array;
  /** #E×2 unique edges (lower point first), in order of first use by the triangles */
  edges: Uint32Array;
  /** #E 0 = a surface edge, 1 = a collider's */
  edgeOwner: Uint8Array;
  /** #T×3 the edge of each triangle's corners k → k + 1 */
  triangleEdges: Uint32Array;
  /** per edge, its triangles (in triangle order) */
  edgeTriangles: CsrLists;
  /** per edge, the corner of each of its triangles not on it (same order as edgeTriangles) */
  edgeOpposites: CsrLists;
  /** per point, its neighbours along edges (in edge order) */
  neighbours: CsrLists;
  /** per point, its triangles and its edges (ascending) */
  pointTriangles: CsrLists;
  pointEdges: CsrLists;
}

/**
 * @param surfaceTriangles   #T×3 surface triangles in [0, S)
 * @param S                  surface points
 * @param obstacleTriangles  collider triangles in [0, O) (shifted by S here)
 * @param O                  collider points
 * @param caller             the name errors start with
 * @returns the topology
 */
export function contactTopology(
  surfaceTriangles: ArrayLike<number>,
  S: number,
  obstacleTriangles: ArrayLike<number> | undefined,
  O: number,
  caller = 'contactTopology',
): ContactTopology {
  const P = S + O;
  const triangleList: number[] = [];
  const owner: number[] = [];
  const addTriangles = (list: ArrayLike<number>, shift: number, who: number, limit: number) => {
    for (let t = 0; t + 2 < list.length; t += 3) {
      const a = list[t],
        b = list[t + 1],
        c = list[t + 2];
      if (!(a < limit && b < limit && c < limit)) throw new RangeError(`${caller}: triangle ${t / 3} uses a point ≥ ${limit}`);
      if (a === b || b === c || c === a) continue;
      triangleList.push(a + shift, b + shift, c + shift);
      owner.push(who);
    }
  };
  addTriangles(surfaceTriangles, 0, 0, S);
  if (obstacleTriangles) addTriangles(obstacleTriangles, S, 1, O);
  const triangles = Uint32Array.from(triangleList);
  const triangleOwner = Uint8Array.from(owner);
  const T = triangleOwner.length;

  const edgeIndex = new Map<number, number>();
  const edgeList: number[] = [];
  const triangleEdges = new Uint32Array(3 * T);
  const edgeTrianglesList: number[][] = [];
  for (let t = 0; t < T; t++) {
    for (let k = 0; k < 3; k++) {
      const i = triangles[3 * t + k];
      const j = triangles[3 * t + ((k + 1) % 3)];
      const key = Math.min(i, j) * P + Math.max(i, j);
      let e = edgeIndex.get(key);
      if (e === undefined) {
        e = edgeList.length / 2;
        edgeIndex.set(key, e);
        edgeList.push(Math.min(i, j), Math.max(i, j));
        edgeTrianglesList.push([]);
      }
      triangleEdges[3 * t + k] = e;
      edgeTrianglesList[e].push(t);
    }
  }
  const edges = Uint32Array.from(edgeList);
  const E = edges.length / 2;
  const edgeOwner = Uint8Array.from({ length: E }, (_, e) => (edges[2 * e] >= S ? 1 : 0));
  const edgeTriangles = csr(edgeTrianglesList);
  const edgeOpposites: CsrLists = { offsets: edgeTriangles.offsets, values: new Uint32Array(edgeTriangles.values.length) };
  for (let e = 0; e < E; e++) {
    const i = edges[2 * e],
      j = edges[2 * e + 1];
    for (let k = edgeTriangles.offsets[e]; k < edgeTriangles.offsets[e + 1]; k++) {
      const t = edgeTriangles.values[k];
      const a = triangles[3 * t],
        b = triangles[3 * t + 1],
        c = triangles[3 * t + 2];
      edgeOpposites.values[k] = a !== i && a !== j ? a : b !== i && b !== j ? b : c;
    }
  }
  const neighbourLists: number[][] = Array.from({ length: P }, () => []);
  const pointEdgeLists: number[][] = Array.from({ length: P }, () => []);
  for (let e = 0; e < E; e++) {
    neighbourLists[edges[2 * e]].push(edges[2 * e + 1]);
    neighbourLists[edges[2 * e + 1]].push(edges[2 * e]);
    pointEdgeLists[edges[2 * e]].push(e);
    pointEdgeLists[edges[2 * e + 1]].push(e);
  }
  const pointTriangleLists: number[][] = Array.from({ length: P }, () => []);
  for (let t = 0; t < T; t++) for (let k = 0; k < 3; k++) pointTriangleLists[triangles[3 * t + k]].push(t);
  return {
    triangles,
    triangleOwner,
    edges,
    edgeOwner,
    triangleEdges,
    edgeTriangles,
    edgeOpposites,
    neighbours: csr(neighbourLists),
    pointTriangles: csr(pointTriangleLists),
    pointEdges: csr(pointEdgeLists),
  };
}

/**
 * The surface points within k rings of each surface point, itself included (CSR, in breadth-first order): walks of
 * the neighbour lists that stay on the surface ([0, S)).
 */
export function ringSets(neighbours: CsrLists, S: number, k: number): CsrLists {
  const offsets = new Uint32Array(S + 1);
  const list: number[] = [];
  const seen = new Int32Array(S).fill(-1);
  for (let p = 0; p < S; p++) {
    let frontier = [p];
    seen[p] = p;
    list.push(p);
    for (let ring = 0; ring < k; ring++) {
      const next: number[] = [];
      for (const q of frontier) {
        for (let m = neighbours.offsets[q]; m < neighbours.offsets[q + 1]; m++) {
          const n = neighbours.values[m];
          if (n < S && seen[n] !== p) {
            seen[n] = p;
            list.push(n);
            next.push(n);
          }
        }
      }
      frontier = next;
    }
    offsets[p + 1] = list.length;
  }
  return { offsets, values: Uint32Array.from(list) };
}

function csr(lists: number[][]): CsrLists {
  const offsets = new Uint32Array(lists.length + 1);
  for (let i = 0; i < lists.length; i++) offsets[i + 1] = offsets[i] + lists[i].length;
  const values = new Uint32Array(offsets[lists.length]);
  for (let i = 0; i < lists.length; i++) values.set(lists[i], offsets[i]);
  return { offsets, values };
}

/**
 * 1 when surface point p is kinematic: every simulation vertex it reads (nonzero weight) is pinned, so it moves with
 * the animation and its constant offset whatever the step does (app/contact/ogc/kinematicPoints.ts; collider points are
 * kinematic by definition).
 */
export function isKinematicPoint(pointVertices: ArrayLike<number>, pointWeights: ArrayLike<number>, pinned: ArrayLike<number>, p: number): 0 | 1 {
  for (let k = 0; k < 4; k++) if (pointWeights[4 * p + k] !== 0 && pinned[pointVertices[4 * p + k]] === 0) return 0;
  return 1;
}
