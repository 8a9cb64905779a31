// evaluateVertexCache: the fast path gives, frame by frame, exactly what evaluateMesh gives at
// frame / fps, and covers the clip from frame 0 to the first frame at or past its end.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createAnimationEvaluator } from '../../../app/animation/animationEvaluator.ts';
import { evaluateVertexCache, vertexCacheFrameCount } from '../../../app/animation/vertexCache.ts';
import { readGltfFile } from '../../../app/io/node/readGltfFile.ts';

const dataFolder = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));

describe('evaluateVertexCache', () => {
  it('equals evaluateMesh at frame / fps for every frame of every Fox clip', async () => {
    const scene = await readGltfFile(dataFolder + 'Fox.glb');
    const evaluator = createAnimationEvaluator(scene);
    const fps = 24;
    const frameSize = 3 * scene.meshes[0].renderVertexCount;
    const single = new Float32Array(frameSize);
    scene.clips.forEach((clip, c) => {
      const cache = evaluateVertexCache(scene, 0, c, { fps });
      const frames = cache.length / frameSize;
      expect(frames, `${clip.name}: frames 0..ceil(duration·fps)`).toBe(Math.ceil(clip.duration * fps - 1e-6) + 1);
      expect((frames - 1) / fps, `${clip.name}: the last frame reaches the end`).toBeGreaterThanOrEqual(clip.duration - 1e-6);
      for (let f = 0; f < frames; f++) {
        evaluator.evaluateMesh(0, c, f / fps, single);
        const slice = cache.subarray(f * frameSize, (f + 1) * frameSize);
        expect(
          slice.every((x, i) => x === single[i]),
          `${clip.name}: frame ${f} is bit-identical to evaluateMesh`,
        ).toBe(true);
      }
    });
  });

  it('writes a frame range into a caller-owned array', async () => {
    const scene = await readGltfFile(dataFolder + 'MorphStressTest.gltf');
    const frameSize = 3 * scene.meshes[0].renderVertexCount;
    const options = { fps: 10, firstFrame: 5, lastFrame: 9 };
    expect(vertexCacheFrameCount(scene, 1, options), 'five frames').toBe(5);
    const out = new Float32Array(5 * frameSize);
    const result = evaluateVertexCache(scene, 0, 1, { ...options, out });
    expect(result, 'returns the given array').toBe(out);
    const whole = evaluateVertexCache(scene, 0, 1, { fps: 10 });
    expect(
      out.every((x, i) => x === whole[5 * frameSize + i]),
      'frames 5..9 of the whole clip',
    ).toBe(true);
    expect(() => evaluateVertexCache(scene, 0, 1, { ...options, out: new Float32Array(10) }), 'too small an output').toThrow(/floats/);
  });
});
