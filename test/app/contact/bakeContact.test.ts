// Self-contact in a real bake, with the exact checker as the oracle on the exported file: Fox.glb Walk at its real size
// (--meters-per-unit 0.01) never has more intersections in any frame than its input has at that frame.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bake } from '../../../app/bake/index.ts';
import { readGltf } from '../../../app/io/index.ts';
import { sceneIntersections } from '../../../app/intersection/index.ts';

const dataFolder = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));

describe('bakeContact in a bake', () => {
  for (const clip of ['Walk', 'Run']) {
    it(`Fox.glb ${clip} with self-contact adds no intersection in any frame (checked on the exported GLB)`, async () => {
      const bytes = readFileSync(dataFolder + 'Fox.glb');
      const frames: [number, number] = [0, 6];
      const output = await bake({ bytes, fileName: 'Fox.glb' }, { clip, frames, fps: 24, metersPerUnit: 0.01, selfContact: true, uniformWeight: 1 });
      const stats = output.report.meshes[0].simulation!.contact!;
      expect(stats.inputIntersections.length, 'one entry per frame').toBe(7);
      const input = await readGltf(bytes, { fileName: 'Fox.glb' });
      const baked = await readGltf(output.bytes, { fileName: 'out.glb' });
      const numbers = [0, 1, 2, 3, 4, 5, 6];
      const before = sceneIntersections(input, input.clips.findIndex((c) => c.name === clip), numbers, 24);
      const after = sceneIntersections(baked, baked.clips.findIndex((c) => c.name === `${clip} (baked)`), numbers, 24);
      for (const f of numbers) {
        expect(after[f].total, `frame ${f}: output ${after[f].total} vs input ${before[f].total}`).toBeLessThanOrEqual(before[f].total);
        expect(stats.inputIntersections[f], `frame ${f}: the report's input count is the checker's`).toBe(before[f].total);
      }
      expect(Math.max(...stats.contactsPerFrame), 'contacts were active').toBeGreaterThan(0);
    });
  }
});
