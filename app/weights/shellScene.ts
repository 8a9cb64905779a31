import { createAnimationEvaluator } from '../animation/index.ts';
import type { ImportedScene } from '../io/index.ts';

/**
 * What the steps of sceneShells share about a scene: its world rest pose and the per-piece caches the classification
 * fills as it reads pieces (one classification per scene; the caches only save work, they change no answer).
 */
export interface ShellScene {
  /** the imported scene */
  scene: ImportedScene;
  /** #M×(3·V_m) world rest positions of every mesh's welded vertices [file units], row-major (clip-free, time 0) */
  restPositions: Float32Array[];
  /** per mesh, #V_m×3 unit world vertex normals at rest, filled on first use (restingNormal); holes until then */
  normals: Float64Array[];
  /** per piece (key `meshIndex:component`), #T_p×3 its triangles' welded vertex indices, filled on first use */
  triangles: Map<string, Uint32Array>;
  /** per piece (key `meshIndex:component`), its world bounding box (min x, y, z, max x, y, z) [file units] */
  boxes: Map<string, Float64Array>;
}

/** A piece of a scene: one connected component of one mesh's welded topology, at rest in the world. */
export interface ShellPiece {
  /** index into ImportedScene.meshes of its mesh */
  meshIndex: number;
  /** its connected component in the mesh's welded topology */
  component: number;
  /** its welded vertices, ascending */
  vertices: Uint32Array;
  /** bounding-box diagonal of its world rest positions [file units] */
  size: number;
  /** its surface area (sum of its vertices' areas) [file units²] */
  area: number;
  /** its area-weighted centroid (the box centre when it has no area) [file units] */
  centroid: [number, number, number];
  /** its genus (1 − χ/2, χ = V − E + F of its triangles): a belt or a strap round a limb is a ring, 1 */
  genus: number;
}

/**
 * The shared state of sceneShells for a scene: every mesh's welded vertices evaluated at rest in the world (the
 * animation evaluator's simulation positions with no clip, at time 0) and empty caches.
 *
 * @param scene  the imported scene
 * @returns the scene, its #M×(3·V_m) world rest positions [file units] and empty per-piece caches
 */
export function shellScene(scene: ImportedScene): ShellScene {
  const evaluator = createAnimationEvaluator(scene);
  const restPositions = scene.meshes.map((mesh, m) => {
    const out = new Float32Array(3 * mesh.topology.vertexCount);
    evaluator.evaluateSimulationPositions(m, null, 0, out);
    return out;
  });
  return { scene, restPositions, normals: [], triangles: new Map(), boxes: new Map() };
}
