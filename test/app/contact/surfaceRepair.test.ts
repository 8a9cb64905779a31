// surfaceRepair: the input's own intersections are removed frame by frame (checked with the exact checker), the rest
// pose's are kept as structural, and a frame without new intersections is returned untouched.
import { describe, expect, it } from 'vitest';
import { surfaceRepair } from '../../../app/contact/index.ts';
import { intersectionChecker } from '../../../app/intersection/index.ts';
import { uvSphere } from './scenes.ts';

/** Two spheres of radius 0.1 m in one mesh, the second centred at x = distance. */
function twoSpheres(distance: number): { positions: Float64Array; triangles: Uint32Array } {
  const a = uvSphere(0.1, 8, 16, [0, 0, 0]);
  const b = uvSphere(0.1, 8, 16, [distance, 0, 0]);
  const offset = a.positions.length / 3;
  return {
    positions: Float64Array.from([...a.positions, ...b.positions]),
    triangles: Uint32Array.from([...a.triangles, ...Array.from(b.triangles, (v) => v + offset)]),
  };
}

describe('surfaceRepair', () => {
  it('separates two spheres the animation pushes into each other, frame after frame, and leaves clean frames untouched', () => {
    const rest = twoSpheres(0.3);
    const vertexCount = rest.positions.length / 3;
    const checker = intersectionChecker([{ name: 'spheres', triangles: rest.triangles, vertexCount }]);
    const repair = surfaceRepair({ triangles: rest.triangles, vertexCount, restPositions: rest.positions });
    expect(
      repair.structuralTriangles.every((t) => t === 0),
      'the rest pose is clean',
    ).toBe(true);
    // Frames: apart, touching, 2 cm deep, 5 cm deep, apart again.
    for (const distance of [0.25, 0.2, 0.18, 0.15, 0.3]) {
      const frame = Float64Array.from(twoSpheres(distance).positions);
      const input = checker.check([frame]).total;
      const original = Float64Array.from(frame);
      const report = repair.repair(frame);
      expect(report.inputIntersections, `d = ${distance}: the input's count is the checker's`).toBe(input);
      expect(checker.check([frame]).total, `d = ${distance}: no intersection left`).toBe(0);
      expect(report.after, `d = ${distance}: the report agrees`).toBe(0);
      expect(report.removed, `d = ${distance}: removed = found`).toBe(input);
      if (input === 0) {
        expect(frame, `d = ${distance}: a clean frame is returned as it is`).toEqual(original);
      } else {
        // The spheres were pushed apart, not flattened: their x-extent stays about their diameter.
        let minX = Infinity,
          maxX = -Infinity;
        for (let v = vertexCount / 2; v < vertexCount; v++) {
          minX = Math.min(minX, frame[3 * v]);
          maxX = Math.max(maxX, frame[3 * v]);
        }
        expect(maxX - minX, `d = ${distance}: the second sphere keeps its size (±30%)`).toBeGreaterThan(0.14);
        expect(report.maxDisplacement, `d = ${distance}: it moved about the depth, not more than the radius`).toBeLessThan(0.1);
      }
    }
  });

  it('keeps the intersections its rest pose already has (structural) and counts them apart', () => {
    const rest = twoSpheres(0.15); // built intersecting, as an ear set into a head
    const vertexCount = rest.positions.length / 3;
    const repair = surfaceRepair({ triangles: rest.triangles, vertexCount, restPositions: rest.positions });
    expect(
      repair.structuralTriangles.some((t) => t === 1),
      'the rest pose has structural triangles',
    ).toBe(true);
    const frame = Float64Array.from(rest.positions);
    const report = repair.repair(frame);
    expect(report.structural, 'the rest pose intersections are counted as structural').toBeGreaterThan(0);
    expect(report.before, 'nothing else to remove').toBe(0);
    expect(frame, 'and nothing moved').toEqual(rest.positions);
  });
});

describe('surfaceRepair on the layered character (issue 33)', () => {
  // The layered test character's MoveAndHold: the twisted belly pushes through the rigid chest plate's lower edge (the
  // crossings the animation adds to the rest pose's, outside its input regions: 1 at frame 15, 43 from frame 21 on),
  // while its gear's own 2,300–2,500 crossings with the body and each other are structural. Repaired frame after
  // frame from a clean frame, as the bake does.
  it('removes at least 90% of what the animation adds, keeps the gear set into the body, and says why it left the rest', async () => {
    const { createAnimationEvaluator } = await import('../../../app/animation/index.ts');
    const { readGltf } = await import('../../../app/io/index.ts');
    const { inputRegions, newIntersectionRegions, regionTopology } = await import('../../../app/intersection/index.ts');
    const { testCharacterGlb } = await import('../../helpers/testCharacter.ts');
    const scene = await readGltf(await testCharacterGlb({ gear: true }), { fileName: 'layered.glb' });
    const m = scene.meshes.findIndex((mesh) => mesh.name === 'Critter');
    const { topology } = scene.meshes[m];
    const n = topology.vertexCount;
    const evaluator = createAnimationEvaluator(scene);
    const rest = new Float32Array(3 * n);
    evaluator.evaluateSimulationPositions(m, null, 0, rest);
    const clip = scene.clips.findIndex((c) => c.name === 'MoveAndHold');
    const repair = surfaceRepair({ triangles: topology.triangles, vertexCount: n, restPositions: rest });
    // The oracle: the exact checker and the input-region rule against the rest pose, independently of the repair.
    const checker = intersectionChecker([{ name: 'Critter', triangles: topology.triangles, vertexCount: n }]);
    const regionsTopology = regionTopology([{ triangles: topology.triangles, vertexCount: n, edges: checker.edges[0] }]);
    const restRegions = inputRegions(regionsTopology, [checker.check([rest], { listPairs: true })]);
    let before = 0,
      after = 0,
      largest = 0;
    for (let f = 12; f <= 24; f++) {
      const frame = new Float32Array(3 * n);
      evaluator.evaluateSimulationPositions(m, clip, f / 30, frame);
      const input = checker.check([frame], { listPairs: true });
      const added = newIntersectionRegions(regionsTopology, restRegions, input).pairs.length;
      const report = repair.repair(frame);
      const output = checker.check([frame], { listPairs: true });
      const left = newIntersectionRegions(regionsTopology, restRegions, output).pairs.length;
      expect([report.before, report.after], `frame ${f}: the report's counts are the oracle's`).toEqual([added, left]);
      expect(report.reasons.collider + report.reasons.start + report.reasons.steps, `frame ${f}: every pair left has a reason`).toBe(left);
      expect(report.remainingTriangles.length > 0, `frame ${f}: triangles listed exactly when something is left`).toBe(left > 0);
      before += added;
      after += left;
      largest = Math.max(largest, report.maxDisplacement);
      // The gear stays set into the body: the structural crossings are not pulled apart.
      expect(output.total - left, `frame ${f}: structural crossings kept (input ${input.total - added})`).toBeGreaterThan(0.95 * (input.total - added));
    }
    expect(before, 'the animation adds crossings at these frames').toBeGreaterThan(100);
    expect(after, `removed ${before - after} of ${before}`).toBeLessThanOrEqual(0.1 * before);
    expect(largest, 'a local fix: no vertex moves more than 5 cm').toBeLessThan(0.05);
  }, 300_000);
});
