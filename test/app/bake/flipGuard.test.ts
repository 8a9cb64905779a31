// The flip guard (app/bake/flipGuard.ts): a baked frame never turns a triangle inside out that the input does not.
// A sheet whose output pushes one vertex across its neighbours (the triangles on one side turn over), a whole frame
// scrambled, and the rig's own crushed triangles.
import { describe, expect, it } from 'vitest';
import { flipGuard } from '../../../app/bake/flipGuard.ts';
import { flippedTriangleCount, ringFalloff, vertexNeighbours } from '../../../app/geometry/index.ts';

/** An n×n grid of unit cells in the z = 0 plane, two triangles a cell, counter-clockwise seen from +z. */
function sheet(n: number): { positions: Float32Array; triangles: Uint32Array } {
  const positions = new Float32Array(3 * n * n);
  for (let j = 0; j < n; j++) for (let i = 0; i < n; i++) positions.set([i, j, 0], 3 * (j * n + i));
  const triangles: number[] = [];
  for (let j = 0; j + 1 < n; j++) {
    for (let i = 0; i + 1 < n; i++) {
      const a = j * n + i,
        b = a + 1,
        c = a + n,
        d = c + 1;
      triangles.push(a, b, d, a, d, c);
    }
  }
  return { positions, triangles: Uint32Array.from(triangles) };
}

describe('flipGuard', () => {
  const n = 9;
  const { positions: input, triangles } = sheet(n);
  const V = n * n;
  const centre = 4 * n + 4;

  it('leaves a frame without a flipped triangle exactly as it was', () => {
    const output = input.map((x, k) => x + 0.01 * Math.sin(k));
    const before = Float32Array.from(output);
    const result = flipGuard(triangles, input, V).correct(output, input);
    expect(result, 'nothing flipped, nothing moved').toEqual({ flipped: 0, correctedVertices: 0 });
    expect(output, 'the output, bit for bit').toEqual(before);
  });

  it('pulls a vertex pushed across its neighbours back until nothing is flipped, with the falloff and nothing else moved', () => {
    // Every vertex 0.1 up (a departure that flips nothing), and the centre vertex 1.5 cells along x: past its
    // neighbours at x + 1, so the triangles on that side face down.
    const raw = input.map((x, k) => (k % 3 === 2 ? x + 0.1 : x));
    raw[3 * centre] += 1.5;
    expect(flippedTriangleCount(triangles, input, raw), 'triangles the raw output turns over').toBeGreaterThan(0);
    const output = Float32Array.from(raw);
    const result = flipGuard(triangles, input, V).correct(output, input);
    expect(flippedTriangleCount(triangles, input, output), 'flipped after the guard').toBe(0);
    expect(result.flipped, 'flipped before').toBe(flippedTriangleCount(triangles, input, raw));

    // Halving the 1.5-cell push once (0.75 of a cell) unflips them: the core keeps half its departure, its rings 3/4
    // and 7/8 (falloff 1, 1/2, 1/4), every other vertex keeps all of it, bit for bit.
    const core = new Uint8Array(V);
    const marks = new Uint8Array(triangles.length / 3);
    flippedTriangleCount(triangles, input, raw, null, undefined, marks);
    marks.forEach((m, t) => {
      if (m) for (let k = 0; k < 3; k++) core[triangles[3 * t + k]] = 1;
    });
    const { offsets, neighbours } = vertexNeighbours(triangles, V);
    const falloff = new Float32Array(V);
    ringFalloff(core, offsets, neighbours, falloff);
    let moved = 0;
    for (let v = 0; v < V; v++) {
      const keep = 1 - falloff[v] * 0.5;
      if (falloff[v] > 0) moved++;
      for (let c = 0; c < 3; c++) {
        const expected = Math.fround(input[3 * v + c] + keep * (raw[3 * v + c] - input[3 * v + c]));
        expect(output[3 * v + c], `vertex ${v} coordinate ${c} (falloff ${falloff[v]})`).toBe(falloff[v] === 0 ? raw[3 * v + c] : expected);
      }
    }
    expect(result.correctedVertices, 'vertices moved: the core and two rings').toBe(moved);
    expect(moved, 'the correction stays local').toBeLessThan(V / 2);
  });

  it('ends with no flipped triangle on a scrambled frame (the region grows until it does)', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    const output = input.map((x) => x + 2 * random());
    expect(flippedTriangleCount(triangles, input, output), 'scrambled: flipped').toBeGreaterThan(10);
    const result = flipGuard(triangles, input, V).correct(output, input);
    expect(flippedTriangleCount(triangles, input, output), 'flipped after the guard').toBe(0);
    expect(result.correctedVertices, 'vertices moved').toBeGreaterThan(0);
    expect(output.every(Number.isFinite), 'finite').toBe(true);
  });

  it('leaves the triangles the rig itself crushes alone', () => {
    // The input squeezes the centre's row of cells to 1% of their rest height; the output turns them over.
    const rest = input;
    const squeezed = Float32Array.from(rest);
    for (let v = 0; v < V; v++) {
      const y = rest[3 * v + 1];
      squeezed[3 * v + 1] = y <= 4 ? y : y >= 5 ? y - 0.99 : y;
    }
    const output = Float32Array.from(squeezed);
    // Row 5 moved below row 4 (by 0.02): the squeezed cells between them face down.
    for (let i = 0; i < n; i++) output[3 * (5 * n + i) + 1] = 4 - 0.02;
    expect(flippedTriangleCount(triangles, squeezed, output), 'flipped, counting crushed ones').toBeGreaterThan(0);
    const before = Float32Array.from(output);
    const result = flipGuard(triangles, rest, V).correct(output, squeezed);
    expect(result.flipped, "the crushed triangles are not the guard's").toBe(0);
    expect(output, 'the output, bit for bit').toEqual(before);
  });
});
