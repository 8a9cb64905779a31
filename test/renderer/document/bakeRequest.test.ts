import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readGltf } from '../../../app/io/index.ts';
import { bakeRequestOptions } from '../../../renderer/document/bakeRequest.ts';
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
  it('bakes the timeline clip at the timeline frame rate with each mesh’s role and preset', () => {
    const state = store();
    state.getState().setMeshRole('rock', 'collider');
    state.getState().setActiveClip(1);
    expect(bakeRequestOptions(state.getState()), 'defaults').toEqual({
      clip: 'Walk',
      fps: 24,
      loop: false,
      mode: 'corrective',
      sourceName: 'Fox.glb',
      meshes: [
        { mesh: 'fox', role: 'simulated', preset: 'flesh' },
        { mesh: 'rock', role: 'collider', preset: 'flesh' },
      ],
    });
  });

  it('passes what the user set: frames, the timeline fps, pre-roll, per-mesh physics and scene units', () => {
    const state = store();
    state.getState().setBakeSettings({ frames: [2, 9], preroll: 6, loop: true, mode: 'bones', selfContact: true, repair: true });
    state.getState().setFps(30);
    state.getState().setMetersPerUnit(0.01);
    state.getState().setMeshSettings('fox', { preset: 'jelly' });
    state.getState().setMeshSettings('fox', { youngsModulus: 8000, latticeResolution: 8, substeps: 3, attachmentStiffness: 400, gravity: true });
    const options = bakeRequestOptions(state.getState());
    expect(options, 'explicit settings').toMatchObject({ clip: 'Survey', frames: [2, 9], fps: 30, preroll: 6, loop: true, mode: 'bones', selfContact: true, repair: true, metersPerUnit: 0.01 });
    expect(options.attachmentStiffness, 'κ is per mesh, not per bake').toBeUndefined();
    expect(options.meshes?.[0], 'the mesh’s own physics, κ and gravity included').toEqual({ mesh: 'fox', role: 'simulated', preset: 'jelly', material: { youngsModulus: 8000 }, substeps: 3, latticeResolution: 8, attachmentStiffness: 400, gravity: true });
  });

  it('sends painted weights with pinned vertices at 0 and leaves unpainted meshes to the engine default', async () => {
    const imported = await readGltf(new Uint8Array(await readFile(path.resolve('../shared/data/Fox.glb'))), { fileName: 'Fox.glb' });
    const paint = createPaintDocument(1, imported);
    const state = store();
    expect(bakeRequestOptions(state.getState(), paint).project?.weights, 'nothing painted: no weights, the engine computes its default').toEqual([]);
    const fox = paint.meshes.get('fox')!;
    fox.maxDistance = new Float32Array(fox.vertexCount).fill(Infinity);
    fox.maxDistance[5] = 0;
    const pinnedOnly = bakeRequestOptions(state.getState(), paint).project!.weights[0].values;
    expect(pinnedOnly[5], 'a pin is weight 0').toBe(0);
    expect(pinnedOnly[6], 'others keep the default').toBe(paint.defaultsOf(fox)[6]);
    fox.base = new Float32Array(fox.vertexCount).fill(0.8);
    const painted = bakeRequestOptions(state.getState(), paint).project!.weights[0].values;
    expect([painted[5], painted[6]], 'painted values, pinned vertex at 0').toEqual([0, Math.fround(0.8)]);
    expect(fox.base[5], 'the painted array itself is not changed').toBe(Math.fround(0.8));
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
