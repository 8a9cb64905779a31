// triangleListIndices: the triangle orders of glTF 2.0 §3.7.2.1, and a strip keeps one winding.
import { describe, expect, it } from 'vitest';
import { triangleListIndices } from '../../../app/geometry/index.ts';

describe('triangleListIndices', () => {
  const identity = (i: number) => i;
  it('TRIANGLES as given, a trailing partial triangle dropped', () => {
    expect(Array.from(triangleListIndices(4, 8, identity)), 'two triangles of eight indices').toEqual([0, 1, 2, 3, 4, 5]);
  });
  it('TRIANGLE_STRIP (p_i, p_{i+1+i%2}, p_{i+2−i%2}): every triangle of a planar strip faces the same way', () => {
    const list = triangleListIndices(5, 6, identity);
    expect(Array.from(list), 'strip').toEqual([0, 1, 2, 1, 3, 2, 2, 3, 4, 3, 5, 4]);
    // A zig-zag strip in the plane: vertex i at (⌊i/2⌋, i % 2).
    const x = (i: number) => Math.floor(i / 2);
    const y = (i: number) => i % 2;
    for (let t = 0; t < list.length / 3; t++) {
      const [a, b, c] = [list[3 * t], list[3 * t + 1], list[3 * t + 2]];
      const cross = (x(b) - x(a)) * (y(c) - y(a)) - (y(b) - y(a)) * (x(c) - x(a));
      expect(Math.sign(cross), `triangle ${t} winding`).toBe(Math.sign((x(1) - x(0)) * (y(2) - y(0)) - (y(1) - y(0)) * (x(2) - x(0))));
    }
  });
  it('TRIANGLE_FAN (p_{i+1}, p_{i+2}, p_0), through an index buffer', () => {
    const indices = [7, 8, 9, 10];
    expect(Array.from(triangleListIndices(6, 4, (i) => indices[i])), 'fan').toEqual([8, 9, 7, 9, 10, 7]);
  });
});
