import { segmentTriangleIntersection, SegmentTriangleContact } from '../segmentTriangleIntersection.ts';
import { boxesApart } from './boxesApart.ts';
import type { CheckerMeshData } from './types.ts';

/**
 * For each listed pair of leaves, the edges owned by the first leaf's triangles (mesh em) against the second leaf's
 * triangles (mesh tm); `side` 1 swaps the roles of the two columns of `leafPairs`, `skipSameLeaf` leaves out a leaf
 * paired with itself (done by the other side). Skips zero-length edges, edges whose box misses the leaf's box,
 * pairs within one mesh that share a vertex, disjoint boxes, degenerate triangles, and with `incremental` pairs of
 * two unmoved features; pushes the intersecting ones onto `found` (edge and triangle ids).
 */
export function edgesAgainstLeaves(
  em: number,
  E: CheckerMeshData,
  PE: ArrayLike<number>,
  tm: number,
  T: CheckerMeshData,
  PT: ArrayLike<number>,
  leafPairs: Int32Array,
  pairCount: number,
  side: number,
  skipSameLeaf: boolean,
  incremental: boolean,
  found: number[],
): void {
  const sameMesh = em === tm ? 1 : 0;
  const edgeTree = E.tree!.tree,
    triangleTree = T.tree!.tree;
  const edgeItemStart = edgeTree.itemStart,
    edgeItemCount = edgeTree.itemCount,
    owned = E.slotEdgeOffsets;
  const ends = E.slotEdgeEnds,
    edgeBoxes = E.slotEdgeBoxes,
    shortEdge = E.slotShortEdge,
    edgeMoved = E.slotEdgeMoved,
    edgeIds = E.slotEdges;
  const itemStart = triangleTree.itemStart,
    itemCount = triangleTree.itemCount,
    nodeBoxes = triangleTree.nodeBoxes;
  const vertices = T.slotVertices,
    triangleBoxes = T.slotBoxes,
    items = T.slotTriangles;
  const degenerate = T.slotDegenerate,
    triangleMoved = T.slotMoved,
    movedNode = T.movedNode;
  for (let i = 0; i < pairCount; i++) {
    const edgeLeaf = leafPairs[2 * i + side],
      leaf = leafPairs[2 * i + 1 - side];
    if (skipSameLeaf && edgeLeaf === leaf) continue;
    const edgeSlot = edgeItemStart[edgeLeaf];
    const edgeStart = owned[edgeSlot],
      edgeEnd = owned[edgeSlot + edgeItemCount[edgeLeaf]];
    const slotStart = itemStart[leaf],
      slotEnd = slotStart + itemCount[leaf];
    const leafMoved = incremental && movedNode[leaf] !== 0;
    const n = 6 * leaf;
    for (let k = edgeStart; k < edgeEnd; k++) {
      if (shortEdge[k] !== 0) continue;
      const moved = !incremental || edgeMoved[k] !== 0;
      if (!moved && !leafMoved) continue;
      const e = 6 * k;
      if (boxesApart(edgeBoxes, e, nodeBoxes, n) !== 0) continue;
      // The edge's box in locals for the loop over the leaf's triangles (boxesApart would load it again per triangle).
      const x0 = edgeBoxes[e],
        y0 = edgeBoxes[e + 1],
        z0 = edgeBoxes[e + 2],
        x1 = edgeBoxes[e + 3],
        y1 = edgeBoxes[e + 4],
        z1 = edgeBoxes[e + 5];
      const p = ends[2 * k],
        q = ends[2 * k + 1];
      for (let s = slotStart; s < slotEnd; s++) {
        const a = vertices[3 * s],
          b = vertices[3 * s + 1],
          c = vertices[3 * s + 2];
        const o = 6 * s;
        // Branch-free, as boxesApart: most of these pairs are neighbours on the surface, sharing a vertex or not.
        const shares = +(p === a) | +(p === b) | +(p === c) | +(q === a) | +(q === b) | +(q === c);
        const apart =
          +(x0 > triangleBoxes[o + 3]) |
          +(y0 > triangleBoxes[o + 4]) |
          +(z0 > triangleBoxes[o + 5]) |
          +(x1 < triangleBoxes[o]) |
          +(y1 < triangleBoxes[o + 1]) |
          +(z1 < triangleBoxes[o + 2]);
        if (((shares & sameMesh) | apart) !== 0) continue;
        if (degenerate[s] !== 0 || (!moved && triangleMoved[s] === 0)) continue;
        const result = segmentTriangleIntersection(PE, p, q, a, b, c, PT);
        if (result === SegmentTriangleContact.Crossing || result === SegmentTriangleContact.Coplanar) found.push(em, edgeIds[k], tm, items[s]);
      }
    }
  }
}
