// insideShare: the share of a piece's (sampled) vertices inside another piece's closed surface decides "fastened"
// (a tenth) and "sunk" (nine tenths): a cube wholly inside passes both, a cube half in passes only the first, a cube
// beside it neither.
import { describe, expect, it } from 'vitest';
import { insideShare } from '../../../app/weights/insideShare.ts';
import { shellPieces } from '../../../app/weights/shellPieces.ts';
import { shellScene } from '../../../app/weights/shellScene.ts';
import { cube, pieceOfPrimitive, surfacesScene } from './shellGeometry.ts';

describe('insideShare', () => {
  it('counts the vertices inside a larger cube: all, half, none', async () => {
    const scene = await surfacesScene([cube([0, 0, 0], 1), cube([0.2, 0, 0], 0.3), cube([1, 0, 0], 0.3), cube([3, 0, 0], 0.3)]);
    const data = shellScene(scene);
    const pieces = shellPieces(data, 0);
    const [host, within, straddling, beside] = [0, 1, 2, 3].map((i) => pieceOfPrimitive(scene, pieces, i));
    expect(insideShare(data, within, host, 0.9), 'a cube wholly inside is sunk (9/10)').toBe(true);
    expect(insideShare(data, within, host, 1), 'every one of its vertices is inside').toBe(true);
    expect(insideShare(data, straddling, host, 0.1), 'a cube across the face has a tenth inside (fastened)').toBe(true);
    expect(insideShare(data, straddling, host, 0.5), 'exactly half of its 8 corners are inside').toBe(true);
    expect(insideShare(data, straddling, host, 0.9), 'but not nine tenths').toBe(false);
    expect(insideShare(data, beside, host, 0.1), 'a cube beside it has none inside').toBe(false);
    expect(insideShare(data, host, within, 0.1), 'the large cube is not inside the small one').toBe(false);
  });
});
