import { UNKNOWN_PART } from '../copyParts.ts';
import type { SurfaceCopiesJob } from './types.ts';

/**
 * The part (welded component) of each local piece of the current cell, from its real triangles; UNKNOWN_PART for the
 * interior piece and isolated points.
 *
 * @param job  the copies in progress (writes piecePart[0..pieceCount))
 */
export function pieceParts(job: SurfaceCopiesJob): void {
  const { surface, cells, lo, hi, pieceCount, piecePart, pieceOfEntry } = job;
  const realTriangles = surface.triangleCount;
  for (let p = 0; p < pieceCount; p++) piecePart[p] = UNKNOWN_PART;
  for (let e = lo; e < hi; e++) {
    const t = cells.entryTriangle[e];
    if (t < realTriangles) piecePart[pieceOfEntry[e]] = surface.componentOfTriangle[t];
  }
}
