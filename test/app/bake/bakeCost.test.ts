// A bake that cannot finish on the machine is refused before it starts, with its estimate: Fox.glb at lattice
// resolution 256 used to run to 8.5 GB and end on an int32 overflow. Estimates grow with resolution and frames.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bake, BakeError, resolveBakeSettings } from '../../../app/bake/index.ts';
import { bakeCost } from '../../../app/bake/bakeCost.ts';
import { readGltfFile } from '../../../app/io/node/index.ts';
import { dataFolder } from './bakeTestKit.ts';

describe('bakeCost', () => {
  it('refuses Fox.glb at resolution 256 under a 2 GiB budget at once, saying how much it needs and why', async () => {
    const scene = await readGltfFile(join(dataFolder, 'Fox.glb'));
    const started = performance.now();
    const error = await bake(scene, { clip: 'Walk', frames: [0, 3], meshes: [{ mesh: 'fox', latticeResolution: 256 }], memoryLimitBytes: 2 * 2 ** 30 }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(performance.now() - started, 'before anything is built').toBeLessThan(2000);
    expect(error, 'a BakeError').toBeInstanceOf(BakeError);
    expect((error as BakeError).message, 'the estimate').toMatch(
      /this bake needs about [\d.]+ GiB of memory \("fox": lattice resolution 256, ~\d+ lattice vertices, ~\d+ tets\), more than the 2\.0 GiB/,
    );
  });

  it('grows with the lattice resolution and the frame count', async () => {
    const scene = await readGltfFile(join(dataFolder, 'Fox.glb'));
    const cost = (resolution: number, frames: [number, number]) =>
      bakeCost(scene, resolveBakeSettings(scene, { clip: 'Walk', frames, meshes: [{ mesh: 'fox', latticeResolution: resolution }] }));
    const coarse = cost(12, [0, 10]);
    const fine = cost(128, [0, 10]);
    expect(fine.bytes / coarse.bytes, 'memory grows with the resolution').toBeGreaterThan(2);
    expect(fine.seconds / coarse.seconds, 'time grows with the resolution').toBeGreaterThan(20);
    expect(cost(12, [0, 100]).seconds / coarse.seconds, 'time grows with the frames').toBeGreaterThan(5);
  });
});
