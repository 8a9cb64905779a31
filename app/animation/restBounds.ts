import type { ImportedScene } from '../io/index.ts';
import { createAnimationEvaluator, type AnimationEvaluator } from './animationEvaluator.ts';

/** World-space bounds of one mesh at rest. */
export interface MeshRestBounds {
  name: string;
  min: [number, number, number];
  max: [number, number, number];
  /** the bounding box's diagonal [file units] */
  diagonal: number;
}

/** World-space bounds of a scene at rest: the one measure of its size. */
export interface RestBounds {
  /** the box around every mesh (zeros without meshes) [file units] */
  min: [number, number, number];
  max: [number, number, number];
  /** the box's diagonal [file units] (0 without meshes): the scene's size, what the app's units suggestion reads */
  diagonal: number;
  meshes: MeshRestBounds[];
  /** the largest mesh's diagonal [file units] (0 without meshes); the bake warns per mesh (each mesh's diagonal) */
  largestDiagonal: number;
}

/**
 * The size of a scene as it is drawn and simulated: every mesh's render vertices after node transforms, skinned meshes
 * posed by their joints' rest transforms (the bind pose of a well-formed file; glTF §3.7.3 ignores the skinned mesh
 * node's own transform), morph targets at their default weights. The Scene panel's size and units suggestion (the
 * scene's box), `overlap inspect` (the box, and the largest mesh) and the bake's scale warning (each mesh's box: the
 * same evaluation of the same vertices) all read this, so a character under a 0.01-scaled root node measures its real
 * 1.85 m everywhere (the mesh data alone, 185 units, would read as a building).
 *
 * @param scene      the imported scene
 * @param evaluator  its evaluator, if one exists already (one is made otherwise)
 * @returns the bounds, in the file's units (× metersPerUnit for metres)
 */
export function restBounds(scene: ImportedScene, evaluator: AnimationEvaluator = createAnimationEvaluator(scene)): RestBounds {
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  let largestDiagonal = 0;
  const meshes = scene.meshes.map((mesh, m): MeshRestBounds => {
    const positions = new Float32Array(3 * mesh.renderVertexCount);
    evaluator.evaluateMesh(m, null, 0, positions);
    const low: [number, number, number] = [Infinity, Infinity, Infinity];
    const high: [number, number, number] = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < positions.length; i++) {
      const axis = i % 3;
      if (positions[i] < low[axis]) low[axis] = positions[i];
      if (positions[i] > high[axis]) high[axis] = positions[i];
    }
    const empty = positions.length === 0;
    const diagonal = empty ? 0 : Math.hypot(high[0] - low[0], high[1] - low[1], high[2] - low[2]);
    for (let axis = 0; axis < 3; axis++) {
      min[axis] = Math.min(min[axis], low[axis]);
      max[axis] = Math.max(max[axis], high[axis]);
    }
    largestDiagonal = Math.max(largestDiagonal, diagonal);
    return { name: mesh.name, min: empty ? [0, 0, 0] : low, max: empty ? [0, 0, 0] : high, diagonal };
  });
  const any = Number.isFinite(min[0]) && Number.isFinite(max[0]);
  const diagonal = any ? Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]) : 0;
  return { min: any ? min : [0, 0, 0], max: any ? max : [0, 0, 0], diagonal, meshes, largestDiagonal };
}
