// The paint tools' plain steps (renderer/viewport/brush/), without a browser: box select picks exactly the vertices
// whose screen position is in the dragged rectangle (replace, add, remove), the gradient ramps from the brush weight at
// the line's start to 0 at its end and recomputes from the stroke's baseline on every move, and the keyboard's
// modifiers change the brush as Blender's weight paint does.
import { OrthographicCamera } from 'three';
import { describe, expect, it } from 'vitest';
import type { EditRecorder } from '../../../../renderer/paint/paintDocument.ts';
import { boxSelection } from '../../../../renderer/viewport/brush/boxSelection.ts';
import { gradientWeights } from '../../../../renderer/viewport/brush/gradientWeights.ts';
import { modifiedBrush } from '../../../../renderer/viewport/brush/modifiedBrush.ts';
import { DEFAULT_BRUSH } from '../../../../renderer/store/index.ts';

/** A 200×200 px canvas showing x, y ∈ [−1, 1] head-on: world (x, y, 0) lands at screen ((x + 1)·100, (1 − y)·100). */
const box = { left: 0, top: 0, width: 200, height: 200 };
function camera(): OrthographicCamera {
  const view = new OrthographicCamera(-1, 1, 1, -1, 0.1, 10);
  view.position.set(0, 0, 5);
  view.updateMatrixWorld();
  view.updateProjectionMatrix();
  return view;
}

/** Vertices on the x axis at screen x = 10, 30, …, 190 (y = 100). */
const lineX = Array.from({ length: 10 }, (_, v) => 10 + 20 * v);
const line = Float32Array.from(lineX.flatMap((x) => [x / 100 - 1, 0, 0]));

function recorderOver(values: Float32Array, touched: Set<number>): EditRecorder {
  return { array: () => values, touch: (_mesh, _target, _layer, index) => void touched.add(index), finish: () => [] };
}

describe('boxSelection', () => {
  it('replace selects exactly the vertices inside the rectangle, add keeps the others, remove clears the boxed ones', () => {
    const selection = new Uint8Array(10);
    selection[0] = 1;
    boxSelection({ positions: line, camera: camera(), box, a: { x: 60, y: 120 }, b: { x: 120, y: 80 } }, selection, 'replace');
    expect(Array.from(selection), 'screen x 70, 90, 110 are in [60, 120]; the earlier selection is replaced').toEqual([0, 0, 0, 1, 1, 1, 0, 0, 0, 0]);
    boxSelection({ positions: line, camera: camera(), box, a: { x: 0, y: 90 }, b: { x: 20, y: 110 } }, selection, 'add');
    expect(Array.from(selection), 'add: vertex 0 joins, the rest stay').toEqual([1, 0, 0, 1, 1, 1, 0, 0, 0, 0]);
    boxSelection({ positions: line, camera: camera(), box, a: { x: 80, y: 90 }, b: { x: 200, y: 110 } }, selection, 'remove');
    expect(Array.from(selection), 'remove: the boxed vertices (90, 110) leave, the others stay').toEqual([1, 0, 0, 1, 0, 0, 0, 0, 0, 0]);
  });

  it('selects through the mesh but not past the camera’s far plane', () => {
    const points = Float32Array.from([0, 0, -2, 0, 0, -20]);
    const selection = new Uint8Array(2);
    boxSelection({ positions: points, camera: camera(), box, a: { x: 90, y: 90 }, b: { x: 110, y: 110 } }, selection, 'replace');
    expect(Array.from(selection), 'a hidden vertex in front of the far plane is selected; one beyond it is not').toEqual([1, 0]);
  });
});

describe('gradientWeights', () => {
  it('ramps from the weight at the start to 0 at the end; outside the band the baseline stays', () => {
    const baseline = new Float32Array(10).fill(0.2);
    const values = Float32Array.from(baseline);
    const touched = new Set<number>();
    const applied = gradientWeights(
      { positions: line, camera: camera(), box, a: { x: 50, y: 100 }, b: { x: 150, y: 100 } },
      'm',
      new Uint8Array(10),
      recorderOver(values, touched),
      baseline,
      1,
      1,
    );
    expect(applied, 'a 100 px line applies').toBe(true);
    // Screen x 50 + 100 t: vertices 2..7 (x 50..150) are in the band, with weights 1 − t.
    for (let v = 2; v <= 7; v++) expect(values[v], `vertex ${v} at t = ${(lineX[v] - 50) / 100}`).toBeCloseTo(1 - (lineX[v] - 50) / 100, 5);
    for (const v of [0, 1, 8, 9]) expect(values[v], `vertex ${v} outside the band keeps its baseline`).toBeCloseTo(0.2, 6);
    expect(
      [...touched].sort((a, b) => a - b),
      'only the band’s vertices are recorded',
    ).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('recomputes from the baseline on every move: a vertex the line no longer reaches goes back', () => {
    const baseline = new Float32Array(10).fill(0.2);
    const values = Float32Array.from(baseline);
    const recorder = recorderOver(values, new Set());
    gradientWeights({ positions: line, camera: camera(), box, a: { x: 50, y: 100 }, b: { x: 190, y: 100 } }, 'm', new Uint8Array(10), recorder, baseline, 1, 1);
    expect(values[8], 'vertex 8 (x 170) is in the first, longer band').not.toBeCloseTo(0.2, 3);
    gradientWeights({ positions: line, camera: camera(), box, a: { x: 50, y: 100 }, b: { x: 130, y: 100 } }, 'm', new Uint8Array(10), recorder, baseline, 1, 1);
    expect(values[8], 'the shorter line leaves vertex 8 at its baseline again').toBeCloseTo(0.2, 6);
    expect(values[5], 'vertex 5 (x 110) at t = 0.75 of the new line: 0.25').toBeCloseTo(0.25, 5);
  });

  it('with a selection, changes the whole selection (clamped at the ends) and nothing else; strength mixes', () => {
    const baseline = new Float32Array(10).fill(0.4);
    const values = Float32Array.from(baseline);
    const selection = new Uint8Array(10);
    selection[0] = selection[5] = selection[9] = 1;
    gradientWeights(
      { positions: line, camera: camera(), box, a: { x: 50, y: 100 }, b: { x: 150, y: 100 } },
      'm',
      selection,
      recorderOver(values, new Set()),
      baseline,
      1,
      0.5,
    );
    expect(values[0], 'selected, before the start: clamped to the full weight, half strength').toBeCloseTo(0.4 + 0.5 * (1 - 0.4), 6);
    expect(values[5], 'selected, at t = 0.6: target 0.4').toBeCloseTo(0.4, 6);
    expect(values[9], 'selected, past the end: target 0').toBeCloseTo(0.2, 6);
    expect(values[3], 'not selected, inside the band: untouched').toBeCloseTo(0.4, 6);
  });

  it('a line shorter than 2 px does nothing', () => {
    const baseline = new Float32Array(10);
    const values = Float32Array.from(baseline);
    const touched = new Set<number>();
    expect(
      gradientWeights(
        { positions: line, camera: camera(), box, a: { x: 50, y: 100 }, b: { x: 51, y: 101 } },
        'm',
        new Uint8Array(10),
        recorderOver(values, touched),
        baseline,
        1,
        1,
      ),
      'not applied',
    ).toBe(false);
    expect(touched.size, 'nothing recorded').toBe(0);
  });
});

describe('modifiedBrush', () => {
  const none = { shiftKey: false, ctrlKey: false, metaKey: false };
  it('Shift smooths, Ctrl or Cmd swaps add and subtract, other modes and no modifier keep the brush', () => {
    const add = { ...DEFAULT_BRUSH, mode: 'add' as const };
    expect(modifiedBrush(add, { ...none, shiftKey: true }).mode, 'Shift: smooth').toBe('smooth');
    expect(modifiedBrush(add, { ...none, ctrlKey: true }).mode, 'Ctrl: add → subtract').toBe('subtract');
    expect(modifiedBrush({ ...add, mode: 'subtract' }, { ...none, metaKey: true }).mode, 'Cmd: subtract → add').toBe('add');
    expect(modifiedBrush({ ...add, mode: 'set' }, { ...none, ctrlKey: true }).mode, 'Ctrl leaves set as it is').toBe('set');
    expect(modifiedBrush(add, none), 'no modifier: the same brush').toBe(add);
    expect(add.mode, 'the store’s brush is not modified').toBe('add');
  });
});
