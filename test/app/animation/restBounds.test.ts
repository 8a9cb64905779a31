// restBounds: the one measure of a scene's size (the Scene panel's units suggestion, `overlap inspect`, the bake's
// scale warning). It is three.js's world-space box of the scene at rest for every shared file, it scales with a root
// node's scale (a character under a 0.01 root measures a hundredth), and per mesh it is the bake's measure exactly.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAnimationEvaluator, restBounds } from '../../../app/animation/index.ts';
import { boundingBoxDiagonal } from '../../../app/geometry/index.ts';
import { readGltf } from '../../../app/io/index.ts';
import { readGltfFile } from '../../../app/io/node/index.ts';
import { scaledRootGlb } from '../../helpers/scaledRoot.ts';
import { threeReference } from '../../helpers/threeGltf.ts';

const data = join(import.meta.dirname, '../../../../shared/data');
const files = ['Fox.glb', 'RobotExpressive.glb', 'SimpleSkin.gltf', 'MorphStressTest.gltf'];

describe('restBounds', () => {
  for (const file of files) {
    it(`${file}: three.js's world-space box at rest, and per mesh the diagonal the bake measures`, async () => {
      const scene = await readGltfFile(join(data, file));
      const bounds = restBounds(scene);
      const reference = await threeReference(join(data, file));
      const min = [Infinity, Infinity, Infinity];
      const max = [-Infinity, -Infinity, -Infinity];
      for (const { positions } of reference.evaluate(null, 0).values()) {
        for (let i = 0; i < positions.length; i++) {
          min[i % 3] = Math.min(min[i % 3], positions[i]);
          max[i % 3] = Math.max(max[i % 3], positions[i]);
        }
      }
      const size = Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
      for (let axis = 0; axis < 3; axis++) {
        expect(Math.abs(bounds.min[axis] - min[axis]), `min ${axis} as three.js draws it`).toBeLessThan(1e-5 * size);
        expect(Math.abs(bounds.max[axis] - max[axis]), `max ${axis} as three.js draws it`).toBeLessThan(1e-5 * size);
      }
      const evaluator = createAnimationEvaluator(scene);
      scene.meshes.forEach((mesh, m) => {
        const welded = new Float32Array(3 * mesh.topology.vertexCount);
        evaluator.evaluateSimulationPositions(m, null, 0, welded);
        expect(bounds.meshes[m].diagonal, `${mesh.name}: the bake's scale-warning measure`).toBeCloseTo(boundingBoxDiagonal(welded), 9);
      });
      expect(bounds.largestDiagonal, 'the largest mesh').toBe(Math.max(...bounds.meshes.map((mesh) => mesh.diagonal)));
      expect(Math.abs(bounds.diagonal - size), 'the scene’s size').toBeLessThan(1e-5 * size);
    });
  }

  it('a root node scaled by 0.01 scales the measure by 0.01 (the mesh data alone would not change)', async () => {
    const bytes = new Uint8Array(readFileSync(join(data, 'Fox.glb')));
    const fox = await readGltf(bytes, { fileName: 'Fox.glb' });
    const scaled = await readGltf(await scaledRootGlb(bytes, 0.01), { fileName: 'Fox-scaled.glb' });
    const [a, b] = [restBounds(fox).diagonal, restBounds(scaled).diagonal];
    expect(a, 'Fox is modelled in centimetres: over a hundred units').toBeGreaterThan(100);
    expect(Math.abs(b - 0.01 * a), 'a hundredth under the 0.01 root').toBeLessThan(1e-6 * a);
    expect(scaled.meshes[0].topology.positions, 'the mesh data itself is the same').toEqual(fox.meshes[0].topology.positions);
  });
});
