import { unionFindMerge } from '../math/index.ts';
import { samePart } from './copyParts.ts';
import { cellCoordinates, type LatticeGrid } from './latticeGrid.ts';
import type { LatticeCopies } from './surfaceCellCopies.ts';
import type { SurfaceCells } from './surfaceCells.ts';

/** For axis 0..2: 9 pairs (sample on the + face of a cell, same point's sample in the + neighbour). */
const FACE_SAMPLES: Int32Array[] = [0, 1, 2].map((axis) => {
  const pairs: number[] = [];
  for (let u = 0; u < 3; u++) {
    for (let v = 0; v < 3; v++) {
      const coords = [0, 0, 0];
      coords[axis] = 2;
      coords[(axis + 1) % 3] = u;
      coords[(axis + 2) % 3] = v;
      const here = coords[0] + 3 * coords[1] + 9 * coords[2];
      coords[axis] = 0;
      pairs.push(here, coords[0] + 3 * coords[1] + 9 * coords[2]);
    }
  }
  return Int32Array.from(pairs);
});

/**
 * Glues the copies of face-adjacent cells, latticeEmbedding's step 6 (seed 002 §3.2.1's merge: union of
 * coincident corner slots, then representatives). Each copy has eight corner slots; across a shared face,
 * two copies share their four face corners when they share a triangle (the surface continues across the face)
 * or a face sample both own (material continues), except copies of different parts across a sample inside
 * both (|w| ≥ threshold + 1) when separateParts. Copies of interior cells glue to every neighbouring copy of
 * the same part (copyParts' samePart).
 *
 * @param grid               the lattice grid
 * @param cells              the surface cells
 * @param copies             all copies (surface and interior)
 * @param interiorFirstCopy  #cells first interior copy of each cell, −1 when none (interiorCellCopies)
 * @param interiorCopyCount  #cells number of interior copies of each cell
 * @param separateParts      keep different parts apart where they overlap
 * @param windingAt          w at half-cell samples (halfCellWindingNumbers)
 * @param threshold          |w| ≥ threshold counts as inside
 * @returns #copies×8 union–find parents over the corner slots (slot 8·copy + q, corner q as in cubeTetrahedra);
 *          slots with one root become one lattice vertex
 */
export function copyCornerSlots(
  grid: LatticeGrid,
  cells: SurfaceCells,
  copies: LatticeCopies,
  interiorFirstCopy: Int32Array,
  interiorCopyCount: Uint8Array,
  separateParts: boolean,
  windingAt: (i2: number, j2: number, k2: number) => number,
  threshold: number,
): Int32Array {
  const { dims } = grid;
  const { entryCopy, sampleOwner, copyPart } = copies;
  const copyCount = copies.copyCell.length;
  const ijk = [0, 0, 0];
  const sampleCell = [0, 0, 0];
  const slotParent = new Int32Array(8 * copyCount);
  for (let s = 0; s < slotParent.length; s++) slotParent[s] = s;
  const connect = (a: number, b: number, axis: number): void => {
    const bit = 1 << axis;
    for (let q = 0; q < 8; q++) if (q & bit) unionFindMerge(slotParent, 8 * a + q, 8 * b + (q ^ bit));
  };
  const strides = [1, dims[0], dims[0] * dims[1]];
  // Whether a face sample lies inside two parts at once; there, copies of different parts are not glued.
  const overlapSample = (linear: number, sample: number): boolean => {
    cellCoordinates(dims, linear, sampleCell);
    return (
      Math.abs(windingAt(2 * sampleCell[0] + (sample % 3), 2 * sampleCell[1] + (Math.floor(sample / 3) % 3), 2 * sampleCell[2] + Math.floor(sample / 9))) >=
      threshold + 1
    );
  };
  for (let linear = 0; linear < grid.cellCount; linear++) {
    const c = cells.indexOfCell[linear];
    if (c < 0 && interiorFirstCopy[linear] < 0) continue;
    cellCoordinates(dims, linear, ijk);
    for (let axis = 0; axis < 3; axis++) {
      if (ijk[axis] + 1 >= dims[axis]) continue;
      const neighbour = linear + strides[axis];
      const nc = cells.indexOfCell[neighbour];
      const faces = FACE_SAMPLES[axis];
      if (c >= 0 && nc >= 0) {
        for (let f = 0; f < 18; f += 2) {
          const a = sampleOwner[27 * c + faces[f]];
          const b = sampleOwner[27 * nc + faces[f + 1]];
          if (a < 0 || b < 0) continue;
          if (separateParts && !samePart(copyPart[a], copyPart[b]) && overlapSample(linear, faces[f])) continue;
          connect(a, b, axis);
        }
        // Triangles present in both cells: the surface itself continues across the face.
        let e = cells.pointers[c];
        let g = cells.pointers[nc];
        const eEnd = cells.pointers[c + 1];
        const gEnd = cells.pointers[nc + 1];
        while (e < eEnd && g < gEnd) {
          const te = cells.entryTriangle[e];
          const tg = cells.entryTriangle[g];
          if (te < tg) e++;
          else if (te > tg) g++;
          else {
            connect(entryCopy[e], entryCopy[g], axis);
            e++;
            g++;
          }
        }
      } else if (c >= 0) {
        const first = interiorFirstCopy[neighbour];
        if (first < 0) continue;
        for (let f = 0; f < 18; f += 2) {
          const a = sampleOwner[27 * c + faces[f]];
          if (a < 0) continue;
          for (let b = first; b < first + interiorCopyCount[neighbour]; b++) if (samePart(copyPart[a], copyPart[b])) connect(a, b, axis);
        }
      } else {
        const first = interiorFirstCopy[linear];
        const count = interiorCopyCount[linear];
        if (nc >= 0) {
          for (let f = 0; f < 18; f += 2) {
            const b = sampleOwner[27 * nc + faces[f + 1]];
            if (b < 0) continue;
            for (let a = first; a < first + count; a++) if (samePart(copyPart[a], copyPart[b])) connect(a, b, axis);
          }
        } else {
          const neighbourFirst = interiorFirstCopy[neighbour];
          if (neighbourFirst < 0) continue;
          for (let a = first; a < first + count; a++) {
            for (let b = neighbourFirst; b < neighbourFirst + interiorCopyCount[neighbour]; b++) if (samePart(copyPart[a], copyPart[b])) connect(a, b, axis);
          }
        }
      }
    }
  }
  return slotParent;
}
