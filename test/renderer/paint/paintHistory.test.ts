// Paint undo by deltas: strokes recorded as changed entries only; moving the history to any earlier
// or branched step restores the arrays exactly; an unpainted mesh's first stroke is undone back to
// "unpainted" (the engine default, not a frozen copy of it).
import { describe, expect, it } from 'vitest';
import { createPaintHistory, type PaintArrays, type PaintChange } from '../../../renderer/paint/paintHistory.ts';
import { brushSample, createBrushScratch } from '../../../renderer/paint/brushSample.ts';
import { createEditRecorder, type PaintDocument } from '../../../renderer/paint/paintDocument.ts';
import { vertexNeighbours } from '../../../renderer/paint/vertexNeighbours.ts';
import { DEFAULT_BRUSH } from '../../../renderer/store/index.ts';

/** A stand-in PaintDocument over one mesh of `n` vertices with default weights 0.25. */
function fakeDocument(n: number): PaintDocument & { mesh: { base: Float32Array | null; maxDistance: Float32Array | null } } {
  const mesh = {
    name: 'm',
    meshIndex: 0,
    vertexCount: n,
    defaults: new Float32Array(n).fill(0.25),
    base: null as Float32Array | null,
    maxDistance: null as Float32Array | null,
    selection: new Uint8Array(n),
  };
  const arrays: PaintArrays = {
    get: ({ target }) => (target === 'base' ? mesh.base : target === 'maxDistance' ? mesh.maxDistance : null),
    create: ({ target }) => (target === 'base' ? (mesh.base = Float32Array.from(mesh.defaults)) : (mesh.maxDistance = new Float32Array(n).fill(Infinity))),
    remove: ({ target }) => {
      if (target === 'base') mesh.base = null;
      else mesh.maxDistance = null;
    },
  };
  return {
    documentId: 1,
    scene: null as never,
    meshes: new Map([['m', mesh]]),
    layers: new Map(),
    history: createPaintHistory(),
    arrays,
    defaultsOf: () => mesh.defaults,
    baseOf: () => mesh.base ?? mesh.defaults,
    createLayer: () => undefined,
    mesh,
  };
}

/** A line of n vertices 1 apart along x. */
const line = (n: number) => {
  const { start, neighbours } = vertexNeighbours(
    n,
    Uint32Array.from({ length: 2 * (n - 1) }, (_, i) => (i >> 1) + (i & 1)),
  );
  return { positions: Float32Array.from({ length: 3 * n }, (_, i) => (i % 3 === 0 ? i / 3 : 0)), neighbourStart: start, neighbours };
};

function stroke(paint: ReturnType<typeof fakeDocument>, x: number, mode: 'add' | 'set', weight = 1): PaintChange[] {
  const recorder = createEditRecorder(paint);
  const { positions, neighbourStart, neighbours } = line(10);
  brushSample(
    recorder,
    { mesh: 'm', channel: 'weights', layer: null, positions, neighbourStart, neighbours, mirror: null },
    [x, 0, 0],
    1.5,
    { ...DEFAULT_BRUSH, mode, weight, strength: 1, falloff: 'constant' },
    createBrushScratch(10),
  );
  return recorder.finish();
}

describe('paint history', () => {
  it('records only the touched vertices of a stroke', () => {
    const paint = fakeDocument(10);
    const changes = stroke(paint, 2, 'set');
    expect(changes.length, 'one array changed').toBe(1);
    expect(Array.from(changes[0].indices), 'vertices within 1.5 of x = 2').toEqual([1, 2, 3]);
    expect(Array.from(changes[0].before), 'the defaults before').toEqual([0.25, 0.25, 0.25]);
    expect(changes[0].created, 'the first stroke created the painted array').toBe(true);
  });

  it("a stroke of overlapping samples on two arrays keeps each entry's value from before the stroke, not between samples", () => {
    const paint = fakeDocument(10);
    const recorder = createEditRecorder(paint);
    const { positions, neighbourStart, neighbours } = line(10);
    const target = { mesh: 'm', positions, neighbourStart, neighbours, mirror: null, layer: null };
    const scratch = createBrushScratch(10);
    // Alternate the weights and the limits channel (the recorder's last-target shortcut switches every sample).
    for (const x of [2, 3, 4, 3]) {
      brushSample(
        recorder,
        { ...target, channel: 'weights' },
        [x, 0, 0],
        1.5,
        { ...DEFAULT_BRUSH, mode: 'add', weight: 0.1, strength: 1, falloff: 'constant' },
        scratch,
      );
      brushSample(
        recorder,
        { ...target, channel: 'maxDistance' },
        [x, 0, 0],
        1.5,
        { ...DEFAULT_BRUSH, mode: 'add', distance: 0.02 * x, strength: 1, falloff: 'constant' },
        scratch,
      );
    }
    const changes = recorder.finish();
    const base = changes.find((change) => change.target === 'base')!;
    const limits = changes.find((change) => change.target === 'maxDistance')!;
    expect(Array.from(base.indices), 'every vertex a sample reached, once, in order').toEqual([1, 2, 3, 4, 5]);
    expect(Array.from(base.before), 'the defaults, not a value between samples').toEqual([0.25, 0.25, 0.25, 0.25, 0.25]);
    expect(base.after[2], 'vertex 3 was reached by all four samples').toBeCloseTo(0.65, 6);
    expect(Array.from(limits.before), 'no limit before the stroke').toEqual([Infinity, Infinity, Infinity, Infinity, Infinity]);
  });

  it('undo, redo and a new branch restore the arrays exactly; undoing the first stroke leaves the mesh unpainted', () => {
    const paint = fakeDocument(10);
    const first = paint.history.record(stroke(paint, 2, 'set'));
    const afterFirst = Float32Array.from(paint.mesh.base!);
    const second = paint.history.record(stroke(paint, 7, 'set', 0.5));
    const afterSecond = Float32Array.from(paint.mesh.base!);

    paint.history.moveTo(first, paint.arrays);
    expect(Array.from(paint.mesh.base!), 'undo one stroke').toEqual(Array.from(afterFirst));
    paint.history.moveTo(0, paint.arrays);
    expect(paint.mesh.base, 'undo everything: unpainted again').toBeNull();
    paint.history.moveTo(second, paint.arrays);
    expect(Array.from(paint.mesh.base!), 'redo both').toEqual(Array.from(afterSecond));

    paint.history.moveTo(first, paint.arrays);
    const branch = paint.history.record(stroke(paint, 9, 'set', 0));
    const afterBranch = Float32Array.from(paint.mesh.base!);
    expect(afterBranch[7], 'the branch does not contain the undone stroke').toBeCloseTo(0.25, 6);
    paint.history.moveTo(second, paint.arrays);
    expect(Array.from(paint.mesh.base!), 'across branches').toEqual(Array.from(afterSecond));
    paint.history.moveTo(branch, paint.arrays);
    expect(Array.from(paint.mesh.base!), 'and back').toEqual(Array.from(afterBranch));
  });
});
