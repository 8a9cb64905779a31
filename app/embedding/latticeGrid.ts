/** The regular grid of a lattice embedding: cell size, corner and cells per axis. */
export interface LatticeGrid {
  /** edge length h of a cell [m] */
  cellSize: number;
  /** minimum corner of cell (0, 0, 0) [m] */
  origin: [number, number, number];
  /** cells per axis nx, ny, nz; cell (i, j, k) has linear index i + nx·(j + ny·k) */
  dims: [number, number, number];
  /** nx·ny·nz */
  cellCount: number;
}

/** Relative enlargement of cells for the touch tests, in cell sizes (so vertices on cell faces touch both sides). */
export const CELL_EPSILON = 1e-6;

/**
 * The grid of latticeEmbedding's step 1 (seed 002 ch. 3's regular lattice): h = longest side of the bounding
 * box / resolution, and per axis the fewest cells covering the box with at least h/4 margin on each side,
 * centred on the box.
 *
 * @param min         minimum corner of the surface's bounding box [m]
 * @param max         maximum corner [m]
 * @param resolution  cells along the longest side (a degenerate, flat or point box counts its longest side as 1 m)
 * @returns the grid
 * @throws Error when the grid would exceed 2²⁶ cells
 */
export function latticeGrid(min: readonly number[], max: readonly number[], resolution: number): LatticeGrid {
  const extent = [0, 1, 2].map((a) => max[a] - min[a]);
  let longest = Math.max(extent[0], extent[1], extent[2]);
  if (!(longest > 0)) longest = 1;
  const cellSize = longest / resolution;
  const dims = [0, 1, 2].map((a) => Math.max(1, Math.ceil(extent[a] / cellSize + 0.5))) as [number, number, number];
  const origin = [0, 1, 2].map((a) => min[a] - (dims[a] * cellSize - extent[a]) / 2) as [number, number, number];
  const cellCount = dims[0] * dims[1] * dims[2];
  if (cellCount > 2 ** 26) {
    throw new Error(`latticeEmbedding: a ${dims.join('×')} grid is too large; lower the resolution`);
  }
  return { cellSize, origin, dims, cellCount };
}

/**
 * Integer coordinates (i, j, k) of a cell from its linear index i + nx·(j + ny·k): the inverse of the grid's
 * numbering, used by every step that walks cells.
 *
 * @param dims    cells per axis nx, ny, nz
 * @param linear  linear cell index
 * @param out     3 numbers receiving i, j, k
 */
export function cellCoordinates(dims: readonly number[], linear: number, out: number[]): void {
  out[0] = linear % dims[0];
  out[1] = Math.floor(linear / dims[0]) % dims[1];
  out[2] = Math.floor(linear / (dims[0] * dims[1]));
}
