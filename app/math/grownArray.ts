/**
 * A typed array of the same kind as `array` with room for `size` entries, the old entries copied to its start: the
 * one growth step of the contact module's reusable buffers (amortized: callers double the size).
 *
 * @param array  the array to grow
 * @param size   the new length (≥ array.length)
 * @returns the new array
 */
export function grownArray<T extends Uint8Array | Uint32Array | Int32Array | Float64Array>(array: T, size: number): T {
  const next = new (array.constructor as new (n: number) => T)(size);
  next.set(array);
  return next;
}
