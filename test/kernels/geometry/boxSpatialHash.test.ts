// boxSpatialHash.wgsl (kernels/geometry/gpuBoxSpatialHash.ts) against its CPU twin app/geometry/boxSpatialHash.ts and a
// brute force, in Node on Dawn: for every query box the same set of overlapping boxes, each once. Boxes are the
// triangles of a bumpy sheet (the sizes a mesh has, many cells sharing buckets), a few boxes spanning more than 512
// cells (the large list), and queries: each vertex grown by a radius, boxes touching a triangle box exactly at a face
// (closed boxes), one query spanning the whole grid (the scan of every box) and one far away (no answer). Boxes are
// rounded to f32 for all three (the GPU's precision), so the answers must be equal, not close.
import { describe, expect, it } from 'vitest';
import { boxSpatialHash } from '../../../app/geometry/index.ts';
import { GpuBoxSpatialHash } from '../../../kernels/geometry/gpuBoxSpatialHash.ts';
import { readBuffer } from '../../../kernels/gpu/readBuffer.ts';
import { nodeComputeBackend } from '../nodeComputeBackend.ts';
import { random } from '../vbd/vbdTestKit.ts';

const node = await nodeComputeBackend();

describe.skipIf(!node.device)(`boxSpatialHash.wgsl answers as the CPU twin${node.skipReason ? ` (skipped: ${node.skipReason})` : ''}`, () => {
  for (const bucketCount of [undefined, 4]) {
    it(`every query gets exactly the boxes that overlap it, each once (sheet triangles, large boxes, face contact, a grid-wide and an empty query${bucketCount ? `; a table of ${bucketCount} buckets, many cells of a box in one` : ''})`, async () => {
      const next = random(7);
      const n = 40;
      const vertex = (i: number, j: number): [number, number, number] => [i / n, 0.05 * Math.sin((7 * i) / n) * Math.cos((5 * j) / n) + 0.002 * next(), j / n];
      const boxes: number[] = [];
      for (let j = 0; j < n; j++) {
        for (let i = 0; i < n; i++) {
          for (const tri of [
            [vertex(i, j), vertex(i + 1, j), vertex(i, j + 1)],
            [vertex(i + 1, j), vertex(i + 1, j + 1), vertex(i, j + 1)],
          ]) {
            boxes.push(...[0, 1, 2].map((k) => Math.min(...tri.map((p) => p[k]))), ...[0, 1, 2].map((k) => Math.max(...tri.map((p) => p[k]))));
          }
        }
      }
      // large boxes: a slab under the sheet and a pole through it
      boxes.push(-0.1, -0.2, -0.1, 1.1, -0.1, 1.1, 0.5, -1, 0.5, 0.52, 1, 0.52);
      const queries: number[] = [];
      const r = 0.01;
      for (let j = 0; j <= n; j += 2)
        for (let i = 0; i <= n; i += 3) {
          const [x, y, z] = vertex(i, j);
          queries.push(x - r, y - r, z - r, x + r, y + r, z + r);
        }
      // touching box 17 exactly at its max-x face, a grid-wide query, a far one
      queries.push(boxes[6 * 17 + 3], boxes[6 * 17 + 1], boxes[6 * 17 + 2], boxes[6 * 17 + 3] + 0.001, boxes[6 * 17 + 4], boxes[6 * 17 + 5]);
      queries.push(-5, -5, -5, 5, 5, 5);
      queries.push(10, 10, 10, 10.01, 10.01, 10.01);
      const boxes32 = Float64Array.from(Float32Array.from(boxes));
      const queries32 = Float64Array.from(Float32Array.from(queries));
      const N = boxes32.length / 6;
      const Q = queries32.length / 6;

      const gpu = await (await GpuBoxSpatialHash.create(node.device!)).query(boxes32, queries32, { bucketCount });
      const cpu = boxSpatialHash(N);
      cpu.build(boxes32, N);
      let total = 0;
      for (let q = 0; q < Q; q++) {
        const o = 6 * q;
        const found = cpu.query(queries32[o], queries32[o + 1], queries32[o + 2], queries32[o + 3], queries32[o + 4], queries32[o + 5]);
        const expected = Array.from(cpu.candidates.subarray(0, found)).sort((a, b) => a - b);
        const brute: number[] = [];
        for (let i = 0; i < N; i++) {
          const b = 6 * i;
          if (
            !(
              boxes32[b] > queries32[o + 3] ||
              boxes32[b + 1] > queries32[o + 4] ||
              boxes32[b + 2] > queries32[o + 5] ||
              boxes32[b + 3] < queries32[o] ||
              boxes32[b + 4] < queries32[o + 1] ||
              boxes32[b + 5] < queries32[o + 2]
            )
          )
            brute.push(i);
        }
        expect(expected, `query ${q}: the CPU twin is the brute force`).toEqual(brute);
        const actual = Array.from(gpu.answers.subarray(gpu.offsets[q], gpu.offsets[q + 1])).sort((a, b) => a - b);
        expect(actual, `query ${q}: the GPU's answers`).toEqual(expected);
        total += found;
      }
      expect(gpu.offsets[Q], 'answers in all').toBe(total);
      expect(gpu.offsets[Q - 2 + 1] - gpu.offsets[Q - 2], 'the grid-wide query gets every box').toBe(N);
      expect(gpu.offsets[Q] - gpu.offsets[Q - 1], 'the far query gets none').toBe(0);
      expect(gpu.offsets[Q - 2] - gpu.offsets[Q - 3], 'the face-touching query gets box 17 at least').toBeGreaterThan(0);
    });
  }

  it('a table with too little room counts its entries, then its answers, whole; with that room it answers as the batch does', async () => {
    const next = random(3);
    const boxes: number[] = [];
    const queries: number[] = [];
    for (let i = 0; i < 300; i++) {
      const [x, y, z] = [next(), next(), next()];
      boxes.push(x, y, z, x + 0.05 + 0.05 * next(), y + 0.05, z + 0.05);
      queries.push(z, x, y, z + 0.08, x + 0.08, y + 0.08);
    }
    const N = 300,
      Q = 300;
    const hash = await GpuBoxSpatialHash.create(node.device!);
    const reference = await hash.query(boxes, queries);
    const device = node.device!;
    const run = async (entryCapacity: number, answerCapacity: number) => {
      const table = hash.table({ boxCount: N, queryCount: Q, entryCapacity, answerCapacity, bucketCount: 1024, inverseCell: Math.fround(1 / 0.07) });
      try {
        device.queue.writeBuffer(table.boxes.buffer, 0, Float32Array.from(boxes));
        device.queue.writeBuffer(table.queries.buffer, 0, Float32Array.from(queries));
        const encoder = device.createCommandEncoder();
        table.encode(encoder);
        device.queue.submit([encoder.finish()]);
        const entries = new Uint32Array(await readBuffer(device, table.buckets))[1024];
        const offsets = new Uint32Array(await readBuffer(device, table.answerOffsets.buffer, 4 * (Q + 1)));
        const answers = new Uint32Array(await readBuffer(device, table.answers.buffer, 4 * Math.min(offsets[Q], answerCapacity)));
        return { entries, offsets, answers };
      } finally {
        table.destroy();
      }
    };
    // too few entries: their total is whole (the answers then are not: the host grows the entries first)
    const fewEntries = await run(40, 50);
    expect(fewEntries.entries, 'entries counted whole').toBeGreaterThan(40);
    // room for the entries, too few answers: the answers' total is whole (the batch, sized exactly, found as many)
    const fewAnswers = await run(fewEntries.entries, 50);
    expect(fewAnswers.entries).toBe(fewEntries.entries);
    expect(fewAnswers.offsets[Q], 'answers counted whole').toBe(reference.offsets[Q]);
    expect(reference.offsets[Q]).toBeGreaterThan(50);
    // room for both: the batch's answers
    const roomy = await run(fewEntries.entries, fewAnswers.offsets[Q]);
    for (let q = 0; q < Q; q++) {
      const got = Array.from(roomy.answers.subarray(roomy.offsets[q], roomy.offsets[q + 1])).sort((a, b) => a - b);
      const want = Array.from(reference.answers.subarray(reference.offsets[q], reference.offsets[q + 1])).sort((a, b) => a - b);
      expect(got, `query ${q}`).toEqual(want);
    }
  });

  it('a table refuses more boxes than its entries can name (an entry is the box and its cell in 32 bits)', async () => {
    const hash = await GpuBoxSpatialHash.create(node.device!);
    expect(() => hash.table({ boxCount: 2 ** 23, queryCount: 1, entryCapacity: 1, answerCapacity: 1, bucketCount: 1024, inverseCell: 1 })).toThrow(
      /at most 8388607 boxes, got 8388608/,
    );
  });
});
