// closedSurfaceShare and the cloth-on-volume warning (issue 37 item 6): the cloth preset is a membrane with bending and
// no volume term, so on a closed blob it folds in and never comes back (the sample crumpled 17 cm with only a flip
// warning). The share must be 1 for a closed surface, 0 for an open one, the area-weighted mix for both; the bake must
// warn when cloth is put on the sample's blob, and not for a volume preset or an open garment (the sleeve's own test,
// clothSubsteps.test.ts, asserts the sleeve bakes with no warning).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bake } from '../../../app/bake/index.ts';
import { closedSurfaceShare } from '../../../app/bake/closedSurfaceShare.ts';
import { cube as closedCube } from '../weights/shellGeometry.ts';

/** A unit cube's 8 corners (offset by x) and its 12 triangles (shellGeometry's cube), less the ones of the faces named open. */
function cube(x: number, openFaces: number): { positions: number[]; triangles: number[] } {
  const { positions, indices } = closedCube([x + 0.5, 0.5, 0.5], 0.5);
  return { positions, triangles: indices.slice(6 * openFaces) };
}

function join(...parts: Array<{ positions: number[]; triangles: number[] }>): { positions: Float32Array; triangles: Uint32Array } {
  const positions: number[] = [];
  const triangles: number[] = [];
  for (const part of parts) {
    const offset = positions.length / 3;
    positions.push(...part.positions);
    triangles.push(...part.triangles.map((v) => v + offset));
  }
  return { positions: Float32Array.from(positions), triangles: Uint32Array.from(triangles) };
}

describe('closedSurfaceShare', () => {
  it('is 1 for a closed cube, 0 for a cube with its lid off, and the closed area over the whole for both side by side', () => {
    const closed = join(cube(0, 0));
    expect(closedSurfaceShare(closed.triangles, closed.positions), 'a closed cube').toBe(1);
    const open = join(cube(0, 1));
    expect(closedSurfaceShare(open.triangles, open.positions), 'a cube without its lid: an edge used once').toBe(0);
    const both = join(cube(0, 0), cube(3, 1));
    // 6 unit faces closed, 5 open: 6/11 of the area.
    expect(closedSurfaceShare(both.triangles, both.positions), 'a closed cube beside an open one').toBeCloseTo(6 / 11, 12);
    expect(closedSurfaceShare(new Uint32Array(0), new Float32Array(0)), 'an empty surface').toBe(0);
  });
});

describe('the cloth preset on a closed volume', () => {
  const sample = { bytes: new Uint8Array(readFileSync(new URL('../../../assets/sample.glb', import.meta.url))), fileName: 'sample.glb' };

  it("warns (cloth-on-volume) on the sample's closed blob, naming the mesh and what to use instead; flesh does not", async () => {
    const cloth = await bake(sample, { clip: 'Bounce', frames: [0, 1], meshes: [{ mesh: 'Blob', preset: 'cloth' }] });
    const warning = cloth.report.warnings.find((w) => w.code === 'cloth-on-volume');
    expect(warning?.mesh, 'the warning names the blob').toBe('Blob');
    expect(warning!.message, 'says why and what to do').toMatch(/closed volume \(100% .*flesh, jelly or stiffRubber/);
    const flesh = await bake(sample, { clip: 'Bounce', frames: [0, 1] });
    expect(
      flesh.report.warnings.map((w) => w.code),
      'the default (flesh) bake',
    ).not.toContain('cloth-on-volume');
  }, 60_000);
});
