/**
 * Picking on the deformed mesh at the current frame with three-mesh-bvh: a world-space triangle mesh
 * of the welded vertices, posed by the engine's evaluator (app/animation evaluateSimulationPositions,
 * the same pose three.js draws: both implement glTF skinning and morphs exactly), with a BVH over the
 * welded triangles. The BVH is built once per mesh and refitted when the pose changes (a new frame),
 * not per pointer event: a stroke happens on a still frame. A hit's triangle gives welded vertices
 * directly, and the posed positions are what the brush measures distances on; a vertex grid over them
 * (vertexGrid.ts), built on first use after each pose, is where the brush gathers the vertices it reaches.
 */
import { BufferAttribute, BufferGeometry, DoubleSide, type Ray } from 'three';
import { MeshBVH } from 'three-mesh-bvh';
import type { AnimationEvaluator } from '../../app/animation/index.ts';
import type { ImportedMesh } from '../../app/io/index.ts';
import { vertexGrid, type VertexGrid } from './vertexGrid.ts';

export interface MeshPicker {
  meshIndex: number;
  /** #V×3 world positions of the welded vertices at the posed time */
  positions: Float32Array;
  /** Poses the picker at a clip time (null clip: rest pose); cheap when already posed there. */
  pose(evaluator: AnimationEvaluator, clipIndex: number | null, time: number): void;
  /**
   * Poses the picker on given world-space render positions (#R×3: the live preview's simulated surface, drawn in
   * place of the input), so the brush lands where the artist sees the mesh; cheap when already posed on `key`.
   */
  poseOn(renderPositions: Float32Array, key: object): void;
  /** The nearest hit along a world-space ray: point, distance and the hit triangle's welded vertices. */
  raycast(ray: Ray): { point: [number, number, number]; distance: number; vertices: [number, number, number] } | null;
  /** The grid over `positions` at the current pose (built on the first call after a pose, then reused). */
  grid(): VertexGrid;
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
  let grid: VertexGrid | null = null;
  let posed: { clipIndex: number | null; time: number } | { key: object } | null = null;
  const { renderToSimulation } = mesh.topology;
  const refit = (): void => {
    position.needsUpdate = true;
    grid = null;
    if (bvh) bvh.refit();
    else bvh = new MeshBVH(geometry);
  };
  return {
    meshIndex,
    positions,
    pose(evaluator, clipIndex, time) {
      if (posed && 'time' in posed && posed.clipIndex === clipIndex && posed.time === time) return;
      evaluator.evaluateSimulationPositions(meshIndex, clipIndex, time, positions);
      refit();
      posed = { clipIndex, time };
    },
    poseOn(renderPositions, key) {
      if (posed && 'key' in posed && posed.key === key) return;
      // Render vertices of one welded vertex coincide: any of them is its position.
      for (let r = 0; r < renderToSimulation.length; r++) {
        const v = renderToSimulation[r];
        positions[3 * v] = renderPositions[3 * r];
        positions[3 * v + 1] = renderPositions[3 * r + 1];
        positions[3 * v + 2] = renderPositions[3 * r + 2];
      }
      refit();
      posed = { key };
    },
    raycast(ray) {
      if (!bvh) return null;
      const hit = bvh.raycastFirst(ray, DoubleSide);
      if (!hit || !hit.face) return null;
      return { point: [hit.point.x, hit.point.y, hit.point.z], distance: hit.distance, vertices: [hit.face.a, hit.face.b, hit.face.c] };
    },
    grid() {
      grid ??= vertexGrid(positions);
      return grid;
    },
    dispose() {
      geometry.dispose();
      bvh = null;
      grid = null;
    },
  };
}
