import type { FrameIntersections } from './checker/types.ts';
import type { RegionTopology } from './regionTopology.ts';

/**
 * The input-region rule, one for every contact user (the bake's contact and final check, repair, the Pose tool,
 * `overlap check --against`, the app's overlay): a vertex lies inside an input region when it is at most
 * INPUT_REGION_RINGS − 1 edges from a corner of a triangle that intersects in the input, so a triangle lies in one
 * when it is within INPUT_REGION_RINGS rings of an intersecting triangle (1 ring: it shares a vertex with one; 2: it
 * shares a vertex with the 1-ring). Pairs inside one input region are neither pushed apart nor glued; everything else
 * is contact's, and an output triangle that intersects outside every input region is a new intersection
 * (newIntersectionRegions). Two rings, as issue 33 measures what users care about: real characters' layers already
 * cut through each other, and the simulation slides those curves a little (1–2 rings) without passing anything new
 * through.
 */
export const INPUT_REGION_RINGS = 2;

/**
 * The label of a point that matches every region (bakeContact's untangled points: the simulated surface holds an
 * intersection there that its input does not, and it is pulled toward the input instead of held by contact).
 */
export const ANY_REGION = 0xffffffff;

/**
 * The input region of a feature (a point, an edge, a triangle) from its corners' labels (InputRegions.labels): the
 * largest. The corners of one feature that lie inside a region lie inside the same one (a region holds the edges
 * between its vertices), so the largest is that region, or ANY_REGION where a corner is in all of them. Pass 0 for
 * the corners a feature has not.
 */
export function featureRegion(a: number, b: number, c: number): number {
  const ab = a > b ? a : b;
  return ab > c ? ab : c;
}

/** Whether two features lie inside one input region (their featureRegion): both inside one, or one inside any. */
export function sameRegion(a: number, b: number): boolean {
  return a !== 0 && b !== 0 && (a === b || a === ANY_REGION || b === ANY_REGION);
}

/** Hops of a vertex farther than the rule looks (InputRegions.hops). */
export const FAR = 255;

/** The input regions of a frame (inputRegions). Vertices are per mesh, in the RegionTopology's meshes. */
export interface InputRegions {
  /** the rings the regions were grown to */
  rings: number;
  /** per mesh #V: edges from the nearest corner of an intersecting triangle (0 on them) up to rings − 1, FAR beyond */
  hops: Uint8Array[];
  /**
   * per mesh #V: the region the vertex lies inside (1..count), 0 outside every region. A region is connected: along
   * the meshes' edges between inside vertices and across each intersecting pair (both sides of a crossing are one
   * region), so two parts that cut each other at two places make two regions.
   */
  labels: Uint32Array[];
  /** number of regions */
  count: number;
}

/** A check's fields the rule reads: the triangles taking part and, when anything intersects, the pairs (listPairs). */
export type RegionCheck = Pick<FrameIntersections, 'total' | 'triangles' | 'pairList'>;

/**
 * The input regions of one or more checks of the input (a frame, or a frame and the next one the bake looks ahead to):
 * the triangles taking part in any of them grown by `rings` rings, split into connected regions (INPUT_REGION_RINGS).
 * O(#V + the regions' 1-rings) per call; `out` is reused when given (same topology).
 *
 * @param topology  the meshes (regionTopology), in the checks' mesh order
 * @param checks    checks of the input (intersectionChecker with listPairs wherever total > 0)
 * @param rings     rings of the rule (default INPUT_REGION_RINGS)
 * @param out       regions to fill (from an earlier call on the same topology)
 * @returns the regions
 */
export function inputRegions(topology: RegionTopology, checks: readonly RegionCheck[], rings = INPUT_REGION_RINGS, out?: InputRegions): InputRegions {
  if (!(Number.isInteger(rings) && rings >= 1 && rings < FAR)) throw new RangeError(`inputRegions: rings must be a whole number in [1, ${FAR}), got ${rings}`);
  const meshes = topology.meshes;
  const regions: InputRegions = out ?? {
    rings,
    hops: meshes.map((m) => new Uint8Array(m.vertexCount)),
    labels: meshes.map((m) => new Uint32Array(m.vertexCount)),
    count: 0,
  };
  regions.rings = rings;
  const parent = new Int32Array(topology.vertexCount).fill(-1);
  const find = (v: number): number => {
    while (parent[v] !== v) {
      parent[v] = parent[parent[v]];
      v = parent[v];
    }
    return v;
  };
  const union = (a: number, b: number): void => {
    const ra = find(a),
      rb = find(b);
    if (ra !== rb) parent[ra < rb ? rb : ra] = ra < rb ? ra : rb;
  };
  for (let m = 0; m < meshes.length; m++) {
    const mesh = meshes[m];
    const hops = regions.hops[m];
    hops.fill(FAR);
    // Seeds: the corners of the triangles taking part (hop 0), then breadth-first to rings − 1 hops.
    const frontier: number[] = [];
    for (const check of checks) {
      const list = check.triangles[m];
      if (!list) continue;
      for (const t of list) {
        for (let k = 0; k < 3; k++) {
          const v = mesh.triangles[3 * t + k];
          if (hops[v] !== 0) {
            hops[v] = 0;
            frontier.push(v);
          }
        }
      }
    }
    let level = frontier;
    for (let hop = 1; hop < rings && level.length > 0; hop++) {
      const next: number[] = [];
      for (const v of level) {
        for (let k = mesh.neighbourOffsets[v]; k < mesh.neighbourOffsets[v + 1]; k++) {
          const w = mesh.neighbours[k];
          if (hops[w] === FAR) {
            hops[w] = hop;
            next.push(w);
          }
        }
      }
      for (const w of next) frontier.push(w);
      level = next;
    }
    // Inside vertices joined along the mesh's edges.
    const base = topology.vertexBase[m];
    for (const v of frontier) parent[base + v] = base + v;
    for (const v of frontier) {
      for (let k = mesh.neighbourOffsets[v]; k < mesh.neighbourOffsets[v + 1]; k++) {
        const w = mesh.neighbours[k];
        if (hops[w] !== FAR) union(base + v, base + w);
      }
    }
  }
  // Both sides of each crossing are one region.
  for (const check of checks) {
    const list = check.pairList;
    if (check.total > 0 && list.length === 0) throw new RangeError('inputRegions: a check with intersections has no pairList (check with listPairs)');
    for (let i = 0; i + 3 < list.length; i += 4) {
      const em = list[i],
        e = list[i + 1],
        tm = list[i + 2],
        t = list[i + 3];
      const edgeEnd = topology.vertexBase[em] + meshes[em].edges[2 * e];
      const corner = topology.vertexBase[tm] + meshes[tm].triangles[3 * t];
      if (parent[edgeEnd] >= 0 && parent[corner] >= 0) union(edgeEnd, corner);
    }
  }
  // Labels 1..count in vertex order (the same numbering whatever order the unions ran in).
  const labelOfRoot = new Map<number, number>();
  let count = 0;
  for (let m = 0; m < meshes.length; m++) {
    const labels = regions.labels[m];
    const base = topology.vertexBase[m];
    for (let v = 0; v < meshes[m].vertexCount; v++) {
      if (parent[base + v] < 0) {
        labels[v] = 0;
        continue;
      }
      const root = find(base + v);
      let label = labelOfRoot.get(root);
      if (label === undefined) {
        label = ++count;
        labelOfRoot.set(root, label);
      }
      labels[v] = label;
    }
  }
  regions.count = count;
  return regions;
}
