import { UNKNOWN_PART } from './copyParts.ts';
import type { EmbeddingSurface } from './embeddingSurface.ts';
import { generalizedWindingNumber } from './generalizedWindingNumber.ts';
import { interiorCells } from './interiorCells.ts';
import { cellCoordinates, type LatticeGrid } from './latticeGrid.ts';
import type { LatticeCopies } from './surfaceCellCopies.ts';
import type { SurfaceCells } from './surfaceCells.ts';

/**
 * The copies of the cells the surface does not touch, latticeEmbedding's step 5: a cell whose center has
 * |w| ≥ threshold (interiorCells) gets one copy; with separateParts, one copy per part whose inside it is
 * (|w_part| ≥ threshold, for parts whose bounding box holds the center), so overlapping parts keep separate
 * flesh (seed 004 ch. 5's immersion instead of §4.2's welding), and one copy of unknown part when none claims it.
 *
 * @param surface        the prepared surface
 * @param grid           the lattice grid
 * @param cells          the surface cells
 * @param threshold      |w| ≥ threshold counts as inside
 * @param separateParts  keep the parts' interiors apart (several parts and not joinOverlappingParts)
 * @param copies         the surface cells' copies; the interior copies are appended to copyCell and copyPart
 * @param windingStack   generalizedWindingNumber traversal stack, reused
 * @returns firstCopy (#cells index of a cell's first interior copy, −1 when it has none) and copyCount
 *          (#cells number of its interior copies, consecutive from firstCopy)
 */
export function interiorCellCopies(
  surface: EmbeddingSurface,
  grid: LatticeGrid,
  cells: SurfaceCells,
  threshold: number,
  separateParts: boolean,
  copies: LatticeCopies,
  windingStack: Int32Array,
): { firstCopy: Int32Array; copyCount: Uint8Array } {
  const { cellSize: h, origin, dims } = grid;
  const { copyCell, copyPart } = copies;
  const ijk = [0, 0, 0];
  const interiorFirstCopy = new Int32Array(grid.cellCount).fill(-1);
  const interiorCopyCount = new Uint8Array(grid.cellCount);
  const interior = interiorCells(grid, cells.indexOfCell, surface.tree, threshold, windingStack);
  for (let linear = 0; linear < grid.cellCount; linear++) {
    if (!interior[linear]) continue;
    interiorFirstCopy[linear] = copyCell.length;
    let count = 0;
    if (separateParts) {
      cellCoordinates(dims, linear, ijk);
      const x = origin[0] + (ijk[0] + 0.5) * h;
      const y = origin[1] + (ijk[1] + 0.5) * h;
      const z = origin[2] + (ijk[2] + 0.5) * h;
      for (let part = 0; part < surface.componentCount; part++) {
        const box = surface.componentBoxes;
        if (x < box[6 * part] || y < box[6 * part + 1] || z < box[6 * part + 2] || x > box[6 * part + 3] || y > box[6 * part + 4] || z > box[6 * part + 5])
          continue;
        if (Math.abs(generalizedWindingNumber(surface.componentTrees[part], x, y, z, 2, windingStack)) < threshold) continue;
        copyCell.push(linear);
        copyPart.push(part);
        count++;
      }
    }
    if (count === 0) {
      copyCell.push(linear);
      copyPart.push(UNKNOWN_PART);
      count = 1;
    }
    interiorCopyCount[linear] = Math.min(255, count);
  }
  return { firstCopy: interiorFirstCopy, copyCount: interiorCopyCount };
}
