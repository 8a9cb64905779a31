import { describe, expect, it } from 'vitest';
import { addedTriangles } from '../../../renderer/viewport/addedTriangles.ts';

describe('addedTriangles', () => {
  it('counts the output triangles the input does not list, per mesh, ignoring those the bake removed', () => {
    const input = [Uint32Array.of(1, 4, 9), Uint32Array.of()];
    const output = [Uint32Array.of(0, 4, 5, 10), Uint32Array.of(2, 3)];
    expect(addedTriangles(input, output), '0, 5 and 10 are new in mesh 0, 2 and 3 in mesh 1; 1 and 9 were removed, not added').toBe(5);
  });

  it('is zero when the output intersects where the input does, or less', () => {
    expect(addedTriangles([Uint32Array.of(1, 2, 3)], [Uint32Array.of(1, 3)]), 'a subset adds nothing').toBe(0);
    expect(addedTriangles([Uint32Array.of(7)], [Uint32Array.of(7)]), 'the same set adds nothing').toBe(0);
    expect(addedTriangles([], []), 'no meshes').toBe(0);
  });
});
