// The simulation session (app/bake/simulationSession.ts) is the one way the engine runs: a preview read frame by frame
// from a session is the bake bit for bit, snapshots continue to the same numbers, new weights rebuild nothing (a
// counter) and act from the next frame (weight 0 follows the animation exactly), and going back without a snapshot is
// refused instead of silently simulating from the wrong state.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAnimationEvaluator } from '../../../app/animation/index.ts';
import { bakeAnimation, createSimulationSession, resolveBakeSettings, type BakeOptions } from '../../../app/bake/index.ts';
import { readGltf, type ImportedScene } from '../../../app/io/index.ts';
import { maxDistance, samplePath } from './bakeTestKit.ts';

const options: BakeOptions = { clip: 'Bounce', frames: [0, 14], preroll: 2, meshes: [{ mesh: 'Blob', latticeResolution: 8 }] };
const bitsEqual = (a: Float32Array, b: Float32Array) => a.length === b.length && a.every((x, i) => Object.is(x, b[i]));

describe('simulation session', () => {
  let scene: ImportedScene;
  beforeAll(async () => {
    scene = await readGltf(new Uint8Array(readFileSync(samplePath)), { fileName: 'sample.glb' });
  });
  const renderCount = () => 3 * scene.meshes[scene.meshes.findIndex((m) => m.name === 'Blob')].renderVertexCount;

  it('frames read one by one from a session equal the bake, bit for bit (CPU)', async () => {
    const settings = resolveBakeSettings(scene, options);
    const baked = await bakeAnimation(scene, settings, options);
    const session = createSimulationSession(scene, settings, options);
    const stride = renderCount();
    const frame = new Float32Array(stride);
    for (let k = -settings.preroll; k < session.frameCount; k++) {
      await session.advance(k);
      expect(session.frame, 'the session is at the frame it was advanced to').toBe(k);
      if (k < 0) continue;
      session.surface(0, frame);
      expect(bitsEqual(frame, baked.meshes[0].positions.subarray(k * stride, (k + 1) * stride)), `frame ${k} is the baked frame`).toBe(true);
    }
    session.dispose();
  });

  it('a snapshot continues to the same numbers; restart replays from the start; going back without one is refused', async () => {
    const settings = resolveBakeSettings(scene, options);
    const session = createSimulationSession(scene, settings, options);
    const stride = renderCount();
    await session.advance(5);
    const saved = structuredClone(session.snapshot());
    await session.advance(10);
    const first = new Float32Array(stride);
    session.surface(0, first);
    await expect(session.advance(7), 'behind the current frame').rejects.toThrow(RangeError);
    session.restore(saved);
    expect(session.frame, 'restored to the snapshot frame').toBe(5);
    await session.advance(10);
    const again = new Float32Array(stride);
    session.surface(0, again);
    expect(bitsEqual(again, first), 'restored and advanced: the same frame 10').toBe(true);
    session.restart();
    await session.advance(10);
    session.surface(0, again);
    expect(bitsEqual(again, first), 'restarted and advanced: the same frame 10').toBe(true);
    session.dispose();
  });

  it('new weights rebuild no simulation mesh and act from the next frame: weight 0 follows the input exactly, higher weights move more', async () => {
    const settings = resolveBakeSettings(scene, options);
    const session = createSimulationSession(scene, settings, options);
    const built = session.counters.simulations;
    expect(built, 'one simulation mesh for the one simulated mesh').toBe(1);
    const mesh = session.meshes[0];
    const vertexCount = mesh.weights.length;
    const evaluator = createAnimationEvaluator(scene);
    const input = new Float32Array(renderCount());
    const output = new Float32Array(renderCount());
    const deviationAt = async (k: number) => {
      await session.advance(k);
      session.surface(0, output);
      evaluator.evaluateMesh(mesh.meshIndex, settings.clipIndex, session.inputTime(k), input);
      return maxDistance(output, input);
    };
    session.setWeights('Blob', new Float32Array(vertexCount).fill(0.5));
    const soft = await deviationAt(10);
    expect(soft, 'at weight 0.5 the bounce moves the blob off its input').toBeGreaterThan(1e-3 * mesh.stats.diagonal);
    session.restart();
    session.setWeights('Blob', new Float32Array(vertexCount));
    expect(await deviationAt(10), 'weight 0 everywhere: the output is the input').toBe(0);
    session.restart();
    session.setWeights('Blob', new Float32Array(vertexCount).fill(0.8));
    expect(await deviationAt(10), 'weight 0.8 moves farther than 0.5').toBeGreaterThan(soft);
    expect(session.counters.simulations, 'no embedding or factorization was rebuilt').toBe(built);
    expect(() => session.setWeights('Blob', new Float32Array(vertexCount).fill(2)), 'weights outside [0, 1]').toThrow(/not in \[0, 1\]/);
    expect(() => session.setWeights('Nope', new Float32Array(vertexCount)), 'unknown mesh').toThrow(/no simulated mesh "Nope"/);
    session.dispose();
  });
});
