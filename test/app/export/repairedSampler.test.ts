// Clean output from any valid input (issue 35, item 5): a bake of a valid glTF with KHR_animation_pointer wrote an
// invalid glTF (empty `channels` and `samplers` in the baked animation: EMPTY_ENTITY), and inputs that carry validator
// errors got them twice (in the input clip and in the baked clip's copy of it). Each of the glTF-Validator's clean
// sample files that has an animation is baked and validated; each animated file with errors that the importer
// accepts is baked and its errors appear once (in the input clip, kept as it came), the baked copy being repaired
// (repairedSampler) without changing the values the bake evaluated.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import validator from 'gltf-validator';
import { describe, expect, it } from 'vitest';
import { channelValue } from '../../../app/animation/channelValue.ts';
import { bake } from '../../../app/bake/index.ts';
import { readGltf } from '../../../app/io/index.ts';
import { gltfFileSource, readGltfFile } from '../../../app/io/node/index.ts';

const samples = new URL('../../assets/gltf-validator/', import.meta.url).pathname;
const clean = readdirSync(samples).filter((name) => name.endsWith('.gltf'));
const withErrors = readdirSync(join(samples, 'with-errors')).filter((name) => name.endsWith('.gltf'));

async function errorCodes(bytes: Uint8Array, readResource?: (uri: string) => Promise<Uint8Array>): Promise<string[]> {
  const report = await validator.validateBytes(bytes, { maxIssues: 1000, externalResourceFunction: readResource });
  return report.issues.messages.filter((m) => m.severity === 0).map((m) => `${m.code} ${m.pointer ?? ''}`);
}

async function baked(path: string) {
  const source = await gltfFileSource(path);
  const output = await bake(source, { clip: '0', frames: [0, 2] });
  return { source, output };
}

/**
 * Two of the clean files name a buffer with no `uri` in a .gltf: their geometry has no data anywhere (the validator
 * checks the JSON only; three.js and Blender fail to load them), so the importer refuses them, naming the buffer.
 */
const NO_DATA = new Set(['base__root__named_objects.gltf', 'base__root__unused_objects.gltf']);

describe('the baked clip is valid glTF', () => {
  it(`bakes each of the validator's ${clean.length} clean animated sample files into a file with no validator error`, async () => {
    expect(clean.length, 'the eight files of the set').toBe(8);
    for (const name of clean) {
      if (NO_DATA.has(name)) {
        await expect(baked(join(samples, name)), `${name}: refused, naming the buffer without data`).rejects.toThrow(/buffer 0 has no data/);
        continue;
      }
      const { source, output } = await baked(join(samples, name));
      expect(await errorCodes(source.bytes), `${name}: the input is clean`).toEqual([]);
      expect(await errorCodes(output.bytes), `${name}: the output is clean`).toEqual([]);
    }
  }, 120_000);

  it('an input’s errors show once in the output (in the input clip, kept as it came), never in the baked copy too', async () => {
    expect(withErrors.length, 'seven files').toBe(7);
    for (const name of withErrors) {
      const path = join(samples, 'with-errors', name);
      const { source, output } = await baked(path);
      const before = await errorCodes(source.bytes, (uri) => source.readResource(uri, { maxBytes: 1 << 20, overflow: 'truncate' }));
      const after = await errorCodes(output.bytes);
      const codes = (list: string[]) => list.map((line) => line.split(' ')[0]).sort();
      expect(before.length, `${name}: the input has errors`).toBeGreaterThan(0);
      expect(codes(after), `${name}: the same errors, once (${after.join('; ')})`).toEqual(codes(before));
    }
  }, 120_000);

  it('the repaired copy plays what the bake evaluated: translation and scale equal at every baked frame, rotations normalized', async () => {
    for (const name of withErrors) {
      const path = join(samples, 'with-errors', name);
      const input = await readGltfFile(path);
      const { output } = await baked(path);
      const written = await readGltf(output.bytes, { fileName: name });
      const bakedClip = written.clips.find((clip) => clip.name.endsWith('(baked)'));
      if (!bakedClip) continue; // nothing the export carries (a weights channel on a node without morph targets)
      const source = input.clips[0];
      for (const channel of bakedClip.channels) {
        // The input's channel the evaluator applies last for this target (of duplicates, the later).
        const original = source.channels.filter((c) => c.nodeIndex === channel.nodeIndex && c.path === channel.path).at(-1)!;
        expect(original, `${name}: the baked channel has a source`).toBeDefined();
        for (const frame of [0, 1, 2]) {
          const time = frame / 30;
          const want = channelValue(original, time, new Float64Array(4));
          const got = channelValue(channel, time, new Float64Array(4));
          if (channel.path === 'rotation') {
            // A zero quaternion (no rotation at all) is written as the identity.
            const length = Math.hypot(want[0], want[1], want[2], want[3]);
            const normalized = length > 0 ? Array.from(want, (x) => x / length) : [0, 0, 0, 1];
            for (let i = 0; i < 4; i++) expect(got[i], `${name} ${channel.path} frame ${frame}: the normalized rotation`).toBeCloseTo(normalized[i], 5);
          } else {
            for (let i = 0; i < channel.componentCount; i++) expect(got[i], `${name} ${channel.path} frame ${frame}`).toBeCloseTo(want[i], 6);
          }
        }
      }
    }
  }, 120_000);
});
