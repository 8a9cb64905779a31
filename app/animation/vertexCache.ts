import type { ImportedScene } from '../io/index.ts';
import { type AnimationEvaluator, createAnimationEvaluator } from './animationEvaluator.ts';

/** Frames of a vertex cache. */
export interface VertexCacheOptions {
  /** frames per second; frame f is at time f / fps [s] */
  fps: number;
  /** first frame, inclusive; default 0 */
  firstFrame?: number;
  /** last frame, inclusive; default the first frame at or after the clip's end, ceil(duration · fps) */
  lastFrame?: number;
  /** caller-owned output of at least #frames×#R×3 floats */
  out?: Float32Array;
}

const evaluators = new WeakMap<ImportedScene, AnimationEvaluator>();

/**
 * Number of frames evaluateVertexCache writes for these options: frames firstFrame..lastFrame at f/fps.
 *
 * @param scene      an imported scene
 * @param clipIndex  clip index, or null for the rest pose
 * @param options    fps and optional first/last frame (see VertexCacheOptions)
 * @returns lastFrame − firstFrame + 1
 * @throws RangeError for a non-positive fps or an empty or non-integer frame range
 */
export function vertexCacheFrameCount(scene: ImportedScene, clipIndex: number | null, options: VertexCacheOptions): number {
  const { firstFrame, lastFrame } = frameRange(scene, clipIndex, options);
  return lastFrame - firstFrame + 1;
}

function frameRange(scene: ImportedScene, clipIndex: number | null, options: VertexCacheOptions): { firstFrame: number; lastFrame: number } {
  if (!(options.fps > 0)) throw new RangeError(`evaluateVertexCache: fps must be positive, got ${options.fps}`);
  const duration = clipIndex === null ? 0 : (scene.clips[clipIndex]?.duration ?? 0);
  const firstFrame = options.firstFrame ?? 0;
  // 1e-6: a duration of 0.7083333 s at 24 fps is 17 frames, not 18, despite float32 rounding.
  const lastFrame = options.lastFrame ?? Math.ceil(duration * options.fps - 1e-6);
  if (!Number.isInteger(firstFrame) || !Number.isInteger(lastFrame) || lastFrame < firstFrame) {
    throw new RangeError(`evaluateVertexCache: invalid frame range ${firstFrame}:${lastFrame}`);
  }
  return { firstFrame, lastFrame };
}

/**
 * World-space render-vertex positions of one mesh at every frame of a clip: the fast path for
 * simulation targets and playback. Frame f (firstFrame ≤ f ≤ lastFrame) is evaluated at time f / fps
 * exactly as AnimationEvaluator.evaluateMesh does (the same code, into consecutive slices).
 *
 * @param scene      an imported scene
 * @param meshIndex  index into scene.meshes
 * @param clipIndex  index into scene.clips, or null for the rest pose
 * @param options    fps, inclusive frame range, optional caller-owned output
 * @returns #frames×#R×3 positions [m], frame-major
 */
export function evaluateVertexCache(scene: ImportedScene, meshIndex: number, clipIndex: number | null, options: VertexCacheOptions): Float32Array {
  const mesh = scene.meshes[meshIndex];
  if (!mesh) throw new RangeError(`evaluateVertexCache: mesh index ${meshIndex} out of range`);
  const { firstFrame, lastFrame } = frameRange(scene, clipIndex, options);
  const frameCount = lastFrame - firstFrame + 1;
  const frameSize = 3 * mesh.renderVertexCount;
  const out = options.out ?? new Float32Array(frameCount * frameSize);
  if (out.length < frameCount * frameSize) throw new RangeError(`evaluateVertexCache: out holds ${out.length} floats, ${frameCount * frameSize} needed`);
  let evaluator = evaluators.get(scene);
  if (!evaluator) {
    evaluator = createAnimationEvaluator(scene);
    evaluators.set(scene, evaluator);
  }
  for (let f = 0; f < frameCount; f++) {
    evaluator.evaluateMesh(meshIndex, clipIndex, (firstFrame + f) / options.fps, out.subarray(f * frameSize, (f + 1) * frameSize));
  }
  return out;
}
