// vertexGrid gathers exactly the vertices a scan finds (strictly inside the radius, each once) on a curved shell, a
// flat sheet (one axis of zero extent) and for a brush larger than the mesh; brushSample through the grid paints
// exactly what it paints by scanning.
import { describe, expect, it } from 'vitest';
import { brushSample, clearChanged, collectChanged, createBrushScratch, type BrushTarget } from '../../../renderer/paint/brushSample.ts';
import type { EditRecorder } from '../../../renderer/paint/paintDocument.ts';
import { vertexGrid } from '../../../renderer/paint/vertexGrid.ts';
import { DEFAULT_BRUSH } from '../../../renderer/store/index.ts';

/** A deterministic pseudo-random sequence in [0, 1). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Points on an ellipsoid shell (a torso-like surface: the grid's cells are mostly empty inside). */
function shell(count: number, next: () => number): Float32Array {
  const positions = new Float32Array(3 * count);
  for (let v = 0; v < count; v++) {
    const z = 2 * next() - 1;
    const angle = 2 * Math.PI * next();
    const r = Math.sqrt(1 - z * z);
    positions.set([0.3 * r * Math.cos(angle), 0.8 * z + 0.9, 0.15 * r * Math.sin(angle)], 3 * v);
  }
  return positions;
}

function scan(positions: Float32Array, centre: number[], radius: number): number[] {
  const found: number[] = [];
  for (let v = 0; v < positions.length / 3; v++) {
    const d = (positions[3 * v] - centre[0]) ** 2 + (positions[3 * v + 1] - centre[1]) ** 2 + (positions[3 * v + 2] - centre[2]) ** 2;
    if (d < radius * radius) found.push(v);
  }
  return found;
}

function gathered(positions: Float32Array, centre: number[], radius: number): number[] {
  const out = new Uint32Array(positions.length / 3);
  const count = vertexGrid(positions).gather(centre, radius, out);
  return Array.from(out.subarray(0, count)).sort((a, b) => a - b);
}

describe('vertexGrid', () => {
  it('gathers what a scan finds on a curved shell, at brush sizes from a few vertices to the whole mesh', () => {
    const next = random(7);
    const positions = shell(4000, next);
    for (const radius of [0.01, 0.05, 0.2, 3]) {
      for (let trial = 0; trial < 20; trial++) {
        const v = Math.floor(next() * 4000);
        const centre = [positions[3 * v] + 0.01 * (next() - 0.5), positions[3 * v + 1], positions[3 * v + 2]];
        const expected = scan(positions, centre, radius);
        expect(gathered(positions, centre, radius), `radius ${radius}, centre near vertex ${v}: the grid's set is the scan's`).toEqual(expected);
      }
    }
  });

  it('handles a flat sheet (zero extent along one axis) and a brush off the mesh', () => {
    const next = random(3);
    const positions = new Float32Array(3 * 2500);
    for (let v = 0; v < 2500; v++) positions.set([next(), 0.5, next()], 3 * v);
    for (const centre of [
      [0.5, 0.5, 0.5],
      [0, 0.5, 1],
      [0.5, 0.52, 0.5],
      [5, 5, 5],
    ]) {
      expect(gathered(positions, centre, 0.07), `centre ${centre}: the grid's set is the scan's`).toEqual(scan(positions, centre, 0.07));
    }
    expect(gathered(positions, [0.5, 0.5, 0.5], 0), 'a zero radius reaches nothing').toEqual([]);
  });

  it('brushSample through the grid paints exactly what it paints by scanning', () => {
    const positions = shell(3000, random(11));
    const noNeighbours = { start: new Uint32Array(3001), neighbours: new Uint32Array(0) };
    const paint = (grid: boolean): Float32Array => {
      const weights = new Float32Array(3000);
      const recorder: EditRecorder = { array: () => weights, touch: () => undefined, finish: () => [] };
      const target: BrushTarget = {
        mesh: 'm',
        channel: 'weights',
        layer: null,
        positions,
        neighbourStart: noNeighbours.start,
        neighbours: noNeighbours.neighbours,
        mirror: null,
        grid: grid ? vertexGrid(positions) : null,
      };
      const scratch = createBrushScratch(3000);
      for (let s = 0; s < 30; s++)
        brushSample(
          recorder,
          target,
          [0.3 * Math.cos(s / 10), 0.2 + s / 20, 0.1],
          0.12,
          { ...DEFAULT_BRUSH, mode: 'add', weight: 1, strength: 0.3, falloff: 'smooth' },
          scratch,
        );
      return weights;
    };
    const scanned = paint(false);
    expect(
      scanned.some((w) => w > 0),
      'the strokes reach the mesh',
    ).toBe(true);
    expect(paint(true), 'the same weights, vertex for vertex').toEqual(scanned);
  });
});

describe('collectChanged', () => {
  it('keeps the union of the samples of one frame, each vertex once, and clears for the next frame', () => {
    const scratch = createBrushScratch(10);
    scratch.hits.set([1, 2, 3]);
    scratch.hitCount = 3;
    collectChanged(scratch);
    scratch.hits.set([3, 4, 1]);
    collectChanged(scratch);
    expect(Array.from(scratch.changed.subarray(0, scratch.changedCount)).sort(), 'the union of both samples').toEqual([1, 2, 3, 4]);
    clearChanged(scratch);
    expect(scratch.changedCount, 'empty after the heat write').toBe(0);
    scratch.hits.set([4]);
    scratch.hitCount = 1;
    collectChanged(scratch);
    expect(Array.from(scratch.changed.subarray(0, scratch.changedCount)), 'a vertex changed in the last frame counts again in the next').toEqual([4]);
  });
});
