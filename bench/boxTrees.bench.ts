/**
 * The refitted box tree (app/geometry boxBvh), the one tree of the engine (issue 36 item 2: one mechanism per job;
 * OGC contact's broad phase and the exact intersection checker's). Milliseconds, median of 5 runs after a warm-up, on
 * the triangles of real surfaces over 8 frames of a clip:
 *
 * - build: a fresh tree from frame 0 (the triangle boxes, then build).
 * - refit: per frame, the triangle boxes for the frame, then refitBoxes (what a caller does between rebuilds).
 * - rebuild: per frame, a fresh topology for the frame (build on a tree made with rebuildEvery 1): the baseline,
 *   measured in the same run; `refitOverRebuild` is refit / rebuild.
 * - selfPairs: per frame, every pair of distinct triangles whose boxes overlap (overlapPairs of the tree with itself).
 *
 * Why boxBvh and not the checker's former triangleBoxTree (app/intersection/triangleBoxTree.ts until this change):
 * measured here on both trees before the switch (commit "boxBvh as data plus one file per step", 2 shared cores
 * under load), triangleBoxTree / boxBvh: refit 1.43× (layered L2, 11.9k triangles), 1.95× (L3, 46.5k), 0.93× (Fox,
 * 576); build 2.93×, 0.64×, 1.24×; the same dual walk on either tree's arrays 1.05×, 0.97×, 0.97× (the same median
 * splits, so the same pairs). The checker on boxBvh, interleaved A/B against the checker on triangleBoxTree in one
 * process (.dev, 7 runs): per check 0.83–1.02× the time, the same answers on the character, the layered character,
 * Fox and the wavy cloth.
 *
 * Surfaces: the layered character (test/helpers/testCharacter.ts with gear, mesh "Critter", Walk) at
 * OVERLAP_BENCH_BOXTREES_LEVELS subdivisions (default "2,3"), and Fox (../shared/data/Fox.glb, Walk) when present.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createAnimationEvaluator } from '../app/animation/index.ts';
import { boxBvh } from '../app/geometry/index.ts';
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
    const a = 3 * triangles[3 * t],
      b = 3 * triangles[3 * t + 1],
      c = 3 * triangles[3 * t + 2];
    for (let axis = 0; axis < 3; axis++) {
      const x = P[a + axis],
        y = P[b + axis],
        z = P[c + axis];
      out[6 * t + axis] = Math.min(x, y, z);
      out[6 * t + 3 + axis] = Math.max(x, y, z);
    }
  }
  return out;
}

async function measure(name: string, triangles: Uint32Array, frames: Float32Array[]) {
  const T = triangles.length / 3;
  const boxes = new Float64Array(6 * T);
  const perFrame = async (fn: (f: number) => unknown) => (await medianMilliseconds(() => frames.forEach((_, f) => fn(f)))) / frames.length;

  const buildMs = await medianMilliseconds(() => boxBvh().build(triangleBoxes(frames[0], triangles, new Float64Array(6 * T)), T));
  const bvh = boxBvh();
  bvh.build(triangleBoxes(frames[0], triangles, boxes), T);
  const refitMs = await perFrame((f) => bvh.refitBoxes(triangleBoxes(frames[f], triangles, boxes)));
  const rebuilt = boxBvh(1);
  const rebuildMs = await perFrame((f) => rebuilt.build(triangleBoxes(frames[f], triangles, boxes), T));
  const counts = frames.map((P) => {
    bvh.refitBoxes(triangleBoxes(P, triangles, boxes));
    return bvh.overlapPairs(bvh);
  });
  // The walk on the last frame's refit.
  const selfPairsMs = await perFrame(() => bvh.overlapPairs(bvh));
  return {
    name,
    triangles: T,
    pairsPerFrame: Math.max(...counts),
    buildMs: round(buildMs),
    refitMsPerFrame: round(refitMs),
    rebuildMsPerFrame: round(rebuildMs),
    selfPairsMsPerFrame: round(selfPairsMs),
    refitOverRebuild: round(refitMs / rebuildMs, 2),
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
  return { note: 'ms, median of 5 runs; refit, rebuild and selfPairs per frame; refitOverRebuild = refit / rebuild in the same run', sizes };
}
