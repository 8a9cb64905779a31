// manipulatorHierarchy + localRegion: level-0 cells partition the mesh and every component gets ≥ 4 roots; each
// child lies in its parent's cell and the children's cells partition it; a local region contains its cell and no
// manipulator of levels ≤ ℓ+1 from outside the cell.
import { describe, expect, it } from 'vitest';
import { createArapModel } from '../../../../app/solvers/arap/createArapModel.ts';
import { localRegion, localRegionScratch } from '../../../../app/solvers/arap/localRegion.ts';
import { manipulatorHierarchy } from '../../../../app/solvers/arap/manipulatorHierarchy.ts';
import { semiGeodesicGraph } from '../../../../app/solvers/arap/semiGeodesicGraph.ts';
import { bar } from './meshes.ts';

describe('manipulatorHierarchy', () => {
  const b = bar([3, 3, 24]);
  const model = createArapModel({ restPositions: b.positions, tetrahedra: b.tetrahedra });
  const graph = semiGeodesicGraph(model);
  const h = manipulatorHierarchy(graph, model.componentOf, model.componentCount, { globalCount: 8, childCount: 4, maxLevel: 2, minCellSize: 8 });

  it('roots: B₀ distinct vertices whose Voronoi cells cover every vertex', () => {
    expect(h.rootCount, 'B₀').toBe(8);
    expect(new Set(h.nodeVertex).size, 'distinct manipulator vertices').toBe(h.nodeCount);
    for (let v = 0; v < model.vertexCount; v++) expect(h.cells[0][v], `cell of vertex ${v}`).toBeGreaterThanOrEqual(0);
  });

  it('children lie in their parent cell and their cells partition it', () => {
    expect(h.levelCount, 'levels').toBeGreaterThanOrEqual(2);
    for (let node = h.rootCount; node < h.nodeCount; node++) {
      const level = h.nodeLevel[node];
      const parent = h.nodeParent[node];
      expect(h.cells[level - 1][h.nodeVertex[node]], `child ${node} inside its parent's cell`).toBe(parent);
    }
    for (let v = 0; v < model.vertexCount; v++) {
      const child = h.cells[1][v];
      if (child >= 0) expect(h.nodeParent[child], `vertex ${v}: level-1 cell inside its level-0 cell`).toBe(h.cells[0][v]);
    }
  });

  it('a local region contains its cell and no outside manipulator of levels ≤ ℓ+1', () => {
    const scratch = localRegionScratch(model.vertexCount);
    for (let node = 0; node < h.rootCount; node++) {
      const cell: number[] = [];
      for (let v = 0; v < model.vertexCount; v++) if (h.cells[0][v] === node) cell.push(v);
      const barrier = (u: number) => h.nodeOfVertex[u] >= 0 && h.nodeLevel[h.nodeOfVertex[u]] <= 1;
      const region = new Set(localRegion(graph, cell, h.nodeVertex[node], barrier, scratch));
      for (const v of cell) expect(region.has(v), `cell vertex ${v} in the region of ${node}`).toBe(true);
      for (const v of region) if (!cell.includes(v)) expect(barrier(v), `outside manipulator ${v} in the region of ${node}`).toBe(false);
      expect(region.size, `region of ${node} overlaps its neighbours`).toBeGreaterThan(cell.length);
    }
  });
});
