// projectExtras / readProjectExtras: the authoring data survives a write and a read of the file, float32-exact, through
// the one project writer and reader (app/document); a malformed or newer project in a file is refused naming the file.
import { Document, NodeIO } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { overlapProjectJson, parseOverlapProject, ProjectFileError, type OverlapProject } from '../../../app/document/index.ts';
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
    expect(overlapProjectJson(read!), 'what the project reader reads from the project file itself').toBe(
      overlapProjectJson(parseOverlapProject(overlapProjectJson(project), 'in.overlap.json')),
    );
    expect(read!.weights[0].constraints, 'constraints kept').toEqual(project.weights[0].constraints);
    expect((back.getRoot().getExtras() as { author?: string }).author, 'other extras are kept').toBe('someone');
  });

  it('reads null from a file without a project', () => {
    expect(readProjectExtras(new Document()), 'no project').toBeNull();
  });

  it('carries a version 2 project whole (layers, limits, corrections, scene), never an embedded glTF', async () => {
    const document = new Document();
    const project = parseOverlapProject(
      {
        format: 'overlap-project',
        version: 2,
        source: 'Fox.glb',
        scene: { metersPerUnit: 0.01 },
        meshes: [{ mesh: 'fox', role: 'simulated' }],
        weights: [],
        weightLayers: [{ id: 'l', name: 'tail', mesh: 'fox', values: [0, 1], mask: [1, 0.5], keys: [{ frame: 3, influence: 1 }] }],
        limits: [{ mesh: 'fox', maxDistance: [0, null] }],
        poseCorrections: [{ id: 'p', mesh: 'fox', frame: 3, easeIn: 2, easeOut: 2, vertices: [1], offsets: [0, 0.1, 0] }],
        embeddedSource: { name: 'Fox.glb', data: 'AAAA' },
        bake: { clip: 'Walk', fps: 24 },
      },
      'fox.overlap.json',
    );
    await document.transform(projectExtras({ project }));
    const read = readProjectExtras(document, 'out.glb')!;
    expect(read.embeddedSource, 'the file is its own glTF').toBeUndefined();
    expect(overlapProjectJson(read), 'everything else as it was').toBe(overlapProjectJson({ ...project, embeddedSource: undefined }));
  });

  it('refuses a malformed or newer project, naming the file and where in it', () => {
    const document = new Document();
    document.getRoot().setExtras({ overlapProject: { format: 'overlap-project', version: 7 } });
    expect(() => readProjectExtras(document, 'out.glb'), 'newer').toThrow(ProjectFileError);
    expect(() => readProjectExtras(document, 'out.glb'), 'says what').toThrow(
      /^its Overlap project \(extras\.overlapProject\): project version 7 was written by a newer Overlap/,
    );
  });
});
