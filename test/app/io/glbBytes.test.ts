// glbBytes, the product's one glTF writer: node transforms come back exactly as the document held them, including
// those within 1e-5 of the identity that glTF-Transform's own writer leaves out (RobotExpressive's legs).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Document, NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { unpartition } from '@gltf-transform/functions';
import { describe, expect, it } from 'vitest';
import { glbBytes } from '../../../app/io/index.ts';

const dataFolder = join(import.meta.dirname, '../../../../shared/data');

describe('glbBytes', () => {
  it('keeps node transforms within 1e-5 of the identity, which a plain glTF-Transform write rounds to it', async () => {
    const document = new Document();
    document.createBuffer();
    const scene = document.createScene();
    const near = document
      .createNode('near')
      .setTranslation([8e-6, 0, -3e-6])
      .setRotation([2e-6, 0, 0, Math.sqrt(1 - 4e-12)])
      .setScale([0.999993, 1, 1.0000024]);
    const exact = document.createNode('exact');
    scene.addChild(near.addChild(exact));
    const plain = await new NodeIO().readBinary(await new NodeIO().writeBinary(document));
    expect(plain.getRoot().listNodes()[0].getScale()[0], 'the library alone writes 0.999993 as 1 (else this test proves nothing)').toBe(1);

    const back = await new NodeIO().readBinary(await glbBytes(document));
    const [readNear, readExact] = back.getRoot().listNodes();
    expect(readNear.getTranslation(), 'translation').toEqual(near.getTranslation());
    expect(readNear.getRotation(), 'rotation').toEqual(near.getRotation());
    expect(readNear.getScale(), 'scale').toEqual(near.getScale());
    expect([readExact.getTranslation(), readExact.getRotation(), readExact.getScale()], 'an identity node stays the identity').toEqual([
      [0, 0, 0],
      [0, 0, 0, 1],
      [1, 1, 1],
    ]);
  });

  it('rewrites every file of ../shared/data with the same node transforms', async () => {
    const io = new NodeIO().registerExtensions(ALL_EXTENSIONS);
    for (const file of readdirSync(dataFolder).filter((name) => /\.(glb|gltf)$/.test(name))) {
      const input = await io.read(join(dataFolder, file));
      await input.transform(unpartition()); // a GLB holds one buffer
      const output = await io.readBinary(await glbBytes(input));
      const before = input.getRoot().listNodes();
      output
        .getRoot()
        .listNodes()
        .forEach((node, i) => {
          expect([node.getTranslation(), node.getRotation(), node.getScale()], `${file} node ${node.getName()}`).toEqual([
            before[i].getTranslation(),
            before[i].getRotation(),
            before[i].getScale(),
          ]);
        });
    }
  });
});
