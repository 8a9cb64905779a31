// jsonNestingDepth reads how deep a JSON text nests before it is parsed: brackets inside strings (escaped quotes
// included) do not count, and the scan stops past the limit it is given.
import { describe, expect, it } from 'vitest';
import { jsonNestingDepth } from '../../../app/io/jsonNestingDepth.ts';

/** The depth by the definition: parse, then walk (only for texts shallow enough to walk). */
function walkedDepth(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + Math.max(0, ...children.map(walkedDepth));
}

describe('jsonNestingDepth', () => {
  it('equals the depth of the parsed value, for values with brackets, quotes and backslashes in their strings', () => {
    const values: unknown[] = [
      1,
      'text',
      [],
      {},
      [1, [2, [3]]],
      { a: { b: [{ c: '[[[{' }] } },
      ['\\', '"]]]', { '{': '}}}' }],
      { x: '\\"[' },
      [[[[]]], [[[[[]]]]]],
    ];
    for (const value of values) {
      const text = JSON.stringify(value);
      expect(jsonNestingDepth(text), text).toBe(walkedDepth(JSON.parse(text)));
    }
  });

  it('counts 10⁵ levels without recursion, and stops just past the limit it is given', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(jsonNestingDepth(deep), 'the whole depth').toBe(100_000);
    expect(jsonNestingDepth(deep, 64), 'one past the limit: enough to refuse').toBe(65);
  });
});
