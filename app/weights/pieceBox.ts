import type { ShellPiece, ShellScene } from './shellScene.ts';

/**
 * A piece's world bounding box at rest, cached in the shared state (sceneShells' pruning of nearest-piece and inside
 * tests).
 *
 * @param data   sceneShells' shared state (rest positions; the box cache is filled)
 * @param piece  the piece
 * @returns its box (min x, y, z, max x, y, z) [file units]; the cached array, not to be written
 */
export function pieceBox(data: ShellScene, piece: ShellPiece): Float64Array {
  const key = `${piece.meshIndex}:${piece.component}`;
  let box = data.boxes.get(key);
  if (!box) {
    box = Float64Array.from([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity]);
    const p = data.restPositions[piece.meshIndex];
    for (const v of piece.vertices) {
      for (let c = 0; c < 3; c++) {
        box[c] = Math.min(box[c], p[3 * v + c]);
        box[3 + c] = Math.max(box[3 + c], p[3 * v + c]);
      }
    }
    data.boxes.set(key, box);
  }
  return box;
}
