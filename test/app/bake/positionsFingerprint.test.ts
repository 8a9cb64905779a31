// positionsFingerprint says whether positions are bit for bit the ones seen before: the bake's kept contact checks are
// reused by the export only on its word (compactReplayIntersections), so any change of a value must change it.
import { describe, expect, it } from 'vitest';
import { positionsFingerprint } from '../../../app/bake/positionsFingerprint.ts';

describe('positionsFingerprint', () => {
  const base = Float32Array.from({ length: 3 * 500 }, (_, i) => Math.sin(i * 12.9898) * 4.2);
  it('is the same for a Float32Array and a float64 copy of it', () => {
    expect(positionsFingerprint(Float64Array.from(base))).toBe(positionsFingerprint(base));
  });
  it('changes when any one value moves by one float32 step, in either direction, at any place', () => {
    const seen = new Set([positionsFingerprint(base)]);
    for (const i of [0, 1, 2, 700, 1498, 1499]) {
      for (const direction of [1, -1]) {
        const moved = Float32Array.from(base);
        const bits = new Uint32Array(moved.buffer);
        bits[i] += direction;
        seen.add(positionsFingerprint(moved));
      }
    }
    expect(seen.size).toBe(13);
  });
  it('tells −0 from 0, a sign flip, two values swapped, and a shorter array', () => {
    const zero = new Float32Array(6);
    const negative = new Float32Array(6);
    negative[4] = -0;
    const flipped = Float32Array.from(base);
    flipped[9] = -flipped[9];
    const swapped = Float32Array.from(base);
    [swapped[3], swapped[4]] = [swapped[4], swapped[3]];
    expect(positionsFingerprint(negative)).not.toBe(positionsFingerprint(zero));
    expect(positionsFingerprint(flipped)).not.toBe(positionsFingerprint(base));
    expect(positionsFingerprint(swapped)).not.toBe(positionsFingerprint(base));
    expect(positionsFingerprint(base.subarray(0, base.length - 3))).not.toBe(positionsFingerprint(base));
    expect(positionsFingerprint(new Float32Array(0))).not.toBe(positionsFingerprint(new Float32Array(3)));
  });
});
