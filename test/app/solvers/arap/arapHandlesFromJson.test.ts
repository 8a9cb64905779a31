// arapHandlesFromJson: translations become matrices, planes are read, and every malformed handle or collider is
// refused with its JSON path.
import { describe, expect, it } from 'vitest';
import { arapHandlesFromJson } from '../../../../app/solvers/arap/arapHandlesFromJson.ts';

describe('arapHandlesFromJson', () => {
  it('reads translation and matrix handles and plane colliders', () => {
    const matrix = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1];
    const file = arapHandlesFromJson(
      {
        handles: [
          { vertices: [0, 1], translation: [1, 2, 3] },
          { vertices: [2], matrix },
        ],
        colliders: [{ plane: { normal: [0, 2, 0], offset: -1 } }],
      },
      3,
    );
    expect(file.handles[0].matrix, 'translation as a column-major matrix').toEqual(matrix);
    expect(file.handles[1].matrix, 'matrix kept').toEqual(matrix);
    expect(file.planes, 'plane').toEqual([{ normal: [0, 2, 0], offset: -1 }]);
  });

  const bad: [string, unknown, RegExp][] = [
    ['no handles', { handles: [] }, /^handles: must be a non-empty array/],
    [
      'unknown vertex',
      { handles: [{ vertices: [0, 9999], translation: [0, 0, 1] }] },
      /^handles\[0\]\.vertices\[1\]: 9999 is not a vertex of the mesh \(0\.\.9\)/,
    ],
    ['fractional vertex', { handles: [{ vertices: [1.5], translation: [0, 0, 1] }] }, /vertices\[0\]: 1.5 is not a vertex/],
    ['short matrix', { handles: [{ vertices: [0], matrix: [1, 0, 0] }] }, /^handles\[0\]\.matrix: must be 16 finite numbers/],
    ['non-finite matrix', { handles: [{ vertices: [0], matrix: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 'x'] }] }, /16 finite numbers/],
    ['empty handle', { handles: [{ vertices: [], translation: [0, 0, 1] }] }, /^handles\[0\]\.vertices: must be a non-empty array/],
    ['both maps', { handles: [{ vertices: [0], translation: [0, 0, 1], matrix: new Array(16).fill(0) }] }, /not both/],
    ['no map', { handles: [{ vertices: [0] }] }, /needs a translation/],
    ['unknown field', { handles: [{ vertices: [0], translation: [0, 0, 1], weight: 2 }] }, /^handles\[0\]\.weight: unknown field/],
    ['unknown top-level field', { handles: [{ vertices: [0], translation: [0, 0, 1] }], pins: [] }, /^pins: unknown field/],
    [
      'zero plane normal',
      { handles: [{ vertices: [0], translation: [0, 0, 1] }], colliders: [{ plane: { normal: [0, 0, 0], offset: 0 } }] },
      /^colliders\[0\]\.plane\.normal/,
    ],
    ['a mesh collider', { handles: [{ vertices: [0], translation: [0, 0, 1] }], colliders: [{ mesh: 'Body' }] }, /^colliders\[0\]: must be \{ plane/],
  ];
  for (const [name, json, message] of bad) {
    it(`refuses ${name}, naming the JSON path`, () => {
      expect(() => arapHandlesFromJson(json, 10), name).toThrow(message);
    });
  }
});
