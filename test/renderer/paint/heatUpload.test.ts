// The heat map's partial uploads: heatUpdateRanges covers every written vertex and joins only near runs; a brush
// sample's heat write uploads only the touched parts, over ranges that cover exactly what changed, and never turns a
// pending whole-attribute upload into a partial one (the bug: a full rewrite followed by a stroke sample before the
// frame would upload the sample's range alone and leave the rest of the rewrite off screen).
import { BufferAttribute, Mesh } from 'three';
import { describe, expect, it } from 'vitest';
import { writeWeldedHeat, type HeatTarget } from '../../../renderer/paint/heatTarget.ts';
import { heatUpdateRanges } from '../../../renderer/paint/heatUpdateRanges.ts';

function ranges(indices: number[], gap: number, max: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  heatUpdateRanges(indices, indices.length, gap, max, (first, count) => out.push([first, count]));
  return out;
}

describe('heatUpdateRanges', () => {
  it('joins runs closer than the gap, keeps farther ones apart, and covers every index', () => {
    expect(ranges([2, 3, 4, 10, 11, 40], 8, 10), '2–4 and 10–11 are 5 apart (< 8): one range; 40 is alone').toEqual([
      [2, 10],
      [40, 1],
    ]);
    expect(ranges([5, 5, 6], 1, 10), 'duplicates and adjacent indices: one range').toEqual([[5, 2]]);
    expect(ranges([], 4, 4), 'nothing written: no range').toEqual([]);
  });

  it('falls back to one range from the first to the last when there would be too many', () => {
    const many = Array.from({ length: 50 }, (_, k) => 100 * k);
    expect(ranges(many, 10, 8), '50 far-apart runs, at most 8: one range over all').toEqual([[0, 4901]]);
  });
});

/** Two parts of 6 render vertices; welded vertex v is render vertex v of part 0 and, for v < 3, render 6 + v of part 1. */
function target(): HeatTarget {
  const part = (firstVertex: number, count: number) => ({
    mesh: new Mesh(),
    attribute: new BufferAttribute(new Uint8Array(4 * count), 4, true),
    firstVertex,
    count,
    touched: new Uint32Array(count),
    touchedCount: 0,
  });
  const renderToSimulation = Uint32Array.from([0, 1, 2, 3, 4, 5, 0, 1, 2, 6, 6, 6]);
  const weldedStart = Uint32Array.from([0, 2, 4, 6, 7, 8, 9, 12]);
  const weldedRender = Uint32Array.from([0, 6, 1, 7, 2, 8, 3, 4, 5, 9, 10, 11]);
  return {
    parts: [part(0, 6), part(6, 6)],
    renderPart: Int16Array.from([0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1]),
    renderLocal: Uint32Array.from([0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5]),
    weldedStart,
    weldedRender,
    renderToSimulation,
  };
}

const uploaded = (attribute: BufferAttribute): void => {
  // What three.js's WebGLAttributes does after uploading: clears the ranges and calls the upload callback.
  attribute.clearUpdateRanges();
  attribute.onUploadCallback();
};

describe('writeWeldedHeat uploads', () => {
  const values = new Float32Array(7).fill(1);
  const heat = { values, pinned: null, selected: null, unlimited: null };

  it('a sample uploads the touched parts over the changed ranges only', () => {
    const t = target();
    writeWeldedHeat(t, heat);
    for (const part of t.parts) uploaded(part.attribute);
    const versions = t.parts.map((part) => part.attribute.version);
    writeWeldedHeat(t, heat, { indices: Uint32Array.from([4]), count: 1 });
    expect(t.parts[0].attribute.version, 'part 0 (render vertex 4) is uploaded').toBe(versions[0] + 1);
    expect(t.parts[0].attribute.updateRanges, 'only vertex 4: bytes 16–19').toEqual([{ start: 16, count: 4 }]);
    expect(t.parts[1].attribute.version, 'part 1 was not touched: no upload').toBe(versions[1]);
    uploaded(t.parts[0].attribute);
    writeWeldedHeat(t, heat, { indices: Uint32Array.from([1]), count: 1 });
    expect(t.parts[0].attribute.updateRanges, 'welded 1 is render 1 in part 0').toEqual([{ start: 4, count: 4 }]);
    expect(t.parts[1].attribute.updateRanges, 'and render 7 = local 1 in part 1').toEqual([{ start: 4, count: 4 }]);
  });

  it('a sample after a full rewrite, before the frame, keeps the whole upload', () => {
    const t = target();
    writeWeldedHeat(t, heat);
    for (const part of t.parts) uploaded(part.attribute);
    writeWeldedHeat(t, heat);
    writeWeldedHeat(t, heat, { indices: Uint32Array.from([0]), count: 1 });
    for (const [index, part] of t.parts.entries())
      expect(part.attribute.updateRanges, `part ${index}: no ranges, so three.js uploads the whole array`).toEqual([]);
    for (const part of t.parts) uploaded(part.attribute);
    writeWeldedHeat(t, heat, { indices: Uint32Array.from([0]), count: 1 });
    expect(t.parts[0].attribute.updateRanges, 'after that upload, samples are partial again').toEqual([{ start: 0, count: 4 }]);
  });
});
