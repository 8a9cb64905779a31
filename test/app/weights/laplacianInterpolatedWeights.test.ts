// laplacianInterpolatedWeights: the minimizer of ½ wᵀLᵀLw with the set values fixed (Li 2019 Eq. 4.14-4.15),
// checked against a dense solve of the same optimality conditions written here, on a grid mesh.
import { describe, expect, it } from 'vitest';
import { laplacianInterpolatedWeights } from '../../../app/weights/index.ts';

/** Edges of an n×n grid of vertices, triangulated (each quad split along one diagonal). */
function gridEdges(n: number): number[] {
  const edges: number[] = [];
  const id = (i: number, j: number) => i * n + j;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (j + 1 < n) edges.push(id(i, j), id(i, j + 1));
      if (i + 1 < n) edges.push(id(i, j), id(i + 1, j));
      if (i + 1 < n && j + 1 < n) edges.push(id(i, j), id(i + 1, j + 1));
    }
  }
  return edges;
}

/** Dense minimizer: Gaussian elimination on (LᵀL)_FF w_F = −(LᵀL)_FC w_C. */
function denseReference(vertexCount: number, edges: number[], fixed: Map<number, number>): Float64Array {
  const L = Array.from({ length: vertexCount }, () => new Float64Array(vertexCount));
  for (let e = 0; e < edges.length; e += 2) {
    const [a, b] = [edges[e], edges[e + 1]];
    L[a][b] -= 1;
    L[b][a] -= 1;
    L[a][a] += 1;
    L[b][b] += 1;
  }
  const Q = Array.from({ length: vertexCount }, (_, i) => Float64Array.from({ length: vertexCount }, (_, j) => L.reduce((s, row) => s + row[i] * row[j], 0)));
  const free = [...Array(vertexCount).keys()].filter((v) => !fixed.has(v));
  const A = free.map((i) => free.map((j) => Q[i][j]));
  const b = free.map((i) => -[...fixed].reduce((s, [j, w]) => s + Q[i][j] * w, 0));
  for (let k = 0; k < free.length; k++) {
    for (let r = k + 1; r < free.length; r++) {
      const f = A[r][k] / A[k][k];
      for (let c = k; c < free.length; c++) A[r][c] -= f * A[k][c];
      b[r] -= f * b[k];
    }
  }
  const x = new Float64Array(free.length);
  for (let k = free.length - 1; k >= 0; k--) {
    let s = b[k];
    for (let c = k + 1; c < free.length; c++) s -= A[k][c] * x[c];
    x[k] = s / A[k][k];
  }
  const w = new Float64Array(vertexCount);
  fixed.forEach((value, v) => (w[v] = value));
  free.forEach((v, k) => (w[v] = x[k]));
  return w;
}

describe('laplacianInterpolatedWeights', () => {
  const n = 8;
  const edges = gridEdges(n);
  const vertexCount = n * n;

  it('matches a dense solve of the bi-Laplacian optimality conditions, and keeps set values exactly', () => {
    const constraints = [
      { vertex: 0, weight: 0 },
      { vertex: 63, weight: 1 },
      { vertex: 27, weight: 0.5 },
      { vertex: 7, weight: 0.2 },
    ];
    const weights = laplacianInterpolatedWeights(vertexCount, edges, constraints, 0);
    const reference = denseReference(vertexCount, edges, new Map(constraints.map((c) => [c.vertex, c.weight])));
    for (let v = 0; v < vertexCount; v++) {
      expect(Math.abs(weights[v] - Math.min(1, Math.max(0, reference[v]))), `vertex ${v}`).toBeLessThan(1e-6);
    }
    for (const c of constraints) expect(weights[c.vertex], `set vertex ${c.vertex} keeps its value`).toBe(Math.fround(c.weight));
  });

  it('reproduces a constant: every set value equal gives that value everywhere', () => {
    const weights = laplacianInterpolatedWeights(
      vertexCount,
      edges,
      [
        { vertex: 3, weight: 0.4 },
        { vertex: 50, weight: 0.4 },
      ],
      0,
    );
    for (let v = 0; v < vertexCount; v++) expect(Math.abs(weights[v] - 0.4), `vertex ${v}`).toBeLessThan(1e-6);
  });

  it('is smooth: no interior vertex exceeds the range of the set values', () => {
    const weights = laplacianInterpolatedWeights(
      vertexCount,
      edges,
      [
        { vertex: 0, weight: 0.1 },
        { vertex: 63, weight: 0.9 },
      ],
      0,
    );
    for (let v = 0; v < vertexCount; v++) {
      expect(weights[v], `vertex ${v}`).toBeGreaterThanOrEqual(0);
      expect(weights[v], `vertex ${v}`).toBeLessThanOrEqual(1);
    }
    expect(weights[36], 'the far corner is closer to its own value').toBeGreaterThan(weights[27]);
  });

  it('a component without any set value takes the fallback', () => {
    // Two grids side by side, not connected; constraints only on the first.
    const second = edges.map((v) => v + vertexCount);
    const weights = laplacianInterpolatedWeights(2 * vertexCount, [...edges, ...second], [{ vertex: 0, weight: 1 }], 0.25);
    for (let v = vertexCount; v < 2 * vertexCount; v++) expect(weights[v], `vertex ${v} of the unconstrained part`).toBe(0.25);
    expect(weights[10], 'the constrained part follows its value').toBeCloseTo(1, 6);
  });

  it('rejects a constraint outside the mesh or outside [0, 1]', () => {
    expect(() => laplacianInterpolatedWeights(4, [0, 1, 1, 2, 2, 3], [{ vertex: 9, weight: 1 }], 0), 'vertex out of range').toThrow(/vertex 9/);
    expect(() => laplacianInterpolatedWeights(4, [0, 1, 1, 2, 2, 3], [{ vertex: 1, weight: 2 }], 0), 'weight out of range').toThrow(/outside \[0, 1\]/);
  });
});
