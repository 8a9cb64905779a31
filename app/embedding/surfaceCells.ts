import { triangleIntersectsBox } from './triangleIntersectsBox.ts';
import type { EmbeddingSurface } from './embeddingSurface.ts';
import { CELL_EPSILON, type LatticeGrid } from './latticeGrid.ts';

/** The cells a surface touches, each with the triangles touching it (CSR, cells in increasing linear index). */
export interface SurfaceCells {
  /** #C linear index of each surface cell */
  linear: Int32Array;
  /** #C+1 offsets into entryTriangle */
  pointers: Int32Array;
  /** #E triangle of each (cell, triangle) entry, increasing within a cell */
  entryTriangle: Int32Array;
  /** #gridCells surface cell index or -1 */
  indexOfCell: Int32Array;
}

/**
 * The surface cells of latticeEmbedding's step 2: every triangle (and point triangle) marks the cells its
 * closed triangle touches, by the separating-axis test (triangleIntersectsBox, Akenine-Möller 2001) on cells
 * enlarged by CELL_EPSILON·h, so vertices on cell faces touch both sides. Triangles inside one cell skip the
 * test.
 *
 * @param surface  the prepared surface (embeddingSurface)
 * @param grid     the lattice grid (latticeGrid)
 * @returns surface cells sorted by linear index, their (cell, triangle) entries with increasing triangles
 *          per cell, and the #cells map from a grid cell to its surface-cell index (−1 when untouched)
 */
export function surfaceCells(surface: EmbeddingSurface, grid: LatticeGrid): SurfaceCells {
  const { positions, triangles } = surface;
  const { cellSize: h, origin, dims } = grid;
  const allTriangles = triangles.length / 3;
  let cells = new Int32Array(Math.max(16, 4 * allTriangles));
  let tris = new Int32Array(cells.length);
  let count = 0;
  const corners = new Float64Array(9);
  const center = new Float64Array(3);
  const half = new Float64Array(3).fill(0.5 * h * (1 + 2 * CELL_EPSILON));
  const lo = [0, 0, 0];
  const hi = [0, 0, 0];
  for (let t = 0; t < allTriangles; t++) {
    for (let a = 0; a < 3; a++) {
      let mn = Infinity;
      let mx = -Infinity;
      for (let corner = 0; corner < 3; corner++) {
        const x = positions[3 * triangles[3 * t + corner] + a];
        corners[3 * corner + a] = x;
        if (x < mn) mn = x;
        if (x > mx) mx = x;
      }
      lo[a] = Math.max(0, Math.floor((mn - origin[a]) / h - CELL_EPSILON));
      hi[a] = Math.min(dims[a] - 1, Math.floor((mx - origin[a]) / h + CELL_EPSILON));
    }
    const single = lo[0] === hi[0] && lo[1] === hi[1] && lo[2] === hi[2];
    for (let k = lo[2]; k <= hi[2]; k++) {
      for (let j = lo[1]; j <= hi[1]; j++) {
        for (let i = lo[0]; i <= hi[0]; i++) {
          if (!single) {
            center[0] = origin[0] + (i + 0.5) * h;
            center[1] = origin[1] + (j + 0.5) * h;
            center[2] = origin[2] + (k + 0.5) * h;
            if (!triangleIntersectsBox(corners, center, half)) continue;
          }
          if (count === cells.length) {
            cells = grow(cells);
            tris = grow(tris);
          }
          cells[count] = i + dims[0] * (j + dims[1] * k);
          tris[count] = t;
          count++;
        }
      }
    }
  }
  const indexOfCell = new Int32Array(grid.cellCount).fill(-1);
  const linearList: number[] = [];
  for (let e = 0; e < count; e++) {
    if (indexOfCell[cells[e]] < 0) {
      indexOfCell[cells[e]] = linearList.length;
      linearList.push(cells[e]);
    }
  }
  // Sort surface cells by linear index (deterministic, cache-friendly sweeps), then bucket entries.
  linearList.sort((a, b) => a - b);
  const linear = Int32Array.from(linearList);
  for (let c = 0; c < linear.length; c++) indexOfCell[linear[c]] = c;
  const pointers = new Int32Array(linear.length + 1);
  for (let e = 0; e < count; e++) pointers[indexOfCell[cells[e]] + 1]++;
  for (let c = 0; c < linear.length; c++) pointers[c + 1] += pointers[c];
  const entryTriangle = new Int32Array(count);
  const cursor = pointers.slice(0, linear.length);
  for (let e = 0; e < count; e++) entryTriangle[cursor[indexOfCell[cells[e]]]++] = tris[e];
  return { linear, pointers, entryTriangle, indexOfCell };
}

function grow(array: Int32Array): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(array.length * 2);
  bigger.set(array);
  return bigger;
}
