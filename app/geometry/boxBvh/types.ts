/**
 * The shapes of the refitted box tree (boxBvh, `../boxBvh.ts`): the public `BoxBvh`, the arrays another tree's walk
 * reads (`BoxBvhTree`), the node-pair lists and marks a walk takes (`LocalNodes`, `MarkedNodes`), and the struct the
 * steps act on (`BoxBvhData`, made by boxBvhData.ts). The steps are the other files of this folder.
 */
import type { BoxBroadPhase } from '../boxSpatialHash.ts';

/** A refitted BVH that also answers every overlapping pair of two trees (or of one tree with itself) in one traversal. */
export interface BoxBvh extends BoxBroadPhase {
  /**
   * Every pair (i, j) of a box i of this tree and a box j of `other` whose boxes overlap (closed test), written as
   * pairs[2k] = i, pairs[2k + 1] = j for k < the returned count. With other = this (self), each unordered pair of
   * distinct boxes once, i < j. Both trees must be built; pairs come in traversal order. `local`: node pairs to skip
   * (localNodePairs, made for these two trees as built now), the other pairs in the same order as without it.
   */
  overlapPairs(other: BoxBvh, local?: LocalNodes, marked?: MarkedNodes): number;
  /**
   * Node boxes again from `boxes` (the same items, some boxes changed) without counting a build: the tree's shape, its
   * version and its rebuild count stay as they are. `changed` (markNodes of the items whose boxes changed since the
   * last build or refit): only those nodes are recomputed.
   */
  refitBoxes(boxes: Float64Array, changed?: Uint8Array): void;
  /**
   * 1 for each node holding an item i with flags[list[i]] = 1 (list null: flags[i]), else 0, into out (grown to the
   * node count when shorter; the array is returned).
   */
  markNodes(flags: Uint8Array, list: Uint32Array | null, out: Uint8Array): Uint8Array;
  /** the answers of the last overlapPairs (the buffer may be replaced as it grows) */
  readonly pairs: Uint32Array;
  /** @internal tree arrays read by another tree's overlapPairs */
  readonly tree: BoxBvhTree;
}

/** Marked nodes of two trees (markNodes): a walk given them skips every node pair with neither node marked. */
export interface MarkedNodes {
  /** #N₁ flags of the first tree's nodes (0: holds no marked item) */
  first: Uint8Array;
  /** #N₂ flags of the second tree's nodes */
  second: Uint8Array;
}

/**
 * Node pairs of two box trees whose every item pair is local (CSR by the first tree's node index): the nodes of the
 * second tree listed under a node of the first. boxBvh.overlapPairs skips these node pairs without testing a box
 * (app/contact/localNodePairs.ts makes them).
 */
export interface LocalNodes {
  /** #N₁+1 offsets into `nodes` */
  offsets: Uint32Array;
  /** second-tree node indices listed under each first-tree node */
  nodes: Uint32Array;
}

/**
 * The arrays of a built tree (nodes in preorder, a node's items at items[itemStart .. itemStart + itemCount): the root
 * holds them all). #B counts the boxes of the last build, #N the nodes (≤ #B + 2).
 */
export interface BoxBvhTree {
  /** #B×6 item boxes (min xyz, max xyz) [m], the caller's array of the last build or refitBoxes (indexed by item) */
  boxes: Float64Array;
  /** ≥ #B item indices in leaf order (the first #B used) */
  items: Uint32Array;
  /** ≥ #N×6 node boxes (min xyz, max xyz) [m] */
  nodeBoxes: Float64Array;
  /** ≥ #N: index of a node's first child (the second is the next index), −1 for a leaf */
  firstChild: Int32Array;
  /** ≥ #N: first index into `items` of the node's items */
  itemStart: Uint32Array;
  /** ≥ #N: number of items under the node */
  itemCount: Uint32Array;
  /** #N: number of nodes in use (0 for no boxes) */
  nodeCount: number;
  /** counts the rebuilds: the leaves' items change only then */
  version: number;
}

/**
 * What a boxBvh keeps: its tree arrays (the struct is the `tree` another tree's walk reads) and the scratch of builds
 * and queries, each grown when it runs out and never shrunk (nothing is allocated once they have grown).
 */
export interface BoxBvhData extends BoxBvhTree {
  /** builds between full rebuilds */
  rebuildEvery: number;
  /** ≥ #B×3 box centres [m] of the last rebuild, by item (the median splits' key) */
  centroids: Float64Array;
  /** the box count the topology was built for (−1 before the first build): another count forces a rebuild */
  builtFor: number;
  /** builds since the last rebuild */
  sinceRebuild: number;
  /** the single-box query's explicit stack of node indices */
  stack: Int32Array;
  /** the answers of the last query: candidates[0 .. count) are box indices */
  candidates: Uint32Array;
  /** the rebuild's work list of (node, item start, item count) triples */
  work: Uint32Array;
  /** the answers of the last overlapPairs: two box indices a pair */
  pairs: Uint32Array;
  /** overlapPairs' explicit stack of node pairs (two node indices an entry) */
  pairStack: Int32Array;
}
