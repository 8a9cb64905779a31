/**
 * Part labels of lattice cell copies (latticeEmbedding steps 4–6). A copy's part is the welded surface
 * component ("part": body, arm, eye) whose material it holds; copies of different parts are never glued
 * where the parts overlap, unless joinOverlappingParts (seed 004 ch. 5's immersion keeps them apart).
 */

/** Part of a copy whose pieces span several parts (joined by rules (a), (b) or joinOverlappingParts). */
export const MIXED_PART = -2;
/** Part of the interior piece of a surface cell, of isolated points, and of interior cells of one part. */
export const UNKNOWN_PART = -1;

/**
 * The part of a copy made of pieces of parts a and b: the known one when the other is unknown, MIXED when
 * they differ.
 *
 * @param a  part index, UNKNOWN_PART or MIXED_PART
 * @param b  part index, UNKNOWN_PART or MIXED_PART
 * @returns the combined part label
 */
export function combinedPart(a: number, b: number): number {
  if (a === b || b === UNKNOWN_PART) return a;
  if (a === UNKNOWN_PART) return b;
  return MIXED_PART;
}

/**
 * Whether two copies may be glued as one material: same part, or either part not known (or mixed).
 *
 * @param a  part label of one copy
 * @param b  part label of the other
 * @returns true when gluing them cannot weld two different parts
 */
export function samePart(a: number, b: number): boolean {
  return a === b || a < 0 || b < 0;
}
