// The Pose tool's fixed handle: the vertices beyond the reach from the selection, never a selected one, and
// never empty while something is unselected (a drag with nothing held would only translate the mesh).
import { describe, expect, it } from 'vitest';
import { arapFixedVertices } from '../../../renderer/workers/arapFixedVertices.ts';

/** Eleven vertices on the x axis at x = 0, 1, …, 10. */
const line = Float32Array.from({ length: 33 }, (_, i) => (i % 3 === 0 ? i / 3 : 0));

describe('arapFixedVertices', () => {
  it('holds exactly the vertices farther than the reach from every selected vertex', () => {
    expect(Array.from(arapFixedVertices(line, [0, 1], 3.5)), 'x ≥ 5 is more than 3.5 from x = 1').toEqual([5, 6, 7, 8, 9, 10]);
    expect(Array.from(arapFixedVertices(line, [0, 10], 2.5)), 'distance to the nearest selected vertex: the middle is held').toEqual([3, 4, 5, 6, 7]);
  });

  it('falls back to the farthest tenth when nothing is beyond the reach, and holds nothing only when all is selected', () => {
    expect(Array.from(arapFixedVertices(line, [0], 100)), 'the farthest unselected vertex').toEqual([10]);
    expect(
      Array.from(
        arapFixedVertices(
          line,
          Array.from({ length: 11 }, (_, v) => v),
          1,
        ),
      ),
      'everything selected',
    ).toEqual([]);
  });
});
