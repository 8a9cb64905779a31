import { createAnimationEvaluator } from '../animation/index.ts';
import type { ImportedScene } from '../io/index.ts';
import { intersectionChecker, type FrameIntersections } from './intersectionChecker.ts';

/** One checked frame of a scene. */
export interface SceneFrameIntersections extends FrameIntersections {
  /** frame number (time = frame / fps) */
  frame: number;
  /** clip time [s] */
  time: number;
}

/**
 * Edge–triangle intersections of every mesh of an imported scene at the given clip times: self-intersections of
 * each mesh and intersections between every pair of meshes (intersectionChecker), on the welded surfaces the
 * simulation sees, in world space. `overlap check` prints these; tests call it on inputs and baked outputs.
 *
 * @param scene      an imported scene
 * @param clipIndex  clip to evaluate, or null for the rest pose
 * @param frames     frame numbers to check
 * @param fps        frames per second: frame f is at time f / fps [s] (clamped to the clip)
 * @param onFrame    optional callback after each frame (progress)
 * @returns one entry per frame, in order
 */
export function sceneIntersections(
  scene: ImportedScene,
  clipIndex: number | null,
  frames: readonly number[],
  fps: number,
  onFrame?: (result: SceneFrameIntersections, index: number) => void,
): SceneFrameIntersections[] {
  const evaluator = createAnimationEvaluator(scene);
  const checker = intersectionChecker(
    scene.meshes.map((mesh) => ({ name: mesh.name, triangles: mesh.topology.triangles, vertexCount: mesh.topology.vertexCount })),
  );
  const buffers = scene.meshes.map((mesh) => new Float32Array(3 * mesh.topology.vertexCount));
  const duration = clipIndex === null ? 0 : scene.clips[clipIndex].duration;
  return frames.map((frame, index) => {
    const time = Math.min(Math.max(frame / fps, 0), duration);
    scene.meshes.forEach((_, m) => evaluator.evaluateSimulationPositions(m, clipIndex, time, buffers[m]));
    const result: SceneFrameIntersections = { frame, time, ...checker.check(buffers) };
    onFrame?.(result, index);
    return result;
  });
}
