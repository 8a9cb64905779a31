import { describe, expect, it } from 'vitest';
import { hypot3, mulberry32 } from '../../../app/math/index.ts';

describe('hypot3', () => {
  it('returns exactly what Math.hypot returns (the bakes stay byte-identical when it replaces Math.hypot)', () => {
    const random = mulberry32(37);
    const bits = new Uint32Array(6);
    const values = new Float64Array(bits.buffer);
    let mismatches = 0;
    let first = '';
    for (let i = 0; i < 1_000_000; i++) {
      const kind = i % 4;
      for (let c = 0; c < 3; c++) {
        if (kind === 0)
          values[c] = (random() - 0.5) * 10 ** Math.floor(random() * 40 - 20); // mixed scales
        else if (kind === 1) {
          bits[2 * c] = (random() * 2 ** 32) >>> 0; // any bit pattern: subnormals, NaN, ±Infinity, huge
          bits[2 * c + 1] = (random() * 2 ** 32) >>> 0;
        } else if (kind === 2)
          values[c] = Math.fround((random() - 0.5) * 0.01); // float32 differences, as the bake's
        else values[c] = random() < 0.3 ? 0 : random() < 0.5 ? -0 : random() - 0.5; // zeros
      }
      const expected = Math.hypot(values[0], values[1], values[2]);
      const got = hypot3(values[0], values[1], values[2]);
      if (!Object.is(expected, got)) {
        if (mismatches === 0) first = `(${values[0]}, ${values[1]}, ${values[2]}): Math.hypot ${expected}, hypot3 ${got}`;
        mismatches++;
      }
    }
    expect(mismatches, `first mismatch ${first}`).toBe(0);
  });

  it('follows Math.hypot on the special values: Infinity over NaN, NaN, zeros, overflow and underflow avoided', () => {
    const cases: Array<[number, number, number]> = [
      [Infinity, Number.NaN, 0],
      [Number.NaN, -Infinity, 1],
      [Number.NaN, 1, 2],
      [0, -0, 0],
      [-0, -0, -0],
      [1e308, 1e308, 1e308],
      [5e-324, 0, 5e-324],
      [3, 4, 12],
    ];
    for (const [x, y, z] of cases)
      expect(Object.is(hypot3(x, y, z), Math.hypot(x, y, z)), `hypot3(${x}, ${y}, ${z}) = ${hypot3(x, y, z)}, Math.hypot ${Math.hypot(x, y, z)}`).toBe(true);
    expect(hypot3(1e308, 1e308, 1e308), 'no overflow: √3·1e308 is finite').toBeCloseTo(Math.sqrt(3) * 1e308, -300);
    expect(hypot3(3, 4, 12), 'a Pythagorean quadruple').toBe(13);
  });
});
