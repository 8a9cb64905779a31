/**
 * The input the viewport shows for a mesh with keyed pose corrections: the welded simulation vertices
 * at the clip time (app/animation evaluateSimulationPositions, world space) with every correction active
 * at that frame applied (app/poseCorrections poseCorrectedPositions), exactly what a bake starts each
 * frame from (app/bake meshAuthoring: the same rest-shape model, offsets stored in metres and divided by
 * metersPerUnit). Scrubbing away from a correction's frame eases it out; back on it, the edit is there.
 */
import type { AnimationEvaluator } from '../../app/animation/index.ts';
import type { PoseCorrection } from '../../app/document/index.ts';
import type { ImportedScene } from '../../app/io/index.ts';
import { poseCorrectedPositions } from '../../app/poseCorrections/index.ts';
import { createArapModel, type ArapModel } from '../../app/solvers/arap/index.ts';

const restModels = new WeakMap<ImportedScene, Map<number, ArapModel>>();
const scaled = new WeakMap<PoseCorrection, { metersPerUnit: number; correction: PoseCorrection }>();

/** The spokes ARAP model of a mesh's world-space welded rest shape, built once per scene and mesh. */
export function restFramesModel(scene: ImportedScene, evaluator: AnimationEvaluator, meshIndex: number): ArapModel {
  let models = restModels.get(scene);
  if (!models) restModels.set(scene, (models = new Map()));
  let model = models.get(meshIndex);
  if (!model) {
    const { topology } = scene.meshes[meshIndex];
    const rest = new Float32Array(3 * topology.vertexCount);
    evaluator.evaluateSimulationPositions(meshIndex, null, 0, rest);
    model = createArapModel({ restPositions: rest, triangles: topology.triangles });
    models.set(meshIndex, model);
  }
  return model;
}

/** A correction with its offsets in scene units (cached per correction object: corrections are never mutated). */
function inSceneUnits(correction: PoseCorrection, metersPerUnit: number): PoseCorrection {
  if (metersPerUnit === 1) return correction;
  const cached = scaled.get(correction);
  if (cached && cached.metersPerUnit === metersPerUnit) return cached.correction;
  const made = { ...correction, offsets: correction.offsets.map((o) => o / metersPerUnit) };
  scaled.set(correction, { metersPerUnit, correction: made });
  return made;
}

/**
 * @param scene          the document's engine scene
 * @param evaluator      its animation evaluator
 * @param meshIndex      the mesh
 * @param clipIndex      the clip (null: rest pose)
 * @param time           clip time [s]
 * @param frame          the same time as a frame at the project's frame rate
 * @param corrections    the project's corrections (offsets in metres; other meshes' are skipped)
 * @param metersPerUnit  the scene's scale
 * @param out            #V×3 receives the corrected input [scene units]
 * @returns the number of corrections active at the frame (0: out is the plain input)
 */
export function correctedInput(
  scene: ImportedScene,
  evaluator: AnimationEvaluator,
  meshIndex: number,
  clipIndex: number | null,
  time: number,
  frame: number,
  corrections: readonly PoseCorrection[],
  metersPerUnit: number,
  out: Float32Array,
): number {
  evaluator.evaluateSimulationPositions(meshIndex, clipIndex, time, out);
  const name = scene.meshes[meshIndex].name;
  const mine = corrections.filter((correction) => correction.mesh === name).map((correction) => inSceneUnits(correction, metersPerUnit));
  if (mine.length === 0) return 0;
  return poseCorrectedPositions(restFramesModel(scene, evaluator, meshIndex), mine, name, frame, out, out);
}
