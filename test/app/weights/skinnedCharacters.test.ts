// skinnedCharacters: skinned meshes that share a joint node are one character, also through a third mesh (a visor on
// the head joint and a pack on the spine joint of one body); a mesh on its own skeleton is its own character; an
// unskinned mesh is in none.
import { Document, NodeIO, type Node } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { readGltf } from '../../../app/io/index.ts';
import { skinnedCharacters } from '../../../app/weights/skinnedCharacters.ts';
import { cube } from './shellGeometry.ts';

describe('skinnedCharacters', () => {
  it('groups meshes by shared joints, transitively, and leaves unskinned meshes out', async () => {
    const document = new Document();
    const buffer = document.createBuffer();
    const scene = document.createScene();
    const joints = [0, 1, 2, 3].map((j) => document.createNode(`joint${j}`).setTranslation([j, 0, 0]));
    for (const joint of joints) scene.addChild(joint);
    const addMesh = (name: string, jointsOfSkin: Node[] | null, x: number): void => {
      const surface = cube([x, 0, 0], 0.5);
      const vertexCount = surface.positions.length / 3;
      const primitive = document
        .createPrimitive()
        .setAttribute('POSITION', document.createAccessor().setType('VEC3').setArray(new Float32Array(surface.positions)).setBuffer(buffer))
        .setIndices(document.createAccessor().setType('SCALAR').setArray(new Uint32Array(surface.indices)).setBuffer(buffer));
      const node = document.createNode(name).setMesh(document.createMesh(name).addPrimitive(primitive));
      if (jointsOfSkin) {
        const skin = document.createSkin(name);
        for (const joint of jointsOfSkin) skin.addJoint(joint);
        const identity = Array.from({ length: jointsOfSkin.length }, () => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]).flat();
        skin.setInverseBindMatrices(document.createAccessor().setType('MAT4').setArray(new Float32Array(identity)).setBuffer(buffer));
        const weights = new Float32Array(4 * vertexCount);
        for (let v = 0; v < vertexCount; v++) weights[4 * v] = 1;
        primitive.setAttribute(
          'JOINTS_0',
          document
            .createAccessor()
            .setType('VEC4')
            .setArray(new Uint16Array(4 * vertexCount))
            .setBuffer(buffer),
        );
        primitive.setAttribute('WEIGHTS_0', document.createAccessor().setType('VEC4').setArray(weights).setBuffer(buffer));
        node.setSkin(skin);
      }
      scene.addChild(node);
    };
    addMesh('A', [joints[0], joints[1]], 0); // mesh 0
    addMesh('Prop', null, 2); // mesh 1: unskinned
    addMesh('B', [joints[2]], 4); // mesh 2: shares nothing with A directly
    addMesh('Other', [joints[3]], 6); // mesh 3: its own skeleton
    addMesh('C', [joints[1], joints[2]], 8); // mesh 4: shares joint 1 with A and joint 2 with B
    const imported = await readGltf(await new NodeIO().writeBinary(document), { fileName: 'characters.glb' });
    const names = imported.meshes.map((mesh) => mesh.name);
    const characters = skinnedCharacters(imported).map((members) => members.map((m) => names[m]).sort());
    const sorted = characters.map((members) => members.join('+')).sort();
    expect(sorted, 'A, B and C are one character through C; Other is its own; Prop is in none').toEqual(['A+B+C', 'Other']);
    for (const members of skinnedCharacters(imported)) {
      expect(
        [...members].sort((a, b) => a - b),
        'members are listed ascending',
      ).toEqual(members);
    }
  });
});
