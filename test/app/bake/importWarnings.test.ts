// What the importer says about a file reaches the bake's report (issue 34 item 7: import warnings never did), so a
// farm that reads only the report hears it; the app, which showed them when it opened the file, does not repeat them.
import { NodeIO } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { bake } from '../../../app/bake/index.ts';
import { bakedSummary } from '../../../renderer/document/bakeRunner.ts';
import { crossingQuadsGlb } from '../../helpers/crossingQuads.ts';

/** The crossing quads with both nodes and meshes named "Quad": the importer renames the second and says so. */
async function sameNamesGlb(): Promise<Uint8Array> {
  const io = new NodeIO();
  const document = await io.readBinary(await crossingQuadsGlb());
  for (const node of document.getRoot().listNodes()) node.setName('Quad');
  for (const mesh of document.getRoot().listMeshes()) mesh.setName('Quad');
  return io.writeBinary(document);
}

describe('import warnings in the bake report', () => {
  it("a file with two meshes of one name bakes with an import warning naming the file and the rename, first in the report; the app's bake notices leave it out", async () => {
    const output = await bake({ bytes: await sameNamesGlb(), fileName: 'quads.glb' }, { clip: 'Slide', frames: [0, 2], fps: 30, uniformWeight: 0 });
    const imported = output.report.warnings.filter((w) => w.code === 'import');
    expect(
      imported.map((w) => w.message),
      'one import warning, naming the file and the renamed mesh',
    ).toEqual(['quads.glb: two meshes are named "Quad"; the second is called "Quad (2)"']);
    expect(output.report.warnings[0].code, "before the bake's own warnings").toBe('import');
    const summary = bakedSummary(output.report, { bakeId: 1, documentId: 1, clipIndex: 0 });
    expect(
      summary.warnings.some((message) => message.includes('"Quad (2)"')),
      'not repeated as a bake notice in the app',
    ).toBe(false);
  });
});
