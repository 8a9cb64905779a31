import { unionFindMerge } from '../math/index.ts';
import type { EmbeddingSurface } from './embeddingSurface.ts';
import { CELL_EPSILON, cellCoordinates, type LatticeGrid } from './latticeGrid.ts';
import type { SurfaceCells } from './surfaceCells.ts';

/**
 * The pieces of latticeEmbedding's step 3: the connected components of surface ∩ cell, per surface cell.
 * Two triangles of a cell are connected when they share a welded edge whose segment crosses the (slightly
 * enlarged) cell, so triangles of one cell merge only through the surface itself, seed 002 §3.3
 * ("topologically distant triangles never merge"): two fingers in one cell stay two pieces.
 *
 * @param surface  the prepared surface
 * @param grid     the lattice grid
 * @param cells    the surface cells
 * @returns #E union–find parents over the (cell, triangle) entries (unionFindRoot gives an entry's piece
 *          representative); entries of different cells are never joined
 */
export function cellPieces(surface: EmbeddingSurface, grid: LatticeGrid, cells: SurfaceCells): Int32Array {
  const { cellSize: h, origin, dims } = grid;
  const { positions, triangles, welded, vertexTrianglePointers, vertexTriangles } = surface;
  const surfaceCellCount = cells.linear.length;
  const entryCount = cells.entryTriangle.length;
  const allTriangles = triangles.length / 3;
  const entryParent = new Int32Array(entryCount);
  for (let e = 0; e < entryCount; e++) entryParent[e] = e;
  const triangleStamp = new Int32Array(allTriangles).fill(-1);
  const triangleEntry = new Int32Array(allTriangles);
  const boxMin = new Float64Array(3);
  const boxMax = new Float64Array(3);
  const ijk = [0, 0, 0];
  for (let c = 0; c < surfaceCellCount; c++) {
    const lo = cells.pointers[c];
    const hi = cells.pointers[c + 1];
    for (let e = lo; e < hi; e++) {
      triangleStamp[cells.entryTriangle[e]] = c;
      triangleEntry[cells.entryTriangle[e]] = e;
    }
    if (hi - lo === 1) continue;
    cellCoordinates(dims, cells.linear[c], ijk);
    for (let a = 0; a < 3; a++) {
      boxMin[a] = origin[a] + (ijk[a] - CELL_EPSILON) * h;
      boxMax[a] = origin[a] + (ijk[a] + 1 + CELL_EPSILON) * h;
    }
    for (let e = lo; e < hi; e++) {
      const t = cells.entryTriangle[e];
      for (let corner = 0; corner < 3; corner++) {
        const p = welded[3 * t + corner];
        const q = welded[3 * t + ((corner + 1) % 3)];
        if (p === q || !segmentTouchesBox(positions, p, q, boxMin, boxMax)) continue;
        for (let k = vertexTrianglePointers[p]; k < vertexTrianglePointers[p + 1]; k++) {
          const s = vertexTriangles[k];
          if (s === t || triangleStamp[s] !== c) continue;
          if (welded[3 * s] === q || welded[3 * s + 1] === q || welded[3 * s + 2] === q) {
            unionFindMerge(entryParent, e, triangleEntry[s]);
          }
        }
      }
    }
  }
  return entryParent;
}

/** Whether the closed segment p–q touches the closed box (slab test, Kay & Kajiya 1986). */
function segmentTouchesBox(positions: Float64Array, p: number, q: number, boxMin: Float64Array, boxMax: Float64Array): boolean {
  let t0 = 0;
  let t1 = 1;
  for (let a = 0; a < 3; a++) {
    const start = positions[3 * p + a];
    const delta = positions[3 * q + a] - start;
    if (delta === 0) {
      if (start < boxMin[a] || start > boxMax[a]) return false;
      continue;
    }
    let near = (boxMin[a] - start) / delta;
    let far = (boxMax[a] - start) / delta;
    if (near > far) {
      const swap = near;
      near = far;
      far = swap;
    }
    if (near > t0) t0 = near;
    if (far < t1) t1 = far;
    if (t0 > t1) return false;
  }
  return true;
}
