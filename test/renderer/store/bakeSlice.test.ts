import { describe, expect, it } from 'vitest';
import { BAKE_STAGES, type BakeProgress } from '../../../app/bake/index.ts';
import {
  bakeFraction,
  createOverlapStore,
  DEFAULT_BAKE_SETTINGS,
  effectiveViewMode,
  IDLE_JOB,
  shownIntersectionFilter,
  type BakedSummary,
  type LoadedDocument,
  type OverlapState,
} from '../../../renderer/store/index.ts';

const document: LoadedDocument = {
  documentId: 3,
  source: { name: 'blob.glb', path: null },
  meshes: [{ name: 'Body', renderVertices: 100, weldedVertices: 90, triangles: 150, skinned: true, morphTargets: 0 }],
  clips: [
    { name: 'Wave', duration: 2, channels: 3 },
    { name: 'Idle', duration: 1, channels: 3 },
  ],
  warnings: [],
};

function loaded() {
  const store = createOverlapStore();
  store.getState().documentLoaded(document);
  store.getState().setPlaying(false);
  store.temporal.getState().clear();
  return store;
}

const summary = (documentId = 3): BakedSummary => ({
  bakeId: 1,
  documentId,
  clip: 'Wave',
  clipIndex: 0,
  fps: 30,
  frames: [0, 60],
  preroll: 0,
  mode: 'corrective',
  seconds: 2,
  outputBytes: 1000,
  maxDisplacement: 0.01,
  maxDisplacementRelative: 0.01,
  meshes: [{ mesh: 'Body', maxDisplacement: 0.01, relative: 0.01 }],
  warnings: [],
  exported: false,
});

const progress = (frame: number): BakeProgress => ({ stage: 'simulation', frame, frameCount: 61, etaSeconds: 3 });

/** Keys whose values are not the very same (Object.is) in the two states. */
function changedKeys(before: OverlapState, after: OverlapState): string[] {
  return Object.keys(before).filter((key) => !Object.is(before[key as keyof OverlapState], after[key as keyof OverlapState]));
}

describe('bake slice', () => {
  it('a cancelled bake leaves every field of the store as it was, by identity', () => {
    const store = loaded();
    store.getState().bakeStarted({ jobId: 1, documentId: 3, clip: 'Wave' });
    store.getState().bakeProgressed(1, progress(5));
    store.getState().bakeFinished(1, summary());
    const before = store.getState();
    store.getState().bakeStarted({ jobId: 2, documentId: 3, clip: 'Wave' });
    store.getState().bakeProgressed(2, progress(10));
    store.getState().bakeCancelRequested(2);
    expect(store.getState().bakeJob, 'cancelling shows').toMatchObject({ kind: 'running', cancelling: true });
    store.getState().bakeEnded(2);
    expect(changedKeys(before, store.getState()), 'nothing changed, the previous bake included').toEqual([]);
    expect(store.temporal.getState().pastStates.length, 'and nothing entered the undo history').toBe(0);
  });

  it('a failed bake ends the same way', () => {
    const store = loaded();
    const before = store.getState();
    store.getState().bakeStarted({ jobId: 9, documentId: 3, clip: 'Wave' });
    store.getState().bakeEnded(9);
    expect(changedKeys(before, store.getState()), 'unchanged').toEqual([]);
    expect(store.getState().bakeJob, 'the one idle value').toBe(IDLE_JOB);
  });

  it('a finished bake is shown as output; messages of another job are ignored', () => {
    const store = loaded();
    store.getState().bakeStarted({ jobId: 4, documentId: 3, clip: 'Wave' });
    store.getState().bakeProgressed(5, progress(20));
    expect(store.getState().bakeJob, 'progress of another job is ignored').toMatchObject({ progress: null });
    store.getState().bakeFinished(5, summary());
    expect(store.getState().baked, 'a result of another job is ignored').toBeNull();
    store.getState().bakeFinished(4, summary());
    expect([store.getState().baked?.bakeId, store.getState().viewMode, store.getState().bakeJob], 'shown').toEqual([1, 'output', IDLE_JOB]);
  });

  it('drops a result whose document was closed during the bake', () => {
    const store = loaded();
    store.getState().bakeStarted({ jobId: 1, documentId: 3, clip: 'Wave' });
    store.getState().documentLoaded({ ...document, documentId: 4 });
    store.getState().bakeFinished(1, summary(3));
    expect([store.getState().baked, store.getState().bakeJob], 'nothing shown, idle').toEqual([null, IDLE_JOB]);
  });

  it('locks the settings while a bake runs and keeps them in range', () => {
    const store = loaded();
    store.getState().setBakeSettings({ preroll: 2.6, frames: [4, 10] });
    expect(store.getState().bakeSettings, 'rounded').toEqual({ ...DEFAULT_BAKE_SETTINGS, preroll: 3, frames: [4, 10] });
    store.getState().bakeStarted({ jobId: 1, documentId: 3, clip: 'Wave' });
    const during = store.getState().bakeSettings;
    store.getState().setBakeSettings({ loop: true });
    expect(store.getState().bakeSettings, 'unchanged while baking').toBe(during);
  });

  it('refuses a bake range whose first frame is after its last, with a message, and changes nothing', () => {
    const store = loaded();
    store.getState().setBakeRange(2, 9);
    const before = store.getState().bakeSettings;
    expect(store.getState().setBakeRange(12, 4), 'first > last is refused').toMatch(/first frame \(12\) is after the last \(4\)/);
    expect(store.getState().setBakeRange(-3, 4), 'a negative frame is refused').toMatch(/before the clip's start/);
    expect(store.getState().bakeSettings, 'nothing changed').toBe(before);
    expect(store.getState().setBakeRange(0, 500), 'past the clip end is allowed (it holds the last pose)').toBeNull();
  });

  it('offers Output and Both only with a bake, and only on the baked clip', () => {
    const store = loaded();
    store.getState().setViewMode('both');
    expect(store.getState().viewMode, 'no bake: input').toBe('input');
    store.getState().bakeStarted({ jobId: 1, documentId: 3, clip: 'Wave' });
    store.getState().bakeFinished(1, summary());
    store.getState().setViewMode('both');
    expect(effectiveViewMode(store.getState()), 'both on the baked clip').toBe('both');
    store.getState().setActiveClip(1);
    expect(effectiveViewMode(store.getState()), 'input on another clip').toBe('input');
    store.getState().documentLoaded(document);
    expect([store.getState().baked, store.getState().viewMode], 'a new document has no bake').toEqual([null, 'input']);
  });

  it('turning the lattice off clears its status; a late status after that is ignored', () => {
    const store = loaded();
    store.getState().setShowLattice(true);
    store.getState().setLatticeStatus({ kind: 'computing', mesh: 'Body', resolution: 12 });
    store.getState().setShowLattice(false);
    store.getState().setLatticeStatus({ kind: 'failed', mesh: 'Body', message: 'late' });
    expect(store.getState().lattice, 'off').toEqual({ kind: 'off' });
  });

  it('turning the intersection overlay off clears its counts; a late answer after that is ignored; a new document starts without counts', () => {
    const store = loaded();
    store.getState().setShowIntersections(true);
    const ready = { kind: 'ready', frame: 4, filter: 'added', input: 12, inputPairs: 20, output: 13, outputPairs: 21, newRegions: 1, added: 2 } as const;
    store.getState().setIntersectionStatus(ready);
    expect(store.getState().intersections, 'the counts are kept while on').toEqual(ready);
    store.getState().documentLoaded({ ...document, documentId: 4 });
    expect(
      [store.getState().showIntersections, store.getState().intersections.kind],
      'off for the next document (what the viewport shows is per document), its counts gone',
    ).toEqual([false, 'off']);
    store.getState().setShowIntersections(false);
    store.getState().setIntersectionStatus({
      kind: 'ready',
      frame: 5,
      filter: 'input',
      input: 1,
      inputPairs: 1,
      output: null,
      outputPairs: null,
      newRegions: null,
      added: null,
    });
    expect(store.getState().intersections, 'off').toEqual({ kind: 'off' });
  });

  it('the intersection filter applies while the output of the timeline’s clip is shown; with only the input shown the input’s are drawn', () => {
    const store = loaded();
    expect(store.getState().intersectionFilter, 'what the bake added, by default').toBe('added');
    expect(shownIntersectionFilter(store.getState()), 'no bake: the input’s').toBe('input');
    store.setState({ baked: { ...summary(), clipIndex: 0 }, viewMode: 'output', activeClip: 0 });
    expect(shownIntersectionFilter(store.getState()), 'the output shown: the default, what the bake added').toBe('added');
    store.getState().setIntersectionFilter('output');
    expect(shownIntersectionFilter(store.getState()), 'the choice').toBe('output');
    store.setState({ viewMode: 'both' });
    expect(shownIntersectionFilter(store.getState()), 'Both shows the output too').toBe('output');
    store.setState({ viewMode: 'input' });
    expect(shownIntersectionFilter(store.getState()), 'only the input shown: the input’s, whatever was chosen').toBe('input');
    store.setState({ viewMode: 'output', activeClip: 1 });
    expect(shownIntersectionFilter(store.getState()), 'another clip than the bake’s: the input is shown').toBe('input');
    expect(store.getState().intersectionFilter, 'the choice is kept for when the output is shown again').toBe('output');
  });

  it('the progress fraction never goes back through the stages of a bake and ends at 1', () => {
    const events: BakeProgress[] = [
      { stage: 'import', frame: 0, frameCount: 1, etaSeconds: null },
      { stage: 'import', frame: 1, frameCount: 1, etaSeconds: null },
      ...Array.from({ length: 11 }, (_, k): BakeProgress => ({ stage: 'simulation', frame: k * 6, frameCount: 60, etaSeconds: 1 })),
      { stage: 'export', frame: 0, frameCount: 1, etaSeconds: null },
      { stage: 'export', frame: 1, frameCount: 1, etaSeconds: 0 },
    ];
    const fractions = events.map(bakeFraction);
    expect(
      fractions.every((f, k) => k === 0 || f >= fractions[k - 1]),
      `monotonic: ${fractions.map((f) => f.toFixed(2)).join(' ')}`,
    ).toBe(true);
    expect([bakeFraction(null), fractions.at(-1)], 'from 0 to 1').toEqual([0, 1]);
    expect(
      BAKE_STAGES.every((stage) => bakeFraction({ stage, frame: 1, frameCount: 2, etaSeconds: null }) < 1),
      'no stage midway claims completion',
    ).toBe(true);
  });
});
