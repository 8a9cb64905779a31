// poseCorrectedPositions + poseCorrectionFromEdit: a correction made from an edit reproduces the edit at its key
// frame, fades with its ease, follows the body when the character has turned (the offsets turn with each vertex's
// neighbourhood), leaves other meshes and untouched vertices bit-identical, and refuses vertices outside the mesh.
import { describe, expect, it } from 'vitest';
import type { PoseCorrection } from '../../../app/document/index.ts';
import { poseCorrectedPositions } from '../../../app/poseCorrections/poseCorrectedPositions.ts';
import { poseCorrectionFromEdit } from '../../../app/poseCorrections/poseCorrectionFromEdit.ts';
import { createArapModel } from '../../../app/solvers/arap/createArapModel.ts';
import { applyMatrix, bar, rigidMatrix } from '../solvers/arap/meshes.ts';

describe('poseCorrectedPositions', () => {
  const b = bar([2, 2, 6]);
  const frames = createArapModel({ restPositions: b.positions, triangles: b.triangles });
  // The input at the key frame: the bar turned by Q (the character walked and turned); the edit pushes the tip sideways.
  const Q = rigidMatrix([0, Math.sin(0.6), 0, Math.cos(0.6)], [2, 0, 1]);
  const inputAtKey = applyMatrix(Q, b.positions);
  const edited = Float64Array.from(inputAtKey);
  for (const v of b.top) edited[3 * v] += 0.05;
  const { vertices, offsets } = poseCorrectionFromEdit(frames, inputAtKey, edited);
  const correction: PoseCorrection = { id: 'tip', mesh: 'bar', frame: 20, easeIn: 5, easeOut: 5, vertices, offsets };

  it('keeps only the moved vertices and reproduces the edit at its key frame', () => {
    expect(vertices, 'the moved vertices').toEqual([...b.top].sort((x, y) => x - y));
    const out = new Float64Array(inputAtKey.length);
    expect(poseCorrectedPositions(frames, [correction], 'bar', 20, inputAtKey, out), 'corrections applied').toBe(1);
    for (let i = 0; i < out.length; i++) expect(out[i], `coordinate ${i}`).toBeCloseTo(edited[i], 12);
  });

  it('turns with the body: applied where the bar faces another way, the push turns with it', () => {
    const R = rigidMatrix([Math.sin(0.4), 0, 0, Math.cos(0.4)], [0, 1, 0]);
    const elsewhere = applyMatrix(R, inputAtKey);
    const corrected = new Float64Array(elsewhere.length);
    poseCorrectedPositions(frames, [correction], 'bar', 20, elsewhere, corrected);
    const expected = applyMatrix(R, edited);
    for (let i = 0; i < corrected.length; i++) expect(corrected[i], `coordinate ${i}`).toBeCloseTo(expected[i], 10);
  });

  it('fades with the ease, leaves untouched vertices and other meshes bit-identical, and works in place', () => {
    const half = Float64Array.from(inputAtKey);
    poseCorrectedPositions(frames, [correction], 'bar', 17.5, half, half);
    for (const v of b.top) expect(half[3 * v] - inputAtKey[3 * v], `halfway in, vertex ${v}`).toBeCloseTo(0.025, 10);
    for (const v of b.bottom) expect(half[3 * v], `untouched vertex ${v}`).toBe(inputAtKey[3 * v]);
    const other = new Float64Array(inputAtKey.length);
    expect(poseCorrectedPositions(frames, [correction], 'cube', 20, inputAtKey, other), 'another mesh').toBe(0);
    expect(Array.from(other), 'copied unchanged').toEqual(Array.from(inputAtKey));
    expect(poseCorrectedPositions(frames, [correction], 'bar', 40, inputAtKey, other), 'outside the ease').toBe(0);
  });

  it('refuses a correction naming a vertex the mesh does not have', () => {
    const bad: PoseCorrection = { ...correction, vertices: [99999], offsets: [0, 0, 0] };
    expect(() => poseCorrectedPositions(frames, [bad], 'bar', 20, inputAtKey, new Float64Array(inputAtKey.length)), 'bad vertex').toThrow(/vertex 99999/);
  });
});
