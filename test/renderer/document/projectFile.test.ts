import { describe, expect, it } from 'vitest';
import { parseProject, projectFileName, projectText } from '../../../renderer/document/projectFile.ts';
import { createOverlapStore } from '../../../renderer/store/index.ts';

function loadedStore() {
  const store = createOverlapStore();
  store.getState().documentLoaded({
    documentId: 1,
    source: { name: 'Fox.glb', path: '/home/ana/Fox.glb' },
    meshes: [
      { name: 'fox', renderVertices: 1728, weldedVertices: 290, triangles: 576, skinned: true, morphTargets: 0 },
      { name: 'ground', renderVertices: 4, weldedVertices: 4, triangles: 2, skinned: false, morphTargets: 0 },
    ],
    clips: [
      { name: 'Survey', duration: 3.4, channels: 21 },
      { name: 'Walk', duration: 0.7, channels: 21 },
    ],
    warnings: [],
  });
  return store;
}

describe('projectText / parseProject', () => {
  it('round-trips roles, the active clip and the frame rate', () => {
    const store = loadedStore();
    store.getState().setMeshRole('ground', 'collider');
    store.getState().setActiveClip(1);
    store.getState().setFps(24);
    const text = projectText(store.getState());
    const parsed = parseProject(text, 'fox.overlap.json');
    expect(parsed, 'what comes back').toEqual({ source: '/home/ana/Fox.glb', roles: { fox: 'simulated', ground: 'collider' }, clip: 'Walk', fps: 24, bake: { loop: false, mode: 'corrective', preset: 'flesh', latticeResolution: 12 } });
    const json = JSON.parse(text);
    expect([json.format, json.version], 'format header').toEqual(['overlap-project', 1]);
    expect(json.bake.mode, 'bake defaults to corrective morph targets').toBe('corrective');
  });

  it('round-trips the Simulation panel: frames, pre-roll, loop, mode, preset and lattice resolution', () => {
    const store = loadedStore();
    const settings = { frames: [4, 20] as [number, number], preroll: 12, loop: true, mode: 'cache' as const, preset: 'jelly' as const, latticeResolution: 20 };
    store.getState().setBakeSettings(settings);
    const parsed = parseProject(projectText(store.getState()), 'fox.overlap.json');
    expect(parsed.bake, 'the panel settings come back').toEqual(settings);
    const fresh = loadedStore();
    fresh.getState().setBakeSettings(parsed.bake);
    expect(fresh.getState().bakeSettings, 'and apply to a fresh store').toEqual({ ...fresh.getState().bakeSettings, ...settings });
  });

  it('skips malformed bake settings instead of applying them', () => {
    const text = JSON.stringify({ format: 'overlap-project', version: 1, source: 'a.glb', meshes: [{ mesh: 'm', role: 'simulated', preset: 'granite', latticeResolution: -3 }], bake: { frames: [9, 2], preroll: 'lots', mode: 'vhs' } });
    expect(parseProject(text, 'x.overlap.json').bake, 'nothing usable').toEqual({});
  });

  it('refuses to save without a document', () => {
    expect(() => projectText(createOverlapStore().getState()), 'no source').toThrow(/no document/);
  });

  it.each([
    ['not JSON', '{', /x\.overlap\.json: not valid JSON/],
    ['another format', '{"format":"gltf"}', /x\.overlap\.json: not an Overlap project/],
    ['a future version', '{"format":"overlap-project","version":9,"source":"a.glb"}', /version 9 is not supported/],
    ['no source', '{"format":"overlap-project","version":1}', /"source"/],
    ['a bad role', '{"format":"overlap-project","version":1,"source":"a.glb","meshes":[{"mesh":"m","role":"wobbly"}]}', /meshes\[0\]/],
  ])('names the file and the problem for %s', (_label, text, message) => {
    expect(() => parseProject(text, 'x.overlap.json'), 'clear error').toThrow(message);
  });

  it('derives the project name from the glTF unless the project has one', () => {
    expect(projectFileName('Fox.glb', null), 'from glb').toBe('Fox.overlap.json');
    expect(projectFileName('scene.GLTF', null), 'from gltf').toBe('scene.overlap.json');
    expect(projectFileName('Fox.glb', 'shot12.overlap.json'), 'kept').toBe('shot12.overlap.json');
  });
});
