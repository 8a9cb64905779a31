// The simulation session's steps that make a claim of their own (app/bake/session/): the surface guard takes the
// input exactly at weight 0 and the simulation exactly from GUARD_WEIGHT up; the input time wraps a loop's pre-roll
// into the cycle's end and holds a clip's ends otherwise; carried shells are exactly the hosted non-part shells, each
// one rigid piece; the lattice sees carried vertices at weight 0; the rest skeleton has a point per joint and a bone
// per parent joint, at the joints' rest positions. The session as a whole is test/app/bake/simulationSession.test.ts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createAnimationEvaluator } from '../../../../app/animation/index.ts';
import { carriedPieces } from '../../../../app/bake/session/carriedPieces.ts';
import { guardedOutput } from '../../../../app/bake/session/guardedOutput.ts';
import { inputTime } from '../../../../app/bake/session/inputTime.ts';
import { keptVertices } from '../../../../app/bake/session/keptVertices.ts';
import { latticeWeights } from '../../../../app/bake/session/latticeWeights.ts';
import { restSkeleton } from '../../../../app/bake/session/restSkeleton.ts';
import { GUARD_WEIGHT, surfaceGuard } from '../../../../app/bake/session/surfaceGuard.ts';
import { readGltf } from '../../../../app/io/index.ts';
import type { SceneShell } from '../../../../app/weights/index.ts';
import { samplePath } from '../bakeTestKit.ts';

describe('surface guard', () => {
  it('is 0 at weight 0, 1 from GUARD_WEIGHT up, and rises linearly between', () => {
    const weights = Float32Array.of(0, GUARD_WEIGHT / 4, GUARD_WEIGHT / 2, GUARD_WEIGHT, 0.3, 1);
    const guard = new Float32Array(weights.length);
    surfaceGuard(weights, guard);
    expect(guard[0], 'weight 0 follows the input').toBe(0);
    expect(guard[1], 'a quarter of GUARD_WEIGHT blends a quarter').toBeCloseTo(0.25, 6);
    expect(guard[2], 'half of GUARD_WEIGHT blends half').toBeCloseTo(0.5, 6);
    for (const v of [3, 4, 5]) expect(guard[v], `weight ${weights[v]} (≥ GUARD_WEIGHT) takes the simulation`).toBe(1);
  });

  it('takes the input bit for bit at guard 0, the simulation bit for bit at 1, and the straight blend between', () => {
    // Values whose blend input + 1·(raw − input) would round away from raw: the ends must not go through the blend.
    const input = Float32Array.of(0.1, 1e7, -3.3, 0.1, 1e7, -3.3, 0.1, 1e7, -3.3);
    const raw = Float32Array.of(0.7000001, 3.1e-5, 12.25, 0.7000001, 3.1e-5, 12.25, 0.7, 1e7 + 8, -1.3);
    const output = new Float32Array(9);
    guardedOutput(input, raw, Float32Array.of(0, 1, 0.5), output);
    for (let c = 0; c < 3; c++) {
      expect(Object.is(output[c], input[c]), `guard 0: coordinate ${c} is the input exactly`).toBe(true);
      expect(Object.is(output[3 + c], raw[3 + c]), `guard 1: coordinate ${c} is the simulation exactly`).toBe(true);
      expect(output[6 + c], `guard ½: coordinate ${c} is halfway`).toBeCloseTo((input[6 + c] + raw[6 + c]) / 2, 3);
    }
  });
});

describe('input time', () => {
  const settings = (loop: boolean) => ({ firstFrame: 6, fps: 24, loop }) as Parameters<typeof inputTime>[0];

  it('wraps a loop into the clip: the pre-roll before the clip start reads the end of the cycle', () => {
    const duration = 1;
    expect(inputTime(settings(true), duration, 0), 'frame index 0 is frame 6').toBeCloseTo(6 / 24, 12);
    expect(inputTime(settings(true), duration, -12), 'six frames before 0 s is the last quarter second').toBeCloseTo(1 - 6 / 24, 12);
    expect(inputTime(settings(true), duration, 24), 'a cycle later is the same time').toBeCloseTo(6 / 24, 12);
  });

  it('holds the first and last pose outside a clip that does not loop', () => {
    const duration = 1;
    expect(inputTime(settings(false), duration, -12), 'before the clip: its start').toBe(0);
    expect(inputTime(settings(false), duration, 100), 'after the clip: its end').toBe(duration);
    expect(inputTime(settings(false), duration, 3), 'inside: (firstFrame + k) / fps').toBeCloseTo(9 / 24, 12);
  });
});

describe('carried shells of a mesh', () => {
  const shell = (vertices: number[], role: SceneShell['role'], hosted: boolean): SceneShell => ({
    meshIndex: 0,
    component: 0,
    vertices: Uint32Array.from(vertices),
    role,
    reason: '',
    host: hosted ? { meshIndex: 0, component: 0, vertices: Uint32Array.of(0) } : null,
    size: 1,
    restingNormal: [0, 1, 0],
  });

  it('carries exactly the hosted glued and gear shells, each one rigid piece numbered in shell order', () => {
    const shells = [
      shell([0, 1], 'part', false),
      shell([2, 3], 'glued', true),
      shell([4], 'part', true),
      shell([5, 6], 'gear', true),
      shell([7], 'glued', false),
    ];
    const { carried, rigidPieces, pieceCount } = carriedPieces(shells, 9);
    expect(Array.from(carried), 'the glued and the gear shell with a host are carried, nothing else').toEqual([0, 0, 1, 1, 0, 1, 1, 0, 0]);
    expect(Array.from(rigidPieces), 'the glued shell is piece 0, the gear piece 1, the rest none').toEqual([-1, -1, 0, 0, -1, 1, 1, -1, -1]);
    expect(pieceCount, 'two carried shells').toBe(2);
    expect(Array.from(keptVertices(carried)), 'the lattice embeds every other vertex').toEqual([0, 1, 4, 7, 8]);
    const lattice = new Float32Array(9);
    latticeWeights(carried, Float32Array.of(1, 0.5, 1, 1, 0.25, 1, 1, 0, 1), lattice);
    expect(Array.from(lattice), 'the lattice sees carried vertices at weight 0, the others at their weight').toEqual([1, 0.5, 0, 0, 0.25, 0, 0, 0, 1]);
  });
});

describe('rest skeleton', () => {
  it('has a point at every joint and a bone from every joint with a parent in the skin to it, at the rest pose', async () => {
    const scene = await readGltf(new Uint8Array(readFileSync(samplePath)), { fileName: 'sample.glb' });
    const evaluator = createAnimationEvaluator(scene);
    const skinned = scene.meshes.findIndex((m) => m.skin);
    expect(skinned, 'the sample has a skinned mesh').toBeGreaterThanOrEqual(0);
    const skin = scene.meshes[skinned].skin!;
    const world = evaluator.evaluateWorldMatrices(null, 0);
    const joint = (j: number) => [12, 13, 14].map((c) => world[16 * skin.jointNodeIndices[j] + c]);
    const joints = Array.from(skin.jointNodeIndices);
    const withParent = joints.filter((node) => joints.includes(scene.hierarchy.parentIndices[node])).length;
    const segments = restSkeleton(scene, evaluator, skinned);
    expect(segments.length, 'one segment per joint plus one per joint whose parent is a joint').toBe(6 * (skin.jointNodeIndices.length + withParent));
    const points = Array.from(skin.jointNodeIndices, (_, j) => joint(j));
    const near = (p: number[], q: ArrayLike<number>) => Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]) <= 1e-6 * (1 + Math.hypot(...p));
    for (let s = 0; s < segments.length; s += 6) {
      const from = segments.subarray(s, s + 3);
      const to = segments.subarray(s + 3, s + 6);
      expect(points.some((p) => near(p, from)) && points.some((p) => near(p, to)), `segment ${s / 6} joins two joints at their rest positions`).toBe(true);
    }
    const unskinned = scene.meshes.findIndex((m) => !m.skin);
    if (unskinned >= 0) expect(restSkeleton(scene, evaluator, unskinned).length, 'an unskinned mesh has no skeleton').toBe(0);
  });
});
