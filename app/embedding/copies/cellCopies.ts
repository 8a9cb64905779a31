import { unionFindRoot } from '../../math/index.ts';
import { combinedPart, UNKNOWN_PART } from '../copyParts.ts';
import type { SurfaceCopiesJob } from './types.ts';

/**
 * The copies of the current cell: one per remaining piece root (material region), with the part of its pieces
 * (MIXED when joined across parts); maps the cell's entries and owned samples from local pieces to copies.
 *
 * @param job  the copies in progress (appends copyCell, copyPart; writes entryCopy and the cell's sampleOwner;
 *             reuses pieceOfRoot as piece root → copy)
 */
export function cellCopies(job: SurfaceCopiesJob): void {
  const { cells, lo, hi, pieceCount, pieceOfRoot, pieceParent, piecePart, pieceOfEntry, entryCopy, sampleOwner, copyCell, copyPart } = job;
  const c = job.cell;
  const ownerBase = 27 * c;
  const base = copyCell.length;
  let copies = 0;
  for (let p = 0; p < pieceCount; p++) {
    if (unionFindRoot(pieceParent, p) === p) {
      pieceOfRoot[p] = base + copies++;
      copyCell.push(cells.linear[c]);
      copyPart.push(UNKNOWN_PART);
    }
  }
  for (let p = 0; p < pieceCount; p++) {
    const copy = pieceOfRoot[unionFindRoot(pieceParent, p)];
    copyPart[copy] = combinedPart(copyPart[copy], piecePart[p]);
  }
  for (let e = lo; e < hi; e++) entryCopy[e] = pieceOfRoot[unionFindRoot(pieceParent, pieceOfEntry[e])];
  for (let s = 0; s < 27; s++) {
    const owner = sampleOwner[ownerBase + s];
    sampleOwner[ownerBase + s] = owner >= 0 ? pieceOfRoot[unionFindRoot(pieceParent, owner)] : -1;
  }
}
