import { describe, expect, it } from 'vitest';
import { canonicalIntersections } from '../../../app/intersection/checker/canonicalIntersections.ts';
import { checkerMeshData } from '../../../app/intersection/checker/checkerMeshData.ts';
import { keptPairs } from '../../../app/intersection/checker/keptPairs.ts';
import { markMovedVertices } from '../../../app/intersection/checker/markMovedVertices.ts';

// Two triangles sharing edge (1, 2) plus a third sharing edge (2, 3): a strip of 5 vertices, and a repeated-vertex one.
const strip = { name: 'strip', triangles: [0, 1, 2, 1, 3, 2, 2, 3, 4, 0, 0, 1], vertexCount: 5 };
const positions = Float64Array.from([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0, 2, 0]);

describe('intersection checker steps', () => {
  it('checkerMeshData: unique sorted edges, the triangles around each, the repeated-vertex triangle flagged and left out of the tree items', () => {
    const d = checkerMeshData(strip);
    expect(Array.from(d.edges), 'edges (smaller vertex first, sorted)').toEqual([0, 1, 0, 2, 1, 2, 1, 3, 2, 3, 2, 4, 3, 4]);
    const around = (e: number) => Array.from(d.edgeTriangles.subarray(d.edgeTriangleOffsets[e], d.edgeTriangleOffsets[e + 1]));
    expect(around(2), 'edge (1, 2) lies on triangles 0 and 1').toEqual([0, 1]);
    expect(around(4), 'edge (2, 3) lies on triangles 1 and 2').toEqual([1, 2]);
    expect(Array.from(d.repeated), 'triangle 3 repeats vertex 0').toEqual([0, 0, 0, 1]);
    expect(Array.from(d.itemTriangles), 'the tree holds the other three').toEqual([0, 1, 2]);
    expect(() => checkerMeshData({ name: 'bad', triangles: [0, 1, 5], vertexCount: 5 }), 'an index ≥ #V').toThrow(/"bad" triangle 0 uses a vertex ≥ 5/);
  });

  it('canonicalIntersections: the same answer whatever order the pairs were found in', () => {
    const meshes = [checkerMeshData(strip), checkerMeshData(strip)];
    const found = [1, 0, 0, 2, 0, 6, 1, 0, 0, 2, 0, 1, 1, 3, 1, 2];
    const reversed: number[] = [];
    for (let k = found.length - 4; k >= 0; k -= 4) reversed.push(...found.slice(k, k + 4));
    const a = canonicalIntersections(found, meshes, [positions, positions], 1, true);
    const b = canonicalIntersections(reversed, meshes, [positions, positions], 1, true);
    expect(b, 'reversed input').toEqual(a);
    expect(a.pairList, 'sorted by edge mesh, edge, triangle mesh, triangle').toEqual([0, 2, 0, 1, 0, 6, 1, 0, 1, 0, 0, 2, 1, 3, 1, 2]);
    expect(a.self, 'one pair within each mesh').toEqual([1, 1]);
    expect(a.between, 'two pairs between the meshes, either way round').toEqual([{ a: 0, b: 1, count: 2 }]);
    expect(a.degenerateTriangles, 'the repeated-vertex triangle of each mesh (counted from the positions: not fitted this check)').toEqual([1, 1]);
  });

  it('keptPairs: keeps only pairs of two unmoved features that the check still asks for, and refuses pairs not in the meshes', () => {
    const d = [checkerMeshData(strip)];
    const moved = positions.slice();
    moved[3 * 4 + 2] = 0.5; // vertex 4 moves: triangle 2 and edges (2, 4), (3, 4) are moved
    markMovedVertices(d[0], moved, positions);
    const found: number[] = [];
    // edge 0 (0, 1) × triangle 2 (moved triangle), edge 6 (3, 4) × triangle 0 (moved edge), edge 0 × triangle 1 (neither)
    keptPairs(
      [0, 0, 0, 2, 0, 6, 0, 0, 0, 0, 0, 1],
      d,
      () => true,
      () => true,
      found,
    );
    expect(found, 'only the pair of two unmoved features').toEqual([0, 0, 0, 1]);
    const none: number[] = [];
    keptPairs(
      [0, 0, 0, 1],
      d,
      () => false,
      () => true,
      none,
    );
    expect(none, 'self not asked for this check').toEqual([]);
    expect(
      () =>
        keptPairs(
          [0, 99, 0, 1],
          d,
          () => true,
          () => true,
          [],
        ),
      'edge 99 does not exist',
    ).toThrow(/names edge 99 of mesh 0/);
  });
});
