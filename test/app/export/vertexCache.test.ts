// vertexCache: an unskinned mesh whose morph targets replay absolute world positions, checked by reloading the file
// in three.js (independent glTF client) and by gltf-validator.
import { NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { vertexCache, type BakedKeys } from '../../../app/export/index.ts';
import { loadThree, poseThree, threePositions } from './threeReference.ts';
import { validatorIssues } from '../../helpers/validatorIssues.ts';
import { maxDistance } from '../../helpers/maxDistance.ts';

const data = new URL('../../../../shared/data/', import.meta.url).pathname;
const sample = new URL('../../../assets/sample.glb', import.meta.url).pathname;
const io = () => new NodeIO().registerExtensions(ALL_EXTENSIONS);

describe('vertexCache', () => {
  for (const [file, clip, fps] of [
    [data + 'Fox.glb', 'Walk', 24],
    [sample, 'Bounce', 30],
  ] as const) {
    it(`${file.split('/').pop()}: an unskinned node replays world positions to 1e-6 of the diagonal; input clips stay`, async () => {
      const frameCount = 5;
      const document = await io().readBinary(new Uint8Array(readFileSync(file)));
      const root = document.getRoot();
      const inputThree = await loadThree(new Uint8Array(readFileSync(file)));
      const nodeIndex = root.listNodes().findIndex((n) => n.getMesh());
      const nodeName = root.listNodes()[nodeIndex].getName();
      const frames: Float64Array[] = [];
      for (let f = 0; f < frameCount; f++) {
        poseThree(inputThree, clip, f / fps);
        const p = Float64Array.from(threePositions(inputThree, nodeIndex));
        for (let i = 0; i < p.length; i += 3) p[i + 1] += 0.01 * Math.sin(f + p[i]);
        frames.push(p);
      }
      const renderCount = frames[0].length / 3;
      const positions = new Float32Array(frameCount * renderCount * 3);
      frames.forEach((p, f) => positions.set(p, f * renderCount * 3));
      const min = [Infinity, Infinity, Infinity];
      const max = [-Infinity, -Infinity, -Infinity];
      frames[0].forEach((x, i) => ((min[i % 3] = Math.min(min[i % 3], x)), (max[i % 3] = Math.max(max[i % 3], x))));
      const diag = Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
      const keys: BakedKeys = {
        times: Float32Array.from({ length: frameCount }, (_, f) => f / fps),
        frame: Int32Array.from({ length: frameCount }, (_, f) => f),
      };
      const inputClips = root.listAnimations().map((a) => a.getName());
      await document.transform(
        vertexCache({ animationName: `${clip} (baked)`, sourceAnimation: inputClips.indexOf(clip), keys, meshes: [{ node: nodeIndex, positions }] }),
      );
      const bytes = await io().writeBinary(document);
      expect(await validatorIssues(bytes, 0), 'gltf-validator errors').toEqual([]);
      expect(
        root.listAnimations().map((a) => a.getName()),
        'baked clip first, input clips after',
      ).toEqual([`${clip} (baked)`, ...inputClips]);
      const cacheIndex = root.listNodes().findIndex((n) => n.getName() === nodeName && n.getMesh());
      expect(cacheIndex, 'the cache node keeps the mesh node name').toBeGreaterThanOrEqual(0);
      expect(root.listNodes()[cacheIndex].getSkin(), 'the cache is unskinned').toBeNull();
      const output = await loadThree(bytes);
      expect((output.meshesByNode.get(cacheIndex)![0] as { isSkinnedMesh?: boolean }).isSkinnedMesh ?? false, 'three.js sees a plain mesh').toBe(false);
      for (let f = 0; f < frameCount; f++) {
        poseThree(output, 0, f / fps);
        expect(maxDistance(threePositions(output, cacheIndex), frames[f]) / diag, `frame ${f}`).toBeLessThan(1e-6);
      }
    });
  }
});
