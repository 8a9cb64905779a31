// resolveBakeSettings: the clip's own frame rate, explicit options over the project over the defaults, which meshes
// move by default, and clear errors for what cannot be baked.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BakeError,
  checkBakeOptions,
  clipFrameRate,
  MATERIAL_PRESETS,
  presetMaterial,
  resolveBakeSettings,
  type BakeOptions,
} from '../../../app/bake/index.ts';
import type { OverlapProject } from '../../../app/document/index.ts';
import { readGltf, type ImportedScene } from '../../../app/io/index.ts';
import type { VbdStepBackend } from '../../../app/solvers/vbd/index.ts';
import { NodeIO, type Document } from '@gltf-transform/core';
import { cloneDocument } from '@gltf-transform/functions';

/** A copy of a document whose animations keep their names but lose every channel. */
function stripChannels(document: Document): Document {
  const copy = cloneDocument(document);
  for (const animation of copy.getRoot().listAnimations()) {
    for (const channel of animation.listChannels()) channel.dispose();
    for (const sampler of animation.listSamplers()) sampler.dispose();
  }
  return copy;
}
import { dataFolder, samplePath } from './bakeTestKit.ts';

let fox: ImportedScene;
let sample: ImportedScene;
let morph: ImportedScene;
beforeAll(async () => {
  fox = await readGltf(new Uint8Array(readFileSync(join(dataFolder, 'Fox.glb'))), { fileName: 'Fox.glb' });
  sample = await readGltf(new Uint8Array(readFileSync(samplePath)), { fileName: 'sample.glb' });
  const path = join(dataFolder, 'MorphStressTest.gltf');
  morph = await readGltf(new Uint8Array(readFileSync(path)), {
    fileName: path,
    readResource: async (uri) => new Uint8Array(readFileSync(join(dataFolder, decodeURIComponent(uri)))),
  });
});

describe('resolveBakeSettings', () => {
  it('takes the frame rate from the clip keys: Fox 24 fps, the sample 30 fps', () => {
    expect(clipFrameRate(fox, 1), 'Fox Walk').toBe(24);
    expect(clipFrameRate(sample, 0), 'sample Bounce').toBe(30);
    const walk = resolveBakeSettings(fox, { clip: 'Walk' });
    expect([walk.firstFrame, walk.lastFrame], 'the whole clip: 0.708 s at 24 fps').toEqual([0, 17]);
  });

  it('κ and gravity per mesh: the mesh’s own setting (explicit, then the project), else the bake’s', () => {
    const project: OverlapProject = {
      format: 'overlap-project',
      version: 1,
      source: 'Fox.glb',
      meshes: [{ mesh: 'fox', role: 'simulated', attachmentStiffness: 300, gravity: true }],
      weights: [],
      handles: [],
      bake: { clip: 'Walk', fps: 24, preroll: 0, loop: false, mode: 'corrective', backend: 'cpu', selfContact: false },
    };
    const fromProject = resolveBakeSettings(fox, { project, attachmentStiffness: 900 }).meshes[0];
    expect([fromProject.attachmentStiffness, fromProject.gravity], 'the project’s mesh entry wins over the bake’s κ').toEqual([300, [0, -9.81, 0]]);
    expect(fromProject.settings, 'and is recorded').toMatchObject({ attachmentStiffness: 300, gravity: true });
    const explicit = resolveBakeSettings(fox, { project, meshes: [{ mesh: 'fox', gravity: false }] }).meshes[0];
    expect(explicit.gravity, 'an explicit mesh option wins').toEqual([0, 0, 0]);
    const plain = resolveBakeSettings(fox, { clip: 'Walk', attachmentStiffness: 900, gravity: [0, -1, 0] }).meshes[0];
    expect([plain.attachmentStiffness, plain.gravity], 'no mesh setting: the bake’s').toEqual([900, [0, -1, 0]]);
    expect(() => resolveBakeSettings(fox, { clip: 'Walk', meshes: [{ mesh: 'fox', attachmentStiffness: -1 }] }), 'a negative κ').toThrow(
      /mesh "fox": attachmentStiffness must be in/,
    );
  });

  it('explicit options win over the project, which wins over the defaults', () => {
    const project: OverlapProject = {
      format: 'overlap-project',
      version: 1,
      source: 'Fox.glb',
      meshes: [{ mesh: 'fox', role: 'simulated', preset: 'jelly', substeps: 2, material: { damping: 0.5 } }],
      weights: [],
      handles: [],
      bake: { clip: 'Run', fps: 12, frames: [1, 5], preroll: 3, loop: true, mode: 'cache', backend: 'cpu', selfContact: false },
    };
    const fromProject = resolveBakeSettings(fox, { project });
    expect(fromProject.clipName, 'clip from the project').toBe('Run');
    expect([fromProject.fps, fromProject.firstFrame, fromProject.lastFrame, fromProject.preroll, fromProject.loop, fromProject.mode]).toEqual([
      12,
      1,
      5,
      3,
      true,
      'cache',
    ]);
    expect(fromProject.meshes[0].material, 'project preset plus its override').toEqual({ ...MATERIAL_PRESETS.jelly, damping: 0.5 });
    const explicit = resolveBakeSettings(fox, {
      project,
      clip: 'Walk',
      fps: 30,
      mode: 'corrective',
      meshes: [{ mesh: 'fox', substeps: 5, material: { youngsModulus: 9 } }],
    });
    expect([explicit.clipName, explicit.fps, explicit.mode, explicit.meshes[0].substeps], 'explicit options').toEqual(['Walk', 30, 'corrective', 5]);
    expect(explicit.meshes[0].material, 'overrides merge, explicit last').toEqual({ ...MATERIAL_PRESETS.jelly, damping: 0.5, youngsModulus: 9 });
  });

  it('simulates meshes that can move (skinned, morph-animated or under an animated node), ignores static ones', async () => {
    expect(
      resolveBakeSettings(fox, { clip: 'Walk' }).meshes.map((m) => m.role),
      'the skinned fox',
    ).toEqual(['simulated']);
    expect(
      resolveBakeSettings(morph, { clip: 0 }).meshes.map((m) => m.role),
      'MorphStressTest: its weights are animated',
    ).toEqual(['simulated']);
    // The same file with its clips' channels gone: nothing moves the mesh.
    const still = await readGltf(await new NodeIO().writeBinary(stripChannels(morph.document)), { fileName: 'still.glb' });
    expect(
      resolveBakeSettings(still, { clip: 0 }).meshes.map((m) => m.role),
      'a static mesh',
    ).toEqual(['ignored']);
  });

  it('names what is wrong: unknown clip, unknown mesh, bad frames, a backend that was asked for but not handed in, not built features', () => {
    expect(() => resolveBakeSettings(fox, { clip: 'Fly' }), 'clip').toThrow(/no clip "Fly" \(clips: "Survey", "Walk", "Run"\)/);
    expect(() => resolveBakeSettings(fox, {}), 'no clip').toThrow(/which clip/);
    expect(() => resolveBakeSettings(fox, { clip: 'Walk', meshes: [{ mesh: 'wolf' }] }), 'mesh').toThrow(/no mesh "wolf"/);
    expect(() => resolveBakeSettings(fox, { clip: 'Walk', frames: [5, 2] }), 'frames').toThrow(/frames must be/);
    expect(() => resolveBakeSettings(fox, { clip: 'Walk', backend: 'webgpu' }), 'webgpu asked, CPU handed in').toThrow(
      /the webgpu backend was asked for, but the bake was handed a cpu step backend/,
    );
    expect(() => resolveBakeSettings(fox, { clip: 'Walk', backend: 'gpu' as 'webgpu' }), 'unknown backend').toThrow(/backend must be cpu, webgpu or auto/);
    expect(resolveBakeSettings(fox, { clip: 'Walk', backend: 'auto' }).bake.backend, 'auto with the CPU records the CPU').toBe('cpu');
    // contact runs where the step runs (the WebGPU step runs OGC's detection itself, kernels/contact)
    const gpu = {
      kind: 'webgpu',
      description: 'WebGPU: test',
      createStepper() {
        throw new Error('unused');
      },
      dispose() {},
    } as unknown as VbdStepBackend;
    expect(resolveBakeSettings(fox, { clip: 'Walk', backend: 'webgpu', stepBackend: gpu, selfContact: true }).bake.backend, 'webgpu + self-contact').toBe(
      'webgpu',
    );
    expect(
      resolveBakeSettings(fox, { clip: 'Walk', backend: 'auto', stepBackend: gpu, selfContact: true }).bake.backend,
      'auto + self-contact keeps the GPU',
    ).toBe('webgpu');
    expect(resolveBakeSettings(fox, { clip: 'Walk', backend: 'auto', stepBackend: gpu }).bake.backend, 'auto without contact keeps the GPU').toBe('webgpu');
    expect(resolveBakeSettings(fox, { clip: 'Walk', selfContact: true }).bake.selfContact, 'self-contact is recorded').toBe(true);
    expect(() => resolveBakeSettings(fox, { clip: 'Walk', meshes: [{ mesh: 'fox', material: { poissonRatio: 0.5 } }] }), 'ν').toThrow(BakeError);
  });
});

describe('one rule per setting (issue 34 item 7: validated once, the CLI only parses)', () => {
  const refusal = (run: () => unknown): BakeError => {
    try {
      run();
    } catch (error) {
      if (error instanceof BakeError) return error;
      throw error;
    }
    throw new Error('not refused');
  };
  it("checkBakeOptions refuses what resolveBakeSettings refuses, naming the option the caller gave; a project value is the project's", () => {
    const bad: Array<[keyof BakeOptions, unknown]> = [
      ['fps', 5000],
      ['frames', [5, 2]],
      ['preroll', -3],
      ['mode', 'morph'],
      ['shapes', 'all'],
      ['maxShapes', 0],
      ['shapeError', 2],
      ['helperBones', 500],
      ['preset', 'granite'],
      ['metersPerUnit', 0],
      ['uniformWeight', 1.5],
      ['compression', 'zip'],
      ['interpolation', 'CUBIC'],
      ['backend', 'gpu'],
    ];
    for (const [option, value] of bad) {
      const options = { clip: 'Walk', [option]: value } as BakeOptions;
      const early = refusal(() => checkBakeOptions(options));
      const resolved = refusal(() => resolveBakeSettings(fox, options));
      expect([early.origin, early.option, resolved.origin, resolved.option], `${option}: the caller's, named`).toEqual(['options', option, 'options', option]);
      expect(early.message, `${option}: one message, starting with the option's name`).toBe(resolved.message);
      expect(early.message.startsWith(`${option} must be `), `${option}: "${early.message}"`).toBe(true);
    }
    const good: BakeOptions = {
      clip: 'Walk',
      fps: 24,
      frames: [0, 3],
      preroll: 0,
      mode: 'bones',
      shapes: 'per-frame',
      maxShapes: 8,
      shapeError: 1e-3,
      helperBones: 4,
      preset: 'jelly',
      metersPerUnit: 0.01,
      uniformWeight: 0.5,
      compression: 'quantize',
      interpolation: 'STEP',
      backend: 'cpu',
    };
    expect(() => checkBakeOptions(good), 'values inside every rule pass').not.toThrow();
    const project: OverlapProject = {
      format: 'overlap-project',
      version: 1,
      source: 'Fox.glb',
      meshes: [],
      weights: [],
      handles: [],
      bake: { clip: 'Walk', fps: 5000, preroll: 0, loop: false, mode: 'corrective', backend: 'cpu', selfContact: false },
    };
    const saved = refusal(() => resolveBakeSettings(fox, { project }));
    expect([saved.origin, saved.option, saved.message], "the project's fps: the project named, no option").toEqual([
      'project',
      undefined,
      'fps must be a number in [1, 1000], got 5000',
    ]);
  });
});

describe('presetMaterial', () => {
  it('applies overrides field by field and rejects values without physical sense', () => {
    expect(presetMaterial('flesh', { density: 900 }), 'override').toEqual({ ...MATERIAL_PRESETS.flesh, density: 900 });
    expect(() => presetMaterial('flesh', { youngsModulus: -1 }), 'E').toThrow(/youngsModulus/);
    expect(() => presetMaterial('flesh', { poissonRatio: 0.5 }), 'ν').toThrow(/poissonRatio/);
    expect(() => presetMaterial('flesh', { density: 0 }), 'ρ').toThrow(/density/);
    expect(() => presetMaterial('granite' as never), 'unknown preset').toThrow(/unknown material preset/);
  });

  it('orders the presets by stiffness as their names promise: jelly < flesh < stiffRubber', () => {
    expect(MATERIAL_PRESETS.jelly.youngsModulus).toBeLessThan(MATERIAL_PRESETS.flesh.youngsModulus);
    expect(MATERIAL_PRESETS.flesh.youngsModulus).toBeLessThan(MATERIAL_PRESETS.stiffRubber.youngsModulus);
    expect(MATERIAL_PRESETS.cloth.model, 'cloth is a membrane').toBe('stvk');
  });
});
