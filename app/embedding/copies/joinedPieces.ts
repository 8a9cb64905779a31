import { unionFindMerge, unionFindRoot } from '../../math/index.ts';
import { samePart } from '../copyParts.ts';
import { joinAcrossThinSlabs } from '../joinAcrossThinSlabs.ts';
import { pointTriangleClosestPoint } from '../../geometry/index.ts';
import { segmentIntersectsTriangle } from '../segmentIntersectsTriangle.ts';
import type { SurfaceCopiesJob } from './types.ts';

/** Sample (a, b, d) ∈ {0,1,2}³ of a cell has index a + 3b + 9d; corner q ↔ sample (2(q&1), 2((q>>1)&1), 2(q>>2)). */
const SAMPLE_EDGES: Int32Array = (() => {
  const edges: number[] = [];
  for (let d = 0; d < 3; d++) {
    for (let b = 0; b < 3; b++) {
      for (let a = 0; a < 3; a++) {
        const s = a + 3 * b + 9 * d;
        if (a < 2) edges.push(s, s + 1);
        if (b < 2) edges.push(s, s + 3);
        if (d < 2) edges.push(s, s + 9);
      }
    }
  }
  return Int32Array.from(edges);
})();

/**
 * The material regions of the current cell, as unions of its local pieces (pieceParent): pieces are one region when
 * (a) owned samples are lattice neighbours whose segment no triangle cuts (seed 002 §3.4's edge-cut rule), except
 * across an overlap of two different parts unless joinParts, or (b) joinAcrossThinSlabs finds one slab thinner than
 * the sample spacing between them; isolated vertices join the nearest real piece of their cell. A cell with one
 * piece is left as it is.
 *
 * @param job  the copies in progress (reads sampleOwner's local owners, windingDepth, piecePart; merges pieceParent)
 */
export function joinedPieces(job: SurfaceCopiesJob): void {
  const {
    surface,
    cells,
    lo,
    hi,
    ijk,
    pieceCount,
    pieceParent,
    piecePart,
    pieceOfEntry,
    piecePointOnly,
    sampleOwner,
    windingDepth,
    threshold,
    joinParts,
    sampleX,
    sampleY,
    sampleZ,
    closest,
  } = job;
  if (pieceCount <= 1) return;
  const { positions, triangles } = surface;
  const realTriangles = surface.triangleCount;
  const ownerBase = 27 * job.cell;
  // (a) owned neighbours joined by an uncut sample edge are one material region, except across an
  // overlap of two different parts (unless they are to be joined).
  for (let k = 0; k < SAMPLE_EDGES.length; k += 2) {
    const s0 = SAMPLE_EDGES[k];
    const s1 = SAMPLE_EDGES[k + 1];
    const p0 = sampleOwner[ownerBase + s0];
    const p1 = sampleOwner[ownerBase + s1];
    if (p0 < 0 || p1 < 0 || unionFindRoot(pieceParent, p0) === unionFindRoot(pieceParent, p1)) continue;
    if (!joinParts && windingDepth[s0] >= threshold + 1 && windingDepth[s1] >= threshold + 1 && !samePart(piecePart[p0], piecePart[p1])) continue;
    let cut = false;
    for (let e = lo; e < hi && !cut; e++) {
      const t = cells.entryTriangle[e];
      if (t >= realTriangles) continue;
      cut = segmentIntersectsTriangle(
        positions,
        triangles[3 * t],
        triangles[3 * t + 1],
        triangles[3 * t + 2],
        sampleX[s0],
        sampleY[s0],
        sampleZ[s0],
        sampleX[s1],
        sampleY[s1],
        sampleZ[s1],
      );
    }
    if (!cut) unionFindMerge(pieceParent, p0, p1);
  }
  // (b) thin slabs: a normal ray from one piece that first meets another across singly-covered inside.
  if (countRoots(pieceParent, pieceCount) > 1) {
    joinAcrossThinSlabs(surface, cells, lo, hi, pieceOfEntry, pieceParent, ijk, job.grid.cellSize, job.grid.origin, threshold, closest, job.windingStack);
  }
  // Isolated vertices join the nearest real piece of their cell.
  for (let e = lo; e < hi; e++) {
    const piece = pieceOfEntry[e];
    if (!piecePointOnly[piece]) continue;
    const v = triangles[3 * cells.entryTriangle[e]];
    let best = -1;
    let bestDistance = Infinity;
    for (let f = lo; f < hi; f++) {
      const t = cells.entryTriangle[f];
      if (t >= realTriangles) continue;
      const d2 = pointTriangleClosestPoint(
        positions,
        triangles[3 * t],
        triangles[3 * t + 1],
        triangles[3 * t + 2],
        positions[3 * v],
        positions[3 * v + 1],
        positions[3 * v + 2],
        closest,
      );
      if (d2 < bestDistance) {
        bestDistance = d2;
        best = pieceOfEntry[f];
      }
    }
    unionFindMerge(pieceParent, piece, best >= 0 ? best : 0);
  }
}

function countRoots(parent: Int32Array, count: number): number {
  let roots = 0;
  for (let p = 0; p < count; p++) if (unionFindRoot(parent, p) === p) roots++;
  return roots;
}
