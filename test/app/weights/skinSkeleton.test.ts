// skinSkeleton: joint bind positions are where the glTF nodes put the joints (three.js's bind pose as the
// reference), parents follow the node hierarchy, each welded vertex carries its render vertex's skin, and a leaf's
// bone reaches as far as the surface it dominates (the top of the head, the tail's tip), never past it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Bone, type SkinnedMesh, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { readGltf } from '../../../app/io/index.ts';
import { skinSkeleton } from '../../../app/weights/index.ts';
import { testCharacterGlb } from '../../helpers/testCharacter.ts';
import { threeReference } from '../../helpers/threeGltf.ts';

describe('skinSkeleton', () => {
  it('puts joints where three.js has them in the bind pose, with their parents, and skins each welded vertex', async () => {
    const bytes = await testCharacterGlb();
    const scene = await readGltf(bytes, { fileName: 'critter.glb' });
    const mesh = scene.meshes[0];
    const skeleton = skinSkeleton(mesh, scene.hierarchy)!;
    const dir = mkdtempSync(join(tmpdir(), 'overlap-skeleton-'));
    try {
      writeFileSync(join(dir, 'c.glb'), bytes);
      const three = await threeReference(join(dir, 'c.glb'));
      let skinned: SkinnedMesh | undefined;
      three.gltf.scene.traverse((o) => {
        if ((o as SkinnedMesh).isSkinnedMesh && !skinned) skinned = o as SkinnedMesh;
      });
      three.gltf.scene.updateMatrixWorld(true);
      const bones = skinned!.skeleton.bones as Bone[];
      expect(bones.length, 'joint count').toBe(skeleton.jointCount);
      for (let j = 0; j < bones.length; j++) {
        const p = new Vector3().setFromMatrixPosition(bones[j].matrixWorld);
        const error = Math.hypot(p.x - skeleton.positions[3 * j], p.y - skeleton.positions[3 * j + 1], p.z - skeleton.positions[3 * j + 2]);
        expect(error, `joint ${skeleton.names[j]} at three's bind position`).toBeLessThan(1e-5);
        const parent = skeleton.parents[j];
        expect(parent < 0 ? null : bones[parent], `parent of ${skeleton.names[j]}`).toBe(
          bones[j].parent && bones.includes(bones[j].parent as Bone) ? bones[j].parent : null,
        );
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const K = skeleton.influencesPerVertex;
    for (let v = 0; v < mesh.topology.vertexCount; v += 97) {
      const r = mesh.topology.simulationToRender[v];
      for (let i = 0; i < K; i++) expect(skeleton.vertexJointWeights[v * K + i], `vertex ${v} influence ${i}`).toBe(mesh.skin!.weights[r * K + i]);
    }
  });

  it('ends a leaf bone where its surface ends: the head at the top of the skull, the tail at its tip', async () => {
    const scene = await readGltf(await testCharacterGlb(), { fileName: 'critter.glb' });
    const mesh = scene.meshes[0];
    const skeleton = skinSkeleton(mesh, scene.hierarchy)!;
    const p = mesh.topology.positions;
    let top = -Infinity;
    let back = Infinity;
    for (let v = 0; v < mesh.topology.vertexCount; v++) {
      top = Math.max(top, p[3 * v + 1]);
      back = Math.min(back, p[3 * v + 2]);
    }
    const nearestSurface = (j: number): number => {
      let best = Infinity;
      for (let v = 0; v < mesh.topology.vertexCount; v++)
        best = Math.min(best, Math.hypot(p[3 * v] - skeleton.tips[3 * j], p[3 * v + 1] - skeleton.tips[3 * j + 1], p[3 * v + 2] - skeleton.tips[3 * j + 2]));
      return best;
    };
    const head = skeleton.names.indexOf('head');
    const tail = skeleton.names.indexOf('tail.5');
    expect(skeleton.tips[3 * head + 1], 'the head bone reaches the top of the head').toBeGreaterThan(top - 0.03);
    expect(skeleton.tips[3 * tail + 2], 'the tail bone reaches the tail tip').toBeLessThan(back + 0.03);
    // The former bone extension (the parent bone's length again) ended 4 cm above the sample's head.
    expect(nearestSurface(head), 'the head bone ends on the surface, not past it').toBeLessThan(0.02);
    expect(nearestSurface(tail), 'the tail bone ends on the surface, not past it').toBeLessThan(0.02);
  });
});
