import type { SkinSkeleton } from '../skinSkeleton.ts';
import type { JointRolesData } from './types.ts';

/** The joint forest, its main tree's core, and that tree rooted at the core (jointRoles step 2). */
export type CoreTree = Pick<JointRolesData, 'neighbors' | 'tree' | 'mainTree' | 'core' | 'order' | 'outParent' | 'children' | 'subtreeArea'>;

/**
 * Step 2 of jointRoles: the core, the area centroid of the joint tree carrying the most surface (walk from a root
 * toward the heavier side until no branch holds more than half), and the outward tree from it with each subtree's
 * surface.
 *
 * @param skeleton  the mesh's skeleton (parents)
 * @param area      #J surface per joint [m²] (jointSurface)
 */
export function coreTree(skeleton: SkinSkeleton, area: Float64Array): CoreTree {
  const J = skeleton.jointCount;
  const neighbors: number[][] = Array.from({ length: J }, () => []);
  for (let j = 0; j < J; j++) {
    const p = skeleton.parents[j];
    if (p >= 0) {
      neighbors[j].push(p);
      neighbors[p].push(j);
    }
  }
  const tree = new Int32Array(J).fill(-1);
  const treeArea: number[] = [];
  for (let j = 0; j < J; j++) {
    if (tree[j] >= 0) continue;
    const members = breadthFirst(neighbors, j).order;
    for (const k of members) tree[k] = treeArea.length;
    treeArea.push(members.reduce((sum, k) => sum + area[k], 0));
  }
  const mainTree = treeArea.indexOf(Math.max(...treeArea));
  const core = areaCentroid(neighbors, area, tree, mainTree);

  // Outward tree from the core.
  const { order, parent: outParent } = breadthFirst(neighbors, core);
  const children: number[][] = Array.from({ length: J }, () => []);
  for (const j of order) if (outParent[j] >= 0) children[outParent[j]].push(j);
  const subtreeArea = Float64Array.from(area);
  for (let q = order.length - 1; q > 0; q--) subtreeArea[outParent[order[q]]] += subtreeArea[order[q]];
  return { neighbors, tree, mainTree, core, order, outParent, children, subtreeArea };
}

/** Breadth-first order from `start` over a forest's adjacency, with each reached joint's parent in it (−1 at start). */
function breadthFirst(neighbors: number[][], start: number): { order: number[]; parent: Int32Array } {
  const parent = new Int32Array(neighbors.length).fill(-1);
  const order = [start];
  const seen = new Uint8Array(neighbors.length);
  seen[start] = 1;
  for (let q = 0; q < order.length; q++) {
    for (const n of neighbors[order[q]]) {
      if (!seen[n]) {
        seen[n] = 1;
        parent[n] = order[q];
        order.push(n);
      }
    }
  }
  return { order, parent };
}

/** Area centroid of one tree of the joint forest: no branch off it holds more than half of the tree's surface. */
function areaCentroid(neighbors: number[][], area: Float64Array, tree: Int32Array, id: number): number {
  let start = tree.indexOf(id);
  // Root the tree at `start`, accumulate subtree areas, then walk toward any child holding more than half.
  const { order, parent } = breadthFirst(neighbors, start);
  const sub = new Float64Array(area.length);
  for (let q = order.length - 1; q >= 0; q--) {
    sub[order[q]] += area[order[q]];
    if (parent[order[q]] >= 0) sub[parent[order[q]]] += sub[order[q]];
  }
  const total = sub[start];
  for (;;) {
    const next = neighbors[start].find((n) => parent[n] === start && sub[n] > total / 2);
    if (next === undefined) return start;
    start = next;
  }
}
