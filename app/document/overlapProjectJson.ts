import type { OverlapProject } from './types.ts';

/**
 * The project as the text of a `.overlap.json` file, the inverse of parseOverlapProject: typed arrays
 * become plain lists, an unlimited max distance (Infinity) becomes `null` (JSON has no Infinity), and
 * each float32 is written with the fewest digits that read back to the same float32 (0.3, not
 * 0.30000001192092896), so saving and reopening restores every painted value exactly and a 50k-vertex
 * layer stays a few hundred kilobytes. Two-space indentation, a final newline.
 *
 * @param project  the project (version 2)
 * @returns the file's text
 */
export function overlapProjectJson(project: OverlapProject): string {
  return `${JSON.stringify(
    project,
    (key, value: unknown) => {
      if (value instanceof Float32Array) {
        const list = Array.from(value, shortestFloat32);
        return key === 'maxDistance' ? list.map((d) => (Number.isFinite(d) ? d : null)) : list;
      }
      if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
        const list = Array.from(value as unknown as ArrayLike<number>);
        return key === 'maxDistance' ? list.map((d) => (Number.isFinite(d) ? d : null)) : list;
      }
      if (key === 'maxDistance' && Array.isArray(value)) return value.map((d: number | null) => (d !== null && Number.isFinite(d) ? d : null));
      return value;
    },
    2,
  )}\n`;
}

/** The shortest decimal that reads back (through Math.fround) to the same float32. */
function shortestFloat32(value: number): number {
  if (!Number.isFinite(value) || Number.isInteger(value)) return value;
  for (let digits = 1; digits < 9; digits++) {
    const candidate = Number(value.toPrecision(digits));
    if (Math.fround(candidate) === value) return candidate;
  }
  return Number(value.toPrecision(9));
}
