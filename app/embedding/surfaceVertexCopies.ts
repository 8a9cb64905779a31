import type { EmbeddingSurface } from './embeddingSurface.ts';
import type { LatticeGrid } from './latticeGrid.ts';
import type { SurfaceCells } from './surfaceCells.ts';

/**
 * The cell copy holding each surface vertex, the first half of latticeEmbedding's step 7 (the tet of C′ in
 * seed 004 Eq. 4.1 is then one of that copy's five): the vertex's grid cell (clamped into the grid), then,
 * among that cell's copies, the one holding a triangle of the vertex (through its welded representative), so a
 * vertex of one finger lands in that finger's copy; a vertex with no triangle in the cell takes the cell's
 * first entry's copy.
 *
 * @param surface    the prepared surface
 * @param grid       the lattice grid
 * @param cells      the surface cells
 * @param entryCopy  #E copy of each (cell, triangle) entry (surfaceCellCopies)
 * @param canonical  #copies canonical copy of each copy (copies with identical corners are one)
 * @returns vertexCopy (#S canonical copy of each surface vertex) and vertexLocal (#S×3 its position in the
 *          cell's unit cube, each coordinate clamped to [0, 1])
 * @throws Error (internal) when a vertex lies in no surface cell
 */
export function surfaceVertexCopies(
  surface: EmbeddingSurface,
  grid: LatticeGrid,
  cells: SurfaceCells,
  entryCopy: Int32Array,
  canonical: Int32Array,
): { vertexCopy: Int32Array; vertexLocal: Float64Array } {
  const { cellSize: h, origin, dims } = grid;
  const { positions, vertexTrianglePointers, vertexTriangles } = surface;
  const { vertexCount } = surface;
  const vertexCopy = new Int32Array(vertexCount);
  const vertexLocal = new Float64Array(3 * vertexCount);
  const cell = [0, 0, 0];
  for (let v = 0; v < vertexCount; v++) {
    for (let a = 0; a < 3; a++) {
      const f = (positions[3 * v + a] - origin[a]) / h;
      cell[a] = Math.min(dims[a] - 1, Math.max(0, Math.floor(f)));
      vertexLocal[3 * v + a] = Math.min(1, Math.max(0, f - cell[a]));
    }
    const linear = cell[0] + dims[0] * (cell[1] + dims[1] * cell[2]);
    const c = cells.indexOfCell[linear];
    let copy = -1;
    if (c >= 0) {
      const r = surface.representative[v];
      for (let k = vertexTrianglePointers[r]; k < vertexTrianglePointers[r + 1] && copy < 0; k++) {
        const e = findEntry(cells, c, vertexTriangles[k]);
        if (e >= 0) copy = entryCopy[e];
      }
      if (copy < 0) copy = entryCopy[cells.pointers[c]];
    }
    if (copy < 0) throw new Error(`latticeEmbedding: internal error, vertex ${v} lies in no surface cell`);
    vertexCopy[v] = canonical[copy];
  }
  return { vertexCopy, vertexLocal };
}

/** The entry of (cell c, triangle) by binary search (entries are sorted by triangle within a cell), or −1. */
function findEntry(cells: SurfaceCells, c: number, triangle: number): number {
  let lo = cells.pointers[c];
  let hi = cells.pointers[c + 1] - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const t = cells.entryTriangle[mid];
    if (t === triangle) return mid;
    if (t < triangle) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
