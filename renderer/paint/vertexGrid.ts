/**
 * A uniform grid over a posed mesh's vertices, so the brush gathers the vertices within its radius by visiting the
 * cells its sphere overlaps instead of measuring every vertex of the mesh on every stroke sample (at 50k vertices a
 * scan is 50k distance tests per sample; the gather visits the few hundred vertices near the brush).
 *
 * Built once per pose (a counting sort of the vertices by cell: O(V), two passes), not per sample: a stroke happens on
 * a still frame. The grid is dense over the bounding box with about one cell per vertex (cell edge ∛(volume / V),
 * each side at least 1/1000 of the longest so a flat mesh does not make the cells vanish), at most 256 cells a side.
 * `gather` writes the vertices strictly inside the sphere into a caller's array (no allocation per call) and falls
 * back to a scan when the sphere covers more cells than there are vertices (a brush larger than the mesh).
 *
 * DESIGN NOTES
 * - Why a grid, not the picker's BVH: the BVH is over triangles (a vertex is met ~6 times, once per incident
 *   triangle, and needs a visited mark), and its leaves are sized for ray tests. The grid's query is a box of cells,
 *   its answer exact (distance test per candidate) and each vertex appears once.
 * - Measured (bench/brush.bench.ts): see the DESIGN NOTES of renderer/viewport/PaintLayer.tsx.
 */

export interface VertexGrid {
  /** #V×3 positions the grid was built on (the caller's array, not copied) */
  readonly positions: Float32Array;
  /**
   * Vertices with |p − centre| < radius, written to `out[0..count)` (in cell order); `out` needs #V entries.
   * @returns count
   */
  gather(centre: ArrayLike<number>, radius: number, out: Uint32Array): number;
}

const MAX_CELLS_PER_SIDE = 256;

/**
 * @param positions  #V×3 vertex positions (kept by reference: rebuild the grid when they change)
 * @returns the grid
 */
export function vertexGrid(positions: Float32Array): VertexGrid {
  const vertexCount = positions.length / 3;
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let v = 0; v < vertexCount; v++) {
    for (let axis = 0; axis < 3; axis++) {
      const x = positions[3 * v + axis];
      if (x < min[axis]) min[axis] = x;
      if (x > max[axis]) max[axis] = x;
    }
  }
  if (vertexCount === 0) for (let axis = 0; axis < 3; axis++) min[axis] = max[axis] = 0;
  const longest = Math.max(max[0] - min[0], max[1] - min[1], max[2] - min[2], 1e-9);
  const extent = [0, 1, 2].map((axis) => Math.max(max[axis] - min[axis], longest * 1e-3));
  let cell = Math.cbrt((extent[0] * extent[1] * extent[2]) / Math.max(vertexCount, 1));
  cell = Math.max(cell, longest / MAX_CELLS_PER_SIDE);
  const dims = extent.map((e) => Math.min(MAX_CELLS_PER_SIDE, Math.max(1, Math.ceil(e / cell))));
  const [nx, ny, nz] = dims;
  const inverse = 1 / cell;
  const cellOf = (v: number): number => {
    const ix = Math.min(nx - 1, Math.floor((positions[3 * v] - min[0]) * inverse));
    const iy = Math.min(ny - 1, Math.floor((positions[3 * v + 1] - min[1]) * inverse));
    const iz = Math.min(nz - 1, Math.floor((positions[3 * v + 2] - min[2]) * inverse));
    return (iz * ny + iy) * nx + ix;
  };
  // Counting sort by cell: start[c]..start[c+1] are cell c's vertices in `sorted`.
  const cellCount = nx * ny * nz;
  const start = new Uint32Array(cellCount + 1);
  const cells = new Uint32Array(vertexCount);
  for (let v = 0; v < vertexCount; v++) {
    cells[v] = cellOf(v);
    start[cells[v] + 1]++;
  }
  for (let c = 0; c < cellCount; c++) start[c + 1] += start[c];
  const sorted = new Uint32Array(vertexCount);
  const cursor = start.slice(0, cellCount);
  for (let v = 0; v < vertexCount; v++) sorted[cursor[cells[v]]++] = v;

  const clampIndex = (x: number, n: number): number => Math.min(n - 1, Math.max(0, Math.floor(x)));
  return {
    positions,
    gather(centre, radius, out) {
      const cx = centre[0];
      const cy = centre[1];
      const cz = centre[2];
      const radiusSquared = radius * radius;
      let count = 0;
      if (!(radius > 0)) return 0;
      const x0 = clampIndex((cx - radius - min[0]) * inverse, nx);
      const x1 = clampIndex((cx + radius - min[0]) * inverse, nx);
      const y0 = clampIndex((cy - radius - min[1]) * inverse, ny);
      const y1 = clampIndex((cy + radius - min[1]) * inverse, ny);
      const z0 = clampIndex((cz - radius - min[2]) * inverse, nz);
      const z1 = clampIndex((cz + radius - min[2]) * inverse, nz);
      const scan = (x1 - x0 + 1) * (y1 - y0 + 1) * (z1 - z0 + 1) > vertexCount;
      // The candidates: the vertices of the cells the sphere's box covers (each x-row of cells is one run of
      // `sorted`), or every vertex when that box has more cells than the mesh has vertices.
      for (let iz = scan ? 0 : z0; iz <= (scan ? 0 : z1); iz++) {
        for (let iy = scan ? 0 : y0; iy <= (scan ? 0 : y1); iy++) {
          const row = (iz * ny + iy) * nx;
          const first = scan ? 0 : start[row + x0];
          const last = scan ? vertexCount : start[row + x1 + 1];
          for (let k = first; k < last; k++) {
            const v = scan ? k : sorted[k];
            const dx = positions[3 * v] - cx;
            const dy = positions[3 * v + 1] - cy;
            const dz = positions[3 * v + 2] - cz;
            if (dx * dx + dy * dy + dz * dz < radiusSquared) out[count++] = v;
          }
        }
      }
      return count;
    },
  };
}
