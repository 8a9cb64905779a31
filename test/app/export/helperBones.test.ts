// `--mode bones` end to end (issue 14's done-when): the output plays in three.js and in Blender 3.4 headless within
// its reported error of the baked positions, with at most 4 normalized influences per vertex; it validates, the
// helpers hang under skeleton joints, and the input clip still plays exactly as the input (helpers at rest).
import { NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bake, type BakeOutput } from '../../../app/bake/index.ts';
import { readGltf, type ImportedScene } from '../../../app/io/index.ts';
import { blenderAvailable, blenderPositionsAt, dataFolder, maxDistance, samplePath, threePositionsAt, validatorErrors } from '../bake/bakeTestKit.ts';
import { scratchFolder } from '../../helpers/scratchFolder.ts';

const { folder } = scratchFolder('overlap-bake-');

const cases = [
  { label: 'the sample (Bounce)', path: samplePath, clip: 'Bounce', frames: [20, 50] as [number, number], mesh: 'Blob' },
  { label: 'Fox (Walk)', path: join(dataFolder, 'Fox.glb'), clip: 'Walk', frames: [0, 17] as [number, number], mesh: 'fox' },
];

describe.each(cases)('helperBones: $label in bones mode', ({ path, clip, frames, mesh: meshName }) => {
  let scene: ImportedScene;
  let output: BakeOutput;
  let outPath: string;
  const frameList: number[] = [];
  beforeAll(async () => {
    scene = await readGltf(new Uint8Array(readFileSync(path)), { fileName: path });
    output = await bake(scene, { clip, frames, mode: 'bones', meshes: [{ mesh: meshName, latticeResolution: 8 }] });
    outPath = join(folder, `${meshName}-bones.glb`);
    writeFileSync(outPath, output.bytes);
    for (let f = frames[0]; f <= frames[1]; f++) frameList.push(f);
  }, 300_000);

  it('reports its helpers and fit error, and the fit beats the skin alone', () => {
    const [mesh] = output.report.export.meshes;
    expect(mesh.mode, 'bones').toBe('bones');
    expect(mesh.helperBones, 'helpers added').toBeGreaterThan(0);
    expect(mesh.helperBones, 'at most the default 16').toBeLessThanOrEqual(16);
    expect(output.report.warnings.map((w) => w.message).join('\n'), 'the report says how close it is').toMatch(
      /helper bones replay the bake within [\d.e-]+ of its diagonal/,
    );
    const [, skinAlone] = /the skin alone was off by ([\d.e-]+)/.exec(output.report.warnings.map((w) => w.message).join('\n'))!;
    expect(mesh.maxErrorRelative, 'closer than the skin without helpers').toBeLessThan(Number(skinAlone));
  });

  it('passes gltf-validator; one JOINTS/WEIGHTS set, at most 4 influences, normalized; helpers are children of skeleton joints', async () => {
    expect(await validatorErrors(output.bytes), 'validator errors').toEqual([]);
    const document = await new NodeIO().registerExtensions(ALL_EXTENSIONS).readBinary(output.bytes);
    const node = document
      .getRoot()
      .listNodes()
      .find((n) => n.getName() === scene.meshes[0].node.getName() && n.getMesh())!;
    const skin = node.getSkin()!;
    const inputJoints = scene.meshes[0].skin!.jointNodeIndices.length;
    const helpers = skin.listJoints().slice(inputJoints);
    expect(helpers.length, 'the skin gained the helpers').toBe(output.report.export.meshes[0].helperBones);
    const inputJointNames = new Set(
      skin
        .listJoints()
        .slice(0, inputJoints)
        .map((j) => j.getName()),
    );
    for (const helper of helpers) expect(inputJointNames.has(helper.getParentNode()!.getName()), `${helper.getName()} hangs under a skeleton joint`).toBe(true);
    for (const primitive of node.getMesh()!.listPrimitives()) {
      expect(primitive.getAttribute('JOINTS_1'), 'no second influence set').toBeNull();
      const weights = primitive.getAttribute('WEIGHTS_0')!.getArray()!;
      const joints = primitive.getAttribute('JOINTS_0')!.getArray()!;
      for (let v = 0; v < weights.length / 4; v++) {
        let sum = 0;
        for (let k = 0; k < 4; k++) {
          sum += weights[4 * v + k];
          expect(joints[4 * v + k], `vertex ${v}: a joint of the skin`).toBeLessThan(skin.listJoints().length);
        }
        expect(Math.abs(sum - 1), `vertex ${v}: normalized`).toBeLessThan(1e-6);
      }
    }
  });

  it('three.js plays it within the reported error of the baked positions at every frame', async () => {
    const [mesh] = output.report.export.meshes;
    const node = scene.document.getRoot().listNodes().indexOf(scene.meshes[0].node);
    const fps = output.result.settings.fps;
    const three = await threePositionsAt(
      outPath,
      0,
      frameList.map((f) => f / fps),
      node,
    );
    const stride = 3 * scene.meshes[0].renderVertexCount;
    frameList.forEach((f, i) => {
      const error = maxDistance(three[i], output.result.meshes[0].positions.subarray(i * stride, (i + 1) * stride));
      expect(error / mesh.diagonal, `frame ${f}: three.js vs the bake, / diagonal (reported ${mesh.maxErrorRelative})`).toBeLessThanOrEqual(
        mesh.maxErrorRelative + 1e-6,
      );
    });
  });

  it('the input clip still plays exactly as in the input: helpers at rest move with their parents', async () => {
    const node = scene.document.getRoot().listNodes().indexOf(scene.meshes[0].node);
    const inputClip = scene.clips.findIndex((c) => c.name === clip);
    const times = [0.1, 0.35, 0.6];
    const before = await threePositionsAt(path, inputClip, times, node);
    const after = await threePositionsAt(outPath, inputClip + 1, times, node);
    times.forEach((t, i) => expect(maxDistance(after[i], before[i]) / output.report.export.meshes[0].diagonal, `t = ${t} s`).toBeLessThan(1e-6));
  });

  it.skipIf(!blenderAvailable)('Blender 3.4 headless plays it within the reported error of the baked positions (skipped without blender on PATH)', async () => {
    const [mesh] = output.report.export.meshes;
    const fps = output.result.settings.fps;
    const picked = [frameList[0], frameList[Math.floor(frameList.length / 2)], frameList.at(-1)!];
    const blender = blenderPositionsAt(outPath, fps, picked);
    const name = scene.meshes[0].node.getName();
    const object = Object.keys(blender).find((o) => o === name) ?? Object.keys(blender).find((o) => o.startsWith(name))!;
    expect(object, `Blender has the mesh (objects: ${Object.keys(blender).join(', ')})`).toBeDefined();
    const stride = 3 * scene.meshes[0].renderVertexCount;
    picked.forEach((f, i) => {
      const k = f - frameList[0];
      expect(blender[object][i].length, 'Blender keeps the render vertices').toBe(stride);
      const error = maxDistance(blender[object][i], output.result.meshes[0].positions.subarray(k * stride, (k + 1) * stride));
      expect(error / mesh.diagonal, `frame ${f}: Blender vs the bake, / diagonal (reported ${mesh.maxErrorRelative})`).toBeLessThanOrEqual(
        mesh.maxErrorRelative + 1e-4,
      );
    });
  });
});
