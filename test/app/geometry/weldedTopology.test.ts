// weldedTopology: welding is checked against a brute-force O(R²) reference on every file of
// ../shared/data and the sample, and the topology report against hand-built meshes whose counts
// follow from their construction (a split quad, a fin, a soup, a degenerate triangle).
import { describe, expect, it } from 'vitest';
import { weldedTopology } from '../../../app/geometry/weldedTopology.ts';
import { readGltfFile } from '../../../app/io/node/readGltfFile.ts';
import { DATA_FOLDER, gltfAssetFiles } from '../../helpers/gltfAssetFiles.ts';

const files = gltfAssetFiles();

/** Reference welding: group render vertices by exact position with a quadratic scan. */
function bruteForceClasses(positions: Float32Array): Int32Array {
  const count = positions.length / 3;
  const representative = new Int32Array(count).fill(-1);
  for (let r = 0; r < count; r++) {
    if (representative[r] !== -1) continue;
    representative[r] = r;
    for (let q = r + 1; q < count; q++) {
      if (
        representative[q] === -1 &&
        positions[3 * q] === positions[3 * r] &&
        positions[3 * q + 1] === positions[3 * r + 1] &&
        positions[3 * q + 2] === positions[3 * r + 2]
      ) {
        representative[q] = r;
      }
    }
  }
  return representative;
}

describe('weldedTopology', () => {
  it('welds Fox.glb from 1,728 render vertices to 290 into one closed component', async () => {
    const scene = await readGltfFile(DATA_FOLDER + 'Fox.glb');
    const topology = scene.meshes[0].topology;
    expect(scene.meshes[0].renderVertexCount, 'render vertices').toBe(1728);
    expect(topology.vertexCount, 'welded vertices').toBe(290);
    expect(topology.componentCount, 'one connected surface').toBe(1);
    expect(topology.triangles.length / 3, 'triangles stay one-to-one').toBe(576);
  });

  it.each(files)('matches a brute-force weld on %s', async (file) => {
    const scene = await readGltfFile(file);
    for (const mesh of scene.meshes) {
      const { topology, restPositions } = mesh;
      const reference = bruteForceClasses(restPositions);
      const classes = new Set(reference);
      expect(topology.vertexCount, `${mesh.name}: one simulation vertex per distinct position`).toBe(classes.size);
      for (let r = 0; r < mesh.renderVertexCount; r++) {
        // Same class <=> same simulation vertex, and the representative is the first render vertex of the class.
        const v = topology.renderToSimulation[r];
        expect(topology.simulationToRender[v], `${mesh.name}: representative of render vertex ${r}`).toBe(reference[r]);
      }
      for (let v = 0; v < topology.vertexCount; v++) {
        const r = topology.simulationToRender[v];
        expect(topology.renderToSimulation[r], `${mesh.name}: maps are inverse on representatives`).toBe(v);
        for (let i = 0; i < 3; i++) expect(topology.positions[3 * v + i], `${mesh.name}: simulation position`).toBe(restPositions[3 * r + i]);
      }
      for (let i = 0; i < mesh.triangles.length; i++) {
        expect(topology.triangles[i], `${mesh.name}: triangle index ${i}`).toBe(topology.renderToSimulation[mesh.triangles[i]]);
      }
      // Euler characteristic per closed component: V - E + F = 2 per genus-0 shell, so a sanity bound only.
      expect(topology.edges.length / 2, `${mesh.name}: every triangle edge listed once`).toBeLessThanOrEqual(mesh.triangles.length);
    }
  });

  it('welds a UV seam: a quad split into two triangles with duplicated corners becomes 4 vertices, 4 boundary edges', () => {
    // Two triangles that do not share render vertices (a seam along the diagonal).
    const positions = new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, /* seam copies: */ 0, 0, 0, 1, 1, 0, 0, 1, 0]);
    const topology = weldedTopology(positions, new Uint32Array([0, 1, 2, 3, 4, 5]));
    expect(topology.vertexCount, 'four corners').toBe(4);
    expect(topology.edges.length / 2, 'five edges: four sides and the diagonal').toBe(5);
    expect(topology.boundaryEdgeCount, 'the four sides are boundary').toBe(4);
    expect(topology.componentCount, 'the seam no longer splits the quad').toBe(1);
    expect(topology.nonManifoldEdgeCount, 'no fins').toBe(0);
  });

  it('treats -0 and +0 as the same position', () => {
    const topology = weldedTopology(new Float32Array([-0, 0, 0, 0, -0, 0, 1, 0, 0]), new Uint32Array([0, 1, 2]));
    expect(topology.vertexCount, '-0 and +0 welded').toBe(2);
    expect(topology.degenerateTriangleCount, 'the collapsed triangle is degenerate').toBe(1);
  });

  it('reports three triangles on one edge as a non-manifold edge', () => {
    const positions = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 1]);
    const topology = weldedTopology(positions, new Uint32Array([0, 1, 2, 1, 0, 3, 0, 1, 4]));
    expect(topology.nonManifoldEdgeCount, 'edge 0-1 has three triangles').toBe(1);
    expect(topology.boundaryEdgeCount, 'the six outer edges').toBe(6);
  });

  it('counts degenerate triangles, keeps them one-to-one, and leaves them out of edges and components', () => {
    // Triangle 1 repeats a vertex; triangle 2 is collinear (zero area); vertex 6 is on no valid triangle.
    const positions = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 0, 3, 0, 0, 4, 0, 0, 9, 9, 9]);
    const topology = weldedTopology(positions, new Uint32Array([0, 1, 2, 0, 0, 1, 3, 4, 5, 6, 6, 6]));
    expect(topology.triangles.length, 'one simulation triangle per render triangle').toBe(12);
    expect(topology.degenerateTriangleCount, 'repeated-vertex, collinear and point triangles').toBe(3);
    expect(Array.from(topology.degenerateTriangles), 'their indices').toEqual([1, 2, 3]);
    expect(topology.isolatedVertexCount, 'vertex 6 is isolated').toBe(1);
    expect(topology.componentCount, 'triangle 0 and the collinear triangle').toBe(2);
  });

  it('counts components of a triangle soup without shared positions as one per triangle', () => {
    const positions = new Float32Array(Array.from({ length: 9 * 5 }, (_, i) => i * 1.5));
    const topology = weldedTopology(
      positions,
      Uint32Array.from({ length: 15 }, (_, i) => i),
    );
    expect(topology.componentCount, 'five separate triangles').toBe(5);
    expect(topology.boundaryEdgeCount, 'every edge is boundary').toBe(15);
  });

  it('welds within a tolerance and not beyond it', () => {
    const positions = new Float32Array([0, 0, 0, 0.0009, 0, 0, 0.0021, 0, 0, 5, 5, 5, 5.0005, 5, 5]);
    const topology = weldedTopology(positions, new Uint32Array(0), { tolerance: 0.001 });
    expect(Array.from(topology.renderToSimulation), 'points within 1 mm join the earliest; 2.1 mm away stays separate').toEqual([0, 0, 1, 2, 2]);
    const exact = weldedTopology(positions, new Uint32Array(0));
    expect(exact.vertexCount, 'tolerance 0 welds nothing here').toBe(5);
  });
});
