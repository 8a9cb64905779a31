// dijkstraDistances: shortest path lengths from the heap's sources through allowed vertices only, with labels.
import { describe, expect, it } from 'vitest';
import { dijkstraDistances } from '../../../../app/solvers/arap/dijkstraDistances.ts';
import { distanceHeap } from '../../../../app/solvers/arap/distanceHeap.ts';

/** Undirected graph from [a, b, length] edges, as CSR. */
function graph(vertexCount: number, edges: [number, number, number][]) {
  const lists: [number, number][][] = Array.from({ length: vertexCount }, () => []);
  for (const [a, b, length] of edges) {
    lists[a].push([b, length]);
    lists[b].push([a, length]);
  }
  const offsets = Int32Array.from({ length: vertexCount + 1 }, (_, v) => lists.slice(0, v).reduce((n, l) => n + l.length, 0));
  return { offsets, neighbors: Int32Array.from(lists.flat().map(([u]) => u)), lengths: Float64Array.from(lists.flat().map(([, l]) => l)) };
}

describe('dijkstraDistances', () => {
  // a path 0–1–2–3 of unit edges, and a shortcut 0–4–3 of total length 1 through vertex 4
  const g = graph(5, [
    [0, 1, 1],
    [1, 2, 1],
    [2, 3, 1],
    [0, 4, 0.5],
    [4, 3, 0.5],
  ]);

  function run(allowed: Int32Array) {
    const distance = Float64Array.of(0, Infinity, Infinity, Infinity, Infinity);
    const label = Int32Array.of(7, -1, -1, -1, -1);
    const heap = distanceHeap(16);
    heap.push(0, 0);
    dijkstraDistances(g, heap, distance, label, -1, allowed, 1);
    return { distance: Array.from(distance), label: Array.from(label) };
  }

  it('takes the shortcut when its vertex is allowed, and the labels follow the source', () => {
    const { distance, label } = run(Int32Array.of(1, 1, 1, 1, 1));
    expect(distance, 'distances').toEqual([0, 1, 2, 1, 0.5]);
    expect(label, 'every vertex inherits the source’s label').toEqual([7, 7, 7, 7, 7]);
  });

  it('goes around a vertex that is not allowed', () => {
    const { distance, label } = run(Int32Array.of(1, 1, 1, 1, 0));
    expect(distance, 'distances').toEqual([0, 1, 2, 3, Infinity]);
    expect(label[4], 'the excluded vertex keeps its label').toBe(-1);
  });
});
