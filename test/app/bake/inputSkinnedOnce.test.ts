// Each input frame is skinned once per bake (issue 34 item 7): the simulation session, the bake's quality measures,
// the export's corrective frames and the measure of the written file all read the input's surface at a baked frame,
// and before this each skinned it again (four skinnings per mesh and frame). bake() now gives them one evaluator that
// keeps what it skinned (createAnimationEvaluator(scene, { keepFrames: true })). The claims: every distinct
// (mesh, time) the bake evaluated was skinned exactly once and then reused; and a kept frame is the same bytes a
// fresh evaluator computes (keeping cannot change a bake's output).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createAnimationEvaluator, type AnimationEvaluator } from '../../../app/animation/index.ts';
import { bake } from '../../../app/bake/index.ts';
import { readGltf } from '../../../app/io/index.ts';

const samplePath = new URL('../../../assets/sample.glb', import.meta.url).pathname;

describe('one skinning per input frame', () => {
  it('a bake of the sample skins each mesh at each time of its clip once, and the export and quality measures reuse it', async () => {
    const scene = await readGltf(new Uint8Array(readFileSync(samplePath)), { fileName: 'sample.glb' });
    // Every evaluator that evaluates the input's clip during the bake (a site building its own would show as a second).
    const proto = Object.getPrototypeOf(createAnimationEvaluator(scene)) as AnimationEvaluator;
    const original = proto.evaluateMesh;
    const evaluators = new Set<AnimationEvaluator>();
    proto.evaluateMesh = function (this: AnimationEvaluator, meshIndex, clipIndex, time, out, normals) {
      if (this.scene === scene && clipIndex !== null) evaluators.add(this);
      original.call(this, meshIndex, clipIndex, time, out, normals);
    };
    let report;
    try {
      ({ report } = await bake(scene, { clip: 'Bounce', frames: [0, 8] }));
    } finally {
      proto.evaluateMesh = original;
    }
    expect(evaluators.size, 'one evaluator evaluates the input clip for the whole bake').toBe(1);
    const [evaluator] = evaluators;
    const { skinned, reused, kept } = evaluator.counts;
    expect(report.timings.evaluation, 'the report states that evaluator’s counts').toEqual({ skinned, reused, kept });
    expect(kept, 'the bake evaluated the input at its frames').toBeGreaterThan(9);
    expect(skinned, 'skinning runs = distinct (mesh, time) pairs: each input frame skinned once').toBe(kept);
    // The quality measure, the corrective export and the file's measure each reuse the session's skinning of a
    // simulated mesh's frame.
    expect(reused, 'later uses copy the kept frame instead of skinning again').toBeGreaterThanOrEqual(3 * 9);
  }, 60_000);

  it('a kept frame is the same bytes as a fresh evaluation, and a caller writing into its copy does not change it', async () => {
    const scene = await readGltf(new Uint8Array(readFileSync(samplePath)), { fileName: 'sample.glb' });
    const clip = scene.clips.findIndex((c) => c.name === 'Bounce');
    const keeping = createAnimationEvaluator(scene, { keepFrames: true });
    const fresh = createAnimationEvaluator(scene);
    for (let m = 0; m < scene.meshes.length; m++) {
      const R = scene.meshes[m].renderVertexCount;
      const first = new Float32Array(3 * R);
      const again = new Float32Array(3 * R);
      const reference = new Float32Array(3 * R);
      for (const time of [0, 0.25, 0.5]) {
        keeping.evaluateMesh(m, clip, time, first);
        first.fill(Number.NaN); // a caller scribbling on its copy
        // Another time in between (the world-matrix cache moves on), then the kept one again.
        keeping.evaluateMesh(m, clip, time + 0.1, again);
        keeping.evaluateMesh(m, clip, time, again);
        fresh.evaluateMesh(m, clip, time, reference);
        expect(
          Buffer.from(again.buffer).equals(Buffer.from(reference.buffer)),
          `mesh ${m} at ${time} s: the kept frame is the fresh evaluation, bit for bit`,
        ).toBe(true);
      }
    }
    expect(keeping.counts.skinned, 'each (mesh, time) skinned once').toBe(keeping.counts.kept);
    expect(keeping.counts.reused, 'the repeated times were copies').toBe(3 * scene.meshes.length);
    expect(fresh.counts.kept, 'an evaluator without keepFrames keeps nothing (the live preview’s)').toBe(0);
  });
});
