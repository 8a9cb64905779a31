import type { SceneShell } from '../../weights/index.ts';

/** A mesh's carried shells as vertex flags and rigid pieces (carriedPieces). */
export interface CarriedPieces {
  /** #V 1 on the vertices of its carried shells (glued accessories and gear: they ride their host) */
  carried: Uint8Array;
  /** #V the carried shell each vertex is in, numbered from 0 in shell order (−1: none) */
  rigidPieces: Int32Array;
  /** how many carried shells */
  pieceCount: number;
}

/**
 * Which vertices of a mesh its carried shells move (every shell with a host that is not a part: glued accessories and
 * gear ride their host, carriedShells; the simulation pins them), each shell one rigid piece (the final contact check
 * corrects it as one: bakeContact's rigidPieces).
 *
 * @param shells       the mesh's separate shells (sceneShells)
 * @param vertexCount  #V
 * @returns the flags, the pieces and their count
 */
export function carriedPieces(shells: readonly SceneShell[], vertexCount: number): CarriedPieces {
  const carried = new Uint8Array(vertexCount);
  const rigidPieces = new Int32Array(vertexCount).fill(-1);
  let pieceCount = 0;
  for (const shell of shells) {
    if (shell.role === 'part' || !shell.host) continue;
    for (const v of shell.vertices) {
      carried[v] = 1;
      rigidPieces[v] = pieceCount;
    }
    pieceCount++;
  }
  return { carried, rigidPieces, pieceCount };
}
