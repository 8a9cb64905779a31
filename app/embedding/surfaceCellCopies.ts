import { unionFindMerge, unionFindRoot } from '../math/index.ts';
import { combinedPart, samePart, UNKNOWN_PART } from './copyParts.ts';
import type { EmbeddingSurface } from './embeddingSurface.ts';
import { generalizedWindingNumber } from './generalizedWindingNumber.ts';
import { joinAcrossThinSlabs } from './joinAcrossThinSlabs.ts';
import { cellCoordinates, type LatticeGrid } from './latticeGrid.ts';
import { pointTriangleDistanceSquared } from './pointTriangleDistanceSquared.ts';
import { segmentIntersectsTriangle } from './segmentIntersectsTriangle.ts';
import type { SurfaceCells } from './surfaceCells.ts';
import { triangleFacing } from './triangleFacing.ts';

/** The copies of lattice cells: a cell exists once per material region it holds. */
export interface LatticeCopies {
  /** #E copy of each (cell, triangle) entry of the surface cells */
  entryCopy: Int32Array;
  /** #C×27 copy owning each half-cell sample (a + 3b + 9d) of each surface cell, −1 where it is outside */
  sampleOwner: Int32Array;
  /** grid cell (linear index) of each copy: the surface cells' copies first, cell by cell; interiorCellCopies appends */
  copyCell: number[];
  /** part label of each copy (a welded component index, UNKNOWN_PART or MIXED_PART; see copyParts.ts) */
  copyPart: number[];
}

/** Sample (a, b, d) ∈ {0,1,2}³ of a cell has index a + 3b + 9d; corner q ↔ sample (2(q&1), 2((q>>1)&1), 2(q>>2)). */
const SAMPLE_EDGES: Int32Array = (() => {
  const edges: number[] = [];
  for (let d = 0; d < 3; d++) {
    for (let b = 0; b < 3; b++) {
      for (let a = 0; a < 3; a++) {
        const s = a + 3 * b + 9 * d;
        if (a < 2) edges.push(s, s + 1);
        if (b < 2) edges.push(s, s + 3);
        if (d < 2) edges.push(s, s + 9);
      }
    }
  }
  return Int32Array.from(edges);
})();

/**
 * The copies of the surface cells, latticeEmbedding's step 4 (the duplication of seed 002 §3.4 and Li's
 * seed 004 ch. 5 immersion, decided by winding numbers instead of a closed-manifold requirement).
 *
 * Each inside half-cell sample (|w| ≥ threshold) belongs to the nearest piece that claims it: the piece's part
 * has it inside (|w_part| ≥ threshold), and it lies on the piece's inner side (pseudo-normal test, Bærentzen &
 * Aanæs 2005); unclaimed inside samples (flesh of a part whose surface is elsewhere) form an extra interior
 * piece. Pieces are then one material region, and one copy, when (a) owned samples are lattice neighbours
 * whose segment no triangle cuts (seed 002 §3.4's edge-cut rule), except across an overlap of two different
 * parts unless joinParts, or (b) joinAcrossThinSlabs finds one slab thinner than the sample spacing between
 * them; isolated vertices join the nearest real piece of their cell.
 *
 * @param surface       the prepared surface
 * @param grid          the lattice grid
 * @param cells         the surface cells
 * @param entryParent   #E union–find parents of the pieces (cellPieces)
 * @param windingAt     w at half-cell samples (halfCellWindingNumbers)
 * @param threshold     |w| ≥ threshold counts as inside
 * @param joinParts     latticeEmbedding's joinOverlappingParts
 * @param windingStack  generalizedWindingNumber traversal stack, reused
 * @returns the copies of every surface cell, which entries and samples each holds, and their parts
 */
export function surfaceCellCopies(
  surface: EmbeddingSurface,
  grid: LatticeGrid,
  cells: SurfaceCells,
  entryParent: Int32Array,
  windingAt: (i2: number, j2: number, k2: number) => number,
  threshold: number,
  joinParts: boolean,
  windingStack: Int32Array,
): LatticeCopies {
  const { cellSize: h, origin, dims } = grid;
  const { positions, triangles } = surface;
  const surfaceCellCount = cells.linear.length;
  const entryCount = cells.entryTriangle.length;
  const realTriangles = surface.triangleCount;
  const sampleDims = [2 * dims[0] + 1, 2 * dims[1] + 1];
  const ijk = [0, 0, 0];

  // |w_K| ≥ threshold at a half-cell sample, for part K (several parts only), cached like windingAt.
  const componentCache = new Map<number, boolean>();
  const componentClaims = (component: number, i2: number, j2: number, k2: number): boolean => {
    const key = (i2 + sampleDims[0] * (j2 + sampleDims[1] * k2)) * surface.componentCount + component;
    let claims = componentCache.get(key);
    if (claims === undefined) {
      const w = generalizedWindingNumber(surface.componentTrees[component], origin[0] + 0.5 * h * i2, origin[1] + 0.5 * h * j2, origin[2] + 0.5 * h * k2, 2, windingStack);
      claims = Math.abs(w) >= threshold;
      componentCache.set(key, claims);
    }
    return claims;
  };

  const entryCopy = new Int32Array(entryCount);
  const sampleOwner = new Int32Array(27 * surfaceCellCount).fill(-1);
  const copyCell: number[] = [];
  const copyPart: number[] = [];
  let pieceOfRoot = new Int32Array(64);
  let pieceParent = new Int32Array(64);
  let piecePointOnly = new Uint8Array(64);
  let pieceDistance = new Float64Array(64);
  let pieceSide = new Float64Array(64);
  let pieceComponent = new Int32Array(64);
  let piecePart = new Int32Array(64);
  const pieceOfEntry = new Int32Array(entryCount);
  const inside = new Uint8Array(27);
  const windingDepth = new Float64Array(27);
  const closest = new Float64Array(3);
  const sampleX = new Float64Array(27);
  const sampleY = new Float64Array(27);
  const sampleZ = new Float64Array(27);
  for (let c = 0; c < surfaceCellCount; c++) {
    const lo = cells.pointers[c];
    const hi = cells.pointers[c + 1];
    cellCoordinates(dims, cells.linear[c], ijk);
    // Local piece ids.
    if (pieceOfRoot.length < hi - lo + 1) {
      pieceOfRoot = new Int32Array(2 * (hi - lo));
      pieceParent = new Int32Array(2 * (hi - lo));
      piecePointOnly = new Uint8Array(2 * (hi - lo));
      pieceDistance = new Float64Array(2 * (hi - lo));
      pieceSide = new Float64Array(2 * (hi - lo));
      pieceComponent = new Int32Array(2 * (hi - lo));
      piecePart = new Int32Array(2 * (hi - lo));
    }
    let pieceCount = 0;
    for (let e = lo; e < hi; e++) pieceOfRoot[e - lo] = -1;
    for (let e = lo; e < hi; e++) {
      const root = unionFindRoot(entryParent, e) - lo;
      if (pieceOfRoot[root] < 0) {
        pieceOfRoot[root] = pieceCount;
        piecePointOnly[pieceCount] = 1;
        pieceParent[pieceCount] = pieceCount;
        pieceCount++;
      }
      const piece = pieceOfRoot[root];
      pieceOfEntry[e] = piece;
      if (cells.entryTriangle[e] < realTriangles) piecePointOnly[piece] = 0;
    }
    for (let s = 0; s < 27; s++) {
      const a = s % 3;
      const b = Math.floor(s / 3) % 3;
      const d = Math.floor(s / 9);
      const w = windingAt(2 * ijk[0] + a, 2 * ijk[1] + b, 2 * ijk[2] + d);
      windingDepth[s] = Math.abs(w);
      inside[s] = windingDepth[s] >= threshold ? 1 : 0;
      sampleX[s] = origin[0] + (ijk[0] + 0.5 * a) * h;
      sampleY[s] = origin[1] + (ijk[1] + 0.5 * b) * h;
      sampleZ[s] = origin[2] + (ijk[2] + 0.5 * d) * h;
    }
    const ownerBase = 27 * c;
    // Each inside sample belongs to the nearest piece that claims it: the piece's part (welded component K)
    // must have it inside, |w_K| ≥ threshold (a belt's piece does not claim body flesh it is buried in), and,
    // among pieces of one part, the sample must lie on the piece's inner side (of two fingers in a cell,
    // each claims its own flesh). Side = sign of (sample − closest point)·(sum of the normals of the
    // triangles sharing the closest feature), a pseudo-normal test (Bærentzen & Aanæs 2005) on the piece.
    // Inside samples no piece of the cell claims (flesh of a part whose surface is not in this cell) go to
    // one extra "interior" copy of the cell, made on demand as piece number pieceCount.
    const multiPart = surface.componentCount > 1;
    let interiorPiece = -1;
    for (let s = 0; s < 27; s++) {
      if (!inside[s]) {
        sampleOwner[ownerBase + s] = -1;
        continue;
      }
      if (pieceCount === 1 && !multiPart) {
        sampleOwner[ownerBase + s] = 0;
        continue;
      }
      for (let p = 0; p < pieceCount; p++) {
        pieceDistance[p] = Infinity;
        pieceSide[p] = 0;
      }
      for (let e = lo; e < hi; e++) {
        const t = cells.entryTriangle[e];
        if (t >= realTriangles) continue;
        const piece = pieceOfEntry[e];
        const d2 = pointTriangleDistanceSquared(positions, triangles[3 * t], triangles[3 * t + 1], triangles[3 * t + 2], sampleX[s], sampleY[s], sampleZ[s], closest);
        const best = pieceDistance[piece];
        if (d2 > best * (1 + 1e-9) + 1e-30) continue;
        const side = surface.orientation[t] * triangleFacing(positions, triangles, t, sampleX[s] - closest[0], sampleY[s] - closest[1], sampleZ[s] - closest[2]);
        if (d2 < best * (1 - 1e-9) - 1e-30) {
          pieceDistance[piece] = d2;
          pieceSide[piece] = side;
          pieceComponent[piece] = surface.componentOfTriangle[t];
        } else {
          pieceSide[piece] += side;
        }
      }
      let owner = -1;
      let ownerDistance = Infinity;
      let claimant = -1;
      let claimantDistance = Infinity;
      for (let p = 0; p < pieceCount; p++) {
        if (!(pieceDistance[p] < Infinity)) continue;
        if (multiPart && !componentClaims(pieceComponent[p], 2 * ijk[0] + (s % 3), 2 * ijk[1] + (Math.floor(s / 3) % 3), 2 * ijk[2] + Math.floor(s / 9))) continue;
        if (pieceDistance[p] < claimantDistance) {
          claimantDistance = pieceDistance[p];
          claimant = p;
        }
        if (pieceSide[p] <= 0 && pieceDistance[p] < ownerDistance) {
          ownerDistance = pieceDistance[p];
          owner = p;
        }
      }
      if (owner < 0) owner = claimant;
      if (owner < 0) {
        if (interiorPiece < 0) {
          interiorPiece = pieceCount++;
          pieceParent[interiorPiece] = interiorPiece;
          piecePointOnly[interiorPiece] = 0;
        }
        owner = interiorPiece;
      }
      sampleOwner[ownerBase + s] = owner;
    }
    // The part (welded component) of each piece; UNKNOWN for the interior piece and isolated points.
    for (let p = 0; p < pieceCount; p++) piecePart[p] = UNKNOWN_PART;
    for (let e = lo; e < hi; e++) {
      const t = cells.entryTriangle[e];
      if (t < realTriangles) piecePart[pieceOfEntry[e]] = surface.componentOfTriangle[t];
    }
    if (pieceCount > 1) {
      // (a) owned neighbours joined by an uncut sample edge are one material region, except across an
      // overlap of two different parts (unless they are to be joined).
      for (let k = 0; k < SAMPLE_EDGES.length; k += 2) {
        const s0 = SAMPLE_EDGES[k];
        const s1 = SAMPLE_EDGES[k + 1];
        const p0 = sampleOwner[ownerBase + s0];
        const p1 = sampleOwner[ownerBase + s1];
        if (p0 < 0 || p1 < 0 || unionFindRoot(pieceParent, p0) === unionFindRoot(pieceParent, p1)) continue;
        if (!joinParts && windingDepth[s0] >= threshold + 1 && windingDepth[s1] >= threshold + 1 && !samePart(piecePart[p0], piecePart[p1])) continue;
        let cut = false;
        for (let e = lo; e < hi && !cut; e++) {
          const t = cells.entryTriangle[e];
          if (t >= realTriangles) continue;
          cut = segmentIntersectsTriangle(positions, triangles[3 * t], triangles[3 * t + 1], triangles[3 * t + 2], sampleX[s0], sampleY[s0], sampleZ[s0], sampleX[s1], sampleY[s1], sampleZ[s1]);
        }
        if (!cut) unionFindMerge(pieceParent, p0, p1);
      }
      // (b) thin slabs: a normal ray from one piece that first meets another across singly-covered inside.
      if (countRoots(pieceParent, pieceCount) > 1) {
        joinAcrossThinSlabs(surface, cells, lo, hi, pieceOfEntry, pieceParent, ijk, h, origin, threshold, closest, windingStack);
      }
      // Isolated vertices join the nearest real piece of their cell.
      for (let e = lo; e < hi; e++) {
        const piece = pieceOfEntry[e];
        if (!piecePointOnly[piece]) continue;
        const v = triangles[3 * cells.entryTriangle[e]];
        let best = -1;
        let bestDistance = Infinity;
        for (let f = lo; f < hi; f++) {
          const t = cells.entryTriangle[f];
          if (t >= realTriangles) continue;
          const d2 = pointTriangleDistanceSquared(positions, triangles[3 * t], triangles[3 * t + 1], triangles[3 * t + 2], positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]);
          if (d2 < bestDistance) {
            bestDistance = d2;
            best = pieceOfEntry[f];
          }
        }
        unionFindMerge(pieceParent, piece, best >= 0 ? best : 0);
      }
    }
    // Copies: one per remaining piece root, with the part of its pieces (MIXED when joined across parts).
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
  return { entryCopy, sampleOwner, copyCell, copyPart };
}

function countRoots(parent: Int32Array, count: number): number {
  let roots = 0;
  for (let p = 0; p < count; p++) if (unionFindRoot(parent, p) === p) roots++;
  return roots;
}
