// mergedCheck: the final check's measure over the surface, its colliders and its neighbours is made of two checks
// (surface + colliders, surface + neighbours); merged, they must say what one check of all the meshes says about the
// surface's crossings. The reference is one exact checker over every mesh.
import { describe, expect, it } from 'vitest';
import { mergedCheck } from '../../../../app/contact/bake/mergedCheck.ts';
import { intersectionChecker } from '../../../../app/intersection/index.ts';

/** A quad (two triangles) in the plane `axis` = `at`, spanning [-1, 1] in the other two axes, shifted by `shift`. */
function quad(axis: 0 | 1 | 2, at: number, shift: [number, number, number] = [0, 0, 0]): Float32Array {
  const corners = [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ];
  const p = new Float32Array(12);
  corners.forEach(([u, v], i) => {
    const xyz = axis === 0 ? [at, u, v] : axis === 1 ? [u, at, v] : [u, v, at];
    for (let k = 0; k < 3; k++) p[3 * i + k] = xyz[k] + shift[k];
  });
  return p;
}

describe('mergedCheck: two checks as one', () => {
  it('surface, two colliders and two neighbours: the merge is one check of all five meshes, the surface against each other mesh', () => {
    const triangles = new Uint32Array([0, 1, 2, 1, 3, 2]);
    const mesh = (name: string) => ({ name, triangles, vertexCount: 4 });
    // The surface (z = 0) is cut by a collider (x = 0.3) and by a neighbour (y = -0.2); the second collider and the
    // second neighbour cut each other but miss the surface, and a collider cuts a neighbour: none of that counts.
    const surface = quad(2, 0);
    const colliders = [quad(0, 0.3), quad(0, 5, [0, 0, 5])];
    const neighbours = [quad(1, -0.2), quad(2, 5, [5, 0, 0])];
    const pairs = (a: number, b: number) => a === 0 && b > 0;
    const main = intersectionChecker([mesh('surface'), mesh('c1'), mesh('c2')]).check([surface, ...colliders], {
      self: [false, false, false],
      pairs,
      listPairs: true,
    });
    const between = intersectionChecker([mesh('surface'), mesh('n1'), mesh('n2')]).check([surface, ...neighbours], {
      self: [false, false, false],
      pairs,
      listPairs: true,
    });
    const merged = mergedCheck(main, between, 2);
    const all = intersectionChecker([mesh('surface'), mesh('c1'), mesh('c2'), mesh('n1'), mesh('n2')]).check([surface, ...colliders, ...neighbours], {
      self: [false, false, false, false, false],
      pairs,
      listPairs: true,
    });
    expect(main.total, 'the collider cuts the surface').toBeGreaterThan(0);
    expect(between.total, 'the neighbour cuts the surface').toBeGreaterThan(0);
    expect(merged.total, 'total').toBe(all.total);
    expect(
      merged.triangles.map((t) => Array.from(t)),
      'per mesh, the triangles taking part',
    ).toEqual(all.triangles.map((t) => Array.from(t)));
    const quads = (list: readonly number[]) => {
      const keys: string[] = [];
      for (let i = 0; i + 3 < list.length; i += 4) keys.push(list.slice(i, i + 4).join(','));
      return keys.sort();
    };
    expect(quads(merged.pairList), 'the pairs, the neighbours renumbered after the colliders').toEqual(quads(all.pairList));
  });
});
