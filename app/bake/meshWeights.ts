/**
 * The physics-blend weights of every simulated mesh of a bake, resolved with its settings (issue 34 item 7): before
 * any simulation is built, so a bad weights file or project is refused at once, and the session, the farm and the
 * app's bake all start from the same values. Per mesh, the first source that has them (app/weights meshBlendWeights:
 * the project's painted weights, a weights file, a uniform weight, the glTF's _PHYSICS_WEIGHT, the default from the
 * skin and the separate shells), then the project's pins (pinnedWeights).
 */
import type { OverlapProject } from '../document/index.ts';
import type { ImportedScene } from '../io/index.ts';
import { meshBlendWeights, WeightsError, type WeightsRegion, type WeightsSource } from '../weights/index.ts';
import { BakeError, type BakeOptions, type ResolvedBakeSettings } from './bakeSettings.ts';

/** One simulated mesh's weights. */
export interface MeshWeights {
  /** #V weight per welded vertex in [0, 1], pins at 0 */
  values: Float32Array;
  /** where they came from */
  source: WeightsSource;
  /** the weights per region (per joint, separate shells): min, mean, max, vertex count, the default's role */
  regions: WeightsRegion[];
}

/**
 * The weights of each simulated mesh of a bake.
 *
 * @param scene     the imported scene
 * @param settings  the bake's resolved settings (its simulated meshes, their rigid shells)
 * @param options   the weight sources: project (painted weights and pins), weightsFile, uniformWeight
 * @returns by mesh index, the weights of each simulated mesh
 * @throws BakeError naming the source at fault (weightsFile, project or the glTF)
 */
export function meshWeights(scene: ImportedScene, settings: ResolvedBakeSettings, options: BakeOptions): Map<number, MeshWeights> {
  const rigidShells: Record<string, number[]> = {};
  for (const mesh of settings.meshes) if (mesh.settings.rigidShells) rigidShells[mesh.name] = mesh.settings.rigidShells;
  const weights = new Map<number, MeshWeights>();
  for (const resolved of settings.meshes) {
    if (resolved.role !== 'simulated') continue;
    const mesh = scene.meshes[resolved.meshIndex];
    let blend: ReturnType<typeof meshBlendWeights>;
    try {
      blend = meshBlendWeights(mesh, scene, { project: options.project?.weights, file: options.weightsFile, uniform: options.uniformWeight, rigidShells });
    } catch (error) {
      if (!(error instanceof WeightsError)) throw error;
      throw new BakeError(error.message, error.source === 'file' ? 'weightsFile' : error.source === 'project' ? 'project' : 'gltf');
    }
    weights.set(resolved.meshIndex, { values: pinnedWeights(blend.values, options.project, mesh.name), source: blend.source, regions: blend.regions });
  }
  return weights;
}

/**
 * The weights with every pinned vertex (max distance 0 in the project's limits) at 0, so a pin is followed bit for bit
 * (weight-0 vertices are) whoever bakes the project: the app, or `overlap bake --project` on the file the app saved.
 * The painted weights themselves stay as painted (a copy is made when a pin changes one).
 */
export function pinnedWeights(weights: ArrayLike<number>, project: OverlapProject | null | undefined, mesh: string): Float32Array {
  const limits = project?.limits?.find((entry) => entry.mesh === mesh)?.maxDistance;
  let out = weights instanceof Float32Array ? weights : Float32Array.from(weights);
  if (!limits || limits.length !== weights.length) return out;
  for (let v = 0; v < limits.length; v++) {
    if (limits[v] !== 0 || out[v] === 0) continue;
    if (out === weights) out = Float32Array.from(weights);
    out[v] = 0;
  }
  return out;
}
