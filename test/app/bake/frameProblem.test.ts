// Nothing non-finite or diverged leaves the bake: frameProblem flags a NaN and a vertex beyond the animation's
// reach, and bakeAnimation stops on the first such frame with a SimulationError (a simulation that produces NaN at
// frame 3 stands in for a diverging solver) instead of writing it.
import { Accessor, Document, NodeIO } from '@gltf-transform/core';
import { describe, expect, it, vi } from 'vitest';
import { frameProblem } from '../../../app/bake/frameProblem.ts';
import { bakeAnimation, resolveBakeSettings } from '../../../app/bake/index.ts';
import { readGltf } from '../../../app/io/index.ts';
import { SimulationError } from '../../../app/solvers/vbd/index.ts';

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
        return { substeps: 1, iterations: 1, colorCount: 1, skippedSolves: 0, residuals: [0], initialForceNorms: [] };
      },
    };
  },
}));

async function swingingCube(): Promise<Uint8Array> {
  const document = new Document();
  const buffer = document.createBuffer();
  const corners = [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1];
  const faces = [0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 2, 3, 7, 2, 7, 6, 1, 2, 6, 1, 6, 5, 0, 4, 7, 0, 7, 3];
  const primitive = document
    .createPrimitive()
    .setAttribute('POSITION', document.createAccessor().setType(Accessor.Type.VEC3).setArray(Float32Array.from(corners)).setBuffer(buffer))
    .setIndices(document.createAccessor().setType(Accessor.Type.SCALAR).setArray(Uint16Array.from(faces)).setBuffer(buffer));
  const node = document.createNode('cube').setMesh(document.createMesh('cube').addPrimitive(primitive));
  document.createScene('scene').addChild(node);
  const times = Float32Array.from({ length: 11 }, (_, k) => k / 10);
  const values = Float32Array.from({ length: 33 }, (_, k) => (k % 3 === 0 ? Math.sin(k) : 0));
  const sampler = document
    .createAnimationSampler()
    .setInput(document.createAccessor().setType(Accessor.Type.SCALAR).setArray(times).setBuffer(buffer))
    .setOutput(document.createAccessor().setType(Accessor.Type.VEC3).setArray(values).setBuffer(buffer));
  document.createAnimation('swing').addSampler(sampler).addChannel(document.createAnimationChannel().setTargetNode(node).setTargetPath('translation').setSampler(sampler));
  return new NodeIO().writeBinary(document);
}

describe('frameProblem', () => {
  const box = { min: [0, 0, 0], max: [1, 1, 1] };
  it('accepts a frame inside the reach of the animation and refuses NaN, ±Infinity and a vertex past the margin', () => {
    expect(frameProblem([0.5, 0.5, 0.5, 2, 1, 1], box.min, box.max, 1.5), 'inside the margin').toBeNull();
    expect(frameProblem([0, 0, 0, 0, Number.NaN, 0], box.min, box.max, 10), 'NaN').toMatch(/vertex 1 has a non-finite position \(NaN\)/);
    expect(frameProblem([0, 0, -Infinity], box.min, box.max, 10), '−∞').toMatch(/non-finite position \(-Infinity\)/);
    expect(frameProblem([0, 3e21, 0], box.min, box.max, 10), '3e21 m').toMatch(/vertex 0 is 3\.00e\+21 units outside the animation's reach \(10\.0\): the simulation diverged/);
  });
});

describe('bakeAnimation stops on a bad frame', () => {
  it('a simulation that goes NaN at frame 3 ends the bake with a SimulationError naming the mesh and frame; nothing is returned', async () => {
    const scene = await readGltf(await swingingCube(), { fileName: 'cube.glb' });
    const settings = resolveBakeSettings(scene, { clip: 'swing', fps: 30, uniformWeight: 0.5 });
    const error = await bakeAnimation(scene, settings, {}).then(() => null, (caught: unknown) => caught);
    expect(error, 'a SimulationError').toBeInstanceOf(SimulationError);
    expect((error as SimulationError).message, 'names mesh and frame').toMatch(/mesh "cube", frame 3: vertex 1 has a non-finite position/);
    expect((error as SimulationError).frame, 'the frame').toBe(3);
  });
});
