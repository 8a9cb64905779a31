/**
 * The engine worker's intersection overlay: `intersections` checks a frame of the input or of the baked output for
 * intersecting triangles (app/intersection, frameIntersections.ts), the output with its new intersection regions
 * against the input of the same frame (app/contact's input-region rule). The checker is built once per document (the
 * worker's intersection session), with a cache per (document, source, frame) so scrubbing back over checked frames
 * costs nothing.
 *
 * Failures throw; the registry (engineWorkerCore.ts) answers them as `failed`.
 */
import { createAnimationEvaluator } from '../../app/animation/index.ts';
import { intersectionChecker } from '../../app/intersection/index.ts';
import { regionTopology, type RegionCheck } from '../../app/intersection/index.ts';
import type { ImportedScene } from '../../app/io/index.ts';
import { frameIntersections } from './frameIntersections.ts';
import type { LatticePose } from './protocol.ts';
import { type EngineWorkerState, type IntersectionSession, type RequestOf, type Send, sceneOf } from './engineWorkerState.ts';

/**
 * Checked frames kept per document: a few clips' worth at 30 fps. An entry holds only the intersecting triangles'
 * indices, so even a badly intersecting mesh costs kilobytes per frame.
 */
const INTERSECTION_CACHE_FRAMES = 1024;

/**
 * Input checks kept with their pair lists for the output's new regions: the overlay asks for the input and then the
 * output of the same frame, so a few suffice; a pair list is 4 numbers per pair (the layered test character's
 * 2,600 pairs: about 80 kB), too much to keep for every cached frame.
 */
const INPUT_CHECK_CACHE_FRAMES = 16;

/** Checks the input at `request.pose`, or the baked output frame `request.output`; answers `intersections`. */
export async function checkIntersections(state: EngineWorkerState, request: RequestOf<'intersections'>, send: Send): Promise<void> {
  const { scene, document } = await sceneOf(state, request.documentId);
  const session = intersectionSessionOf(state, request.documentId, scene);
  const { pose, output } = request;
  // The output's key is its bake and frame (its positions are that frame's); the input's the clip and time.
  const inputKey = (at: LatticePose): string => `input ${at.clipIndex} ${at.time}`;
  const key = output ? `output ${output.bakeId} ${output.frame}` : inputKey(pose);
  const hit = session.cache.get(key);
  if (hit) {
    session.cache.delete(key);
    session.cache.set(key, hit);
    return send({ kind: 'intersections', id: request.id, intersections: { ...hit, cached: true } });
  }
  const evaluator = (document.evaluator ??= createAnimationEvaluator(scene));
  /** The input's check at a pose with its pairs: kept from the input request the overlay sent first, or made now. */
  const inputCheck = (at: LatticePose): RegionCheck => {
    const kept = session.inputChecks.get(inputKey(at));
    if (kept) return kept;
    const { view, check } = frameIntersections(scene, evaluator, session.checker, at, null, session.buffers);
    remember(session.cache, inputKey(at), view, INTERSECTION_CACHE_FRAMES);
    remember(session.inputChecks, inputKey(at), check, INPUT_CHECK_CACHE_FRAMES);
    return check;
  };
  // The output is measured against the input at its own frame's time (the pose it was baked from).
  const against = output ? { topology: session.topology, input: inputCheck(pose) } : null;
  const { view, check } = frameIntersections(scene, evaluator, session.checker, pose, output, session.buffers, against);
  remember(session.cache, key, view, INTERSECTION_CACHE_FRAMES);
  if (!output) remember(session.inputChecks, key, check, INPUT_CHECK_CACHE_FRAMES);
  send({ kind: 'intersections', id: request.id, intersections: view });
}

/** The worker's intersection session for document `documentId`, built (checker, topology, scratch) when it has none. */
function intersectionSessionOf(state: EngineWorkerState, documentId: number, scene: ImportedScene): IntersectionSession {
  if (state.intersections && state.intersections.documentId === documentId) return state.intersections;
  const checker = intersectionChecker(
    scene.meshes.map((mesh) => ({ name: mesh.name, triangles: mesh.topology.triangles, vertexCount: mesh.topology.vertexCount })),
  );
  state.intersections = {
    documentId,
    checker,
    topology: regionTopology(
      scene.meshes.map((mesh, m) => ({ triangles: mesh.topology.triangles, vertexCount: mesh.topology.vertexCount, edges: checker.edges[m] })),
    ),
    buffers: scene.meshes.map((mesh) => new Float32Array(3 * mesh.topology.vertexCount)),
    cache: new Map(),
    inputChecks: new Map(),
  };
  return state.intersections;
}

/** Keeps `value` at `key` as the newest entry, dropping the oldest beyond `limit`. */
function remember<T>(cache: Map<string, T>, key: string, value: T, limit: number): void {
  cache.delete(key);
  cache.set(key, value);
  if (cache.size > limit) cache.delete(cache.keys().next().value!);
}
