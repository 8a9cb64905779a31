// bakeAnimation against physics: a rigid body coasting at constant velocity has no secondary motion (Galilean
// invariance), one under constant acceleration lags its animation by a/ω² with ω² = κ(1−w)/w the blending spring's
// (mass-proportional) stiffness, and an asset modelled in centimeters with metersPerUnit 0.01 moves exactly like
// the same asset in meters (the density ρs², gravity g/s substitution).
import { Accessor, Document, NodeIO } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { bakeAnimation, resolveBakeSettings, type BakeOptions } from '../../../app/bake/index.ts';
import { readGltf } from '../../../app/io/index.ts';

/** A closed cube of side `size` on a node whose translation follows x(t) at every frame of `fps` for `seconds`. */
async function movingCube(size: number, x: (t: number) => number, fps: number, seconds: number): Promise<Uint8Array> {
  const document = new Document();
  const buffer = document.createBuffer();
  const h = size / 2;
  const corners = [-h, -h, -h, h, -h, -h, h, h, -h, -h, h, -h, -h, -h, h, h, -h, h, h, h, h, -h, h, h];
  const faces = [0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 2, 3, 7, 2, 7, 6, 1, 2, 6, 1, 6, 5, 0, 4, 7, 0, 7, 3];
  const primitive = document
    .createPrimitive()
    .setAttribute('POSITION', document.createAccessor().setType(Accessor.Type.VEC3).setArray(Float32Array.from(corners)).setBuffer(buffer))
    .setIndices(document.createAccessor().setType(Accessor.Type.SCALAR).setArray(Uint16Array.from(faces)).setBuffer(buffer));
  const node = document.createNode('cube').setMesh(document.createMesh('cube').addPrimitive(primitive));
  document.createScene('scene').addChild(node);
  const count = Math.round(seconds * fps) + 1;
  const times = Float32Array.from({ length: count }, (_, k) => k / fps);
  const values = new Float32Array(3 * count);
  times.forEach((t, k) => (values[3 * k] = x(t)));
  const sampler = document
    .createAnimationSampler()
    .setInput(document.createAccessor().setType(Accessor.Type.SCALAR).setArray(times).setBuffer(buffer))
    .setOutput(document.createAccessor().setType(Accessor.Type.VEC3).setArray(values).setBuffer(buffer))
    .setInterpolation('LINEAR');
  document
    .createAnimation('move')
    .addSampler(sampler)
    .addChannel(document.createAnimationChannel().setTargetNode(node).setTargetPath('translation').setSampler(sampler));
  return new NodeIO().writeBinary(document);
}

async function bakeCube(bytes: Uint8Array, options: BakeOptions) {
  const scene = await readGltf(bytes, { fileName: 'cube.glb' });
  const settings = resolveBakeSettings(scene, { clip: 'move', ...options });
  const result = await bakeAnimation(scene, settings, options);
  return { scene, result, stride: 3 * scene.meshes[0].renderVertexCount };
}

/** Mean x of a frame's vertices. */
function meanX(positions: Float32Array, frame: number, stride: number): number {
  let sum = 0;
  for (let i = 0; i < stride; i += 3) sum += positions[frame * stride + i];
  return sum / (stride / 3);
}

const fps = 60;
const cubeOptions: BakeOptions = { uniformWeight: 0.5, meshes: [{ mesh: 'cube', latticeResolution: 3, substeps: 4, iterations: 10 }] };

describe('bakeAnimation physics', () => {
  it('constant velocity: no secondary motion (the bake equals the input to 1e-6 of the size)', async () => {
    const v = 1.5;
    const { result, stride } = await bakeCube(await movingCube(0.5, (t) => v * t, fps, 1), { ...cubeOptions, frames: [10, 60] });
    for (let f = 0; f < result.inputTimes.length; f++) {
      const expected = v * result.inputTimes[f];
      expect(Math.abs(meanX(result.meshes[0].positions, f, stride) - expected), `frame ${f}: centre vs animation`).toBeLessThan(0.5e-6);
    }
    expect(result.meshes[0].stats.maxDisplacement, 'largest vertex displacement [m]').toBeLessThan(0.5e-6);
  });

  it('constant acceleration: the body lags its animation by a/ω², ω² = κ(1−w)/w, within 1%', async () => {
    const a = 2;
    const kappa = 1000;
    const w = 0.5;
    const { result, stride } = await bakeCube(await movingCube(0.5, (t) => 0.5 * a * t * t, fps, 3), {
      ...cubeOptions,
      frames: [170, 180],
      attachmentStiffness: kappa,
      preroll: 170,
    });
    // The solver sees the animation at frames and linear in between (substep targets): the chord of the parabola
    // runs a·Δt²/12 ahead of it on average, which shortens the lag by that much.
    const dt = 1 / fps;
    const expectedLag = a / ((kappa * (1 - w)) / w) - (a * dt * dt) / 12;
    for (let f = 0; f < result.inputTimes.length; f++) {
      const t = result.inputTimes[f];
      const lag = 0.5 * a * t * t - meanX(result.meshes[0].positions, f, stride);
      expect(Math.abs(lag - expectedLag) / expectedLag, `frame ${170 + f}: lag ${lag} vs a/ω² − aΔt²/12 = ${expectedLag}`).toBeLessThan(0.01);
    }
  });

  it('metersPerUnit: a cube modelled in centimeters at 0.01 m per unit moves exactly like the same cube in meters', async () => {
    const motion = (t: number) => 0.3 * Math.sin(6 * t) + 0.2 * t;
    const options: BakeOptions = { ...cubeOptions, frames: [0, 30], gravity: [0, -9.81, 0] };
    const meters = await bakeCube(await movingCube(0.4, motion, fps, 0.5), options);
    const centimeters = await bakeCube(await movingCube(40, (t) => 100 * motion(t), fps, 0.5), { ...options, metersPerUnit: 0.01 });
    expect(meters.result.meshes[0].stats.maxDisplacement, 'there is secondary motion to compare').toBeGreaterThan(1e-3);
    const a = meters.result.meshes[0].positions;
    const b = centimeters.result.meshes[0].positions;
    let worst = 0;
    for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(b[i] / 100 - a[i]));
    expect(worst, 'largest difference [m]').toBeLessThan(1e-5);
  });
});
