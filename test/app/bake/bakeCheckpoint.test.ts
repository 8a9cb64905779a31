// A bake that stops and resumes from a checkpoint (app/bake bakeCheckpoint.ts) writes the bytes of a bake that never
// stopped: the sample and Fox, CPU, with the default model (adaptive iterations, equilibrium, driver core), a
// checkpoint every 4 frames, resumed from one taken mid-way and from the one written when the bake is cancelled.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bake, BakeError, type BakeCheckpoint, type BakeOptions } from '../../../app/bake/index.ts';
import { readGltf } from '../../../app/io/index.ts';
import { dataFolder, samplePath } from './bakeTestKit.ts';

const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

describe('bake checkpoints', () => {
  const cases: Array<[string, string, BakeOptions]> = [
    ['the sample (Bounce 0:20, pre-roll 3)', samplePath, { clip: 'Bounce', frames: [0, 20], preroll: 3, meshes: [{ mesh: 'Blob', latticeResolution: 8 }] }],
    ['Fox at real size (Walk, weight layer and limits from a project would ride along; defaults here)', join(dataFolder, 'Fox.glb'), { clip: 'Walk', frames: [0, 12], metersPerUnit: 0.01 }],
  ];
  for (const [label, path, options] of cases) {
    it(`${label}: resumed from a mid-bake checkpoint, the output is byte for byte the uninterrupted bake`, async () => {
      const scene = await readGltf(new Uint8Array(readFileSync(path)), { fileName: path });
      const whole = await bake(scene, options);
      const saved: BakeCheckpoint[] = [];
      const again = await bake(scene, { ...options, checkpoint: { every: 4, save: (c) => void saved.push(structuredClone(c)) } });
      expect(same(again.bytes, whole.bytes), 'checkpointing does not change the bake').toBe(true);
      expect(saved.length, 'checkpoints every 4 frames').toBeGreaterThanOrEqual(3);
      const middle = saved[Math.floor(saved.length / 2)];
      const resumed = await bake(scene, { ...options, resume: middle });
      expect(same(resumed.bytes, whole.bytes), `resumed at frame index ${middle.next}: same bytes`).toBe(true);
    });
  }

  it('a cancelled bake saves the last completed frame, and resuming from it gives the same bytes', async () => {
    const scene = await readGltf(new Uint8Array(readFileSync(samplePath)), { fileName: 'sample.glb' });
    const options: BakeOptions = { clip: 'Bounce', frames: [0, 16], meshes: [{ mesh: 'Blob', latticeResolution: 8 }] };
    const whole = await bake(scene, options);
    const controller = new AbortController();
    let last: BakeCheckpoint | null = null;
    const cancelled = await bake(scene, {
      ...options,
      signal: controller.signal,
      checkpoint: { every: 100, save: (c) => void (last = structuredClone(c)) },
      onProgress: (p) => {
        if (p.stage === 'simulation' && p.frame === 7) controller.abort();
      },
    }).then(() => null, (error: unknown) => error);
    expect((cancelled as Error)?.name, 'the bake was cancelled').toBe('AbortError');
    expect(last, 'a checkpoint was written on the way out').not.toBeNull();
    expect(last!.next, 'at the frame after the last completed one').toBe(7);
    const resumed = await bake(scene, { ...options, resume: last! });
    expect(same(resumed.bytes, whole.bytes), 'same bytes').toBe(true);
  });

  it('a checkpoint of another bake is refused, not resumed', async () => {
    const scene = await readGltf(new Uint8Array(readFileSync(samplePath)), { fileName: 'sample.glb' });
    const saved: BakeCheckpoint[] = [];
    await bake(scene, { clip: 'Bounce', frames: [0, 8], meshes: [{ mesh: 'Blob', latticeResolution: 6 }], checkpoint: { every: 4, save: (c) => void saved.push(structuredClone(c)) } });
    const other = bake(scene, { clip: 'Bounce', frames: [0, 8], preset: 'jelly', meshes: [{ mesh: 'Blob', latticeResolution: 6 }], resume: saved[0] });
    await expect(other, 'other settings').rejects.toThrow(BakeError);
    await expect(other, 'says why').rejects.toThrow(/belongs to another bake/);
  });
});
