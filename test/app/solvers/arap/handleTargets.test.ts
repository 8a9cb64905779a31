// handleTargets: affine maps applied to rest positions, shared vertices averaged, bad handles named.
import { describe, expect, it } from 'vitest';
import { handleTargets } from '../../../../app/solvers/arap/handleTargets.ts';

describe('handleTargets', () => {
  const rest = [0, 0, 0, 1, 0, 0, 0, 1, 0];
  const translate = (x: number, y: number, z: number) => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1];
  it('applies column-major matrices and averages a vertex shared by two handles', () => {
    const { vertices, targets } = handleTargets(
      [
        { vertices: [0, 1], matrix: translate(0, 0, 1) },
        { vertices: [1], matrix: translate(0, 0, 3) },
      ],
      rest,
    );
    expect(Array.from(vertices), 'distinct vertices').toEqual([0, 1]);
    expect(Array.from(targets), 'vertex 0 up 1, vertex 1 up (1 + 3)/2').toEqual([0, 0, 1, 1, 0, 2]);
  });
  it('names the handle for an empty vertex list, a bad index and a bad matrix', () => {
    expect(() => handleTargets([{ vertices: [], matrix: translate(0, 0, 0) }], rest), 'empty').toThrow(/handle 0: no vertices/);
    expect(
      () =>
        handleTargets(
          [
            { vertices: [0], matrix: translate(0, 0, 0) },
            { vertices: [7], matrix: translate(0, 0, 0) },
          ],
          rest,
        ),
      'index',
    ).toThrow(/handle 1: vertex 7/);
    expect(() => handleTargets([{ vertices: [0], matrix: [1, 2, 3] }], rest), 'short matrix').toThrow(/16 finite numbers/);
    expect(() => handleTargets([{ vertices: [0], matrix: translate(NaN, 0, 0) }], rest), 'NaN').toThrow(/16 finite numbers/);
  });
});
