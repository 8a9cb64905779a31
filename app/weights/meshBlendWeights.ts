import type { BlendWeights } from '../document/index.ts';
import type { ImportedMesh, ImportedScene } from '../io/index.ts';
import { animatorWeights, type AnimatorWeightsOptions } from './animatorWeights.ts';
import { laplacianInterpolatedWeights } from './laplacianInterpolatedWeights.ts';
import type { WeightsFileEntry } from './parseWeightsFile.ts';
import { skinSkeleton } from './skinSkeleton.ts';
import { rigidPartDriver } from './rigidPartDriver.ts';
import { sceneShells, type SceneShell } from './sceneShells.ts';
import { weightsSummary, type WeightsRegion } from './weightsSummary.ts';

/** Name of the optional per-vertex weight attribute an input glTF may carry (application-specific semantic). */
export const PHYSICS_WEIGHT_ATTRIBUTE = '_PHYSICS_WEIGHT';

/** Where a mesh's weights came from, in order of precedence. */
export type WeightsSource = 'project' | 'file' | 'uniform' | 'attribute' | 'default';

/** Every place weights can come from; each is optional. */
export interface WeightSources {
  /** the project file's weights (highest precedence) */
  project?: readonly BlendWeights[];
  /** a weights JSON file (parseWeightsFile) */
  file?: readonly WeightsFileEntry[];
  /** one weight for every mesh (`--weights 0.3`) */
  uniform?: number;
  /** options of the default (animatorWeights) */
  defaults?: AnimatorWeightsOptions;
  /**
   * per mesh name, the separate shells (component indices, as the report's "shell N" regions name them; 0 for a mesh
   * that is one shell) the artist set back to rigid: gear that does not swing (default weight 0), riding its host
   */
  rigidShells?: Readonly<Record<string, readonly number[]>>;
}

/** Weights that do not fit the mesh; `source` says which input holds them. */
export class WeightsError extends Error {
  constructor(
    readonly source: WeightsSource,
    message: string,
  ) {
    super(message);
    this.name = 'WeightsError';
  }
}

/** A mesh's resolved weights. */
export interface MeshWeights {
  /** #V weights per welded simulation vertex, in [0, 1] */
  values: Float32Array;
  source: WeightsSource;
  /** the map per region (per joint, shells), with what the default made of each region when it is the default */
  regions: WeightsRegion[];
  /** the mesh's separate shells (sceneShells): what they do whatever the weights' source */
  shells: SceneShell[];
}

/** The default weight of a piece of gear (AnimatorWeightsOptions.gearWeight): as much of its swing shows as of a belly's jiggle. */
export const GEAR_WEIGHT = 0.6;

/**
 * Resolves one mesh's physics-blend weights (0 = follow the animation, 1 = pure physics) from, in order
 * of precedence: the project file, a weights JSON file, a uniform value, the input's `_PHYSICS_WEIGHT`
 * vertex attribute, and the default (animatorWeights: what an animator paints first, from the skeleton and the
 * surface). An entry with a full `values` array
 * (one per welded vertex) is used as is; one with only `constraints` is Laplacian-interpolated
 * (laplacianInterpolatedWeights; components without constraints take 0, follow the animation).
 * An entry named "*" applies to every mesh that has no entry of its own in the same source.
 * The default of a rigid part of a rig (rigidPartDriver: an unskinned mesh that a bone or an animated node carries,
 * a robot's leg, a sword in a hand) is 0 everywhere: it moves as its node does, like a skinned part bound to one
 * rigid bone. Separate shells (sceneShells, one rule for pieces within a mesh and whole meshes): parts and glued
 * accessories 0, gear the gear weight (0.6: it swings; 0 for a shell listed in `rigidShells`).
 *
 * @param mesh       the imported mesh
 * @param scene      the scene it belongs to (hierarchy, skins of the other meshes, clips)
 * @param sources    project, file, uniform and the default's options
 * @returns the weights, their source and their summary per region (weightsSummary)
 * @throws WeightsError naming the mesh and the source when an entry does not fit it (wrong count, vertex out of range)
 */
export function meshBlendWeights(mesh: ImportedMesh, scene: ImportedScene, sources: WeightSources): MeshWeights {
  const skeleton = skinSkeleton(mesh, scene.hierarchy);
  const meshIndex = scene.meshes.indexOf(mesh);
  const shells = meshIndex >= 0 ? sceneShells(scene).meshes[meshIndex] : [];
  const summaryShells = shells.map((shell) => ({
    name: shell.component < 0 ? 'mesh' : `shell ${shell.component}`,
    vertices: shell.vertices,
    role: shell.role,
    reason: shell.reason,
  }));
  const painted = (values: Float32Array, source: WeightsSource): MeshWeights => ({
    values,
    source,
    regions: weightsSummary(values, skeleton, null, summaryShells),
    shells,
  });
  const vertexCount = mesh.topology.vertexCount;
  const fromProject = pick(sources.project ?? [], mesh.name);
  if (fromProject) return painted(entryWeights(mesh, fromProject, 'project'), 'project');
  const fromFile = pick(sources.file ?? [], mesh.name);
  if (fromFile) return painted(entryWeights(mesh, fromFile, 'file'), 'file');
  if (sources.uniform !== undefined) {
    if (!(sources.uniform >= 0 && sources.uniform <= 1)) throw new WeightsError('uniform', `uniform weight ${sources.uniform} is outside [0, 1]`);
    return painted(new Float32Array(vertexCount).fill(sources.uniform), 'uniform');
  }
  const fromAttribute = attributeWeights(mesh);
  if (fromAttribute) return painted(fromAttribute, 'attribute');
  const driver = rigidPartDriver(mesh, scene);
  if (driver >= 0) {
    const name = scene.hierarchy.nodes[driver].getName() || `node ${driver}`;
    return {
      values: new Float32Array(vertexCount),
      source: 'default',
      regions: [{ region: `rigid part of ${JSON.stringify(name)}`, role: 'rigid', vertexCount, min: 0, mean: 0, max: 0 }],
      shells,
    };
  }
  // Gear swings at the gear weight unless the artist set it back to rigid; parts and glued shells are 0.
  const rigid = new Set(sources.rigidShells?.[mesh.name] ?? []);
  const gearWeight = sources.defaults?.gearWeight ?? GEAR_WEIGHT;
  const shellWeight = (shell: SceneShell): number => (shell.role === 'gear' && !rigid.has(Math.max(0, shell.component)) ? gearWeight : 0);
  const whole = shells.find((shell) => shell.component < 0);
  if (whole) {
    const values = new Float32Array(vertexCount).fill(shellWeight(whole));
    return { values, source: 'default', regions: weightsSummary(values, skeleton, null, summaryShells), shells };
  }
  const mask = new Uint8Array(vertexCount);
  for (const shell of shells) for (const v of shell.vertices) mask[v] = 1;
  const { values, roles } = animatorWeights(mesh.topology, skeleton, { ...sources.defaults, ...(meshIndex >= 0 ? { shells: mask } : {}) });
  for (const shell of shells) {
    const w = shellWeight(shell);
    for (const v of shell.vertices) values[v] = w;
  }
  return { values, source: 'default', regions: weightsSummary(values, skeleton, roles?.roles ?? null, summaryShells), shells };
}

function pick<T extends { mesh: string }>(entries: readonly T[], name: string): T | undefined {
  return entries.find((e) => e.mesh === name) ?? entries.find((e) => e.mesh === '*');
}

function entryWeights(mesh: ImportedMesh, entry: WeightsFileEntry, source: 'project' | 'file'): Float32Array {
  const where = source === 'project' ? 'project file' : 'weights file';
  const vertexCount = mesh.topology.vertexCount;
  if ('value' in entry) return new Float32Array(vertexCount).fill(entry.value);
  const values = entry.values ?? [];
  if (values.length === vertexCount) return Float32Array.from(values, (v) => Math.min(1, Math.max(0, v)));
  const constraints = entry.constraints ?? [];
  if (values.length > 0 && constraints.length === 0) {
    throw new WeightsError(source, `${where}: mesh "${mesh.name}" has ${vertexCount} welded vertices but ${values.length} weights are given`);
  }
  try {
    return laplacianInterpolatedWeights(vertexCount, mesh.topology.edges, constraints, 0);
  } catch (error) {
    throw new WeightsError(source, `${where}: mesh "${mesh.name}": ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The mean `_PHYSICS_WEIGHT` of the render vertices of each welded vertex, or null when no primitive has it. */
function attributeWeights(mesh: ImportedMesh): Float32Array | null {
  if (!mesh.primitives.some((range) => range.primitive.getAttribute(PHYSICS_WEIGHT_ATTRIBUTE))) return null;
  const vertexCount = mesh.topology.vertexCount;
  const sums = new Float64Array(vertexCount);
  const counts = new Uint32Array(vertexCount);
  const element: number[] = [];
  for (const range of mesh.primitives) {
    const accessor = range.primitive.getAttribute(PHYSICS_WEIGHT_ATTRIBUTE);
    if (!accessor || accessor.getCount() !== range.vertexCount) continue;
    for (let r = 0; r < range.vertexCount; r++) {
      accessor.getElement(r, element);
      const v = mesh.topology.renderToSimulation[range.firstVertex + r];
      if (Number.isFinite(element[0])) {
        sums[v] += Math.min(1, Math.max(0, element[0]));
        counts[v]++;
      }
    }
  }
  return Float32Array.from(sums, (sum, v) => (counts[v] > 0 ? sum / counts[v] : 0));
}
