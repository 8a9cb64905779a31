import { vertexAreas } from '../geometry/index.ts';
import type { ShellPiece, ShellScene } from './shellScene.ts';

/**
 * The pieces of a mesh (sceneShells): one per connected component of its welded topology, with its world rest size,
 * surface area, area centroid and genus (1 − χ/2 with χ = V − E + F counted per component; degenerate triangles are
 * not faces), which tells a ring (a belt, genus 1) from a curved plate (genus 0).
 *
 * @param data       sceneShells' shared state (its rest positions are read)
 * @param meshIndex  index into ImportedScene.meshes
 * @returns one piece per component, in component order (a component with no vertex is an empty piece)
 */
export function shellPieces(data: ShellScene, meshIndex: number): ShellPiece[] {
  const { topology } = data.scene.meshes[meshIndex];
  const positions = data.restPositions[meshIndex];
  const areas = vertexAreas(positions, topology.triangles, topology.vertexCount);
  const lists: number[][] = Array.from({ length: topology.componentCount }, () => []);
  for (let v = 0; v < topology.vertexCount; v++) if (topology.componentOfVertex[v] < topology.componentCount) lists[topology.componentOfVertex[v]].push(v);
  const edges = new Int32Array(topology.componentCount);
  const faces = new Int32Array(topology.componentCount);
  for (let e = 0; e < topology.edges.length; e += 2) edges[topology.componentOfVertex[topology.edges[e]]]++;
  const degenerate = new Set(topology.degenerateTriangles);
  for (let t = 0; t < topology.triangles.length / 3; t++) if (!degenerate.has(t)) faces[topology.componentOfVertex[topology.triangles[3 * t]]]++;
  return lists.map((list, component) => {
    const min = [Infinity, Infinity, Infinity];
    const max = [-Infinity, -Infinity, -Infinity];
    const centroid: [number, number, number] = [0, 0, 0];
    let area = 0;
    for (const v of list) {
      for (let c = 0; c < 3; c++) {
        min[c] = Math.min(min[c], positions[3 * v + c]);
        max[c] = Math.max(max[c], positions[3 * v + c]);
        centroid[c] += areas[v] * positions[3 * v + c];
      }
      area += areas[v];
    }
    for (let c = 0; c < 3; c++) centroid[c] = area > 0 ? centroid[c] / area : 0.5 * (min[c] + max[c]);
    const genus = Math.max(0, Math.round(1 - (list.length - edges[component] + faces[component]) / 2));
    return {
      meshIndex,
      component,
      vertices: Uint32Array.from(list),
      size: Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]),
      area,
      centroid,
      genus,
    };
  });
}
