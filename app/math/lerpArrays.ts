/**
 * out = a + s (b − a), element by element: the linear interpolation of two equally long arrays (positions at the start
 * and end of a frame, at a fraction of it).
 *
 * @param a    values at s = 0
 * @param b    values at s = 1 (at least as long as out)
 * @param s    the fraction
 * @param out  written (may be a or b)
 */
export function lerpArrays(a: ArrayLike<number>, b: ArrayLike<number>, s: number, out: Float64Array): void {
  for (let k = 0; k < out.length; k++) out[k] = a[k] + s * (b[k] - a[k]);
}
