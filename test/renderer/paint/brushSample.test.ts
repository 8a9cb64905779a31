// brushSample on a line of vertices: each mode does what Blender's weight paint does (add/subtract
// clamp to [0, 1], set mixes toward the value, smooth moves toward the neighbours' mean and keeps a
// linear ramp), the falloff weakens the rim, the mirror paints the image vertex, and the limits
// channel sets or clears max distances.
import { describe, expect, it } from 'vitest';
import { brushFalloff } from '../../../renderer/paint/brushFalloff.ts';
import { brushSample, createBrushScratch, type BrushTarget } from '../../../renderer/paint/brushSample.ts';
import { mirrorVertices } from '../../../renderer/paint/mirrorVertices.ts';
import type { EditRecorder } from '../../../renderer/paint/paintDocument.ts';
import type { PaintTarget } from '../../../renderer/paint/paintHistory.ts';
import { vertexNeighbours } from '../../../renderer/paint/vertexNeighbours.ts';
import { DEFAULT_BRUSH, type BrushSettings } from '../../../renderer/store/index.ts';

const n = 11;
const edges = Uint32Array.from({ length: 2 * (n - 1) }, (_, i) => (i >> 1) + (i & 1));
const adjacency = vertexNeighbours(n, edges);
/** Vertices at x = −5 … 5. */
const positions = Float32Array.from({ length: 3 * n }, (_, i) => (i % 3 === 0 ? i / 3 - 5 : 0));

function recorderOver(arrays: Partial<Record<PaintTarget, Float32Array>>): EditRecorder {
  return { array: (_mesh, target) => arrays[target]!, touch: () => undefined, finish: () => [] };
}

function sample(
  weights: Float32Array,
  x: number,
  brush: Partial<BrushSettings>,
  mirror: Int32Array | null = null,
  channel: BrushTarget['channel'] = 'weights',
  limits?: Float32Array,
): number {
  const target: BrushTarget = { mesh: 'm', channel, layer: null, positions, neighbourStart: adjacency.start, neighbours: adjacency.neighbours, mirror };
  return brushSample(
    recorderOver({ base: weights, maxDistance: limits }),
    target,
    [x, 0, 0],
    1.5,
    { ...DEFAULT_BRUSH, strength: 1, falloff: 'constant', ...brush },
    createBrushScratch(n),
  );
}

describe('brushSample', () => {
  it('add and subtract clamp to [0, 1]; set mixes toward the value by strength', () => {
    const w = new Float32Array(n).fill(0.5);
    sample(w, 0, { mode: 'add', weight: 0.8 });
    expect(w[5], 'added, clamped at 1').toBe(1);
    sample(w, 0, { mode: 'subtract', weight: 0.3 });
    expect(w[5], 'subtracted').toBeCloseTo(0.7, 6);
    sample(w, 0, { mode: 'set', weight: 0, strength: 0.5 });
    expect(w[5], 'half-way to 0').toBeCloseTo(0.35, 6);
    expect(w[0], 'outside the brush: untouched').toBe(0.5);
  });

  it('falls off toward the rim', () => {
    expect(brushFalloff('smooth', 0, 2), 'full at the centre').toBe(1);
    expect(brushFalloff('smooth', 1, 2), 'half at mid-radius (smoothstep)').toBeCloseTo(0.5, 12);
    expect(brushFalloff('linear', 2, 2), 'nothing at the rim').toBe(0);
    const w = new Float32Array(n);
    sample(w, 0, { mode: 'set', weight: 1, falloff: 'linear' });
    expect(w[5] > w[6] && w[6] > 0, 'the centre gets more than the rim').toBe(true);
  });

  it('smooth moves a spike toward its neighbours and keeps a linear ramp as it is', () => {
    const spike = new Float32Array(n);
    spike[5] = 1;
    sample(spike, 0, { mode: 'smooth', strength: 1 }, null);
    expect(spike[5], 'the spike drops to its neighbours’ mean (0)').toBe(0);
    const ramp = Float32Array.from({ length: n }, (_, v) => v / 10);
    sample(ramp, 0, { mode: 'smooth' });
    expect(ramp[5], 'a linear ramp is already smooth').toBeCloseTo(0.5, 6);
  });

  it('paints the mirror image of each hit vertex', () => {
    const mirror = mirrorVertices(positions, adjacency, 0, 'positional');
    expect(mirror[0], 'x = −5 mirrors to x = 5').toBe(10);
    const w = new Float32Array(n);
    sample(w, -4, { mode: 'set', weight: 1 }, mirror);
    expect([w[0], w[1], w[2]], 'painted side').toEqual([1, 1, 1]);
    expect([w[8], w[9], w[10]], 'mirrored side').toEqual([1, 1, 1]);
    expect(w[5], 'the middle untouched').toBe(0);
  });

  it('sets and clears max distances on the limits channel', () => {
    const limits = new Float32Array(n).fill(Infinity);
    sample(new Float32Array(n), 0, { mode: 'set', distance: 0.02 }, null, 'maxDistance', limits);
    expect([limits[4], limits[5], limits[6]], 'limited').toEqual([Math.fround(0.02), Math.fround(0.02), Math.fround(0.02)]);
    sample(new Float32Array(n), 1, { mode: 'subtract' }, null, 'maxDistance', limits);
    expect([limits[4], limits[5], limits[6]], 'subtract clears the limit').toEqual([Math.fround(0.02), Infinity, Infinity]);
  });
});

describe('mirrorVertices', () => {
  it('topological mode matches a symmetric topology whose positions are slightly asymmetric', () => {
    // A ladder of 2 × 5 vertices at x = ±1, with the right side jittered: positional matching fails there.
    const ladder: number[] = [];
    const ladderEdges: number[] = [];
    for (let i = 0; i < 5; i++) {
      ladder.push(-1, i, 0, 1 + (i > 0 ? 0.05 * i : 0), i, 0);
      ladderEdges.push(2 * i, 2 * i + 1);
      if (i > 0) ladderEdges.push(2 * i - 2, 2 * i, 2 * i - 1, 2 * i + 1);
    }
    const graph = vertexNeighbours(10, ladderEdges);
    const positional = mirrorVertices(ladder, graph, 0, 'positional');
    expect(positional[2], 'positional: the jittered rung has no image').toBe(-1);
    const topological = mirrorVertices(ladder, graph, 0, 'topological');
    expect(Array.from(topological), 'every vertex finds its image across the ladder').toEqual([1, 0, 3, 2, 5, 4, 7, 6, 9, 8]);
  });
});
