/** A value the export was about to write is NaN or infinite: the motion it came from blew up. */
export class NonFiniteValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NonFiniteValueError';
  }
}

/**
 * Throws when an array the export is about to write holds a NaN or an infinity: a bake never writes them
 * (glTF 2.0 §3.6.2.4: accessor values must be finite), and one here means the motion it came from blew up.
 *
 * @param values  the numbers to check
 * @param what    what they are, for the message
 * @throws NonFiniteValueError `export: WHAT has a non-finite value at index I`
 */
export function requireFinite(values: ArrayLike<number>, what: string): void {
  // One loop per array type: called with float32, float64 and plain arrays, a single loop's element reads went
  // megamorphic (1.6% of the layered character's walk bake, for a check that finds nothing).
  const bad = values instanceof Float32Array ? firstNonFinite32(values) : values instanceof Float64Array ? firstNonFinite64(values) : firstNonFinite(values);
  if (bad >= 0) throw new NonFiniteValueError(`export: ${what} has a non-finite value (${values[bad]}) at index ${bad}`);
}

function firstNonFinite32(values: Float32Array): number {
  for (let i = 0; i < values.length; i++) if (!Number.isFinite(values[i])) return i;
  return -1;
}

function firstNonFinite64(values: Float64Array): number {
  for (let i = 0; i < values.length; i++) if (!Number.isFinite(values[i])) return i;
  return -1;
}

function firstNonFinite(values: ArrayLike<number>): number {
  for (let i = 0; i < values.length; i++) if (!Number.isFinite(values[i])) return i;
  return -1;
}
