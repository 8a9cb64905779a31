import type { LatticeEmbedding } from '../embedding/index.ts';
import { unionFindMerge, unionFindRoot } from '../math/index.ts';

/** The driver candidates of a lattice: its pieces and, in each, the vertices the skeleton carries. */
export interface LatticeCore {
  /** #N piece (connected component of the tets) of each lattice vertex, 0..pieceCount−1 */
  piece: Int32Array;
  pieceCount: number;
  /**
   * #N 1 = core vertex: deep inside (in no cell the surface passes through) and within ¾ of a cell of a bone segment,
   * or in a cell that a larger piece also fills (where a separate shell sits in its host); in a piece with neither,
   * the vertices nearest its centroid
   */
  core: Uint8Array;
  /** #P how each piece's core was found */
  coreKind: Array<'bones' | 'bonesAndOverlap' | 'overlap' | 'centroid'>;
}

/**
 * Where the skeleton holds the flesh: the deep lattice vertices (in no cell the surface passes through) within ¾ of a
 * cell of a bone segment (world rest pose), per connected lattice piece. Soft tissue hangs on bones, and the bones
 * follow the animation exactly, so these are
 * the natural driver of a piece that no weight-0 vertex pins (uniform weight 1 would otherwise hover or collapse) and
 * the reference of the attachment stiffness (attachmentStiffnesses: how far a region lags the bones as free physics).
 * Only deep vertices count: where a bone runs thick flesh (a spine in a belly) it holds it, while a slender part
 * whose bone never lies deeper than a cell under the skin (a tail, a thin leg, an ear) swings as a whole from where
 * it joins the body, which is the follow-through an animator expects of it.
 * A piece is also held where it sits inside a larger piece (an ear or an eye modelled as a separate shell sunk into
 * the head is attached at its base, as the real one is; the host is not held by its guests); a piece with neither
 * (a prop on an unskinned node) gets the vertices nearest its own centroid (at least one), and wobbles about it.
 *
 * @param embedding  the lattice (positions, tetrahedra, cell size)
 * @param segments   #B×6 bone segments (ax, ay, az, bx, by, bz) in the lattice's space [m]; empty for an unskinned mesh
 * @param surfacePositions  #S×3 the embedded surface's rest positions [m] (what is deep is what no triangle is near)
 * @param surfaceTriangles  #F×3 its triangles
 * @returns pieces and core
 */
export function latticeCore(
  embedding: LatticeEmbedding,
  segments: ArrayLike<number>,
  surfacePositions: ArrayLike<number>,
  surfaceTriangles: ArrayLike<number>,
): LatticeCore {
  const { vertexCount: n, tetCount, tetrahedra, positions, cellSize } = embedding;
  const parent = Int32Array.from({ length: n }, (_, v) => v);
  for (let t = 0; t < tetCount; t++) {
    for (let i = 1; i < 4; i++) unionFindMerge(parent, tetrahedra[4 * t], tetrahedra[4 * t + i]);
  }
  const used = new Uint8Array(n);
  for (let k = 0; k < 4 * tetCount; k++) used[tetrahedra[k]] = 1;
  const piece = new Int32Array(n).fill(-1);
  const rootPiece = new Map<number, number>();
  for (let v = 0; v < n; v++) {
    if (!used[v]) continue;
    const root = unionFindRoot(parent, v);
    let p = rootPiece.get(root);
    if (p === undefined) {
      p = rootPiece.size;
      rootPiece.set(root, p);
    }
    piece[v] = p;
  }
  const pieceCount = rootPiece.size;
  const core = new Uint8Array(n);
  const boneVertices = new Int32Array(pieceCount);
  const coreKind: LatticeCore['coreKind'] = Array.from({ length: pieceCount }, () => 'bones' as const);
  const reach = 0.75 * cellSize;
  const segmentCount = Math.floor(segments.length / 6);
  // Only deep vertices: those of no cell that the surface passes through (a triangle's bounding box overlaps it).
  const [nx, ny, nz] = embedding.gridDimensions;
  const surfaceCell = new Uint8Array(nx * ny * nz);
  const cellOf = (x: number, axis: number, count: number) => Math.min(count - 1, Math.max(0, Math.floor((x - embedding.origin[axis]) / cellSize)));
  const triangles = surfaceTriangles;
  const points = surfacePositions;
  for (let t = 0; t < triangles.length; t += 3) {
    const lo = [Infinity, Infinity, Infinity];
    const hi = [-Infinity, -Infinity, -Infinity];
    for (let k = 0; k < 3; k++) {
      for (let c = 0; c < 3; c++) {
        lo[c] = Math.min(lo[c], points[3 * triangles[t + k] + c]);
        hi[c] = Math.max(hi[c], points[3 * triangles[t + k] + c]);
      }
    }
    const [i0, j0, k0] = [cellOf(lo[0], 0, nx), cellOf(lo[1], 1, ny), cellOf(lo[2], 2, nz)];
    const [i1, j1, k1] = [cellOf(hi[0], 0, nx), cellOf(hi[1], 1, ny), cellOf(hi[2], 2, nz)];
    for (let k = k0; k <= k1; k++) for (let j = j0; j <= j1; j++) for (let i = i0; i <= i1; i++) surfaceCell[i + nx * (j + ny * k)] = 1;
  }
  const shallow = new Uint8Array(n);
  for (let t = 0; t < tetCount; t++) {
    if (!surfaceCell[embedding.tetCell[t]]) continue;
    for (let i = 0; i < 4; i++) shallow[tetrahedra[4 * t + i]] = 1;
  }
  for (let v = 0; v < n; v++) {
    if (piece[v] < 0 || shallow[v]) continue;
    const px = positions[3 * v];
    const py = positions[3 * v + 1];
    const pz = positions[3 * v + 2];
    for (let s = 0; s < segmentCount; s++) {
      if (segmentDistance(segments, 6 * s, px, py, pz) <= reach) {
        core[v] = 1;
        boneVertices[piece[v]]++;
        break;
      }
    }
  }
  // Where a piece sits in a larger one (a shell sunk into its host): the vertices of its cells that a larger piece
  // fills too. The host is not held by its guests.
  const size = new Int32Array(pieceCount);
  for (let v = 0; v < n; v++) if (piece[v] >= 0) size[piece[v]]++;
  const largest = new Map<number, number>();
  for (let t = 0; t < tetCount; t++) {
    const p = piece[tetrahedra[4 * t]];
    const cell = embedding.tetCell[t];
    const other = largest.get(cell);
    if (other === undefined || size[p] > size[other]) largest.set(cell, p);
  }
  const overlapVertices = new Int32Array(pieceCount);
  for (let t = 0; t < tetCount; t++) {
    const p = piece[tetrahedra[4 * t]];
    const host = largest.get(embedding.tetCell[t]) as number;
    if (host === p || size[host] <= size[p]) continue;
    for (let i = 0; i < 4; i++) {
      const v = tetrahedra[4 * t + i];
      if (!core[v]) overlapVertices[p]++;
      core[v] = 1;
    }
  }
  for (let p = 0; p < pieceCount; p++) {
    if (boneVertices[p] === 0) coreKind[p] = overlapVertices[p] > 0 ? 'overlap' : 'centroid';
    else if (overlapVertices[p] > 0) coreKind[p] = 'bonesAndOverlap';
  }
  // The rest: the vertices nearest the centroid (within a quarter cell of the nearest).
  const centroid = new Float64Array(3 * pieceCount);
  const count = new Float64Array(pieceCount);
  for (let v = 0; v < n; v++) {
    const p = piece[v];
    if (p < 0 || coreKind[p] !== 'centroid') continue;
    for (let c = 0; c < 3; c++) centroid[3 * p + c] += positions[3 * v + c];
    count[p]++;
  }
  const nearest = new Float64Array(pieceCount).fill(Infinity);
  const distance = new Float64Array(n);
  for (let v = 0; v < n; v++) {
    const p = piece[v];
    if (p < 0 || coreKind[p] !== 'centroid') continue;
    distance[v] = Math.hypot(
      positions[3 * v] - centroid[3 * p] / count[p],
      positions[3 * v + 1] - centroid[3 * p + 1] / count[p],
      positions[3 * v + 2] - centroid[3 * p + 2] / count[p],
    );
    if (distance[v] < nearest[p]) nearest[p] = distance[v];
  }
  for (let v = 0; v < n; v++) {
    const p = piece[v];
    if (p >= 0 && coreKind[p] === 'centroid' && distance[v] <= nearest[p] + 0.25 * cellSize) core[v] = 1;
  }
  return { piece, pieceCount, core, coreKind };
}

/** Distance from point p to the segment at offset o of segments (ax, ay, az, bx, by, bz). */
function segmentDistance(segments: ArrayLike<number>, o: number, px: number, py: number, pz: number): number {
  const ax = segments[o];
  const ay = segments[o + 1];
  const az = segments[o + 2];
  const dx = segments[o + 3] - ax;
  const dy = segments[o + 4] - ay;
  const dz = segments[o + 5] - az;
  const length2 = dx * dx + dy * dy + dz * dz;
  let s = length2 > 0 ? ((px - ax) * dx + (py - ay) * dy + (pz - az) * dz) / length2 : 0;
  s = Math.min(1, Math.max(0, s));
  return Math.hypot(px - ax - s * dx, py - ay - s * dy, pz - az - s * dz);
}
