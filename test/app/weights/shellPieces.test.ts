// shellPieces: one piece per connected component, with its size (box diagonal), area, area centroid and genus from
// Euler's formula: a closed box is genus 0, a torus (a belt, a strap) genus 1.
import { describe, expect, it } from 'vitest';
import { shellPieces } from '../../../app/weights/shellPieces.ts';
import { shellScene } from '../../../app/weights/shellScene.ts';
import { cube, pieceOfPrimitive, surfacesScene, torus } from './shellGeometry.ts';

describe('shellPieces', () => {
  it('a cube and a torus in one mesh: two pieces, genus 0 and 1, with the cube’s diagonal, area and centre', async () => {
    const scene = await surfacesScene([cube([1, 2, 3], 0.5), torus([5, 0, 0], 1, 0.25)]);
    const pieces = shellPieces(shellScene(scene), 0);
    expect(pieces.length, 'one piece per connected component').toBe(2);
    const box = pieceOfPrimitive(scene, pieces, 0);
    const ring = pieceOfPrimitive(scene, pieces, 1);
    expect(box.genus, 'a closed cube is a sphere: genus 0').toBe(0);
    expect(ring.genus, 'a torus is a ring: genus 1').toBe(1);
    expect(box.vertices.length + ring.vertices.length, 'every welded vertex is in one piece').toBe(scene.meshes[0].topology.vertexCount);
    expect(box.size, 'the cube’s size is its diagonal, √3 × its edge').toBeCloseTo(Math.sqrt(3), 6);
    expect(box.area, 'the cube’s area is 6 × its face').toBeCloseTo(6, 5);
    box.centroid.forEach((c, i) => expect(c, `the cube’s area centroid, axis ${i}, is its centre`).toBeCloseTo([1, 2, 3][i], 5));
    // A torus's area is 4π²Rr for the smooth surface; the 24 × 12 polygon is a little less (chords).
    expect(ring.area / (4 * Math.PI ** 2 * 0.25), 'the torus’s area is close to 4π²Rr').toBeGreaterThan(0.95);
    expect(ring.area / (4 * Math.PI ** 2 * 0.25), 'and no more than it (inscribed polygon)').toBeLessThan(1);
  });
});
