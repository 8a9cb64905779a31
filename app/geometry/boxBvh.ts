import { boxBvhData } from './boxBvh/boxBvhData.ts';
import { markedNodes } from './boxBvh/markedNodes.ts';
import { medianSplitTopology } from './boxBvh/medianSplitTopology.ts';
import { overlapPairs } from './boxBvh/overlapPairs.ts';
import { overlappingBoxes } from './boxBvh/overlappingBoxes.ts';
import { refitNodeBoxes } from './boxBvh/refitNodeBoxes.ts';
import type { BoxBvh } from './boxBvh/types.ts';

export type { BoxBvh, BoxBvhTree, LocalNodes, MarkedNodes } from './boxBvh/types.ts';

/**
 * A bounding-volume hierarchy over axis-aligned boxes that is refitted, not rebuilt, while the number of boxes stays
 * the same (the refitted-BVH broad phase of Gaia, Warp and Newton, anchors.md §1.1–1.4): the first build splits at
 * the median centroid along the widest axis (4 boxes a leaf, nodes in preorder; medianSplitTopology), every later
 * build recomputes the node boxes bottom-up in one reverse pass over the nodes (refitNodeBoxes), and the tree is
 * rebuilt from scratch every `rebuildEvery` builds so that a surface that deforms a lot does not keep a loose tree.
 * Queries walk the tree with an explicit stack and write their answers into `candidates` (overlappingBoxes); nothing
 * is allocated once the buffers have grown. The struct is BoxBvhData (boxBvh/types.ts), one file per step beside it.
 *
 * overlapPairs answers all the queries of one detection at once by walking two trees together (node pair by node
 * pair, descending the larger node; a tree against itself visits each unordered node pair once): the upper levels
 * are tested once instead of once per query, and a self pair comes out once instead of twice. Measured on the wavy
 * sheets of `npm run bench -- contact` ("broadPhase", 10k and 20k triangles): 0.57–0.7× the time of a query per point
 * and per edge, build included (a 2-core machine under load; pairTraversalOverQueries in the bench).
 *
 * Kept as the measured alternative to boxSpatialHash (`npm run bench -- contact`, "broadPhase").
 *
 * @param rebuildEvery  builds between full rebuilds (default 16)
 * @returns the BVH
 */
export function boxBvh(rebuildEvery = 16): BoxBvh {
  const d = boxBvhData(rebuildEvery);
  const bvh: BoxBvh = {
    get candidates() {
      return d.candidates;
    },
    get pairs() {
      return d.pairs;
    },
    tree: d,
    overlapPairs(other, local, marked) {
      return overlapPairs(d, other.tree, other === bvh, local, marked);
    },
    refitBoxes(input, changed) {
      d.boxes = input;
      refitNodeBoxes(d, changed);
    },
    markNodes(flags, list, out) {
      return markedNodes(d, flags, list, out);
    },
    build(input, count) {
      d.boxes = input;
      if (count !== d.builtFor || ++d.sinceRebuild >= d.rebuildEvery) {
        medianSplitTopology(d, count);
        d.version++;
        d.builtFor = count;
        d.sinceRebuild = 0;
      }
      if (count === 0) d.nodeCount = 0;
      refitNodeBoxes(d);
    },
    query(minX, minY, minZ, maxX, maxY, maxZ) {
      return overlappingBoxes(d, minX, minY, minZ, maxX, maxY, maxZ);
    },
  };
  return bvh;
}
