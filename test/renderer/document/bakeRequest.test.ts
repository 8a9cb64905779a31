import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readGltf } from '../../../app/io/index.ts';
import { resolveBakeSettings } from '../../../app/bake/index.ts';
import { overlapProjectJson } from '../../../app/document/index.ts';
import { bakeRequestOptions } from '../../../renderer/document/bakeRequest.ts';
import { projectText } from '../../../renderer/document/projectFile.ts';
import { createPaintDocument } from '../../../renderer/paint/paintDocument.ts';
import { createOverlapStore } from '../../../renderer/store/index.ts';

function store() {
  const created = createOverlapStore();
  created.getState().documentLoaded({
    documentId: 1,
    source: { name: 'Fox.glb', path: null },
    meshes: [
      { name: 'fox', renderVertices: 1728, weldedVertices: 290, triangles: 576, skinned: true, morphTargets: 0 },
      { name: 'rock', renderVertices: 8, weldedVertices: 8, triangles: 12, skinned: false, morphTargets: 0 },
    ],
    clips: [
      { name: 'Survey', duration: 3.4, channels: 21, frameRate: 24 },
      { name: 'Walk', duration: 0.7, channels: 21, frameRate: 24 },
    ],
    warnings: [],
  });
  return created;
}

describe('bakeRequestOptions', () => {
  it('is the project the app saves: `overlap bake --project` on the saved file bakes what the app bakes', () => {
    const state = store();
    state.getState().setMeshRole('rock', 'collider');
    state.getState().setActiveClip(1);
    const options = bakeRequestOptions(state.getState());
    expect(Object.keys(options).sort(), 'no setting outside the project (the clip is repeated for the progress line)').toEqual([
      'clip',
      'project',
      'sourceName',
    ]);
    expect(options.clip, 'the timeline clip').toBe('Walk');
    expect(JSON.parse(overlapProjectJson(options.project!)), 'the saved project, field for field').toEqual(JSON.parse(projectText(state.getState(), null)));
    expect(options.project!.meshes, 'each mesh’s role and preset').toEqual([
      { mesh: 'fox', role: 'simulated', preset: 'flesh', gravity: false },
      { mesh: 'rock', role: 'collider', preset: 'flesh', gravity: false },
    ]);
  });

  it('carries what the user set: frames, the timeline fps, pre-roll, per-mesh physics and scene units, as the bake resolves them', async () => {
    const state = store();
    state.getState().setBakeSettings({ frames: [2, 9], preroll: 6, loop: true, mode: 'bones', selfContact: true, repair: true });
    state.getState().setFps(30);
    state.getState().setMetersPerUnit(0.01);
    state.getState().setMeshSettings('fox', { preset: 'jelly' });
    state.getState().setMeshSettings('fox', { youngsModulus: 8000, latticeResolution: 8, substeps: 3, attachmentStiffness: 400, gravity: true });
    const options = bakeRequestOptions(state.getState());
    const imported = await readGltf(new Uint8Array(await readFile(path.resolve('../shared/data/Fox.glb'))), { fileName: 'Fox.glb' });
    const resolved = resolveBakeSettings(imported, options);
    expect(
      [
        resolved.clipName,
        resolved.firstFrame,
        resolved.lastFrame,
        resolved.fps,
        resolved.preroll,
        resolved.loop,
        resolved.mode,
        resolved.bake.selfContact,
        resolved.bake.repair,
        resolved.metersPerUnit,
      ],
      'the bake settings',
    ).toEqual(['Survey', 2, 9, 30, 6, true, 'bones', true, true, 0.01]);
    const fox = resolved.meshes.find((mesh) => mesh.name === 'fox')!;
    expect(
      [fox.preset, fox.material.youngsModulus, fox.substeps, fox.latticeResolution, fox.attachmentStiffness, fox.gravity],
      'the mesh’s own physics, κ and gravity included',
    ).toEqual(['jelly', 8000, 3, 8, 400, [0, -9.81, 0]]);
  });

  it('sends painted weights as painted (pins are weight 0 in the engine) and leaves unpainted meshes to the engine default', async () => {
    const imported = await readGltf(new Uint8Array(await readFile(path.resolve('../shared/data/Fox.glb'))), { fileName: 'Fox.glb' });
    const paint = createPaintDocument(1, imported);
    const state = store();
    expect(bakeRequestOptions(state.getState(), paint).project?.weights, 'nothing painted: no weights, the engine computes its default').toEqual([]);
    const fox = paint.meshes.get('fox')!;
    fox.maxDistance = new Float32Array(fox.vertexCount).fill(Infinity);
    fox.maxDistance[5] = 0;
    const pinnedOnly = bakeRequestOptions(state.getState(), paint).project!;
    expect(pinnedOnly.weights, 'a pin alone paints nothing').toEqual([]);
    expect(pinnedOnly.limits?.[0].maxDistance[5], 'it travels as a max distance of 0').toBe(0);
    fox.base = new Float32Array(fox.vertexCount).fill(0.8);
    const painted = bakeRequestOptions(state.getState(), paint).project!.weights[0].values;
    expect([painted[5], painted[6]], 'painted values as painted').toEqual([Math.fround(0.8), Math.fround(0.8)]);
  });

  it('refuses a document without a clip', () => {
    const state = createOverlapStore();
    expect(() => bakeRequestOptions(state.getState()), 'no clip').toThrow(/no animation/);
  });
  it('sends the keyed pose corrections in the project, so the bake applies them', async () => {
    const state = store();
    const imported = await readGltf(new Uint8Array(await readFile(path.resolve('../shared/data/Fox.glb'))), { fileName: 'Fox.glb' });
    const paint = createPaintDocument(1, imported);
    expect(bakeRequestOptions(state.getState(), paint).project?.poseCorrections, 'none yet: the project has no corrections').toBeUndefined();
    const correction = { id: 'pose-1', mesh: 'fox', frame: 4, easeIn: 6, easeOut: 6, vertices: [1, 2], offsets: [0, 0.01, 0, 0, 0.02, 0] };
    state.getState().addPoseCorrection(correction);
    expect(bakeRequestOptions(state.getState(), paint).project?.poseCorrections, 'the correction travels with the bake').toEqual([correction]);
  });
});
