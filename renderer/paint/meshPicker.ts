/**
 * Picking on the deformed mesh at the current frame with three-mesh-bvh: a world-space triangle mesh
 * of the welded vertices, posed by the engine's evaluator (app/animation evaluateSimulationPositions,
 * the same pose three.js draws: both implement glTF skinning and morphs exactly), with a BVH over the
 * welded triangles. The BVH is built once per mesh and refitted when the pose changes (a new frame),
 * not per pointer event: a stroke happens on a still frame. A hit's triangle gives welded vertices
 * directly, and the posed positions are what the brush measures distances on.
 */
import { BufferAttribute, BufferGeometry, DoubleSide, type Ray } from 'three';
import { MeshBVH } from 'three-mesh-bvh';
import type { AnimationEvaluator } from '../../app/animation/index.ts';
import type { ImportedMesh } from '../../app/io/index.ts';

export interface MeshPicker {
  meshIndex: number;
  /** #V×3 world positions of the welded vertices at the posed time */
  positions: Float32Array;
  /** Poses the picker at a clip time (null clip: rest pose); cheap when already posed there. */
  pose(evaluator: AnimationEvaluator, clipIndex: number | null, time: number): void;
  /** The nearest hit along a world-space ray: point, distance and the hit triangle's welded vertices. */
  raycast(ray: Ray): { point: [number, number, number]; distance: number; vertices: [number, number, number] } | null;
  dispose(): void;
}

export function createMeshPicker(mesh: ImportedMesh, meshIndex: number): MeshPicker {
  const positions = new Float32Array(3 * mesh.topology.vertexCount);
  const geometry = new BufferGeometry();
  const position = new BufferAttribute(positions, 3);
  geometry.setAttribute('position', position);
  // three-mesh-bvh reorders the index buffer it is given: hand it a copy, keep the topology's own.
  geometry.setIndex(new BufferAttribute(Uint32Array.from(mesh.topology.triangles), 1));
  let bvh: MeshBVH | null = null;
  let posed: { clipIndex: number | null; time: number } | null = null;
  return {
    meshIndex,
    positions,
    pose(evaluator, clipIndex, time) {
      if (posed && posed.clipIndex === clipIndex && posed.time === time) return;
      evaluator.evaluateSimulationPositions(meshIndex, clipIndex, time, positions);
      position.needsUpdate = true;
      if (bvh) bvh.refit();
      else bvh = new MeshBVH(geometry);
      posed = { clipIndex, time };
    },
    raycast(ray) {
      if (!bvh) return null;
      const hit = bvh.raycastFirst(ray, DoubleSide);
      if (!hit || !hit.face) return null;
      return { point: [hit.point.x, hit.point.y, hit.point.z], distance: hit.distance, vertices: [hit.face.a, hit.face.b, hit.face.c] };
    },
    dispose() {
      geometry.dispose();
      bvh = null;
    },
  };
}
