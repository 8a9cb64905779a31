// The app's project file: everything the workspace sets survives saving and applying (settings,
// painted weights, layers with keys, limits with the backstop, pose corrections, scene units, the frame rate), and a
// project that does not fit the glTF is refused with the file's name, in the words of the one reader (app/document
// projectSourceWarnings, which `overlap bake` prints too).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseOverlapProject, ProjectFileError } from '../../../app/document/index.ts';
import { readGltf } from '../../../app/io/index.ts';
import { applyProjectData, projectFileName, projectText } from '../../../renderer/document/projectFile.ts';
import { createPaintDocument } from '../../../renderer/paint/paintDocument.ts';
import { createOverlapStore, isDirty } from '../../../renderer/store/index.ts';

async function fox() {
  const imported = await readGltf(new Uint8Array(await readFile(path.resolve('../shared/data/Fox.glb'))), { fileName: 'Fox.glb' });
  const store = createOverlapStore();
  store.getState().documentLoaded({
    documentId: 1,
    source: { name: 'Fox.glb', path: null },
    meshes: [{ name: 'fox', renderVertices: 1728, weldedVertices: 290, triangles: 576, skinned: true, morphTargets: 0 }],
    clips: [
      { name: 'Survey', duration: 3.4, channels: 21, frameRate: 24 },
      { name: 'Walk', duration: 0.7, channels: 21, frameRate: 24 },
    ],
    warnings: [],
  });
  return { store, paint: createPaintDocument(1, imported) };
}

describe('project file', () => {
  it('round-trips settings, painted weights, layers, limits and the frame rate exactly', async () => {
    const { store, paint } = await fox();
    const state = store.getState();
    state.setMeshSettings('fox', { preset: 'jelly' });
    state.setMeshSettings('fox', { youngsModulus: 12_345, damping: 0.01, gravity: true, backstop: { radius: 0.05, distance: 0.01 } });
    state.setMetersPerUnit(0.01);
    state.setActiveClip(1);
    state.setFps(30);
    state.setBakeSettings({ frames: [1, 7], preroll: 4, loop: true, mode: 'bones', selfContact: true, repair: true });
    const mesh = paint.meshes.get('fox')!;
    mesh.base = Float32Array.from({ length: mesh.vertexCount }, (_, v) => (v % 7) / 6);
    mesh.maxDistance = Float32Array.from({ length: mesh.vertexCount }, (_, v) => (v % 5 === 0 ? 0 : v % 5 === 1 ? 0.03 : Infinity));
    paint.createLayer('tail', 'fox');
    paint.layers.get('tail')!.mask[3] = 1;
    state.addLayer({
      id: 'tail',
      name: 'tail pinned',
      mesh: 'fox',
      keys: [
        { frame: 10, influence: 0 },
        { frame: 16, influence: 1 },
      ],
      enabled: true,
    });
    const text = projectText(store.getState(), paint);

    const { store: other, paint: otherPaint } = await fox();
    const { applied, warnings } = applyProjectData(parseOverlapProject(text, 'fox.overlap.json'), 'fox.overlap.json', other.getState(), otherPaint);
    other.getState().projectApplied({ name: 'fox.overlap.json', path: null }, applied);
    expect(warnings, 'every mesh known').toEqual([]);
    const restored = other.getState();
    for (const key of ['meshSettings', 'scene', 'bakeSettings', 'fps', 'fpsFromClip', 'activeClip', 'layers'] as const)
      expect(restored[key], key).toEqual(store.getState()[key]);
    expect(Array.from(otherPaint.meshes.get('fox')!.base!), 'weights bit for bit').toEqual(Array.from(mesh.base));
    expect(Array.from(otherPaint.meshes.get('fox')!.maxDistance!), 'limits, Infinity kept').toEqual(Array.from(mesh.maxDistance));
    expect(otherPaint.layers.get('tail')!.mask[3], 'layer mask').toBe(1);
    expect(projectText(restored, otherPaint), 'saving again writes the same file').toBe(text);
  });

  it('follows the clip’s frame rate again when the project did', async () => {
    const { store, paint } = await fox();
    const { applied } = applyProjectData(
      parseOverlapProject(projectText(store.getState(), paint), 'a.overlap.json'),
      'a.overlap.json',
      store.getState(),
      paint,
    );
    expect(applied.fps, 'no fixed rate').toBeNull();
  });

  it('refuses painted arrays that do not fit the mesh, naming the file and the mesh', async () => {
    const { store, paint } = await fox();
    const project = parseOverlapProject(projectText(store.getState(), paint), 'a.overlap.json');
    project.weights = [{ mesh: 'fox', values: new Float32Array(12) }];
    let refused: unknown = null;
    try {
      applyProjectData(project, 'a.overlap.json', store.getState(), paint);
    } catch (error) {
      refused = error;
    }
    expect(refused, 'a ProjectFileError').toBeInstanceOf(ProjectFileError);
    expect((refused as ProjectFileError).file, 'naming the project').toBe('a.overlap.json');
    expect((refused as Error).message, 'and the mesh and counts').toMatch(
      /^the painted weights of mesh "fox" have 12 values, but mesh "fox" has 290 welded vertices in Fox\.glb/,
    );
    project.weights = [{ mesh: 'wolf', values: new Float32Array(12) }];
    expect(applyProjectData(project, 'a.overlap.json', store.getState(), paint).warnings, 'an unknown mesh is skipped and named').toEqual([
      'the project has settings for mesh "wolf", which this glTF does not have; they are ignored (meshes: "fox")',
    ]);
  });

  it('says when the glTF is not the one the project was saved with, and applies what fits', async () => {
    const { store, paint } = await fox();
    const project = parseOverlapProject(projectText(store.getState(), paint), 'a.overlap.json');
    project.sourceSha256 = 'a'.repeat(64);
    const state = { ...store.getState(), source: { name: 'Fox.glb', path: null, sha256: 'b'.repeat(64) } };
    expect(applyProjectData(project, 'a.overlap.json', state, paint).warnings, 'one warning, the data applied').toEqual([
      'Fox.glb is not the file this project was saved with (its SHA-256 differs); its meshes still fit the painted data, which was applied: check the result',
    ]);
    expect(applyProjectData(project, 'a.overlap.json', state, paint, false).warnings, 'not for a project a baked file carries about its input').toEqual([]);
  });

  it('keeps an empty pre-roll field empty (the bake’s default cycle of a loop) and an explicit one as typed', async () => {
    const { store, paint } = await fox();
    store.getState().setActiveClip(1);
    store.getState().setBakeSettings({ loop: true });
    const project = parseOverlapProject(projectText(store.getState(), paint), 'a.overlap.json');
    expect(project.bake.preroll, 'the project records the cycle the bake simulates (Walk: 0.7 s at 24 fps)').toBe(17);
    expect(applyProjectData(project, 'a.overlap.json', store.getState(), paint).applied.bakeSettings.preroll, 'read back as the empty field').toBeNull();
    store.getState().setBakeSettings({ preroll: 5 });
    const explicit = parseOverlapProject(projectText(store.getState(), paint), 'a.overlap.json');
    expect(applyProjectData(explicit, 'a.overlap.json', store.getState(), paint).applied.bakeSettings.preroll, 'an explicit one as typed').toBe(5);
  });

  it('round-trips keyed pose corrections and refuses one that moves a vertex the mesh lacks', async () => {
    const { store, paint } = await fox();
    const correction = {
      id: 'pose-1',
      name: 'tail up',
      mesh: 'fox',
      frame: 12.5,
      easeIn: 6,
      easeOut: 4,
      vertices: [3, 7, 289],
      offsets: [0.1, 0.2, 0.3, -0.125, 0, 0.5, 1e-3, 2e-3, 3e-3],
    };
    store.getState().addPoseCorrection(correction);
    const text = projectText(store.getState(), paint);
    const { store: other, paint: otherPaint } = await fox();
    const { applied } = applyProjectData(parseOverlapProject(text, 'fox.overlap.json'), 'fox.overlap.json', other.getState(), otherPaint);
    other.getState().projectApplied({ name: 'fox.overlap.json', path: null }, applied);
    expect(other.getState().poseCorrections, 'the correction comes back as it was').toEqual([correction]);
    expect(isDirty(other.getState()), 'and counts as saved').toBe(false);

    const project = parseOverlapProject(text, 'fox.overlap.json');
    project.poseCorrections = [{ ...correction, vertices: [3, 7, 290] }];
    expect(() => applyProjectData(project, 'fox.overlap.json', store.getState(), paint), 'a vertex past the mesh').toThrow(
      /^pose correction "tail up" moves vertex 290, but mesh "fox" has 290 welded vertices in Fox\.glb/,
    );
  });

  it('names a project after its glTF', () => {
    expect(projectFileName('Fox.glb', null), 'from the glTF').toBe('Fox.overlap.json');
    expect(projectFileName('Fox.glb', 'mine.overlap.json'), 'a project keeps its name').toBe('mine.overlap.json');
  });
});
