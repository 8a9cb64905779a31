import { triangleNormal } from '../geometry/index.ts';
import { unionFindMerge, unionFindRoot } from '../math/index.ts';
import type { EmbeddingSurface } from './embeddingSurface.ts';
import { generalizedWindingNumber } from './generalizedWindingNumber.ts';
import { pointTriangleClosestPoint } from '../geometry/index.ts';
import { rayTriangleDistance } from './rayTriangleDistance.ts';
import type { SurfaceCells } from './surfaceCells.ts';
import { triangleFacing } from './triangleFacing.ts';

/**
 * Rule (b) of latticeEmbedding's step 4, which joins pieces of one surface cell into one material region
 * across slabs thinner than the half-cell sample spacing (the edge-cut rule (a) of seed 002 §3.4 sees no
 * owned samples on both sides there): a ray from a piece's triangle, cast into its material (against its
 * outward normal) from the point of the triangle nearest the cell center, that first meets another piece's
 * wall from inside that piece's material (the ray leaves it), through singly-covered inside space
 * (threshold ≤ |w| < threshold + 1 at the midpoint), means one slab: the two pieces are joined.
 *
 * At most 48 rays per cell: enough to find a slab, bounded for cells crossed by thousands of triangles.
 *
 * @param surface       the prepared surface
 * @param cells         the surface cells
 * @param lo            first (cell, triangle) entry of this cell
 * @param hi            one past its last entry
 * @param pieceOfEntry  #E local piece index of each entry (only lo..hi are read)
 * @param pieceParent   local union–find parents of the cell's pieces, merged in place
 * @param ijk           the cell's integer coordinates
 * @param h             cell size [m]
 * @param origin        grid origin [m]
 * @param threshold     |w| ≥ threshold counts as inside
 * @param closest       4 numbers of scratch (pointTriangleClosestPoint's weights and feature)
 * @param stack         generalizedWindingNumber traversal stack, reused
 */
export function joinAcrossThinSlabs(
  surface: EmbeddingSurface,
  cells: SurfaceCells,
  lo: number,
  hi: number,
  pieceOfEntry: Int32Array,
  pieceParent: Int32Array,
  ijk: number[],
  h: number,
  origin: [number, number, number],
  threshold: number,
  closest: Float64Array,
  stack: Int32Array,
): void {
  const normal = _normal;
  const { positions, triangles, triangleCount, tree } = surface;
  const cx = origin[0] + (ijk[0] + 0.5) * h;
  const cy = origin[1] + (ijk[1] + 0.5) * h;
  const cz = origin[2] + (ijk[2] + 0.5) * h;
  const reach = Math.sqrt(3) * h;
  const slack = 1e-7 * h;
  // At most this many rays per cell: enough to find a slab, bounded for cells crossed by thousands of triangles.
  const stride = Math.max(1, Math.floor((hi - lo) / 48));
  for (let e = lo; e < hi; e += stride) {
    const t = cells.entryTriangle[e];
    if (t >= triangleCount) continue;
    const a = triangles[3 * t];
    const b = triangles[3 * t + 1];
    const c = triangles[3 * t + 2];
    triangleNormal(positions, a, b, c, normal);
    let nx = normal[0];
    let ny = normal[1];
    let nz = normal[2];
    const length = Math.sqrt(nx * nx + ny * ny + nz * nz);
    if (!(length > 0)) continue;
    nx /= length;
    ny /= length;
    nz /= length;
    pointTriangleClosestPoint(positions, a, b, c, cx, cy, cz, closest);
    const ox = closest[0] * positions[3 * a] + closest[1] * positions[3 * b] + closest[2] * positions[3 * c];
    const oy = closest[0] * positions[3 * a + 1] + closest[1] * positions[3 * b + 1] + closest[2] * positions[3 * c + 1];
    const oz = closest[0] * positions[3 * a + 2] + closest[1] * positions[3 * b + 2] + closest[2] * positions[3 * c + 2];
    if (Math.abs(ox - cx) > 0.5 * h + slack || Math.abs(oy - cy) > 0.5 * h + slack || Math.abs(oz - cz) > 0.5 * h + slack) continue;
    const piece = pieceOfEntry[e];
    // Into the piece's material: against its outward normal.
    const sign = -surface.orientation[t];
    const dx = sign * nx;
    const dy = sign * ny;
    const dz = sign * nz;
    let bestT = reach;
    let bestEntry = -1;
    for (let f = lo; f < hi; f++) {
      const s = cells.entryTriangle[f];
      if (s === t || s >= triangleCount) continue;
      const hit = rayTriangleDistance(positions, triangles[3 * s], triangles[3 * s + 1], triangles[3 * s + 2], ox, oy, oz, dx, dy, dz);
      if (hit > slack && hit < bestT) {
        bestT = hit;
        bestEntry = f;
      }
    }
    if (bestEntry < 0) continue;
    const other = pieceOfEntry[bestEntry];
    if (unionFindRoot(pieceParent, other) === unionFindRoot(pieceParent, piece)) continue;
    // The ray must leave the other piece's material there (a slab between two walls), not enter it.
    const hitTriangle = cells.entryTriangle[bestEntry];
    if (surface.orientation[hitTriangle] * triangleFacing(positions, triangles, hitTriangle, dx, dy, dz) <= 0) continue;
    const w = generalizedWindingNumber(tree, ox + 0.5 * bestT * dx, oy + 0.5 * bestT * dy, oz + 0.5 * bestT * dz, 2, stack);
    const depth = Math.abs(w);
    if (depth >= threshold && depth < threshold + 1) unionFindMerge(pieceParent, piece, other);
  }
}

const _normal = new Float64Array(3);
