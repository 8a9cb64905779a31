/**
 * The error ldltSymbolic throws, before anything is allocated for the factor, when the factor would store more than
 * `limit` entries (Int32Array pointers address at most 2³¹ − 1).
 *
 * @param entries  entries counted so far (already over the limit)
 * @param limit    maxFactorEntries
 * @param n        the matrix order
 */
export function factorTooLarge(entries: number, limit: number, n: number): RangeError {
  const gibibytes = (entries * 12) / 2 ** 30;
  return new RangeError(
    `ldltSymbolic: the factor of this ${n}-unknown matrix would store more than ${entries} entries (at least ${gibibytes.toFixed(1)} GiB), ` +
      `beyond the limit of ${limit}; the matrix is too large to factor here (for a lattice: lower its resolution)`,
  );
}
