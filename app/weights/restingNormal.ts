import { vertexNormals } from '../geometry/index.ts';
import type { ShellPiece, ShellScene } from './shellScene.ts';

/**
 * The outward normal of the surface a shell rests on (sceneShells; carriedShells hangs gear along it): the vertex
 * normal, at rest, of the vertex of another piece nearest to the shell's centroid (the body under a pouch that hangs
 * from a belt). Ties keep the first vertex found, in `pieces` order.
 *
 * @param data    sceneShells' shared state (rest positions; the normal cache is filled for the mesh read)
 * @param piece   the shell's piece
 * @param pieces  the pieces it may rest on (its character's, or its unskinned mesh's)
 * @returns the unit world normal there, or [0, 0, 0] when no other piece has a vertex
 */
export function restingNormal(data: ShellScene, piece: ShellPiece, pieces: readonly ShellPiece[]): [number, number, number] {
  const { scene, restPositions } = data;
  let best = -1;
  let bestMesh = -1;
  let bestDistance = Infinity;
  const [x, y, z] = piece.centroid;
  for (const other of pieces) {
    if (other === piece) continue;
    const p = restPositions[other.meshIndex];
    for (const u of other.vertices) {
      const d = (p[3 * u] - x) ** 2 + (p[3 * u + 1] - y) ** 2 + (p[3 * u + 2] - z) ** 2;
      if (d < bestDistance) {
        bestDistance = d;
        best = u;
        bestMesh = other.meshIndex;
      }
    }
  }
  if (best < 0) return [0, 0, 0];
  const normals = (data.normals[bestMesh] ??= vertexNormals(
    restPositions[bestMesh],
    scene.meshes[bestMesh].topology.triangles,
    scene.meshes[bestMesh].topology.vertexCount,
    new Float64Array(restPositions[bestMesh].length),
  ));
  return [normals[3 * best], normals[3 * best + 1], normals[3 * best + 2]];
}
