import { pieceBox } from './pieceBox.ts';
import { pieceTriangles } from './pieceTriangles.ts';
import { pointInsideSurface } from './pointInsideSurface.ts';
import type { ShellPiece, ShellScene } from './shellScene.ts';

/**
 * Whether at least `share` of a piece's vertices lie inside another piece's closed surface (sceneShells: a buckle
 * fastened to its belt, a piece sunk into a larger one). It samples at most 32 of the piece's vertices, evenly by
 * index; a sample outside the other's bounding box is outside without a winding number, and it stops as soon as the
 * answer is known either way.
 *
 * @param data   sceneShells' shared state (rest positions; box and triangle caches)
 * @param piece  the piece tested
 * @param other  the piece whose surface encloses it or not
 * @param share  fraction of the samples that must be inside, in (0, 1]
 * @returns true when ⌈share · samples⌉ (at least one) samples are inside
 */
export function insideShare(data: ShellScene, piece: ShellPiece, other: ShellPiece, share: number): boolean {
  const positions = data.restPositions[piece.meshIndex];
  const box = pieceBox(data, other);
  const step = Math.max(1, Math.floor(piece.vertices.length / 32));
  const samples = Math.ceil(piece.vertices.length / step);
  const needed = Math.ceil(share * samples - 1e-9);
  let inner = 0;
  let outer = 0;
  for (let i = 0; i < piece.vertices.length && inner < needed && samples - outer >= needed; i += step) {
    const v = piece.vertices[i];
    const point: [number, number, number] = [positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]];
    if (!point.some((x, c) => x < box[c] || x > box[3 + c]) && pointInsideSurface(point, pieceTriangles(data, other), data.restPositions[other.meshIndex]))
      inner++;
    else outer++;
  }
  return inner >= needed && needed > 0;
}
