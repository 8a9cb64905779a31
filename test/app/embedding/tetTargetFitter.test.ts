// tetTargetFitter (seed 004 Eq. 4.1 with an ARAP regularizer): the rest surface fits the rest lattice; a
// rigidly moved surface and a linear-blend-skinned bend are reproduced within 1% of a cell; the lattice of a
// rigid motion moves rigidly (ARAP has no energy there); warm starts converge in fewer iterations; a lattice
// part without weighted surface is refused.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createAnimationEvaluator, linearBlendSkinning } from '../../../app/animation/index.ts';
import { readGltfFile } from '../../../app/io/node/readGltfFile.ts';
import { latticeEmbedding, tetTargetFitter } from '../../../app/embedding/index.ts';
import { axisAngle, openCylinder, transformed, voxelHand } from './meshes.ts';

function maxDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let worst = 0;
  for (let i = 0; i < a.length; i += 3) worst = Math.max(worst, Math.hypot(a[i] - b[i], a[i + 1] - b[i + 1], a[i + 2] - b[i + 2]));
  return worst;
}

/** Column-major 4×4 of a rotation by `angle` about z through `pivot`. */
function rotationAbout(pivot: [number, number, number], angle: number): number[] {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const tx = pivot[0] - (c * pivot[0] - s * pivot[1]);
  const ty = pivot[1] - (s * pivot[0] + c * pivot[1]);
  return [c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, tx, ty, 0, 1];
}

describe('tetTargetFitter', () => {
  const hand = voxelHand();
  const embedding = latticeEmbedding(hand.positions, hand.triangles, { resolution: 14 });

  it('fits the rest surface with the rest lattice', () => {
    const fitter = tetTargetFitter(embedding, { surfaceTriangles: hand.triangles });
    const out = new Float64Array(3 * embedding.vertexCount);
    const report = fitter.fit(hand.positions, out);
    expect(maxDistance(out, embedding.positions), 'lattice stays at rest').toBeLessThan(1e-6 * embedding.cellSize);
    expect(report.maxResidual, 'surface residual').toBeLessThan(1e-6 * embedding.cellSize);
  });

  it('reproduces a rigid motion within 1% of a cell, and moves the whole lattice rigidly', () => {
    const fitter = tetTargetFitter(embedding, { surfaceTriangles: hand.triangles });
    const out = new Float64Array(3 * embedding.vertexCount);
    for (const [axis, angle] of [[[1, 1, 0.3], 0.8], [[0, 0, 1], 2.5], [[1, -2, 0.5], 3.0]] as [[number, number, number], number][]) {
      const rotation = axisAngle(axis, angle);
      const translation: [number, number, number] = [0.05, -0.02, 0.3];
      const moved = transformed(hand.positions, rotation, translation);
      const report = fitter.fit(moved, out); // cold: from the rest lattice
      expect(report.maxResidual / embedding.cellSize, `surface residual after ${angle} rad (cells)`).toBeLessThan(0.01);
      const rigidLattice = transformed(embedding.positions, rotation, translation);
      expect(maxDistance(out, rigidLattice) / embedding.cellSize, `lattice vs rigid motion after ${angle} rad (cells)`).toBeLessThan(0.01);
    }
  });

  it('follows a linear-blend-skinned bend of a tube within 1% of a cell over a warm-started clip', () => {
    const tube = openCylinder(0.3, 2, 20, 24);
    const tubeEmbedding = latticeEmbedding(tube.positions, tube.triangles, { resolution: 20 });
    const fitter = tetTargetFitter(tubeEmbedding, { surfaceTriangles: tube.triangles });
    const vertexCount = tube.positions.length / 3;
    const joints = new Uint16Array(2 * vertexCount);
    const weights = new Float32Array(2 * vertexCount);
    for (let v = 0; v < vertexCount; v++) {
      const w = Math.min(1, Math.max(0, (tube.positions[3 * v + 1] - 0.8) / 0.4));
      joints[2 * v] = 0;
      joints[2 * v + 1] = 1;
      weights[2 * v] = 1 - w;
      weights[2 * v + 1] = w;
    }
    const targets = new Float64Array(3 * tubeEmbedding.vertexCount);
    const skinned = new Float64Array(3 * vertexCount);
    const previous = new Float64Array(targets.length);
    for (let frame = 1; frame <= 10; frame++) {
      const angle = 0.1 * frame;
      const matrices = Float64Array.from([...rotationAbout([0, 0, 0], 0), ...rotationAbout([0, 1, 0], angle)]);
      linearBlendSkinning(tube.positions, joints, weights, 2, matrices, skinned);
      if (frame === 10) previous.set(targets);
      const report = fitter.fit(skinned, targets, frame === 1 ? undefined : targets);
      expect(report.maxResidual / tubeEmbedding.cellSize, `frame ${frame}: max surface residual (cells)`).toBeLessThan(0.01);
    }
    // One local/global iteration from frame 9's targets lands nearer the answer than one from the rest lattice.
    const single = () => tetTargetFitter(tubeEmbedding, { surfaceTriangles: tube.triangles, maxIterations: 1 });
    const fromRest = single().fit(skinned, new Float64Array(targets.length));
    const fromPrevious = single().fit(skinned, new Float64Array(targets.length), previous);
    expect(fromPrevious.rmsResidual, `warm ${fromPrevious.rmsResidual} vs cold ${fromRest.rmsResidual} after one iteration`).toBeLessThan(fromRest.rmsResidual);
  });

  it('follows every clip of the skinned Fox.glb within 1% of a cell, warm-started frame to frame', async () => {
    const scene = await readGltfFile(fileURLToPath(new URL('../../../../shared/data/Fox.glb', import.meta.url)));
    const fox = scene.meshes[0];
    const foxEmbedding = latticeEmbedding(fox.topology.positions, fox.topology.triangles, { resolution: 32 });
    const fitter = tetTargetFitter(foxEmbedding, { surfaceTriangles: fox.topology.triangles });
    const evaluator = createAnimationEvaluator(scene);
    const frame = new Float32Array(3 * fox.topology.vertexCount);
    const targets = new Float64Array(3 * foxEmbedding.vertexCount);
    for (let clip = 0; clip < scene.clips.length; clip++) {
      let worst = 0;
      for (let k = 0; k < 15; k++) {
        evaluator.evaluateSimulationPositions(0, clip, (k / 15) * scene.clips[clip].duration, frame);
        const report = fitter.fit(frame, targets, k === 0 ? undefined : targets);
        worst = Math.max(worst, report.maxResidual / foxEmbedding.cellSize);
      }
      expect(worst, `clip ${scene.clips[clip].name}: max surface residual (cells)`).toBeLessThan(0.01);
    }
  });

  it('refuses a lattice part whose surface vertices all have zero weight', () => {
    const weights = new Float64Array(embedding.surfaceVertexCount); // all zero
    expect(() => tetTargetFitter(embedding, { surfaceWeights: weights }), 'all-zero weights').toThrow(/every surface weight is zero/);
  });
});
