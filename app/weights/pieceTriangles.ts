import type { ShellPiece, ShellScene } from './shellScene.ts';

/**
 * The triangles of a piece (those whose first vertex is in its component, in the mesh's order), cached in the shared
 * state: the closed surface sceneShells' inside tests read.
 *
 * @param data   sceneShells' shared state (the triangle cache is filled)
 * @param piece  the piece
 * @returns #T_p×3 welded vertex indices of its mesh, row-major; the cached array, not to be written
 */
export function pieceTriangles(data: ShellScene, piece: ShellPiece): Uint32Array {
  const key = `${piece.meshIndex}:${piece.component}`;
  let list = data.triangles.get(key);
  if (!list) {
    const { topology } = data.scene.meshes[piece.meshIndex];
    const out: number[] = [];
    for (let t = 0; t < topology.triangles.length; t += 3)
      if (topology.componentOfVertex[topology.triangles[t]] === piece.component)
        out.push(topology.triangles[t], topology.triangles[t + 1], topology.triangles[t + 2]);
    list = Uint32Array.from(out);
    data.triangles.set(key, list);
  }
  return list;
}
