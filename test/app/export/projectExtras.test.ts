// projectExtras / readProjectExtras: the authoring data survives a write and a read of the file, float32-exact.
import { Document, NodeIO } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import type { OverlapProject } from '../../../app/document/index.ts';
import { projectExtras, readProjectExtras } from '../../../app/export/index.ts';

describe('projectExtras', () => {
  it('round-trips weights (float32-exact), mesh settings and bake settings through a GLB, keeping other extras', async () => {
    const document = new Document();
    document.createBuffer();
    document.getRoot().setExtras({ author: 'someone' });
    const values = Float32Array.from({ length: 257 }, (_, i) => Math.fround((i * 0.3713) % 1));
    const project: OverlapProject = {
      format: 'overlap-project',
      version: 1,
      source: 'in.glb',
      meshes: [{ mesh: 'Blob', role: 'simulated', preset: 'jelly', material: { youngsModulus: 1234 }, substeps: 3, iterations: 7, latticeResolution: 9 }],
      weights: [{ mesh: 'Blob', values, constraints: [{ vertex: 3, weight: 0.25 }] }],
      handles: [],
      bake: { clip: 'Bounce', fps: 30, frames: [0, 10], preroll: 5, loop: true, mode: 'corrective', backend: 'cpu', selfContact: false },
    };
    await document.transform(projectExtras({ project }));
    const io = new NodeIO();
    const back = await io.readBinary(await io.writeBinary(document));
    const read = readProjectExtras(back);
    expect(read, 'the project is found').not.toBeNull();
    expect(Array.from(read!.weights[0].values), 'weights are float32-exact').toEqual(Array.from(values));
    expect({ ...read!, weights: [] }, 'settings round-trip').toEqual({ ...project, weights: [] });
    expect(read!.weights[0].constraints).toEqual(project.weights[0].constraints);
    expect((back.getRoot().getExtras() as { author?: string }).author, 'other extras are kept').toBe('someone');
  });

  it('reads null from a file without a project', () => {
    expect(readProjectExtras(new Document()), 'no project').toBeNull();
  });
});
