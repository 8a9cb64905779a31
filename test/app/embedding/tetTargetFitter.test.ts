// tetTargetFitter (seed 004 Eq. 4.1 with an ARAP regularizer): the rest surface fits the rest lattice; a
// rigidly moved surface and a linear-blend-skinned bend are reproduced within 1% of a cell; the lattice of a
// rigid motion moves rigidly (ARAP has no energy there); warm starts converge in fewer iterations; a lattice
// part without weighted surface is refused. With stretch limits (simulation targets): rigid motion is still
// exact; Fox.glb's Walk and a bent skinned tube at resolution 12 fit without an inverted or collapsed tet
// (volumes measured with three.js), the tube's lattice away from the joint moves with its bone, and Fox's
// surface fit stays close to the tight fit's.
import { fileURLToPath } from 'node:url';
import { Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { createAnimationEvaluator, linearBlendSkinning } from '../../../app/animation/index.ts';
import { readGltfFile } from '../../../app/io/node/readGltfFile.ts';
import { latticeEmbedding, tetTargetFitter, type LatticeEmbedding } from '../../../app/embedding/index.ts';
import { axisAngle, openCylinder, transformed, voxelHand } from './meshes.ts';
import { maxDistance } from '../../helpers/maxDistance.ts';

/** Column-major 4×4 of a rotation by `angle` about z through `pivot`. */
function rotationAbout(pivot: [number, number, number], angle: number): number[] {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const tx = pivot[0] - (c * pivot[0] - s * pivot[1]);
  const ty = pivot[1] - (s * pivot[0] + c * pivot[1]);
  return [c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, tx, ty, 0, 1];
}

/** Smallest ratio of a tet's signed volume in `positions` to its rest volume (three.js vector algebra). */
function smallestVolumeRatio(embedding: LatticeEmbedding, positions: ArrayLike<number>): number {
  const corner = (p: ArrayLike<number>, t: number, k: number): Vector3 => {
    const v = 3 * embedding.tetrahedra[4 * t + k];
    return new Vector3(p[v], p[v + 1], p[v + 2]);
  };
  const volume = (p: ArrayLike<number>, t: number): number => {
    const a = corner(p, t, 0);
    const b = corner(p, t, 1).sub(a);
    const c = corner(p, t, 2).sub(a);
    const d = corner(p, t, 3).sub(a);
    return b.dot(c.cross(d)) / 6;
  };
  let smallest = Infinity;
  for (let t = 0; t < embedding.tetCount; t++) smallest = Math.min(smallest, volume(positions, t) / volume(embedding.positions, t));
  return smallest;
}

/** The two-bone tube of the bending tests: weights blend from bone 0 to bone 1 over 0.8 ≤ y ≤ 1.2. */
function tubeSkin(positions: ArrayLike<number>): { joints: Uint16Array; weights: Float32Array } {
  const vertexCount = positions.length / 3;
  const joints = new Uint16Array(2 * vertexCount);
  const weights = new Float32Array(2 * vertexCount);
  for (let v = 0; v < vertexCount; v++) {
    const w = Math.min(1, Math.max(0, (positions[3 * v + 1] - 0.8) / 0.4));
    joints[2 * v] = 0;
    joints[2 * v + 1] = 1;
    weights[2 * v] = 1 - w;
    weights[2 * v + 1] = w;
  }
  return { joints, weights };
}

const foxPath = fileURLToPath(new URL('../../../../shared/data/Fox.glb', import.meta.url));

const hand = voxelHand();
const embedding = latticeEmbedding(hand.positions, hand.triangles, { resolution: 14 });

describe('tetTargetFitter', () => {
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
    for (const [axis, angle] of [
      [[1, 1, 0.3], 0.8],
      [[0, 0, 1], 2.5],
      [[1, -2, 0.5], 3.0],
    ] as [[number, number, number], number][]) {
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
    const scene = await readGltfFile(foxPath);
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
});

describe('tetTargetFitter', () => {
  it('with stretch limits, still reproduces a rigid motion exactly and moves the whole lattice rigidly', () => {
    const fitter = tetTargetFitter(embedding, { surfaceTriangles: hand.triangles, stretchLimits: { min: 0.5, max: 2 } });
    const out = new Float64Array(3 * embedding.vertexCount);
    const rotation = axisAngle([1, -2, 0.5], 2.2);
    const translation: [number, number, number] = [0.05, -0.02, 0.3];
    const report = fitter.fit(transformed(hand.positions, rotation, translation), out);
    expect(report.maxResidual / embedding.cellSize, 'surface residual (cells)').toBeLessThan(1e-6);
    expect(maxDistance(out, transformed(embedding.positions, rotation, translation)) / embedding.cellSize, 'lattice vs rigid motion (cells)').toBeLessThan(
      1e-6,
    );
  });

  it('with stretch limits, fits Fox.glb Walk at resolution 12 as the bake does without an inverted or collapsed tet, close to the tight fit', async () => {
    // As app/bake/volumeSimulation.ts drives it: world-space rest pose, the clip at 24 fps, warm-started.
    const scene = await readGltfFile(foxPath);
    const fox = scene.meshes[0];
    const evaluator = createAnimationEvaluator(scene);
    const rest = new Float32Array(3 * fox.topology.vertexCount);
    evaluator.evaluateSimulationPositions(0, null, 0, rest);
    const foxEmbedding = latticeEmbedding(rest, fox.topology.triangles, { resolution: 12 });
    const limited = tetTargetFitter(foxEmbedding, { surfaceTriangles: fox.topology.triangles, stretchLimits: { min: 0.5, max: 2 } });
    const tight = tetTargetFitter(foxEmbedding, { surfaceTriangles: fox.topology.triangles });
    const walk = scene.clips.findIndex((clip) => clip.name === 'Walk');
    const frameCount = Math.round(scene.clips[walk].duration * 24) + 1;
    const frame = new Float32Array(3 * fox.topology.vertexCount);
    const targets = new Float64Array(3 * foxEmbedding.vertexCount);
    const tightTargets = new Float64Array(3 * foxEmbedding.vertexCount);
    let smallest = Infinity;
    let worst = 0;
    let worstTight = 0;
    for (let k = 0; k < frameCount; k++) {
      evaluator.evaluateSimulationPositions(0, walk, Math.min(k / 24, scene.clips[walk].duration), frame);
      const report = limited.fit(frame, targets, k === 0 ? undefined : targets);
      const tightReport = tight.fit(frame, tightTargets, k === 0 ? undefined : tightTargets);
      smallest = Math.min(smallest, smallestVolumeRatio(foxEmbedding, targets));
      worst = Math.max(worst, report.maxResidual / foxEmbedding.cellSize);
      worstTight = Math.max(worstTight, tightReport.maxResidual / foxEmbedding.cellSize);
    }
    expect(smallest, 'smallest fitted/rest tet volume ratio over all tets and frames (0 = flat, < 0 inverted)').toBeGreaterThan(0.1);
    // The lattice cannot follow this coarse skinned surface closely (the tight fit misses it by a large part of
    // a cell, inverting tets to get there); the limits may cost a little more, never much.
    expect(worst, `worst surface residual with limits ${worst} vs tight ${worstTight} (cells)`).toBeLessThan(worstTight + 0.15);
  });

  it("the incremental data energy makes the direct energy's decisions: Fox.glb Walk and Run, tight and limited, at resolutions 12 and 24, bit for bit", async () => {
    // Anderson's acceptance test reads the data energy every iteration; the default expands it about the frame's first
    // iterate (O(nnz) instead of a pass over the surface) and measures it directly only for ties. Any decision it got
    // wrong would change the fit (a wrong expansion changed every bake measured).
    const scene = await readGltfFile(foxPath);
    const fox = scene.meshes[0];
    const evaluator = createAnimationEvaluator(scene);
    const rest = new Float32Array(3 * fox.topology.vertexCount);
    evaluator.evaluateSimulationPositions(0, null, 0, rest);
    const frame = new Float32Array(3 * fox.topology.vertexCount);
    let fits = 0;
    let directTests = 0;
    let iterations = 0;
    for (const resolution of [12, 24]) {
      const foxEmbedding = latticeEmbedding(rest, fox.topology.triangles, { resolution });
      for (const stretchLimits of [undefined, { min: 0.5, max: 2 }]) {
        const incremental = tetTargetFitter(foxEmbedding, { surfaceTriangles: fox.topology.triangles, stretchLimits });
        const direct = tetTargetFitter(foxEmbedding, { surfaceTriangles: fox.topology.triangles, stretchLimits, dataEnergy: 'direct' });
        const a = new Float64Array(3 * foxEmbedding.vertexCount);
        const b = new Float64Array(3 * foxEmbedding.vertexCount);
        for (const name of ['Walk', 'Run']) {
          const clip = scene.clips.findIndex((c) => c.name === name);
          for (let k = 0; k < 16; k++) {
            evaluator.evaluateSimulationPositions(0, clip, Math.min(k / 24, scene.clips[clip].duration), frame);
            const reportA = incremental.fit(frame, a, fits === 0 ? undefined : a);
            const reportB = direct.fit(frame, b, fits === 0 ? undefined : b);
            expect(reportA.iterations, `${name} frame ${k} at ${resolution}: iterations`).toBe(reportB.iterations);
            expect(
              Buffer.from(a.buffer).equals(Buffer.from(b.buffer)),
              `${name} frame ${k} at ${resolution}${stretchLimits ? ', limited' : ''}: the same lattice, bit for bit`,
            ).toBe(true);
            expect(reportB.directEnergyTests, 'the direct fitter counts no ties').toBe(0);
            directTests += reportA.directEnergyTests;
            iterations += reportA.iterations;
          }
        }
        fits++;
      }
    }
    expect(iterations, 'Anderson ran').toBeGreaterThan(100);
    expect(directTests, 'ties measured directly: a few, not every test').toBeLessThan(iterations / 4);
  });

  it('with stretch limits, fits Fox.glb Run at resolution 24 as the bake does without an inverted tet, where the local/global iterations alone left up to 23 a frame', async () => {
    // The Run's strides stretch Fox's coarse skin the most; frames 18–27 had inverted tets before untangling.
    const resolution = 24;
    const scene = await readGltfFile(foxPath);
    const fox = scene.meshes[0];
    const evaluator = createAnimationEvaluator(scene);
    const rest = new Float32Array(3 * fox.topology.vertexCount);
    evaluator.evaluateSimulationPositions(0, null, 0, rest);
    const foxEmbedding = latticeEmbedding(rest, fox.topology.triangles, { resolution });
    const limited = tetTargetFitter(foxEmbedding, { surfaceTriangles: fox.topology.triangles, stretchLimits: { min: 0.5, max: 2 } });
    const run = scene.clips.findIndex((clip) => clip.name === 'Run');
    const frame = new Float32Array(3 * fox.topology.vertexCount);
    const targets = new Float64Array(3 * foxEmbedding.vertexCount);
    let smallest = Infinity;
    let stillInverted = 0;
    for (let k = 0; k <= 27; k++) {
      evaluator.evaluateSimulationPositions(0, run, k / 24, frame);
      const report = limited.fit(frame, targets, k === 0 ? undefined : targets);
      stillInverted += report.invertedTets;
      smallest = Math.min(smallest, smallestVolumeRatio(foxEmbedding, targets));
    }
    expect(smallest, 'smallest fitted/rest tet volume ratio over all tets and frames (< 0 inverted)').toBeGreaterThan(0);
    expect(stillInverted, 'tets the fitter itself reports as still inverted').toBe(0);
  });

  it('with stretch limits, fits a skinned tube bent by 1 rad at resolution 12 without an inverted tet, the lattice away from the joint moving with its bone', () => {
    const tube = openCylinder(0.3, 2, 20, 24);
    const tubeEmbedding = latticeEmbedding(tube.positions, tube.triangles, { resolution: 12 });
    const fitter = tetTargetFitter(tubeEmbedding, { surfaceTriangles: tube.triangles, stretchLimits: { min: 0.5, max: 2 } });
    const surfaceSkin = tubeSkin(tube.positions);
    const latticeSkin = tubeSkin(tubeEmbedding.positions);
    const skinned = new Float64Array(tube.positions.length);
    const skinnedLattice = new Float64Array(tubeEmbedding.positions.length);
    const targets = new Float64Array(3 * tubeEmbedding.vertexCount);
    let smallest = Infinity;
    let boneDeviation = 0;
    for (let frame = 1; frame <= 10; frame++) {
      const matrices = Float64Array.from([...rotationAbout([0, 0, 0], 0), ...rotationAbout([0, 1, 0], 0.1 * frame)]);
      linearBlendSkinning(tube.positions, surfaceSkin.joints, surfaceSkin.weights, 2, matrices, skinned);
      fitter.fit(skinned, targets, frame === 1 ? undefined : targets);
      smallest = Math.min(smallest, smallestVolumeRatio(tubeEmbedding, targets));
      // Reference: the same skinning applied to the lattice vertices themselves, where it is a rigid motion.
      linearBlendSkinning(tubeEmbedding.positions, latticeSkin.joints, latticeSkin.weights, 2, matrices, skinnedLattice);
      for (let v = 0; v < tubeEmbedding.vertexCount; v++) {
        const y = tubeEmbedding.positions[3 * v + 1];
        if (y > 0.5 && y < 1.5) continue;
        const d = Math.hypot(
          targets[3 * v] - skinnedLattice[3 * v],
          targets[3 * v + 1] - skinnedLattice[3 * v + 1],
          targets[3 * v + 2] - skinnedLattice[3 * v + 2],
        );
        boneDeviation = Math.max(boneDeviation, d / tubeEmbedding.cellSize);
      }
    }
    expect(smallest, 'smallest fitted/rest tet volume ratio over all tets and frames').toBeGreaterThan(0.1);
    expect(boneDeviation, 'lattice more than 0.3 from the joint vs the skinned lattice (cells)').toBeLessThan(0.08);
  });

  it('refuses stretch limits that exclude the rest shape or a non-positive limit weight', () => {
    expect(() => tetTargetFitter(embedding, { stretchLimits: { min: 0, max: 2 } }), 'min 0').toThrow(/stretchLimits/);
    expect(() => tetTargetFitter(embedding, { stretchLimits: { min: 1.2, max: 2 } }), 'min above 1').toThrow(/stretchLimits/);
    expect(() => tetTargetFitter(embedding, { stretchLimits: { min: 0.5, max: 0.9 } }), 'max below 1').toThrow(/stretchLimits/);
    expect(() => tetTargetFitter(embedding, { stretchLimits: { min: 0.5, max: 2 }, stretchLimitWeight: 0 }), 'weight 0').toThrow(/stretchLimitWeight/);
  });

  it('refuses a lattice part whose surface vertices all have zero weight', () => {
    const weights = new Float64Array(embedding.surfaceVertexCount); // all zero
    expect(() => tetTargetFitter(embedding, { surfaceWeights: weights }), 'all-zero weights').toThrow(/every surface weight is zero/);
  });
});
