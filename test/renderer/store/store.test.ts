import { describe, expect, it } from 'vitest';
import { createOverlapStore, frameAt, isDirty, type LoadedDocument } from '../../../renderer/store/index.ts';
import { loadedStore } from './loadedStore.ts';

const document: LoadedDocument = {
  documentId: 7,
  source: { name: 'blob.glb', path: null },
  meshes: [
    { name: 'Body', renderVertices: 100, weldedVertices: 90, triangles: 150, skinned: true, morphTargets: 0 },
    { name: 'Floor', renderVertices: 4, weldedVertices: 4, triangles: 2, skinned: false, morphTargets: 0 },
  ],
  clips: [
    { name: 'Wave', duration: 2, channels: 3 },
    { name: 'Static', duration: 0, channels: 0 },
  ],
  warnings: [],
};

const loaded = () => loadedStore(document);

describe('timeline slice', () => {
  it('plays the first clip of a loaded document from time 0', () => {
    const state = loaded().getState();
    expect([state.activeClip, state.clipTime, state.playing], 'clip 0, t = 0, playing').toEqual([0, 0, true]);
  });

  it('wraps at the end of a looping clip and stops on the last frame otherwise', () => {
    const store = loaded();
    store.getState().advance(1.5);
    store.getState().advance(1.0);
    expect(store.getState().clipTime, 'looped: 2.5 s into a 2 s clip is 0.5 s').toBeCloseTo(0.5, 12);
    store.getState().setLoop(false);
    store.getState().advance(5);
    expect([store.getState().clipTime, store.getState().playing], 'clamped to the end and stopped').toEqual([2, false]);
    store.getState().setPlaying(true);
    expect(store.getState().clipTime, 'playing again from the end restarts').toBe(0);
  });

  it('ignores time while paused, and nonsense deltas', () => {
    const store = loaded();
    store.getState().setPlaying(false);
    store.getState().advance(0.5);
    store.getState().setPlaying(true);
    store.getState().advance(Number.NaN);
    store.getState().advance(-1);
    expect(store.getState().clipTime, 'unchanged').toBe(0);
  });

  it('scrubbing clamps to the clip and pauses', () => {
    const store = loaded();
    store.getState().scrubTo(7);
    expect([store.getState().clipTime, store.getState().playing], 'clamped, paused').toEqual([2, false]);
    store.getState().scrubTo(-3);
    expect(store.getState().clipTime, 'clamped at 0').toBe(0);
  });

  it('steps whole frames on the frame grid from an off-grid time', () => {
    const store = loaded();
    store.getState().scrubTo(0.51); // frame 15.3 at 30 fps
    store.getState().stepFrames(1);
    expect(store.getState().clipTime, 'snapped to frame 16').toBeCloseTo(16 / 30, 12);
    store.getState().setFps(24);
    store.getState().stepFrames(-100);
    expect(store.getState().clipTime, 'clamped at frame 0').toBe(0);
    expect(frameAt(16 / 30, 30), 'float drift does not drop a frame').toBe(16);
  });

  it('will not play a clip without duration', () => {
    const store = loaded();
    store.getState().setActiveClip(1);
    store.getState().setPlaying(true);
    expect(store.getState().playing, 'nothing to play').toBe(false);
  });
});

describe('undo history (zundo on the combined store)', () => {
  it('records role edits only: playback, scrubbing and selection never enter the history', () => {
    const store = loaded();
    for (let i = 0; i < 100; i++) store.getState().advance(1 / 60);
    store.getState().scrubTo(1);
    store.getState().selectMesh('Body');
    expect(store.temporal.getState().pastStates.length, 'no history from playback').toBe(0);
    store.getState().setMeshRole('Floor', 'collider');
    expect(store.temporal.getState().pastStates.length, 'one edit, one step').toBe(1);
  });

  it('undoes and redoes a role change', () => {
    const store = loaded();
    store.getState().setMeshRole('Floor', 'collider');
    store.getState().setMeshRole('Body', 'ignored');
    store.temporal.getState().undo();
    expect(store.getState().meshSettings.Body.role, 'last edit undone').toBe('simulated');
    expect(store.getState().meshSettings.Floor.role, 'earlier edit kept').toBe('collider');
    store.temporal.getState().redo();
    expect(store.getState().meshSettings.Body.role, 'redone').toBe('ignored');
  });

  it('is dirty after an edit and clean again when undo returns to the saved state', () => {
    const store = loaded();
    expect(isDirty(store.getState()), 'fresh document').toBe(false);
    store.getState().setMeshRole('Floor', 'collider');
    expect(isDirty(store.getState()), 'edited').toBe(true);
    store.temporal.getState().undo();
    expect(isDirty(store.getState()), 'back to the saved state').toBe(false);
    store.getState().setMeshRole('Floor', 'ignored');
    store.getState().projectSaved({ name: 'blob.overlap.json', path: null });
    expect(isDirty(store.getState()), 'saved').toBe(false);
  });

  it('ignores a role for a mesh that does not exist, and a no-op role change', () => {
    const store = loaded();
    store.getState().setMeshRole('Nope', 'collider');
    store.getState().setMeshRole('Body', 'simulated');
    expect(store.temporal.getState().pastStates.length, 'nothing recorded').toBe(0);
    expect(Object.keys(store.getState().meshSettings), 'no phantom mesh').toEqual(['Body', 'Floor']);
  });
});

describe('document settings', () => {
  it('never leak from one document into the next', () => {
    const store = loaded();
    const state = store.getState();
    state.setMetersPerUnit(0.01);
    state.setMeshSettings('Body', { youngsModulus: 5000, gravity: true });
    state.setBakeSettings({ frames: [1, 4], loop: true });
    state.setFps(60);
    state.addLayer({ id: 'l', name: 'l', mesh: 'Body', keys: [], enabled: true });
    state.setEmbedSource(true);
    store.getState().documentLoaded({ ...document, documentId: 8 });
    const next = store.getState();
    expect(next.scene, 'scale back to metres').toEqual({ metersPerUnit: 1 });
    expect(next.meshSettings.Body, 'mesh physics back to the defaults').toEqual({ role: 'simulated', preset: 'flesh', gravity: false, backstop: null });
    expect([next.bakeSettings.frames, next.bakeSettings.loop], 'bake settings reset').toEqual([null, false]);
    expect([next.fps, next.fpsFromClip], 'the frame rate follows the new clip').toEqual([30, true]);
    expect([next.layers, next.embedSource, next.paintStep], 'no layers, no embedding, no paint').toEqual([[], false, 0]);
    expect(isDirty(next), 'a fresh document is clean').toBe(false);
  });

  it('reset the workspace’s per-document state on open (paint mode, tool, contact switches, selection, view, live) and keep the preferences', () => {
    const store = loaded();
    const state = store.getState();
    state.setPaintMode(true);
    state.setPaintTool('pose');
    state.setPaintChannel('maxDistance');
    state.setPoseGizmo('rotate');
    state.setPoseContact({ self: false, colliders: false, ground: true });
    state.selectMesh('Body');
    state.setShowWeights(true);
    state.setShowLattice(true);
    state.setShowIntersections(true);
    state.setIntersectionFilter('output');
    state.setLivePreview(true);
    state.setBrush({ radius: 77, strength: 0.9, falloff: 'sharp' });
    state.setLoop(false);
    state.setPoseEase(11);
    const frameRequest = store.getState().frameRequest;
    store.getState().documentLoaded({ ...document, documentId: 8 });
    const next = store.getState();
    expect([next.paintMode, next.paintTool, next.paintChannel, next.poseGizmo], 'paint mode off, the brush on weights').toEqual([
      false,
      'brush',
      'weights',
      'translate',
    ]);
    expect(next.poseContact, 'the contact switches as a new document has them').toEqual({ self: true, colliders: true, ground: false });
    expect([next.selectedMesh, next.selectionCount], 'nothing selected').toEqual([null, 0]);
    expect(
      [next.viewMode, next.showWeights, next.showDisplacement, next.showLattice, next.showIntersections, next.livePreview],
      'the input, no heat map, no overlay, no live preview',
    ).toEqual(['input', false, false, false, false, false]);
    expect(next.intersectionFilter, 'the intersection filter back to what the bake added (a view switch, not a document setting)').toBe('added');
    expect(next.frameRequest, 'the camera frames the new document').toBe(frameRequest + 1);
    expect([next.brush.radius, next.brush.strength, next.brush.falloff, next.loop, next.poseEase], 'the preferences stay').toEqual([
      77,
      0.9,
      'sharp',
      false,
      11,
    ]);
  });

  it('undoes and redoes settings, layers and paint steps, and marks the document dirty until saved', () => {
    const store = loaded();
    store.getState().setMetersPerUnit(0.01);
    store.getState().paintCommitted(1);
    store.getState().keyLayer('missing', 3, 1);
    expect(isDirty(store.getState()), 'edited: dirty').toBe(true);
    store.temporal.getState().undo();
    expect(store.getState().paintStep, 'undo restores the previous paint step').toBe(0);
    store.temporal.getState().undo();
    expect(store.getState().scene.metersPerUnit, 'then the scale').toBe(1);
    expect(isDirty(store.getState()), 'back to the saved state: clean').toBe(false);
    store.temporal.getState().redo();
    store.temporal.getState().redo();
    expect([store.getState().scene.metersPerUnit, store.getState().paintStep], 'redo both').toEqual([0.01, 1]);
    store.getState().projectSaved({ name: 'a.overlap.json', path: null });
    expect(isDirty(store.getState()), 'saved: clean').toBe(false);
  });

  it('follows the clip’s key rate until the user picks a rate, then keeps it across clips', () => {
    const store = createOverlapStore();
    store.getState().documentLoaded({
      ...document,
      clips: [
        { name: 'A', duration: 1, channels: 1, frameRate: 24 },
        { name: 'B', duration: 1, channels: 1, frameRate: 25 },
      ],
    });
    expect(store.getState().fps, 'the first clip’s rate').toBe(24);
    store.getState().setActiveClip(1);
    expect(store.getState().fps, 'follows the clip').toBe(25);
    store.getState().setFps(30);
    store.getState().setActiveClip(0);
    expect(store.getState().fps, 'a picked rate stays').toBe(30);
    store.getState().setFpsFromClip();
    expect(store.getState().fps, 'back to the clip’s').toBe(24);
  });

  it('deduplicates notices and clears a topic’s errors on its next success', () => {
    const store = loaded();
    store.getState().notify('error', 'Fox.glb: broken', 'open');
    store.getState().notify('error', 'Fox.glb: broken', 'open');
    expect(
      store.getState().notices.map((notice) => [notice.text, notice.count]),
      'shown once, counted twice',
    ).toEqual([['Fox.glb: broken', 2]]);
    store.getState().notify('error', 'Save: disk full', 'save');
    store.getState().resolveNotices('open');
    expect(
      store.getState().notices.map((notice) => notice.text),
      'the open error is gone, the save error stays',
    ).toEqual(['Save: disk full']);
  });
});
