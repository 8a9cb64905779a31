// normalizedSkinWeights through a real bake: an input whose skin weights do not sum to 1 (made here from Fox.glb,
// as some exporters write them) fails gltf-validator; its bake passes with 0 errors and carries the weights the
// importer normalized (w / Σw), and an input that was clean keeps its weight data as it was.
import { NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import validator from 'gltf-validator';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bake } from '../../../app/bake/index.ts';
import { readGltf, type ImportedScene } from '../../../app/io/index.ts';
import { dataFolder, validatorErrors } from '../bake/bakeTestKit.ts';

const io = () => new NodeIO().registerExtensions(ALL_EXTENSIONS);
const foxBytes = new Uint8Array(readFileSync(join(dataFolder, 'Fox.glb')));

/** Fox.glb with every vertex's weights scaled by a factor between 0.6 and 1.4 (so they sum to that factor). */
async function unnormalizedFox(): Promise<Uint8Array> {
  const document = await io().readBinary(foxBytes);
  for (const mesh of document.getRoot().listMeshes()) {
    for (const primitive of mesh.listPrimitives()) {
      const weights = primitive.getAttribute('WEIGHTS_0')!;
      const source = weights.getArray()!;
      const scaled = new Float32Array(source.length);
      for (let v = 0; v < source.length / 4; v++) {
        const factor = 1 + 0.4 * Math.sin(1.7 * v);
        for (let k = 0; k < 4; k++) scaled[4 * v + k] = (source[4 * v + k] as number) * factor;
      }
      weights.setArray(scaled);
    }
  }
  return io().writeBinary(document);
}

describe('normalizedSkinWeights', () => {
  let dirty: Uint8Array;
  let scene: ImportedScene;
  beforeAll(async () => {
    dirty = await unnormalizedFox();
    scene = await readGltf(dirty, { fileName: 'unnormalized.glb' });
  });

  it('the made input really is dirty: gltf-validator reports non-normalized weights, the importer warns and normalizes', async () => {
    const report = await validator.validateBytes(dirty, { maxIssues: 5000 });
    const nonNormalized = report.issues.messages.filter((m) => m.code === 'ACCESSOR_WEIGHTS_NON_NORMALIZED');
    expect(nonNormalized.length, 'validator errors on the input').toBeGreaterThan(100);
    expect(scene.warnings.join('\n'), 'importer warning').toMatch(/skin weights not summing to 1; normalized/);
  });

  for (const mode of ['corrective', 'bones', 'cache'] as const) {
    it(`${mode}: the bake passes gltf-validator with 0 errors and carries the importer's normalized weights`, async () => {
      const output = await bake(scene, { clip: 'Walk', frames: [0, 3], mode, meshes: [{ mesh: 'fox', latticeResolution: 8 }] });
      expect(await validatorErrors(output.bytes), 'validator errors').toEqual([]);
      if (mode === 'cache') return; // the cache mesh has no skin
      const out = await readGltf(output.bytes, { fileName: 'out.glb' });
      expect(out.warnings.join('\n'), 'no weights to normalize in the output').not.toMatch(/not summing to 1/);
      if (mode === 'bones') return; // bones mode fits its own weights (tested in helperBones)
      const inSkin = scene.meshes[0].skin!;
      const outSkin = out.meshes[0].skin!;
      // Per vertex, the same weight per joint (the slots may be reordered by weight).
      for (let v = 0; v < scene.meshes[0].renderVertexCount; v++) {
        const weightOf = (skin: typeof inSkin, joint: number) => {
          let sum = 0;
          for (let k = 0; k < skin.influencesPerVertex; k++)
            if (skin.joints[v * skin.influencesPerVertex + k] === joint && skin.weights[v * skin.influencesPerVertex + k] > 0)
              sum += skin.weights[v * skin.influencesPerVertex + k];
          return sum;
        };
        for (let k = 0; k < inSkin.influencesPerVertex; k++) {
          const joint = inSkin.joints[v * inSkin.influencesPerVertex + k];
          expect(Math.abs(weightOf(outSkin, joint) - weightOf(inSkin, joint)), `vertex ${v} joint ${joint}`).toBeLessThan(1e-6);
        }
      }
    });
  }

  it('a clean input keeps its weight data untouched', async () => {
    const clean = await readGltf(foxBytes, { fileName: 'Fox.glb' });
    const output = await bake(clean, { clip: 'Walk', frames: [0, 2], meshes: [{ mesh: 'fox', latticeResolution: 8 }] });
    const before = (await io().readBinary(foxBytes)).getRoot().listMeshes()[0].listPrimitives()[0];
    const after = (await io().readBinary(output.bytes)).getRoot().listMeshes()[0].listPrimitives()[0];
    for (const semantic of ['JOINTS_0', 'WEIGHTS_0']) {
      const a = before.getAttribute(semantic)!;
      const b = after.getAttribute(semantic)!;
      expect(b.getComponentType(), `${semantic}: same component type`).toBe(a.getComponentType());
      expect(Array.from(b.getArray()!), `${semantic}: same values`).toEqual(Array.from(a.getArray()!));
    }
  });
});
