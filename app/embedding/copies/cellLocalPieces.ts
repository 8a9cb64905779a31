import { unionFindRoot } from '../../math/index.ts';
import { cellCoordinates } from '../latticeGrid.ts';
import type { SurfaceCopiesJob } from './types.ts';

/**
 * Starts a surface cell: its entries' local piece ids (one per union–find root of entryParent, cellPieces' pieces),
 * each piece its own region, point-only until it holds a real triangle. Grows the per-piece scratch when the cell
 * holds more entries than it fits.
 *
 * @param job  the copies in progress (reads cells, entryParent; writes cell, lo, hi, ijk, pieceCount, the piece scratch)
 * @param c    the surface cell
 * @returns the cell's local piece count (also job.pieceCount)
 */
export function cellLocalPieces(job: SurfaceCopiesJob, c: number): number {
  const { cells, entryParent } = job;
  const lo = cells.pointers[c];
  const hi = cells.pointers[c + 1];
  job.cell = c;
  job.lo = lo;
  job.hi = hi;
  cellCoordinates(job.grid.dims, cells.linear[c], job.ijk);
  if (job.pieceOfRoot.length < hi - lo + 1) {
    job.pieceOfRoot = new Int32Array(2 * (hi - lo));
    job.pieceParent = new Int32Array(2 * (hi - lo));
    job.piecePointOnly = new Uint8Array(2 * (hi - lo));
    job.pieceDistance = new Float64Array(2 * (hi - lo));
    job.pieceSide = new Float64Array(2 * (hi - lo));
    job.pieceComponent = new Int32Array(2 * (hi - lo));
    job.piecePart = new Int32Array(2 * (hi - lo));
  }
  const { pieceOfRoot, pieceParent, piecePointOnly, pieceOfEntry } = job;
  const realTriangles = job.surface.triangleCount;
  let pieceCount = 0;
  for (let e = lo; e < hi; e++) pieceOfRoot[e - lo] = -1;
  for (let e = lo; e < hi; e++) {
    const root = unionFindRoot(entryParent, e) - lo;
    if (pieceOfRoot[root] < 0) {
      pieceOfRoot[root] = pieceCount;
      piecePointOnly[pieceCount] = 1;
      pieceParent[pieceCount] = pieceCount;
      pieceCount++;
    }
    const piece = pieceOfRoot[root];
    pieceOfEntry[e] = piece;
    if (cells.entryTriangle[e] < realTriangles) piecePointOnly[piece] = 0;
  }
  job.pieceCount = pieceCount;
  return pieceCount;
}
