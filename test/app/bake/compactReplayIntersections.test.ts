// Compact corrective shapes on a bake with contact (issue 10's rule, on the exported file): the sample with its arms
// swinging into its belly, baked once with self-contact. compactReplayIntersections must see a replay that adds
// intersections (a fit whose error folds one half of the body into the other), and the compact export must have
// no more intersections per frame than the baked positions (the per-frame export, which replays the bake exactly),
// both counted by the exact checker.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAnimationEvaluator } from '../../../app/animation/index.ts';
import { bakedBytes, bakedDocument, bakeAnimation, resolveBakeSettings, type BakeResult } from '../../../app/bake/index.ts';
import { compactReplayIntersections } from '../../../app/bake/compactReplayIntersections.ts';
import { positionsFingerprint } from '../../../app/bake/positionsFingerprint.ts';
import { correctiveDeltas, type ShapeChunk } from '../../../app/export/index.ts';
import { intersectionChecker, sceneIntersections } from '../../../app/intersection/index.ts';
import { nodeCheckPool } from '../../../app/intersection/node/index.ts';
import { readGltf, type ImportedScene } from '../../../app/io/index.ts';
import { sampleWithArmSwing } from '../contact/contactAssets.ts';

/**
 * One shape per frame (identity weights) over the R render vertices, replaying `deltas` exactly, except on the `folded` frames, where the half of
 * the mesh with x beyond the rest centre is mirrored past the centre in bind space (a fold, not affine: an affine error
 * could not add an intersection), into the other half.
 */
function foldedPerFrameFit(rest: ArrayLike<number>, R: number, deltas: Float32Array, F: number, folded: number[]): ShapeChunk[] {
  const shapes = new Float32Array(deltas);
  let cx = 0;
  for (let i = 0; i < R; i++) cx += rest[3 * i] / R;
  for (const f of folded) for (let i = 0; i < R; i++) shapes[3 * R * f + 3 * i] += -1.5 * Math.max(0, rest[3 * i] - cx);
  const frameWeights = new Float32Array(F * F);
  for (let f = 0; f < F; f++) frameWeights[f * F + f] = 1;
  const fit = { shapeCount: F, shapes, normalShapes: null, frameWeights, maxError: 0, rmsError: 0, fits: true, movingVertexCount: R, frameCount: F };
  return [{ triangles: null, fit: fit as unknown as ShapeChunk['fit'] }];
}

let scene: ImportedScene;
let result: BakeResult;
const FRAMES = [0, 1, 2, 3, 4, 5, 6];

beforeAll(async () => {
  const bytes = await sampleWithArmSwing(readFileSync(new URL('../../../assets/sample.glb', import.meta.url)), 0.8, 0.5);
  scene = await readGltf(bytes, { fileName: 'swing.glb' });
  result = await bakeAnimation(scene, resolveBakeSettings(scene, { clip: 'Swing', frames: [0, 6], fps: 24, selfContact: true }));
}, 300_000);

/** Intersections per frame of the file exported with these settings, read back and checked on its baked clip. */
async function exported(overrides: Partial<BakeResult['settings']>) {
  const variant = { ...result, settings: { ...result.settings, ...overrides } };
  const { document, meshes, warnings } = await bakedDocument(scene, variant, null);
  const file = await readGltf(await bakedBytes(document, 'none'), { fileName: 'out.glb' });
  const counts = sceneIntersections(
    file,
    file.clips.findIndex((c) => c.name === 'Swing (baked)'),
    FRAMES,
    24,
  ).map((f) => f.total);
  return { counts, meshes, warnings };
}

describe('compact shapes of a bake with contact', () => {
  it('compactReplayIntersections finds the frames a replay error pushes through the body, and none for an exact replay', async () => {
    const baked = result.meshes[0];
    const mesh = scene.meshes[baked.meshIndex];
    const evaluator = createAnimationEvaluator(scene);
    const frameTimes = FRAMES.map((f) => f / 24);
    const R = mesh.renderVertexCount;
    const F = FRAMES.length;
    const deltas = new Float32Array(F * 3 * R);
    const world = new Float32Array(3 * R);
    const skin = mesh.skin;
    for (const f of FRAMES) {
      const parts = evaluator.evaluateMeshParts(baked.meshIndex, result.settings.clipIndex, frameTimes[f]);
      evaluator.evaluateMesh(baked.meshIndex, result.settings.clipIndex, frameTimes[f], world);
      correctiveDeltas(
        parts.morphedBindPositions,
        skin ? skin.joints : null,
        skin ? skin.weights : null,
        skin ? skin.influencesPerVertex : 0,
        parts.skinMatrices ?? parts.worldMatrix,
        baked.positions.subarray(3 * R * f, 3 * R * (f + 1)),
        world,
        deltas.subarray(3 * R * f, 3 * R * (f + 1)),
      );
    }
    // One shape per frame: the exact deltas, and (squash) frames 2–4 folded (foldedPerFrameFit).
    const fit = (squash: boolean): ShapeChunk[] => foldedPerFrameFit(mesh.restPositions, R, deltas, F, squash ? [2, 3, 4] : []);
    const exact = await compactReplayIntersections(mesh, evaluator, result.settings.clipIndex, frameTimes, baked.positions, deltas, fit(false));
    expect(exact, 'an exact replay adds no intersection at any frame').toEqual([]);
    const squashed = await compactReplayIntersections(mesh, evaluator, result.settings.clipIndex, frameTimes, baked.positions, deltas, fit(true));
    expect(
      squashed.map((a) => a.frame),
      'exactly the folded frames add intersections',
    ).toEqual([2, 3, 4]);
    for (const { frame, baked: before, replayed } of squashed) expect(replayed, `frame ${frame}: more in the replay than in the bake`).toBeGreaterThan(before);
    // On worker threads, several frames at once: the same frames and counts.
    const pool = nodeCheckPool(2);
    try {
      const pooled = await compactReplayIntersections(mesh, evaluator, result.settings.clipIndex, frameTimes, baked.positions, deltas, fit(true), [], pool);
      expect(pooled, 'checked on a pool of two workers: the same frames and counts').toEqual(squashed);
    } finally {
      await pool.close();
    }
    // A pool that fails (closed) leaves the checks to this thread: still the same answer.
    const closed = nodeCheckPool(1);
    await closed.close();
    expect(
      await compactReplayIntersections(mesh, evaluator, result.settings.clipIndex, frameTimes, baked.positions, deltas, fit(true), [], closed),
      'a failed pool',
    ).toEqual(squashed);
  }, 300_000);

  it("the bake keeps each frame's final self-check of exactly the welded positions it exports, and the replay check starts from it only when they match", async () => {
    const baked = result.meshes[0];
    const mesh = scene.meshes[baked.meshIndex];
    const { topology } = mesh;
    const V = topology.vertexCount;
    const R = mesh.renderVertexCount;
    const checker = intersectionChecker([{ name: mesh.name, triangles: topology.triangles, vertexCount: V }]);
    const welded = (f: number) => {
      const out = new Float64Array(3 * V);
      for (let v = 0; v < V; v++) for (let c = 0; c < 3; c++) out[3 * v + c] = baked.positions[3 * R * f + 3 * topology.simulationToRender[v] + c];
      return out;
    };
    const truth = FRAMES.map((f) => checker.check([welded(f)], { listPairs: true }));
    for (const f of FRAMES) {
      const kept = baked.checkedOutputs[f];
      expect(kept, `frame ${f}: the bake kept its final check`).toBeDefined();
      expect(kept!.fingerprint, `frame ${f}: the kept check is of the exported positions`).toBe(positionsFingerprint(welded(f)));
      expect({ total: kept!.total, pairList: kept!.pairList }, `frame ${f}: the kept pairs are the surface's own, after correction`).toEqual({
        total: truth[f].total,
        pairList: truth[f].pairList,
      });
    }
    // The folded fit of the first test, replayed with kept checks that lie (no pairs): the count reported for the bake
    // is the kept one where the fingerprint matches, and a fresh check's where it does not.
    const evaluator = createAnimationEvaluator(scene);
    const frameTimes = FRAMES.map((f) => f / 24);
    const deltas = new Float32Array(FRAMES.length * 3 * R);
    const chunks = foldedPerFrameFit(mesh.restPositions, R, deltas, FRAMES.length, [3]);
    const lying = (fingerprint: (f: number) => string) => FRAMES.map((f) => ({ fingerprint: fingerprint(f), total: 0, pairList: [] }));
    const replay = (fingerprint: (f: number) => string) =>
      compactReplayIntersections(mesh, evaluator, result.settings.clipIndex, frameTimes, baked.positions, deltas, chunks, lying(fingerprint));
    const trusted = await replay((f) => baked.checkedOutputs[f]!.fingerprint);
    const refused = await replay(() => '0000000000000000');
    expect(truth[3].total, 'the folded frame holds intersections of its own').toBeGreaterThan(0);
    expect(trusted.find((a) => a.frame === 3)?.baked, 'a matching fingerprint: the kept check is used').toBe(0);
    expect(refused.find((a) => a.frame === 3)?.baked, 'another fingerprint: the frame is checked').toBe(truth[3].total);
  }, 300_000);

  it('the compact export of a bake with contact has no more intersections per frame than the baked positions', async () => {
    const exact = await exported({ shapes: 'per-frame' });
    for (const settings of [
      { shapeError: 1e-4, maxShapes: 64 },
      { shapeError: 3e-3, maxShapes: 2 },
    ]) {
      const compact = await exported({ shapes: 'compact', ...settings });
      for (const f of FRAMES)
        expect(
          compact.counts[f],
          `frame ${f} (${JSON.stringify(settings)}): compact export ${compact.counts[f]} vs baked ${exact.counts[f]}`,
        ).toBeLessThanOrEqual(exact.counts[f]);
    }
  }, 300_000);
});
