import { pieceBox } from './pieceBox.ts';
import type { ShellPiece, ShellScene } from './shellScene.ts';

/**
 * The host of a shell (sceneShells): the nearest piece larger than it, by the least distance between their vertices
 * at rest. Brute force over vertex pairs, pruned by the other piece's bounding box (a vertex farther from the box than
 * the best distance so far cannot improve it); ties keep the first piece in `pieces` order.
 *
 * @param data    sceneShells' shared state (rest positions; box cache)
 * @param piece   the shell's piece
 * @param pieces  the pieces of its character
 * @returns the nearest strictly larger piece (by size), or null when none is larger
 */
export function nearestLargerPiece(data: ShellScene, piece: ShellPiece, pieces: readonly ShellPiece[]): ShellPiece | null {
  const positions = data.restPositions;
  let best: ShellPiece | null = null;
  let bestDistance = Infinity;
  const own = positions[piece.meshIndex];
  for (const other of pieces) {
    if (other === piece || !(other.size > piece.size)) continue;
    const theirs = positions[other.meshIndex];
    const box = pieceBox(data, other);
    for (const v of piece.vertices) {
      const x = own[3 * v],
        y = own[3 * v + 1],
        z = own[3 * v + 2];
      // (a vertex farther from the other's box than the best so far cannot improve it)
      const gx = Math.max(box[0] - x, 0, x - box[3]),
        gy = Math.max(box[1] - y, 0, y - box[4]),
        gz = Math.max(box[2] - z, 0, z - box[5]);
      if (gx * gx + gy * gy + gz * gz >= bestDistance) continue;
      for (const u of other.vertices) {
        const d = (theirs[3 * u] - x) ** 2 + (theirs[3 * u + 1] - y) ** 2 + (theirs[3 * u + 2] - z) ** 2;
        if (d < bestDistance) {
          bestDistance = d;
          best = other;
        }
      }
    }
  }
  return best;
}
