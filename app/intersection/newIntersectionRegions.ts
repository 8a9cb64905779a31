import { FAR, type InputRegions, type RegionCheck } from './inputRegions.ts';
import type { RegionTopology } from './regionTopology.ts';

/** What newIntersectionRegions finds in one output frame. */
export interface NewIntersections {
  /** connected new regions (a crossing's two sides are one region) */
  regions: number;
  /** per mesh: the regions that have a triangle on it */
  meshRegions: number[];
  /** per mesh: sorted welded indices of the new triangles (taking part in the output, outside every input region) */
  triangles: Uint32Array[];
  /** positions in the output's pairList (multiples of 4) of the pairs with a new side: their edge or triangle is new */
  pairs: number[];
}

/**
 * The measure users care about (issue 33): the triangles of an output frame that take part in an intersection and lie
 * outside every input region of that frame, i.e. farther than INPUT_REGION_RINGS rings from every triangle that
 * intersects in the input (inputRegions: none of their corners inside), grouped into connected regions (along shared
 * vertices, and across each pair whose both sides are new). Counting totals is not enough on layered input: the
 * simulation slides the input's crossing curves a little, adding and removing as many pairs, without passing anything
 * new through; a new region is a crossing the input has nowhere near. 0 regions is the bake's promise at every frame.
 *
 * A pair is new when its triangle is new or its edge has no end inside a region (the edge's triangles are then new,
 * or touch a region only by their opposite corner).
 *
 * @param topology  the meshes (regionTopology), in the checks' order
 * @param regions   the input regions of the frame (inputRegions of the input's check)
 * @param output    the output's check of the same frame (listPairs)
 * @returns the new triangles, regions and pairs
 */
export function newIntersectionRegions(topology: RegionTopology, regions: InputRegions, output: RegionCheck): NewIntersections {
  const meshes = topology.meshes;
  const inside = (m: number, v: number): boolean => regions.hops[m][v] !== FAR;
  const triangles = meshes.map((mesh, m) => {
    const list = output.triangles[m] ?? new Uint32Array(0);
    const kept: number[] = [];
    for (const t of list) {
      if (!inside(m, mesh.triangles[3 * t]) && !inside(m, mesh.triangles[3 * t + 1]) && !inside(m, mesh.triangles[3 * t + 2])) kept.push(t);
    }
    return Uint32Array.from(kept);
  });
  const pairs: number[] = [];
  const list = output.pairList;
  if (output.total > 0 && list.length === 0)
    throw new RangeError('newIntersectionRegions: an output check with intersections has no pairList (check with listPairs)');
  // Union–find over the new triangles' corners (global vertex numbers): shared vertices, and each new pair's two sides.
  const parent = new Map<number, number>();
  const find = (v: number): number => {
    let root = v;
    while (parent.get(root)! !== root) root = parent.get(root)!;
    while (v !== root) {
      const next = parent.get(v)!;
      parent.set(v, root);
      v = next;
    }
    return root;
  };
  const union = (a: number, b: number): void => {
    const ra = find(a),
      rb = find(b);
    if (ra !== rb) parent.set(Math.max(ra, rb), Math.min(ra, rb));
  };
  triangles.forEach((list, m) => {
    const base = topology.vertexBase[m];
    for (const t of list) {
      const a = base + meshes[m].triangles[3 * t];
      for (let k = 0; k < 3; k++) {
        const v = base + meshes[m].triangles[3 * t + k];
        if (!parent.has(v)) parent.set(v, v);
      }
      union(a, base + meshes[m].triangles[3 * t + 1]);
      union(a, base + meshes[m].triangles[3 * t + 2]);
    }
  });
  for (let i = 0; i + 3 < list.length; i += 4) {
    const em = list[i],
      e = list[i + 1],
      tm = list[i + 2],
      t = list[i + 3];
    const i0 = meshes[em].edges[2 * e],
      i1 = meshes[em].edges[2 * e + 1];
    const edgeNew = !inside(em, i0) && !inside(em, i1);
    const c = meshes[tm].triangles;
    const triangleNew = !inside(tm, c[3 * t]) && !inside(tm, c[3 * t + 1]) && !inside(tm, c[3 * t + 2]);
    if (!edgeNew && !triangleNew) continue;
    pairs.push(i);
    const a = topology.vertexBase[em] + i0,
      b = topology.vertexBase[tm] + c[3 * t];
    if (parent.has(a) && parent.has(b)) union(a, b);
  }
  const roots = new Set<number>();
  const meshRegions = triangles.map((list, m) => {
    const base = topology.vertexBase[m];
    const here = new Set<number>();
    for (const t of list) here.add(find(base + meshes[m].triangles[3 * t]));
    for (const root of here) roots.add(root);
    return here.size;
  });
  return { regions: roots.size, meshRegions, triangles, pairs };
}
