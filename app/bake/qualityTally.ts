import type { BakedMeshQuality } from './bakedMeshQuality.ts';
import type { surfacePartSizes } from './surfacePartSizes.ts';

/**
 * The running figures of a BakedMeshQuality while its frames are measured (bakedMeshQuality on the baked positions,
 * exportedMeshQuality on what the file draws): both tally a render vertex's displacement and a frame's flipped
 * triangles the same way, here.
 */
export interface QualityTally {
  /** largest displacement so far [m] */
  maxDisplacement: number;
  /** largest displacement of a vertex whose weight is exactly 0 so far [m] */
  weightZeroDeviation: number;
  /** most flipped triangles in one frame so far */
  flippedTriangles: number;
  /** frames with at least one flipped triangle so far */
  flippedFrames: number;
  /** per surface part, its largest displacement so far [m] */
  partMax: Float64Array;
}

/**
 * An empty tally, nothing measured yet.
 *
 * @param partCount  surface parts of the mesh (its welded topology's componentCount)
 * @returns the tally, all zero
 */
export function qualityTally(partCount: number): QualityTally {
  return { maxDisplacement: 0, weightZeroDeviation: 0, flippedTriangles: 0, flippedFrames: 0, partMax: new Float64Array(partCount) };
}

/**
 * Enters one render vertex's displacement from the input in a frame.
 *
 * @param tally   the tally, updated
 * @param d       the vertex's distance from the input [m]
 * @param weight  its welded vertex's weight (exactly 0: counts for the weight-0 deviation; NaN on carried vertices)
 * @param part    its welded vertex's surface part (componentOfVertex; ≥ partCount: none)
 */
export function tallyDisplacement(tally: QualityTally, d: number, weight: number, part: number): void {
  if (d > tally.maxDisplacement) tally.maxDisplacement = d;
  if (weight === 0 && d > tally.weightZeroDeviation) tally.weightZeroDeviation = d;
  if (part < tally.partMax.length && d > tally.partMax[part]) tally.partMax[part] = d;
}

/**
 * Enters one frame's count of flipped triangles.
 *
 * @param tally    the tally, updated
 * @param flipped  the frame's flipped triangles (flippedTriangleCount)
 */
export function tallyFlips(tally: QualityTally, flipped: number): void {
  if (flipped > 0) tally.flippedFrames++;
  if (flipped > tally.flippedTriangles) tally.flippedTriangles = flipped;
}

/**
 * The quality measure a finished tally gives, with the per-part entries from the parts' sizes.
 *
 * @param tally      the tally over every frame
 * @param partSizes  surfacePartSizes of the mesh
 * @returns the measurements, parts in component order
 */
export function talliedQuality(tally: QualityTally, partSizes: ReturnType<typeof surfacePartSizes>): BakedMeshQuality {
  const { maxDisplacement, weightZeroDeviation, flippedTriangles, flippedFrames } = tally;
  const parts = Array.from(tally.partMax, (partMax, p) => ({
    vertexCount: partSizes.vertexCounts[p],
    size: partSizes.sizes[p],
    maxDisplacement: partMax,
    carried: partSizes.carried[p] === 1,
  }));
  return { maxDisplacement, weightZeroDeviation, flippedTriangles, flippedFrames, parts };
}
