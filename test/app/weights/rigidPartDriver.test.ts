// rigidPartDriver: an unskinned mesh carried by a bone, or one of several meshes carried by different animated nodes,
// is a rigid part (default weight 0: it moves as its node); a mesh on a static node, or the one mesh an animated node
// carries, is a soft body as before. Checked on every file of ../shared/data and on small built scenes.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Document, NodeIO } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { readGltf, type ImportedScene } from '../../../app/io/index.ts';
import { meshBlendWeights, rigidPartDriver } from '../../../app/weights/index.ts';

const dataFolder = join(import.meta.dirname, '../../../../shared/data');

async function read(path: string): Promise<ImportedScene> {
  const readResource = async (uri: string) => new Uint8Array(readFileSync(join(dirname(path), decodeURIComponent(uri))));
  return readGltf(new Uint8Array(readFileSync(path)), { fileName: path, readResource });
}

/** Unskinned boxes, each on its own node under `parents` (−1: a scene root); `animated` nodes get a translation clip. */
async function boxes(count: number, animated: number[]): Promise<ImportedScene> {
  const document = new Document();
  const buffer = document.createBuffer();
  const scene = document.createScene();
  const corners = [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1];
  const indices = [0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3];
  const animation = document.createAnimation('Move');
  for (let i = 0; i < count; i++) {
    const primitive = document
      .createPrimitive()
      .setAttribute('POSITION', document.createAccessor().setType('VEC3').setArray(new Float32Array(corners)).setBuffer(buffer))
      .setIndices(document.createAccessor().setType('SCALAR').setArray(new Uint16Array(indices)).setBuffer(buffer));
    const node = document
      .createNode(`piece${i}`)
      .setMesh(document.createMesh(`piece${i}`).addPrimitive(primitive))
      .setTranslation([2 * i, 0, 0]);
    scene.addChild(node);
    if (animated.includes(i)) {
      const sampler = document
        .createAnimationSampler()
        .setInput(
          document
            .createAccessor()
            .setType('SCALAR')
            .setArray(new Float32Array([0, 1]))
            .setBuffer(buffer),
        )
        .setOutput(
          document
            .createAccessor()
            .setType('VEC3')
            .setArray(new Float32Array([2 * i, 0, 0, 2 * i, 1, 0]))
            .setBuffer(buffer),
        );
      animation.addSampler(sampler).addChannel(document.createAnimationChannel().setTargetNode(node).setTargetPath('translation').setSampler(sampler));
    }
  }
  return readGltf(await new NodeIO().writeBinary(document), { fileName: 'boxes.glb' });
}

describe('rigidPartDriver', () => {
  it('RobotExpressive: its 15 meshes under the skeleton are rigid parts of their bones, its skinned hands are not', async () => {
    const scene = await read(join(dataFolder, 'RobotExpressive.glb'));
    const joints = new Set(scene.meshes.flatMap((m) => [...(m.skin?.jointNodeIndices ?? [])]));
    for (const mesh of scene.meshes) {
      const driver = rigidPartDriver(mesh, scene);
      if (mesh.skin) expect(driver, `${mesh.name}: skinned`).toBe(-1);
      else expect(joints.has(driver), `${mesh.name}: carried by a bone (driver ${driver})`).toBe(true);
    }
    expect(scene.meshes.filter((m) => rigidPartDriver(m, scene) >= 0).length, 'rigid parts').toBe(15);
  });

  it('the default weights of a rigid part are 0 everywhere, and its summary says so', async () => {
    const scene = await read(join(dataFolder, 'RobotExpressive.glb'));
    const leg = scene.meshes.find((m) => m.name === 'LowerLegL_1')!;
    const { values, source, regions } = meshBlendWeights(leg, scene, {});
    expect(source, 'the default').toBe('default');
    expect(Math.max(...values), 'every weight').toBe(0);
    expect(regions, 'one region, rigid').toMatchObject([{ role: 'rigid', vertexCount: leg.topology.vertexCount, max: 0 }]);
    expect(meshBlendWeights(leg, scene, { uniform: 0.4 }).values[0], 'a painted value still applies').toBeCloseTo(0.4, 6);
  });

  it('no mesh of the other files of ../shared/data is a rigid part (skinned, or morph-animated on a static node)', async () => {
    for (const file of readdirSync(dataFolder).filter((f) => /\.(glb|gltf)$/.test(f) && f !== 'RobotExpressive.glb')) {
      const scene = await read(join(dataFolder, file));
      for (const mesh of scene.meshes) expect(rigidPartDriver(mesh, scene), `${file}: ${mesh.name}`).toBe(-1);
    }
  });

  it('one mesh on one animated node is the character (soft), two on two animated nodes are rigid parts, a static one is neither', async () => {
    const lone = await boxes(1, [0]);
    expect(rigidPartDriver(lone.meshes[0], lone), 'the only animated mesh').toBe(-1);
    const assembly = await boxes(3, [0, 1]);
    expect(rigidPartDriver(assembly.meshes[0], assembly), 'piece 0 of an assembly').toBe(assembly.meshes[0].nodeIndex);
    expect(rigidPartDriver(assembly.meshes[1], assembly), 'piece 1 of an assembly').toBe(assembly.meshes[1].nodeIndex);
    expect(rigidPartDriver(assembly.meshes[2], assembly), 'a static piece').toBe(-1);
  });
});
