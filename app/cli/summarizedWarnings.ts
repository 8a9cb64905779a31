/**
 * Warnings as a command prints them: the first few of each kind, then one line that says how many more there are, so
 * a weights file naming 300 000 meshes the glTF does not have prints five warnings and a count, not 300 000 lines
 * (the report file keeps every one).
 */

/** Warnings shown per code before the rest are counted. */
export const WARNINGS_PER_CODE = 5;

/**
 * @param warnings  the warnings, in order, each with a code (warnings without one count as one kind)
 * @param perCode   how many of each code are kept
 * @param where     where the others can be read, for the count's sentence ('the --report file'), or ''
 * @returns the first perCode warnings of each code in their order, each code's count after its last kept one
 */
export function summarizedWarnings<W extends { code?: string; message: string }>(
  warnings: readonly W[],
  perCode = WARNINGS_PER_CODE,
  where = '',
): Array<W | { code?: string; message: string }> {
  const total = new Map<string | undefined, number>();
  for (const warning of warnings) total.set(warning.code, (total.get(warning.code) ?? 0) + 1);
  const shown = new Map<string | undefined, number>();
  const out: Array<W | { code?: string; message: string }> = [];
  for (const warning of warnings) {
    const count = (shown.get(warning.code) ?? 0) + 1;
    shown.set(warning.code, count);
    if (count <= perCode) out.push(warning);
    if (count === perCode && total.get(warning.code)! > perCode) {
      const more = total.get(warning.code)! - perCode;
      out.push({ ...(warning.code === undefined ? {} : { code: warning.code }), message: `… and ${more} more like these${where ? ` (all in ${where})` : ''}` });
    }
  }
  return out;
}
