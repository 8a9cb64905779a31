import { describe, expect, it } from 'vitest';
import { readGltf } from '../../../app/io/index.ts';
import { intersectionChecker, sceneIntersections } from '../../../app/intersection/index.ts';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dataFolder = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));

/** A unit square in z = 0 split along its diagonal y = x: vertices (0,0) (1,0) (1,1) (0,1). */
const square = { positions: [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0], triangles: [0, 1, 2, 0, 2, 3] };

describe('intersectionChecker', () => {
  it('counts two edge–triangle crossings where one triangle cuts through another (the two ends of their common segment)', () => {
    // A vertical blade in the plane y = 0.2 cuts the square along x ∈ [0.3, 0.6]: its two slanted edges cross the square.
    const blade = { positions: [0.3, 0.2, -1, 0.3, 0.2, 1, 0.9, 0.2, 1], triangles: [0, 1, 2] };
    const checker = intersectionChecker([
      { name: 'square', triangles: square.triangles, vertexCount: 4 },
      { name: 'blade', triangles: blade.triangles, vertexCount: 3 },
    ]);
    const result = checker.check([square.positions, blade.positions]);
    expect(result.between, 'one pair of meshes, two crossings').toEqual([{ a: 0, b: 1, count: 2 }]);
    expect(result.self, 'neither mesh intersects itself').toEqual([0, 0]);
    expect(result.total, 'total').toBe(2);
    expect(Array.from(result.triangles[0]), 'the square triangle below the diagonal takes part').toEqual([0]);
    expect(Array.from(result.triangles[1]), 'the blade takes part').toEqual([0]);
    // Lifting the blade above the square removes both.
    const lifted = blade.positions.map((x, i) => (i % 3 === 2 ? x + 1.5 : x));
    expect(checker.check([square.positions, lifted]).total, 'separated').toBe(0);
  });

  it('finds a self-intersection of a strip folded through itself, and none in the unfolded strip', () => {
    // Two quads joined at the edge (1,0)-(1,1): flat, then the second swung down through the first's plane beyond it.
    const flat = [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 2, 0, 0, 2, 1, 0];
    const triangles = [0, 1, 2, 0, 2, 3, 1, 4, 5, 1, 5, 2];
    const checker = intersectionChecker([{ name: 'strip', triangles, vertexCount: 6 }]);
    expect(checker.check([flat]).total, 'flat strip').toBe(0);
    // Fold the second quad back under the first, then push its far edge up through it: a third quad's worth of
    // surface passing through the first quad's interior (the far edge (0.5, y, ±0.5) crosses z = 0).
    const folded = [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0.5, 0.1, -0.5, 0.5, 0.9, 0.5];
    const result = checker.check([folded]);
    expect(result.self[0], 'the far edge of the fold crosses the first quad').toBeGreaterThan(0);
    expect(Array.from(result.triangles[0]).length, 'triangles flagged').toBeGreaterThan(1);
  });

  it('never tests pairs that share a vertex, so a closed mesh is clean, and counts non-manifold edges', () => {
    // A tetrahedron surface plus a fin sharing its edge 0-1: three triangles on one edge.
    const positions = [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0.5, -1, -1];
    const triangles = [0, 2, 1, 0, 1, 3, 1, 2, 3, 0, 3, 2, 0, 1, 4];
    const checker = intersectionChecker([{ name: 'tet+fin', triangles, vertexCount: 5 }]);
    expect(checker.nonManifoldEdges[0], 'edge 0-1 has three triangles').toBe(1);
    expect(checker.check([positions]).total, 'no intersection').toBe(0);
  });

  it('counts and skips bad input: repeated vertices, zero-area faces, zero-length edges; no NaN, no hang', () => {
    const positions = [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 2, 2, 0, 0.5, 0.5, 0, 0.5, 0.5, 0];
    // a repeated-index triangle, a collinear triangle (0, 5=(0.5,0.5), 2 on the diagonal), a triangle with two
    // coincident corners (5 and 6 share a position), and the square itself
    const triangles = [0, 0, 1, 0, 5, 2, 4, 5, 6, ...square.triangles];
    const checker = intersectionChecker([{ name: 'bad', triangles, vertexCount: 7 }]);
    const result = checker.check([positions]);
    expect(result.degenerateTriangles[0], 'three degenerate triangles').toBe(3);
    expect(result.degenerateEdges[0], 'edge 5-6 has zero length').toBe(1);
    expect(Number.isFinite(result.total), 'a finite count').toBe(true);
    expect(() => checker.check([[...positions.slice(0, 20), Number.NaN]]), 'NaN positions are refused').toThrow(/non-finite/);
  });

  it('finds no intersection in the rest pose of every asset in shared/data except where the file itself has some, and is deterministic', async () => {
    for (const name of readdirSync(dataFolder).filter((f) => /\.(glb|gltf)$/.test(f))) {
      const scene = await readGltf(readFileSync(dataFolder + name), { fileName: name, readResource: async (uri) => readFileSync(dataFolder + uri) });
      const [first] = sceneIntersections(scene, null, [0], 30);
      const [again] = sceneIntersections(scene, null, [0], 30);
      expect(again.total, `${name}: same count twice`).toBe(first.total);
      if (name === 'Fox.glb' || name === 'SimpleSkin.gltf') expect(first.total, `${name}: a clean rest pose`).toBe(0);
    }
  });
});
