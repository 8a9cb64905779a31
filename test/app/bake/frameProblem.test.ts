// Nothing non-finite or diverged leaves the bake: frameProblem flags a NaN and a vertex beyond the animation's
// reach, and bakeAnimation stops on the first such frame with a SimulationError (a simulation that produces NaN at
// frame 3 stands in for a diverging solver) instead of writing it.
import { describe, expect, it, vi } from 'vitest';
import { frameProblem } from '../../../app/bake/frameProblem.ts';
import { bakeAnimation, resolveBakeSettings } from '../../../app/bake/index.ts';
import { readGltfFile } from '../../../app/io/node/index.ts';
import { SimulationError } from '../../../app/solvers/vbd/index.ts';
import { samplePath } from './bakeTestKit.ts';

vi.mock('../../../app/bake/volumeSimulation.ts', () => ({
  createVolumeSimulation: (_topology: unknown, rest: Float32Array) => {
    let frame = 0;
    return {
      stats: { kind: 'volume', vertexCount: rest.length / 3, tetCount: 0, triangleCount: 0, colorCount: 1 },
      start() {},
      surface(input: Float32Array, out: Float32Array) {
        out.set(input);
      },
      advance(input: Float32Array, _dt: number, out: Float32Array) {
        out.set(input);
        if (++frame === 3) out[4] = Number.NaN;
        return { substeps: 1, iterations: 1, colorCount: 1, skippedSolves: 0, residuals: [0], initialForceNorms: [], corrections: [0] };
      },
    };
  },
}));

describe('frameProblem', () => {
  const box = { min: [0, 0, 0], max: [1, 1, 1] };
  it('accepts a frame inside the reach of the animation and refuses NaN, ±Infinity and a vertex past the margin', () => {
    expect(frameProblem([0.5, 0.5, 0.5, 2, 1, 1], box.min, box.max, 1.5), 'inside the margin').toBeNull();
    expect(frameProblem([0, 0, 0, 0, Number.NaN, 0], box.min, box.max, 10), 'NaN').toMatch(/vertex 1 has a non-finite position \(NaN\)/);
    expect(frameProblem([0, 0, -Infinity], box.min, box.max, 10), '−∞').toMatch(/non-finite position \(-Infinity\)/);
    expect(frameProblem([0, 3e21, 0], box.min, box.max, 10), '3e21 m').toMatch(
      /vertex 0 is 3\.00e\+21 units outside the animation's reach \(10\.0\): the simulation diverged/,
    );
  });
});

describe('bakeAnimation stops on a bad frame', () => {
  it('a simulation that goes NaN at frame 3 ends the bake with a SimulationError naming the mesh and frame; nothing is returned', async () => {
    const scene = await readGltfFile(samplePath);
    const settings = resolveBakeSettings(scene, { clip: 0, fps: 30, frames: [0, 10] });
    const error = await bakeAnimation(scene, settings, {}).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error, 'a SimulationError').toBeInstanceOf(SimulationError);
    expect((error as SimulationError).message, 'names mesh and frame').toMatch(/mesh "Blob", frame 3: vertex 1 has a non-finite position/);
    expect((error as SimulationError).frame, 'the frame').toBe(3);
  });
});
