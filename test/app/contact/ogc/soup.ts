import { kinematicPoints } from '../../../../app/contact/ogc/kinematicPoints.ts';
import { ogcContactState } from '../../../../app/contact/ogc/ogcContactState.ts';
import type { OgcContactState } from '../../../../app/contact/ogc/types.ts';
import { pointTriangleClosestPoint, segmentSegmentClosestPoints } from '../../../../app/geometry/index.ts';
import { random } from '../../../helpers/random.ts';

/**
 * A triangle soup in a 0.6 m box: `loose` separate triangles with random corners (edges up to ~0.15 m) and a 5×5
 * grid patch (shared points, so shared-point exclusions matter), every point its own simulation vertex (cloth-like).
 */
export function soup(seed: number, loose = 40): { positions: Float64Array; triangles: Uint32Array } {
  const next = random(seed);
  const positions: number[] = [];
  const triangles: number[] = [];
  for (let k = 0; k < loose; k++) {
    const cx = 0.6 * next(),
      cy = 0.6 * next(),
      cz = 0.6 * next();
    for (let c = 0; c < 3; c++) positions.push(cx + 0.15 * (next() - 0.5), cy + 0.15 * (next() - 0.5), cz + 0.15 * (next() - 0.5));
    triangles.push(3 * k, 3 * k + 1, 3 * k + 2);
  }
  const base = positions.length / 3;
  const n = 5;
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) positions.push(0.1 + 0.1 * i, 0.3 + 0.02 * (next() - 0.5), 0.1 + 0.1 * j);
  for (let i = 0; i + 1 < n; i++) {
    for (let j = 0; j + 1 < n; j++) {
      const a = base + i * n + j;
      triangles.push(a, a + n, a + 1, a + 1, a + n, a + n + 1);
    }
  }
  return { positions: Float64Array.from(positions), triangles: Uint32Array.from(triangles) };
}

/** An OgcContactState over `mesh` (each point its own vertex with weight 1), no vertex pinned, points set to the mesh. */
export function soupState(mesh: { positions: Float64Array; triangles: Uint32Array }, radius: number): OgcContactState {
  const V = mesh.positions.length / 3;
  const pointVertices = new Uint32Array(4 * V);
  const pointWeights = new Float64Array(4 * V);
  for (let v = 0; v < V; v++) {
    pointVertices[4 * v] = v;
    pointWeights[4 * v] = 1;
  }
  const state = ogcContactState({ simulationVertexCount: V, pointVertices, pointWeights, triangles: mesh.triangles, radius, stiffness: 1000 });
  kinematicPoints(state, new Uint8Array(V));
  state.points.set(mesh.positions);
  return state;
}

/**
 * The brute-force reference of the proximity searches: every (point, triangle) pair that shares no point, with its
 * squared distance (pointTriangleClosestPoint), then every pair of edges e < f that share no point, with theirs
 * (segmentSegmentClosestPoints).
 */
export function bruteForcePairs(
  positions: Float64Array,
  triangles: Uint32Array,
  edges: Uint32Array,
  pointTriangle: (p: number, t: number, corners: number[], distance2: number) => void,
  edgeEdge: (e: number, f: number, ends: number[], distance2: number) => void,
): void {
  const out = new Float64Array(4);
  const params = new Float64Array(2);
  for (let p = 0; p < positions.length / 3; p++) {
    for (let t = 0; t < triangles.length / 3; t++) {
      const a = triangles[3 * t],
        b = triangles[3 * t + 1],
        c = triangles[3 * t + 2];
      if (p === a || p === b || p === c) continue;
      pointTriangle(p, t, [p, a, b, c], pointTriangleClosestPoint(positions, a, b, c, positions[3 * p], positions[3 * p + 1], positions[3 * p + 2], out));
    }
  }
  const E = edges.length / 2;
  for (let e = 0; e < E; e++) {
    for (let f = e + 1; f < E; f++) {
      const i = edges[2 * e],
        j = edges[2 * e + 1],
        k = edges[2 * f],
        l = edges[2 * f + 1];
      if (i === k || i === l || j === k || j === l) continue;
      edgeEdge(e, f, [i, j, k, l], segmentSegmentClosestPoints(positions, i, j, positions, k, l, params));
    }
  }
}
