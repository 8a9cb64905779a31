// The Pose tool's store logic: keyed pose corrections are document data (undoable, dirtying, reset by a new
// document, set by a project), the ease setting is a clamped preference outside the undo history.
import { describe, expect, it } from 'vitest';
import type { PoseCorrection } from '../../../app/document/index.ts';
import { DEFAULT_POSE_EASE, isDirty, type LoadedDocument } from '../../../renderer/store/index.ts';
import { loadedStore } from './loadedStore.ts';

const document: LoadedDocument = {
  documentId: 3,
  source: { name: 'fox.glb', path: null },
  meshes: [{ name: 'fox', renderVertices: 1728, weldedVertices: 290, triangles: 576, skinned: true, morphTargets: 0 }],
  clips: [{ name: 'Walk', duration: 0.7, channels: 21, frameRate: 24 }],
  warnings: [],
};

const loaded = () => loadedStore(document);

const correction = (id: string, frame: number): PoseCorrection => ({
  id,
  mesh: 'fox',
  frame,
  easeIn: 6,
  easeOut: 6,
  vertices: [4, 9],
  offsets: [0, 0.01, 0, 0, 0.02, 0],
});

describe('pose corrections in the store', () => {
  it('adding one is an undo step that dirties the document; undo removes it, redo brings it back', () => {
    const store = loaded();
    expect(isDirty(store.getState()), 'clean after load').toBe(false);
    store.getState().addPoseCorrection(correction('pose-1', 12));
    expect(
      store.getState().poseCorrections.map((c) => c.id),
      'added',
    ).toEqual(['pose-1']);
    expect(isDirty(store.getState()), 'the document changed').toBe(true);
    store.temporal.getState().undo();
    expect(store.getState().poseCorrections, 'undo removed it').toEqual([]);
    expect(isDirty(store.getState()), 'clean again').toBe(false);
    store.temporal.getState().redo();
    expect(
      store.getState().poseCorrections.map((c) => c.frame),
      'redo restored it',
    ).toEqual([12]);
  });

  it('deleting one is an undo step; an unknown id changes nothing and records nothing', () => {
    const store = loaded();
    store.getState().addPoseCorrection(correction('pose-1', 12));
    store.getState().addPoseCorrection(correction('pose-2', 20));
    const steps = store.temporal.getState().pastStates.length;
    store.getState().removePoseCorrection('nope');
    expect(store.temporal.getState().pastStates.length, 'nothing recorded for an unknown id').toBe(steps);
    store.getState().removePoseCorrection('pose-1');
    expect(
      store.getState().poseCorrections.map((c) => c.id),
      'the other one stays',
    ).toEqual(['pose-2']);
    store.temporal.getState().undo();
    expect(
      store.getState().poseCorrections.map((c) => c.id),
      'undo brings the deleted one back',
    ).toEqual(['pose-1', 'pose-2']);
  });

  it('refuses malformed corrections (no vertices, offsets not three per vertex, a non-finite frame)', () => {
    const store = loaded();
    store.getState().addPoseCorrection({ ...correction('a', 1), vertices: [], offsets: [] });
    store.getState().addPoseCorrection({ ...correction('b', 1), offsets: [0, 1] });
    store.getState().addPoseCorrection({ ...correction('c', Number.NaN) });
    expect(store.getState().poseCorrections, 'none added').toEqual([]);
  });

  it('a new document starts with none; a project sets its own', () => {
    const store = loaded();
    store.getState().addPoseCorrection(correction('pose-1', 12));
    store.getState().documentLoaded({ ...document, documentId: 4 });
    expect(store.getState().poseCorrections, 'the next document does not inherit them').toEqual([]);
    store.getState().projectApplied(
      { name: 'fox.overlap.json', path: null },
      {
        meshSettings: {},
        scene: { metersPerUnit: 1 },
        bakeSettings: {},
        fps: null,
        clip: null,
        layers: [],
        poseCorrections: [correction('pose-7', 3)],
        embedSource: false,
      },
    );
    expect(
      store.getState().poseCorrections.map((c) => c.id),
      'the project’s',
    ).toEqual(['pose-7']);
    expect(isDirty(store.getState()), 'as saved').toBe(false);
  });

  it('the ease is a preference: clamped, default 6 frames, never an undo step', () => {
    const store = loaded();
    expect(store.getState().poseEase, 'default').toBe(DEFAULT_POSE_EASE);
    store.getState().setPoseEase(-3);
    expect(store.getState().poseEase, 'clamped at 0').toBe(0);
    store.getState().setPoseEase(Number.NaN);
    expect(store.getState().poseEase, 'non-finite ignored').toBe(0);
    store.getState().setPoseEase(12);
    expect(store.temporal.getState().pastStates.length, 'no undo step').toBe(0);
  });

  it('editing a correction’s ease in/out and switching it off are undo steps; the original object is not mutated', () => {
    const store = loaded();
    store.getState().addPoseCorrection(correction('pose-1', 12));
    const original = store.getState().poseCorrections[0];
    const steps = store.temporal.getState().pastStates.length;
    store.getState().updatePoseCorrection('pose-1', { easeIn: 2, easeOut: 10 });
    expect(
      store.getState().poseCorrections.map((c) => [c.easeIn, c.easeOut]),
      'new ease',
    ).toEqual([[2, 10]]);
    expect([original.easeIn, original.easeOut], 'the old object keeps its values (undo snapshots are references)').toEqual([6, 6]);
    store.getState().updatePoseCorrection('pose-1', { enabled: false });
    expect(store.getState().poseCorrections[0].enabled, 'switched off').toBe(false);
    expect(store.temporal.getState().pastStates.length, 'two undo steps').toBe(steps + 2);
    store.temporal.getState().undo();
    expect(store.getState().poseCorrections[0].enabled, 'undo switches it back on').toBeUndefined();
    store.temporal.getState().undo();
    expect(
      store.getState().poseCorrections.map((c) => [c.easeIn, c.easeOut]),
      'undo restores the ease',
    ).toEqual([[6, 6]]);
    store.temporal.getState().redo();
    store.temporal.getState().redo();
    expect(
      store.getState().poseCorrections.map((c) => [c.easeIn, c.easeOut, c.enabled]),
      'redo re-applies both',
    ).toEqual([[2, 10, false]]);
    store.getState().updatePoseCorrection('pose-1', { enabled: true });
    expect('enabled' in store.getState().poseCorrections[0], 'on again is the default (no field saved)').toBe(false);
  });

  it('edits are clamped to 0..1000 frames; non-finite values, unknown ids and no-op edits record nothing', () => {
    const store = loaded();
    store.getState().addPoseCorrection(correction('pose-1', 12));
    store.getState().updatePoseCorrection('pose-1', { easeIn: -5, easeOut: 5000 });
    expect(
      store.getState().poseCorrections.map((c) => [c.easeIn, c.easeOut]),
      'clamped',
    ).toEqual([[0, 1000]]);
    const steps = store.temporal.getState().pastStates.length;
    store.getState().updatePoseCorrection('pose-1', { easeIn: Number.NaN });
    store.getState().updatePoseCorrection('nope', { easeIn: 3 });
    store.getState().updatePoseCorrection('pose-1', { easeIn: 0, easeOut: 1000 });
    expect(store.temporal.getState().pastStates.length, 'nothing recorded').toBe(steps);
    expect(
      store.getState().poseCorrections.map((c) => [c.easeIn, c.easeOut]),
      'unchanged',
    ).toEqual([[0, 1000]]);
  });

  it('the gizmo mode and the contact switches are preferences, never undo steps', () => {
    const store = loaded();
    expect([store.getState().poseGizmo, store.getState().poseContact], 'defaults: move, self and colliders on, no ground').toEqual([
      'translate',
      { self: true, colliders: true, ground: false },
    ]);
    store.getState().setPoseGizmo('rotate');
    store.getState().setPoseGizmo('scale' as 'rotate');
    expect(store.getState().poseGizmo, 'rotate; an unknown mode is ignored').toBe('rotate');
    store.getState().setPoseContact({ ground: true, self: false });
    expect(store.getState().poseContact, 'merged').toEqual({ self: false, colliders: true, ground: true });
    expect(store.temporal.getState().pastStates.length, 'no undo step').toBe(0);
  });
});
