// The bake applies what the artist authored in the project, frame by frame (app/bake meshAuthoring): weight layers
// keyed in time, max distances, and keyed pose corrections. Measured on the sample's baked render positions against
// the input the skin plays at the same time (three.js-equivalent evaluation, app/animation).
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAnimationEvaluator } from '../../../app/animation/index.ts';
import { bake, type BakeOptions, type BakeOutput } from '../../../app/bake/index.ts';
import type { OverlapProject, PoseCorrection } from '../../../app/document/index.ts';
import { readGltf, type ImportedScene } from '../../../app/io/index.ts';
import { diagonal, samplePath } from './bakeTestKit.ts';

let scene: ImportedScene;
let V: number;
const FRAMES: [number, number] = [0, 14];

beforeAll(async () => {
  scene = await readGltf(new Uint8Array(readFileSync(samplePath)), { fileName: 'sample.glb' });
  V = scene.meshes[0].topology.vertexCount;
});

function project(extra: Partial<OverlapProject>, weight = 0.8): OverlapProject {
  return {
    format: 'overlap-project',
    version: 2,
    source: 'sample.glb',
    meshes: [{ mesh: 'Blob', role: 'simulated', preset: 'flesh', latticeResolution: 8 }],
    weights: [{ mesh: 'Blob', values: new Float32Array(V).fill(weight) }],
    handles: [],
    bake: { clip: 'Bounce', fps: 30, frames: FRAMES, preroll: 0, loop: false, mode: 'cache', backend: 'cpu', selfContact: false },
    ...extra,
  };
}

async function run(p: OverlapProject, options: BakeOptions = {}): Promise<BakeOutput> {
  return bake(scene, { project: p, ...options });
}

/** Per baked frame: every render vertex's distance from the input the skin plays at that frame's time. */
function departures(output: BakeOutput): Float64Array[] {
  const evaluator = createAnimationEvaluator(scene);
  const mesh = output.result.meshes[0];
  const R = scene.meshes[0].renderVertexCount;
  const input = new Float32Array(3 * R);
  return Array.from(output.result.inputTimes, (time, f) => {
    evaluator.evaluateMesh(0, 0, time, input);
    const frame = mesh.positions.subarray(3 * R * f, 3 * R * (f + 1));
    return Float64Array.from({ length: R }, (_, r) =>
      Math.hypot(frame[3 * r] - input[3 * r], frame[3 * r + 1] - input[3 * r + 1], frame[3 * r + 2] - input[3 * r + 2]),
    );
  });
}

const maxOf = (values: Float64Array): number => values.reduce((m, x) => Math.max(m, x), 0);

describe('the bake applies the project’s authoring', () => {
  it('a weight layer keyed off until frame 8 and fully on from frame 9 (weight 0 everywhere) stops the motion from frame 9 exactly', async () => {
    const size = diagonal(scene.meshes[0].restPositions);
    const layer = {
      id: 'still',
      name: 'hold still',
      mesh: 'Blob',
      values: new Float32Array(V),
      mask: new Float32Array(V).fill(1),
      keys: [
        { frame: 8, influence: 0 },
        { frame: 9, influence: 1 },
      ],
    };
    const moved = departures(await run(project({ weightLayers: [layer] })));
    for (let f = 2; f <= 8; f++) expect(maxOf(moved[f]) / size, `frame ${f}: the layer is off, the flesh moves`).toBeGreaterThan(1e-3);
    for (let f = 9; f <= FRAMES[1]; f++) expect(maxOf(moved[f]), `frame ${f}: weight 0 everywhere follows the input exactly`).toBe(0);
  });

  it('max distances hold every vertex within its limit of the input, where the same bake without them moves farther', async () => {
    const limit = 0.004;
    const free = departures(await run(project({})));
    expect(Math.max(...free.map(maxOf)), 'without limits the flesh moves more than the limit').toBeGreaterThan(2 * limit);
    const held = departures(await run(project({ limits: [{ mesh: 'Blob', maxDistance: new Float32Array(V).fill(limit) }] })));
    for (const [f, frame] of held.entries())
      expect(maxOf(frame), `frame ${f}: within ${limit} m (float32 rounding allowed)`).toBeLessThanOrEqual(limit * (1 + 1e-5) + 1e-6);
  });

  it('a pose correction keyed at frame 10 moves its vertices by its offset there, eases in, and is absent outside its window', async () => {
    const topology = scene.meshes[0].topology;
    const rest = scene.meshes[0].restPositions;
    // The top of the head: welded vertices above 95% of the height.
    const renderTop = Array.from({ length: scene.meshes[0].renderVertexCount }, (_, r) => r).filter((r) => rest[3 * r + 1] > 0.95 * 1.108);
    const vertices = [...new Set(renderTop.map((r) => topology.renderToSimulation[r]))].sort((a, b) => a - b);
    const correction: PoseCorrection = { id: 'c1', mesh: 'Blob', frame: 10, easeIn: 3, easeOut: 2, vertices, offsets: vertices.flatMap(() => [0.03, 0, 0]) };
    // Weight 0: the output is the corrected input itself, so what moves is the correction alone.
    const moved = departures(await run(project({ poseCorrections: [correction] }, 0)));
    const at = (f: number) => renderTop.map((r) => moved[f][r]);
    for (const d of at(10)) expect(d, 'frame 10: each corrected vertex moved by |offset| (rotations keep lengths)').toBeCloseTo(0.03, 4);
    expect(Math.max(...at(8)), 'frame 8: easing in').toBeGreaterThan(0);
    expect(Math.max(...at(8)), 'frame 8: less than fully on').toBeLessThan(0.03);
    for (const f of [0, 3, 6, 13, 14]) expect(maxOf(moved[f]), `frame ${f}: outside the window nothing moves`).toBe(0);
    expect(renderTop.length, 'the correction has vertices (else the test says nothing)').toBeGreaterThan(3);
  });

  it('gravity per mesh from the project: with it on, the flesh hangs lower than the same bake without', async () => {
    const sag = async (gravity: boolean) => {
      const p = project({});
      p.meshes = [{ mesh: 'Blob', role: 'simulated', preset: 'flesh', latticeResolution: 8, gravity }];
      const output = await run(p);
      const evaluator = createAnimationEvaluator(scene);
      const R = scene.meshes[0].renderVertexCount;
      const input = new Float32Array(3 * R);
      const f = FRAMES[1];
      evaluator.evaluateMesh(0, 0, output.result.inputTimes[f], input);
      const frame = output.result.meshes[0].positions.subarray(3 * R * f, 3 * R * (f + 1));
      let dy = 0;
      for (let r = 0; r < R; r++) dy += frame[3 * r + 1] - input[3 * r + 1];
      return dy / R;
    };
    const on = await sag(true);
    const off = await sag(false);
    expect(on, `mean vertical offset from the input at the last frame: ${on.toFixed(4)} m with gravity, ${off.toFixed(4)} m without`).toBeLessThan(off - 2e-3);
  });

  it('entries that do not fit the mesh are the project’s error, naming it', async () => {
    const badLayer = { id: 'l', name: 'short', mesh: 'Blob', values: new Float32Array(3), mask: new Float32Array(3), keys: [] };
    await expect(run(project({ weightLayers: [badLayer] })), 'a layer of the wrong length').rejects.toThrow(/weight layer "short" of mesh "Blob" has 3 values/);
    const badCorrection: PoseCorrection = { id: 'c', mesh: 'Blob', frame: 1, easeIn: 0, easeOut: 0, vertices: [V + 5], offsets: [0, 0, 0] };
    await expect(run(project({ poseCorrections: [badCorrection] })), 'a vertex the mesh does not have').rejects.toThrow(
      new RegExp(`moves vertex ${V + 5}, but mesh "Blob" has ${V}`),
    );
  });
});
