// nearestLargerPiece: a shell's host is the nearest piece larger than it (least vertex-to-vertex distance), never a
// smaller one however close, and none for the largest piece.
import { describe, expect, it } from 'vitest';
import { nearestLargerPiece } from '../../../app/weights/nearestLargerPiece.ts';
import { shellPieces } from '../../../app/weights/shellPieces.ts';
import { shellScene } from '../../../app/weights/shellScene.ts';
import { cube, pieceOfPrimitive, surfacesScene } from './shellGeometry.ts';

describe('nearestLargerPiece', () => {
  it('picks the nearest larger cube, skips a nearer smaller one, and gives the largest none', async () => {
    // A shell (half 0.2) at the origin; a smaller cube touching it; a larger cube 1 away; the largest 3 away.
    const scene = await surfacesScene([cube([0, 0, 0], 0.2), cube([0.35, 0, 0], 0.1), cube([1.7, 0, 0], 0.5), cube([-5.2, 0, 0], 2)]);
    const data = shellScene(scene);
    const pieces = shellPieces(data, 0);
    const [shell, smaller, near, largest] = [0, 1, 2, 3].map((i) => pieceOfPrimitive(scene, pieces, i));
    expect(nearestLargerPiece(data, shell, pieces), 'the larger cube 1 away, not the largest 3 away').toBe(near);
    expect(nearestLargerPiece(data, smaller, pieces), 'the smaller cube’s host is the shell it touches').toBe(shell);
    expect(nearestLargerPiece(data, near, pieces), 'the only piece larger than the near cube').toBe(largest);
    expect(nearestLargerPiece(data, largest, pieces), 'nothing is larger than the largest').toBeNull();
  });
});
