import type { SurfaceRepairState } from './types.ts';

/** Rings around the moved part that are simulated but held on the input (the correction's boundary). */
export const HELD_RINGS = 2;

/** The part of the surface a frame's repair simulates (repairPatch). */
export interface RepairPatch {
  /** #V each vertex's ring from the new pairs' corners (0 on them), −1 outside the patch */
  ring: Int32Array;
  /** #V each vertex's index in the patch, −1 outside it */
  local: Int32Array;
  /** the patch's surface vertices in increasing order (#P) */
  patch: number[];
}

/**
 * The part of the surface a repair moves (seed 001's two-way scheme, applied locally): the surface corners of the
 * frame's new pairs (an edge's two when the edge is the surface's, a triangle's three), grown by `state.rings` rings
 * that move and HELD_RINGS more that are simulated but held on the input; the whole surface when `whole`.
 *
 * @param state     the repair (triangles, the checker's surface edges, 1-rings)
 * @param pairList  the input frame's pairs, four numbers each (FrameIntersections.pairList)
 * @param pairs     the positions in pairList of the new pairs (NewIntersections.pairs)
 * @param whole     seed every vertex (the first frame, or when the local repair left pairs)
 * @returns the rings, the patch's numbering and its vertices
 */
export function repairPatch(state: SurfaceRepairState, pairList: readonly number[], pairs: readonly number[], whole: boolean): RepairPatch {
  const V = state.vertexCount;
  const { triangles, neighbourOffsets, neighbours } = state;
  const surfaceEdges = state.checker.edges[0];
  const ring = new Int32Array(V).fill(-1);
  let level: number[] = [];
  const seed = (v: number): void => {
    if (ring[v] < 0) {
      ring[v] = 0;
      level.push(v);
    }
  };
  for (const i of pairs) {
    if (pairList[i] === 0) {
      seed(surfaceEdges[2 * pairList[i + 1]]);
      seed(surfaceEdges[2 * pairList[i + 1] + 1]);
    }
    if (pairList[i + 2] === 0) for (let k = 0; k < 3; k++) seed(triangles[3 * pairList[i + 3] + k]);
  }
  if (whole) for (let v = 0; v < V; v++) seed(v);
  for (let k = 1; k <= state.rings + HELD_RINGS && level.length > 0; k++) {
    const next: number[] = [];
    for (const v of level) {
      for (let j = neighbourOffsets[v]; j < neighbourOffsets[v + 1]; j++) {
        const w = neighbours[j];
        if (ring[w] < 0) {
          ring[w] = k;
          next.push(w);
        }
      }
    }
    level = next;
  }
  // Local numbering: the patch (moved and held rings) first, then every other surface vertex as an obstacle point.
  const local = new Int32Array(V).fill(-1);
  const patch: number[] = [];
  for (let v = 0; v < V; v++)
    if (ring[v] >= 0) {
      local[v] = patch.length;
      patch.push(v);
    }
  return { ring, local, patch };
}
