// The simulation session (app/bake/simulationSession.ts) is the one way the engine runs: a preview read frame by frame
// from a session is the bake bit for bit, snapshots continue to the same numbers, new weights rebuild nothing (a
// counter) and act from the next frame (weight 0 follows the animation exactly), and going back without a snapshot is
// refused instead of silently simulating from the wrong state. On a GPU backend a frame's meshes run side by side,
// with the numbers of the meshes in turn.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAnimationEvaluator } from '../../../app/animation/index.ts';
import { bakeAnimation, createSimulationSession, resolveBakeSettings, type BakeOptions } from '../../../app/bake/index.ts';
import { readGltf, type ImportedScene } from '../../../app/io/index.ts';
import { cpuVbdStepBackend, type VbdStepBackend } from '../../../app/solvers/vbd/index.ts';
import { NodeIO } from '@gltf-transform/core';
import { testCharacterDocument } from '../../helpers/testCharacter.ts';
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

describe('simulation session updates keep what they can', () => {
  let scene: ImportedScene;
  beforeAll(async () => {
    scene = await readGltf(new Uint8Array(readFileSync(samplePath)), { fileName: 'sample.glb' });
  });
  const blob = (extra: Record<string, unknown>): BakeOptions => ({ ...options, preset: 'jelly', meshes: [{ mesh: 'Blob', latticeResolution: 8, ...extra }] });
  /** Frames 0..n of mesh 0 of a session, concatenated. */
  const framesOf = async (session: ReturnType<typeof createSimulationSession>, n: number) => {
    const stride = 3 * scene.meshes[session.meshes[0].meshIndex].renderVertexCount;
    const out = new Float32Array((n + 1) * stride);
    for (let k = 0; k <= n; k++) {
      await session.advance(k);
      session.surface(0, out.subarray(k * stride, (k + 1) * stride));
    }
    return out;
  };

  it('a stiffer material (E × 4, same ν) moves the session like one built with it, with no new embedding or factorization', async () => {
    const soft = blob({});
    const session = createSimulationSession(scene, resolveBakeSettings(scene, soft), soft);
    const stiff = blob({ material: { youngsModulus: 4 * 4e3 } });
    const fresh = createSimulationSession(scene, resolveBakeSettings(scene, stiff), stiff);
    expect(session.update(resolveBakeSettings(scene, stiff)), 'a material change updates the session').toBe('updated');
    expect(session.counters, 'nothing rebuilt, κ rescaled (K ∝ E at a fixed ν)').toEqual({ simulations: 1, complianceSolves: 0 });
    const updated = await framesOf(session, 8);
    const built = await framesOf(fresh, 8);
    // κ ∝ E exactly in exact arithmetic; the factorization of the fresh session rounds differently.
    expect(maxDistance(updated, built), 'same motion as a session built with the stiffer material').toBeLessThan(1e-9 * session.meshes[0].stats.diagonal);
    const softFrames = await framesOf(createSimulationSession(scene, resolveBakeSettings(scene, soft), soft), 8);
    expect(maxDistance(updated, softFrames), 'and not the soft motion').toBeGreaterThan(1e-4 * session.meshes[0].stats.diagonal);
  });

  it('a new Poisson ratio solves the compliance again (one factorization) but keeps the embedding; a new lattice resolution rebuilds that mesh', async () => {
    const first = blob({});
    const session = createSimulationSession(scene, resolveBakeSettings(scene, first), first);
    await session.advance(3);
    const poisson = blob({ material: { poissonRatio: 0.3 } });
    expect(session.update(resolveBakeSettings(scene, poisson)), 'ν: updated').toBe('updated');
    expect(session.counters, 'κ solved again, no new embedding').toEqual({ simulations: 1, complianceSolves: 1 });
    expect(session.frame, 'the state carries on').toBe(3);
    const finer = blob({ material: { poissonRatio: 0.3 }, latticeResolution: 6 });
    expect(session.update(resolveBakeSettings(scene, finer)), 'a lattice resolution: rebuilt').toBe('rebuilt');
    expect(session.counters.simulations, 'that mesh rebuilt once').toBe(2);
    expect(session.frame, 'restarted').toBe(-options.preroll! - 1);
    const fresh = createSimulationSession(scene, resolveBakeSettings(scene, finer), finer);
    expect(session.meshes[0].stats.vertexCount, 'the new lattice').toBe(fresh.meshes[0].stats.vertexCount);
    const rebuilt = await framesOf(session, 5);
    const built = await framesOf(fresh, 5);
    expect(
      rebuilt.every((x, i) => Object.is(x, built[i])),
      'the rebuilt session is a fresh one with those settings, bit for bit',
    ).toBe(true);
    expect(session.update(resolveBakeSettings(scene, { ...finer, fps: 24 })), 'another frame rate needs a new session').toBe('incompatible');
    expect(session.update(resolveBakeSettings(scene, finer)), 'the same settings: nothing to do').toBe('same');
  });
});

describe('simulation session on a GPU backend', () => {
  it("runs a frame's meshes side by side (one mesh's step in flight while the next is fitted) and gives the meshes-in-turn numbers, bit for bit", async () => {
    // Two simulated meshes (the generated character's body, and a second node of the same mesh and skin: two bodies;
    // the visor rides the head, simulating nothing); a backend that says it is a GPU: the CPU stepper, whose readState
    // resolves a timer tick later (a device's readback), logging the order of calls.
    const document = testCharacterDocument();
    const critter = document
      .getRoot()
      .listNodes()
      .find((node) => node.getName() === 'Critter')!;
    document.getRoot().listScenes()[0].addChild(document.createNode('Critter 2').setMesh(critter.getMesh()).setSkin(critter.getSkin()));
    const scene = await readGltf(await new NodeIO().writeBinary(document), { fileName: 'critter.glb' });
    const base: BakeOptions = { clip: 'Walk', frames: [0, 6], preroll: 1 };
    const events: string[] = [];
    const cpu = cpuVbdStepBackend();
    let next = 0;
    const slowGpu: VbdStepBackend = {
      kind: 'webgpu',
      description: 'WebGPU: a CPU stepper with a readback a timer tick long (test)',
      dispose() {},
      createStepper(model) {
        const id = next++;
        const inner = cpu.createStepper(model);
        return {
          model,
          setState: (state) => inner.setState(state),
          step(controls, dt) {
            events.push(`step ${id}`);
            inner.step(controls, dt);
          },
          async readState(out) {
            const diagnostics = await inner.readState(out);
            await new Promise((resolve) => setTimeout(resolve, 1));
            events.push(`read ${id}`);
            return diagnostics;
          },
          destroy: () => inner.destroy(),
        };
      },
    };
    const gpuOptions: BakeOptions = { ...base, backend: 'webgpu', stepBackend: slowGpu };
    const overlapped = await bakeAnimation(scene, resolveBakeSettings(scene, gpuOptions), gpuOptions);
    const inTurn = await bakeAnimation(scene, resolveBakeSettings(scene, base), base);
    expect(overlapped.meshes.filter((mesh) => mesh.stats.kind === 'volume').length, 'two meshes simulated as volumes').toBe(2);
    for (const [m, mesh] of overlapped.meshes.entries()) {
      expect(bitsEqual(mesh.positions, inTurn.meshes[m].positions), `mesh ${m}: the numbers of the meshes in turn`).toBe(true);
    }
    const steps = events.filter((e) => e.startsWith('step')).length;
    expect(steps, 'steps of both meshes').toBeGreaterThan(8);
    // Side by side: mesh 1's steps (one call per substep) are encoded before mesh 0's readback of the same frame has
    // come back, in every frame (the first frame's start, which settles each mesh into its lag, included).
    const frames = events.filter((e) => e === 'read 0').length;
    const overlaps = events.filter((e, i) => e === 'step 1' && events[i - 1] === 'step 0').length;
    expect(overlaps, `frames whose second mesh stepped while the first was in flight (${events.slice(0, 8).join(', ')}, …)`).toBe(frames);
  });

  it('a device that cannot make the detail transfer leaves it to the CPU: the CPU bake, bit for bit', async () => {
    const scene = await readGltf(new Uint8Array(readFileSync(samplePath)), { fileName: 'sample.glb' });
    const cpu = cpuVbdStepBackend();
    let asked = 0;
    const noTransfer: VbdStepBackend = {
      kind: 'webgpu',
      description: 'WebGPU: a CPU stepper whose device cannot hold the transfer (test)',
      dispose() {},
      createStepper: (model) => cpu.createStepper(model),
      createDetailTransfer: () => {
        asked++;
        return Promise.reject(new Error('maxStorageBuffersPerShaderStage too small (test)'));
      },
    };
    const gpuOptions: BakeOptions = { ...options, backend: 'webgpu', stepBackend: noTransfer };
    const withoutTransfer = await bakeAnimation(scene, resolveBakeSettings(scene, gpuOptions), gpuOptions);
    const reference = await bakeAnimation(scene, resolveBakeSettings(scene, options), options);
    expect(asked, 'asked once, then left to the CPU').toBe(1);
    expect(bitsEqual(withoutTransfer.meshes[0].positions, reference.meshes[0].positions), 'the CPU bake').toBe(true);
  });
});
