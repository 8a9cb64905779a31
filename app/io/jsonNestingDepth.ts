/**
 * How deeply a JSON text nests its arrays and objects, read from the text before it is parsed. JSON.parse itself
 * takes any depth, but what comes after it does not: JSON.stringify, structuredClone, a worker message and every
 * recursive check overflow the stack near 10⁴ levels (`Maximum call stack size exceeded`, an internal error), and a
 * 200 KB file reaches 10⁵. Every JSON the product reads (projects, weights, handles, scenes, glTF) is checked against
 * MAX_JSON_DEPTH first, so such a file is bad input named at parse time.
 */

/**
 * The deepest nesting of arrays and objects in a JSON text: `1` for `[1, 2]`, `3` for `{"a": [{}]}`, 0 for a bare
 * value. Brackets inside strings do not count. One pass over the text, no allocation; it stops as soon as the depth
 * passes `stopAbove` (the answer is then stopAbove + 1).
 *
 * @param text       the JSON text (it need not be valid JSON: JSON.parse judges that afterwards)
 * @param stopAbove  stop counting past this depth (default: count it all)
 * @returns the depth, at most stopAbove + 1
 */
export function jsonNestingDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character (\" stays inside the string)
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > deepest) {
        deepest = depth;
        if (deepest > stopAbove) return deepest;
      }
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return deepest;
}

/**
 * The deepest nesting any JSON file the product reads may have. The deepest real file is a project: root, meshes or
 * poseCorrections, an entry, a field, an array of rows, a row (6); glTF extras are the user's, and 64 leaves them
 * room while staying 100× below where the stack overflows.
 */
export const MAX_JSON_DEPTH = 64;
