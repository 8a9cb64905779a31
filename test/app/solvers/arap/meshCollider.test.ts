// meshCollider: a bar bent into a collider mesh ends with no intersection by app/intersection's exact edge–triangle
// checker (not by the collider's own search), while the same edit without it cuts through; an intersection the input
// already has is allowed, and bad collider data is refused.
import { describe, expect, it } from 'vitest';
import { intersectionChecker } from '../../../../app/intersection/index.ts';
import { arapEdit } from '../../../../app/solvers/arap/arapEdit.ts';
import { createArapModel } from '../../../../app/solvers/arap/createArapModel.ts';
import { meshCollider } from '../../../../app/solvers/arap/meshCollider.ts';
import { boxSurface } from '../../../helpers/poseContactScene.ts';
import { bar, rotationX } from './meshes.ts';

describe('meshCollider', () => {
  const b = bar([2, 2, 10], 0.2, 1);
  const model = createArapModel({ restPositions: b.positions, triangles: b.triangles });
  // A block to the right of the bar's middle (0.1 away): the bar's top pushed 0.6 to the right sweeps through it.
  const block = boxSurface([0.2, -0.5, 0.35], [0.6, 0.5, 0.6], [4, 10, 3]);
  const checker = intersectionChecker([
    { name: 'bar', triangles: b.triangles, vertexCount: model.vertexCount },
    { name: 'block', triangles: block.triangles, vertexCount: block.positions.length / 3 },
  ]);
  const handles = [
    { vertices: b.bottom, matrix: rotationX(0) },
    { vertices: b.top, matrix: rotationX(0, [0.6, 0, 0]) },
  ];
  const between = (positions: Float64Array): number => checker.check([positions, block.positions], { self: [false, false] }).total;

  it('starts apart, and the edit without the collider cuts the bar through the block', () => {
    expect(between(model.restPositions), 'intersections at rest').toBe(0);
    const free = arapEdit(model, handles, { iterations: 60 });
    expect(between(free.positions), 'intersections without the collider').toBeGreaterThan(0);
  });

  it('with the collider the edit ends with no intersection, and the top still reaches its target', () => {
    const collider = meshCollider(block.positions, block.triangles, model.vertexCount, { surfaceTriangles: b.triangles });
    const { positions, stats } = arapEdit(model, handles, { colliders: [collider], iterations: 60 });
    expect(
      between(positions),
      `intersections after the edit (stats ${JSON.stringify({ c: stats.contacts, u: stats.unresolved, r: stats.revertedPoints })})`,
    ).toBe(0);
    expect(stats.intersections, 'the edit reports none either').toBe(0);
    for (const v of b.top) expect(positions[3 * v], `top vertex ${v} moved right`).toBeGreaterThan(b.positions[3 * v] + 0.3);
  });

  it('allows an intersection the input already has: a bar starting through the block is not pushed out, and none is added', () => {
    const through = boxSurface([-0.3, -0.05, 0.4], [0.3, 0.05, 0.5], [6, 1, 1]);
    const crossing = intersectionChecker([
      { name: 'bar', triangles: b.triangles, vertexCount: model.vertexCount },
      { name: 'slab', triangles: through.triangles, vertexCount: through.positions.length / 3 },
    ]);
    const before = crossing.check([model.restPositions, through.positions], { self: [false, false] }).total;
    expect(before, 'the slab crosses the bar at rest').toBeGreaterThan(0);
    const collider = meshCollider(through.positions, through.triangles, model.vertexCount, { surfaceTriangles: b.triangles });
    const nudge = [
      { vertices: b.bottom, matrix: rotationX(0) },
      { vertices: b.top, matrix: rotationX(0, [0, 0, 0.02]) },
    ];
    const { positions, stats } = arapEdit(model, nudge, { colliders: [collider], iterations: 30 });
    expect(stats.intersections, 'no new intersection').toBe(0);
    expect(crossing.check([positions, through.positions], { self: [false, false] }).total, 'no more than before').toBeLessThanOrEqual(before);
  });

  it('refuses a triangle outside the collider’s vertices and a non-finite position', () => {
    expect(() => meshCollider([0, 0, 0, 1, 0, 0, 0, 1, 0], [0, 1, 3], 4), 'index 3 of 3 vertices').toThrow(/triangle 0 uses vertex 3/);
    expect(() => meshCollider([0, 0, 0, 1, Number.NaN, 0, 0, 1, 0], [0, 1, 2], 4), 'NaN').toThrow(/vertex 1 has a non-finite position/);
  });
});
