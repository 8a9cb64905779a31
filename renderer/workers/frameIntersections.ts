/**
 * The intersection overlay's check of one frame, in the engine worker: the document's meshes posed as the input plays
 * them, or as the bake left them, handed to app/intersection's exact checker (the one `overlap check` runs); for the
 * output, also what the bake added: its new intersection regions against the input of the same frame (app/contact's
 * input-region rule, the one `overlap check --against` and the bake's report apply).
 *
 * DESIGN NOTES
 * - Every check lists its pairs (the rule grows regions from them): on the layered test character (6.2k welded
 *   vertices, 3,064 pairs at Walk frame 0; testCharacterGlb({ gear: true })), median over Walk frames 0–14 on the
 *   shared 2-core development machine: the check 43.9 ms without the list, 43.7 ms with it; an output frame with its new
 *   regions against a kept input check 48.4 ms. The input check is kept by the worker (intersectionsHandler, the
 *   session's inputChecks) because the overlay asks for the input and then the output of the same frame.
 */
import type { AnimationEvaluator } from '../../app/animation/index.ts';
import { inputRegions, newIntersectionRegions, type RegionCheck, type RegionTopology } from '../../app/intersection/index.ts';
import type { IntersectionChecker } from '../../app/intersection/index.ts';
import type { ImportedScene } from '../../app/io/index.ts';
import type { FrameIntersectionsView, IntersectionOutputFrame, LatticePose } from './protocol.ts';

/** A frame's check as the overlay shows it, and the checker's own answer (listPairs) for the input-region rule. */
export interface FrameIntersectionsResult {
  view: FrameIntersectionsView;
  check: RegionCheck;
}

/**
 * Edge–triangle intersections of every mesh of a scene at one frame, self and between meshes, with the triangles
 * that take part per mesh (intersectionChecker on the welded surfaces in world space, double precision). The input
 * is each mesh evaluated at `pose`; the output replaces the simulated meshes' surfaces with their baked render
 * positions of that frame, welded through the topology's representative render vertex (as the bake's own surface is).
 *
 * @param scene      the worker's imported document
 * @param evaluator  the scene's animation evaluator
 * @param checker    intersectionChecker over scene.meshes' welded triangles, in scene order
 * @param pose       clip and time [s] of the input (for the output: the baked frame's input time); null clip = rest pose
 * @param output     the baked frame, or null for the input
 * @param buffers    per mesh, #V×3 scratch for the welded positions [m] (overwritten)
 * @param against    for the output: the meshes' regionTopology (over checker.edges) and the input's check at the
 *                   same pose (this function's `check` of it); the view's `added` then lists the output's new
 *                   intersection regions (inputRegions, newIntersectionRegions: intersecting triangles farther than
 *                   INPUT_REGION_RINGS rings from every triangle that intersects in the input). null: `added` null
 * @returns the frame's intersections (`cached` false) and the checker's answer with its pairs listed
 * @throws Error naming the mesh when a baked frame's positions do not fit the document
 */
export function frameIntersections(
  scene: ImportedScene,
  evaluator: AnimationEvaluator,
  checker: IntersectionChecker,
  pose: LatticePose,
  output: IntersectionOutputFrame | null,
  buffers: Float32Array[],
  against: { topology: RegionTopology; input: RegionCheck } | null = null,
): FrameIntersectionsResult {
  const clipIndex = pose.clipIndex !== null && pose.clipIndex >= 0 && pose.clipIndex < scene.clips.length ? pose.clipIndex : null;
  const time = clipIndex === null ? 0 : Math.min(Math.max(pose.time, 0), scene.clips[clipIndex].duration);
  const baked = new Map((output?.meshes ?? []).map((entry) => [entry.meshIndex, entry.positions]));
  for (const meshIndex of baked.keys()) {
    if (!(meshIndex >= 0 && meshIndex < scene.meshes.length))
      throw new Error(`the baked frame names mesh ${meshIndex}; the document has ${scene.meshes.length}`);
  }
  scene.meshes.forEach((mesh, m) => {
    const positions = baked.get(m);
    if (!positions) return evaluator.evaluateSimulationPositions(m, clipIndex, time, buffers[m]);
    if (positions.length !== 3 * mesh.renderVertexCount) {
      throw new Error(`the baked frame of mesh "${mesh.name}" has ${positions.length / 3} vertices, the document's mesh ${mesh.renderVertexCount}`);
    }
    const { simulationToRender, vertexCount } = mesh.topology;
    const out = buffers[m];
    for (let v = 0; v < vertexCount; v++) {
      const r = simulationToRender[v];
      out[3 * v] = positions[3 * r];
      out[3 * v + 1] = positions[3 * r + 1];
      out[3 * v + 2] = positions[3 * r + 2];
    }
  });
  // Pairs listed: the input-region rule walks out from each pair's edge and triangle (a few numbers per pair).
  const result = checker.check(buffers, { listPairs: true });
  let added: FrameIntersectionsView['added'] = null;
  if (output && against) {
    const found = newIntersectionRegions(against.topology, inputRegions(against.topology, [against.input]), result);
    added = {
      regions: found.regions,
      triangleCount: found.triangles.reduce((sum, triangles) => sum + triangles.length, 0),
      triangles: found.triangles,
      pairs: found.pairs.length,
      inputTotal: against.input.total,
      inputTriangleCount: against.input.triangles.reduce((sum, triangles) => sum + triangles.length, 0),
    };
  }
  const view: FrameIntersectionsView = {
    source: output ? 'output' : 'input',
    total: result.total,
    triangleCount: result.triangles.reduce((sum, triangles) => sum + triangles.length, 0),
    meshes: scene.meshes.map((mesh, m) => ({ mesh: mesh.name, meshIndex: m, triangles: result.triangles[m], self: result.self[m] })),
    between: result.between.map((pair) => ({ a: scene.meshes[pair.a].name, b: scene.meshes[pair.b].name, count: pair.count })),
    added,
    cached: false,
  };
  return { view, check: { total: result.total, triangles: result.triangles, pairList: result.pairList } };
}
