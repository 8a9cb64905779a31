import { generalizedWindingNumber } from '../generalizedWindingNumber.ts';
import { pointTriangleClosestPoint } from '../../geometry/index.ts';
import { triangleFacing } from '../triangleFacing.ts';
import type { SurfaceCopiesJob } from './types.ts';

/**
 * The owner piece of each inside half-cell sample of the current cell: the nearest piece that claims it. The piece's
 * part (welded component K) must have it inside, |w_K| ≥ threshold (a belt's piece does not claim body flesh it is
 * buried in), and, among pieces of one part, the sample must lie on the piece's inner side (of two fingers in a
 * cell, each claims its own flesh). Side = sign of (sample − closest point)·(sum of the normals of the triangles
 * sharing the closest feature), a pseudo-normal test (Bærentzen & Aanæs 2005) on the piece. Inside samples no piece
 * of the cell claims (flesh of a part whose surface is not in this cell) go to one extra "interior" piece of the
 * cell, made on demand as piece number pieceCount.
 *
 * @param job  the copies in progress (writes sampleOwner's 27 entries of the cell as local pieces, −1 outside, and
 *             pieceCount when the interior piece is made)
 */
export function sampleOwners(job: SurfaceCopiesJob): void {
  const {
    surface,
    cells,
    lo,
    hi,
    ijk,
    inside,
    sampleOwner,
    pieceDistance,
    pieceSide,
    pieceComponent,
    pieceOfEntry,
    pieceParent,
    piecePointOnly,
    sampleX,
    sampleY,
    sampleZ,
    closest,
  } = job;
  const { positions, triangles } = surface;
  const realTriangles = surface.triangleCount;
  const ownerBase = 27 * job.cell;
  let pieceCount = job.pieceCount;
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
      const ia = triangles[3 * t],
        ib = triangles[3 * t + 1],
        ic = triangles[3 * t + 2];
      const d2 = pointTriangleClosestPoint(positions, ia, ib, ic, sampleX[s], sampleY[s], sampleZ[s], closest);
      const best = pieceDistance[piece];
      if (d2 > best * (1 + 1e-9) + 1e-30) continue;
      const side =
        surface.orientation[t] *
        triangleFacing(
          positions,
          triangles,
          t,
          sampleX[s] - (closest[0] * positions[3 * ia] + closest[1] * positions[3 * ib] + closest[2] * positions[3 * ic]),
          sampleY[s] - (closest[0] * positions[3 * ia + 1] + closest[1] * positions[3 * ib + 1] + closest[2] * positions[3 * ic + 1]),
          sampleZ[s] - (closest[0] * positions[3 * ia + 2] + closest[1] * positions[3 * ib + 2] + closest[2] * positions[3 * ic + 2]),
        );
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
      if (multiPart && !componentClaims(job, pieceComponent[p], 2 * ijk[0] + (s % 3), 2 * ijk[1] + (Math.floor(s / 3) % 3), 2 * ijk[2] + Math.floor(s / 9)))
        continue;
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
  job.pieceCount = pieceCount;
}

/** |w_K| ≥ threshold at a half-cell sample, for part K (several parts only), cached like windingAt. */
function componentClaims(job: SurfaceCopiesJob, component: number, i2: number, j2: number, k2: number): boolean {
  const { surface, sampleDims, componentCache } = job;
  const { cellSize: h, origin } = job.grid;
  const key = (i2 + sampleDims[0] * (j2 + sampleDims[1] * k2)) * surface.componentCount + component;
  let claims = componentCache.get(key);
  if (claims === undefined) {
    const w = generalizedWindingNumber(
      surface.componentTrees[component],
      origin[0] + 0.5 * h * i2,
      origin[1] + 0.5 * h * j2,
      origin[2] + 0.5 * h * k2,
      2,
      job.windingStack,
    );
    claims = Math.abs(w) >= job.threshold;
    componentCache.set(key, claims);
  }
  return claims;
}
