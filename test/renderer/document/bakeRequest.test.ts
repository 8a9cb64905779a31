import { describe, expect, it } from 'vitest';
import { bakeRequestOptions } from '../../../renderer/document/bakeRequest.ts';
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
      { name: 'Survey', duration: 3.4, channels: 21 },
      { name: 'Walk', duration: 0.7, channels: 21 },
    ],
    warnings: [],
  });
  return created;
}

describe('bakeRequestOptions', () => {
  it('leaves automatic settings to the engine and passes the outliner roles with the panel material', () => {
    const state = store();
    state.getState().setMeshRole('rock', 'collider');
    state.getState().setActiveClip(1);
    expect(bakeRequestOptions(state.getState()), 'defaults').toEqual({
      clip: 'Walk',
      loop: false,
      mode: 'corrective',
      preset: 'flesh',
      sourceName: 'Fox.glb',
      meshes: [
        { mesh: 'fox', role: 'simulated', preset: 'flesh', latticeResolution: 12 },
        { mesh: 'rock', role: 'collider', preset: 'flesh', latticeResolution: 12 },
      ],
    });
  });

  it('passes what the user set: frames, fps, pre-roll, a uniform weight', () => {
    const state = store();
    state.getState().setBakeSettings({ frames: [2, 9], fps: 24, preroll: 6, weightSource: 'uniform', uniformWeight: 0.3, loop: true, mode: 'cache', preset: 'jelly', latticeResolution: 8 });
    const options = bakeRequestOptions(state.getState());
    expect(options, 'explicit settings').toMatchObject({ clip: 'Survey', frames: [2, 9], fps: 24, preroll: 6, uniformWeight: 0.3, loop: true, mode: 'cache', preset: 'jelly' });
    expect(options.meshes?.every((mesh) => mesh.latticeResolution === 8), 'the resolution reaches every mesh').toBe(true);
    state.getState().setBakeSettings({ weightSource: 'default' });
    expect('uniformWeight' in bakeRequestOptions(state.getState()), 'default weights send no uniform value').toBe(false);
  });

  it('refuses a document without a clip', () => {
    const state = createOverlapStore();
    expect(() => bakeRequestOptions(state.getState()), 'no clip').toThrow(/no animation/);
  });
});
