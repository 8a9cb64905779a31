import { kinematicPoints } from '../../../../app/contact/ogc/kinematicPoints.ts';
import { ogcContactState } from '../../../../app/contact/ogc/ogcContactState.ts';
import type { OgcContactState } from '../../../../app/contact/ogc/types.ts';
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
