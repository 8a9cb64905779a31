/**
 * The two refitted box trees on the same work (issue 36 item 2: one mechanism per job): `boxBvh` (app/geometry,
 * over any boxes; OGC contact's broad phase) and `triangleBoxTree` (over a triangle list; the exact intersection
 * checker's broad phase). Milliseconds, median of 5 runs after a warm-up, on the triangles of real surfaces over
 * 8 frames of a clip:
 *
 * - build: a fresh tree from frame 0 (boxBvh: the triangle boxes, then build; triangleBoxTree: its constructor,
 *   which computes the boxes itself).
 * - refit: per frame, the tree's boxes for the frame (boxBvh: the triangle boxes, then refitBoxes; triangleBoxTree:
 *   refit, which returns the cost ratio its caller uses to decide a rebuild).
 * - selfPairs: per frame, every pair of distinct triangles whose boxes overlap, by one and the same dual walk
 *   (boxBvh's overlapPairs) run on each tree's arrays (triangleBoxTree's slot-ordered boxes read with identity
 *   items), so the walk code is equal and only the trees differ. `samePairs`: both find the same number of pairs
 *   on every frame (both trees are exact broad phases, so they must).
 * - Ratios are triangleBoxTree / boxBvh (above 1: boxBvh is faster).
 *
 * Surfaces: the layered character (test/helpers/testCharacter.ts with gear, mesh "Critter", Walk) at
 * OVERLAP_BENCH_BOXTREES_LEVELS subdivisions (default "2,3"), and Fox (../shared/data/Fox.glb, Walk) when present.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createAnimationEvaluator } from '../app/animation/index.ts';
import { boxBvh, triangleBoxTree, type TriangleBoxTree } from '../app/geometry/index.ts';
import { overlapPairs } from '../app/geometry/boxBvh/overlapPairs.ts';
import type { BoxBvhData } from '../app/geometry/boxBvh/types.ts';
import { readGltf } from '../app/io/index.ts';
import { testCharacterGlb } from '../test/helpers/testCharacter.ts';
import { medianMilliseconds } from './timing.ts';

const LEVELS = (process.env.OVERLAP_BENCH_BOXTREES_LEVELS ?? '2,3').split(',').map(Number);
const FOX = new URL('../../shared/data/Fox.glb', import.meta.url);
const FRAMES = 8;

const round = (x: number, digits = 3) => Number(x.toFixed(digits));

/** #T×6 triangle boxes (min xyz, max xyz) of P into out. */
function triangleBoxes(P: ArrayLike<number>, triangles: Uint32Array, out: Float64Array): Float64Array {
  for (let t = 0; t < triangles.length / 3; t++) {
    const a = 3 * triangles[3 * t], b = 3 * triangles[3 * t + 1], c = 3 * triangles[3 * t + 2];
    for (let axis = 0; axis < 3; axis++) {
      const x = P[a + axis], y = P[b + axis], z = P[c + axis];
      out[6 * t + axis] = Math.min(x, y, z);
      out[6 * t + 3 + axis] = Math.max(x, y, z);
    }
  }
  return out;
}

/** triangleBoxTree's arrays as the walk's struct: slot boxes, identity items, its node arrays. */
function walkable(tree: TriangleBoxTree): BoxBvhData {
  const view = boxBvh().tree as BoxBvhData;
  view.boxes = tree.itemBoxes;
  view.items = Uint32Array.from(tree.items, (_, k) => k);
  view.nodeBoxes = tree.boxes;
  view.firstChild = tree.firstChild;
  view.itemStart = tree.itemStart;
  view.itemCount = tree.itemCount;
  view.nodeCount = tree.nodeCount;
  return view;
}

async function measure(name: string, triangles: Uint32Array, frames: Float32Array[]) {
  const T = triangles.length / 3;
  const boxes = new Float64Array(6 * T);
  const perFrame = async (fn: (f: number) => unknown) => (await medianMilliseconds(() => frames.forEach((_, f) => fn(f)))) / frames.length;

  const bvhBuildMs = await medianMilliseconds(() => boxBvh().build(triangleBoxes(frames[0], triangles, new Float64Array(6 * T)), T));
  const treeBuildMs = await medianMilliseconds(() => triangleBoxTree(frames[0], triangles));

  const bvh = boxBvh();
  bvh.build(triangleBoxes(frames[0], triangles, boxes), T);
  const tree = triangleBoxTree(frames[0], triangles);
  const bvhRefitMs = await perFrame((f) => bvh.refitBoxes(triangleBoxes(frames[f], triangles, boxes)));
  const treeRefitMs = await perFrame((f) => tree.refit(frames[f]));

  const bvhData = bvh.tree as BoxBvhData;
  const treeData = walkable(tree);
  const bvhCounts: number[] = [], treeCounts: number[] = [];
  frames.forEach((P) => {
    bvh.refitBoxes(triangleBoxes(P, triangles, boxes));
    bvhCounts.push(overlapPairs(bvhData, bvhData, true, undefined, undefined));
    tree.refit(P);
    treeData.nodeBoxes = tree.boxes;
    treeCounts.push(overlapPairs(treeData, treeData, true, undefined, undefined));
  });
  // The walk on the last frame's refit (both trees fitted to the same frame).
  const bvhPairsMs = await perFrame(() => overlapPairs(bvhData, bvhData, true, undefined, undefined));
  const treePairsMs = await perFrame(() => overlapPairs(treeData, treeData, true, undefined, undefined));
  return {
    name,
    triangles: T,
    pairsPerFrame: Math.max(...bvhCounts),
    samePairs: bvhCounts.every((n, f) => n === treeCounts[f]),
    boxBvh: { buildMs: round(bvhBuildMs), refitMsPerFrame: round(bvhRefitMs), selfPairsMs: round(bvhPairsMs) },
    triangleBoxTree: { buildMs: round(treeBuildMs), refitMsPerFrame: round(treeRefitMs), selfPairsMs: round(treePairsMs) },
    ratios: { build: round(treeBuildMs / bvhBuildMs, 2), refit: round(treeRefitMs / bvhRefitMs, 2), selfPairs: round(treePairsMs / bvhPairsMs, 2) },
  };
}

async function surfaceFrames(bytes: Uint8Array, fileName: string, meshName: string | null, clipName: string) {
  const scene = await readGltf(bytes, { fileName });
  const m = meshName === null ? 0 : scene.meshes.findIndex((mesh) => mesh.name === meshName);
  const { topology } = scene.meshes[m];
  const clip = scene.clips.findIndex((c) => c.name === clipName);
  const evaluator = createAnimationEvaluator(scene);
  const frames = Array.from({ length: FRAMES }, (_, f) => {
    const out = new Float32Array(3 * topology.vertexCount);
    evaluator.evaluateSimulationPositions(m, clip, (f * scene.clips[clip].duration) / FRAMES, out);
    return out;
  });
  return { triangles: Uint32Array.from(topology.triangles), frames };
}

export async function run() {
  const sizes = [];
  for (const level of LEVELS) {
    const { triangles, frames } = await surfaceFrames(await testCharacterGlb({ subdivisions: level, gear: true }), 'layered.glb', 'Critter', 'Walk');
    sizes.push(await measure(`layered character, ${level} subdivisions, Walk`, triangles, frames));
  }
  if (existsSync(FOX)) {
    const { triangles, frames } = await surfaceFrames(new Uint8Array(readFileSync(FOX)), 'Fox.glb', null, 'Walk');
    sizes.push(await measure('Fox, Walk', triangles, frames));
  }
  return { note: 'ms, median of 5 runs; refit and selfPairs per frame; ratios triangleBoxTree / boxBvh', sizes };
}
