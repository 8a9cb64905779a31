import type { CheckedMesh, CheckerMeshData } from './types.ts';

/**
 * The checker's struct for one mesh: its triangles copied, its unique edges with the triangles around each (CSR),
 * the repeated-vertex triangles flagged, and every per-check array allocated once (the tree comes at the first check
 * that fits the mesh, fitMesh.ts). Validates the indices.
 *
 * @param mesh  the mesh's name, #T×3 welded vertex indices and vertex count #V
 * @returns the struct (CheckerMeshData, types.ts)
 * @throws RangeError naming the mesh and triangle when an index is ≥ #V
 */
export function checkerMeshData(mesh: CheckedMesh): CheckerMeshData {
  const triangleCount = Math.floor(mesh.triangles.length / 3);
  const V = mesh.vertexCount;
  const triangles = new Uint32Array(3 * triangleCount);
  const repeated = new Uint8Array(triangleCount);
  let repeatedCount = 0;
  const map = new Map<number, number[]>();
  for (let t = 0; t < triangleCount; t++) {
    const a = mesh.triangles[3 * t],
      b = mesh.triangles[3 * t + 1],
      c = mesh.triangles[3 * t + 2];
    if (!(a < V && b < V && c < V)) throw new RangeError(`intersectionChecker: mesh "${mesh.name}" triangle ${t} uses a vertex ≥ ${V}`);
    triangles[3 * t] = a;
    triangles[3 * t + 1] = b;
    triangles[3 * t + 2] = c;
    if (a === b || b === c || c === a) {
      repeated[t] = 1;
      repeatedCount++;
      continue;
    }
    for (const [i, j] of [
      [a, b],
      [b, c],
      [c, a],
    ]) {
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
  const itemTriangles = new Uint32Array(slots);
  for (let t = 0, k = 0; t < triangleCount; t++) if (repeated[t] === 0) itemTriangles[k++] = t;
  return {
    vertexCount: V,
    triangles,
    edges,
    edgeTriangleOffsets,
    edgeTriangles,
    repeated,
    repeatedCount,
    itemTriangles,
    itemBoxes: new Float64Array(6 * slots),
    tree: null,
    builtCost: 1,
    layoutBuild: 0,
    slotTriangles: new Uint32Array(slots),
    slotVertices: new Uint32Array(3 * slots),
    slotBoxes: new Float64Array(6 * slots),
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
