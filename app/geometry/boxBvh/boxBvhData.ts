import type { BoxBvhData } from './types.ts';

/**
 * An empty box tree's struct: no boxes, no nodes, the scratch at its starting sizes.
 *
 * @param rebuildEvery  builds between full rebuilds
 * @returns the struct (BoxBvhData, types.ts)
 */
export function boxBvhData(rebuildEvery: number): BoxBvhData {
  return {
    boxes: new Float64Array(0),
    items: new Uint32Array(0),
    nodeBoxes: new Float64Array(0),
    firstChild: new Int32Array(0), // −1: leaf
    itemStart: new Uint32Array(0),
    itemCount: new Uint32Array(0),
    nodeCount: 0,
    version: 0,
    rebuildEvery,
    centroids: new Float64Array(0),
    builtFor: -1,
    sinceRebuild: 0,
    stack: new Int32Array(64),
    candidates: new Uint32Array(64),
    // Build work list: (node, start, count) triples.
    work: new Uint32Array(192),
    pairs: new Uint32Array(1024),
    pairStack: new Int32Array(128),
  };
}
