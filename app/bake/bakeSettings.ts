import type { BakeSettings, ExportMode, Material, MaterialPreset, MeshRole, MeshSettings, OverlapProject } from '../document/index.ts';
import type { ImportedScene } from '../io/index.ts';
import type { WeightsFileEntry } from '../weights/index.ts';
import { MATERIAL_PRESET_NAMES, presetMaterial } from './materialPresets.ts';

/** A problem with the bake's input or settings (unknown clip or mesh, bad range, weights that do not fit): the user's to fix, not a bug. */
export class BakeError extends Error {
  /**
   * @param message  what is wrong
   * @param origin   the input that holds the problem when it is not the glTF itself: the weights file or the project
   */
  constructor(
    message: string,
    readonly origin: 'gltf' | 'weightsFile' | 'project' = 'gltf',
  ) {
    super(message);
    this.name = 'BakeError';
  }
}

/** One progress report of a running bake. */
export interface BakeProgress {
  stage: BakeStage;
  /** frames done in this stage (simulation: simulated frames, pre-roll included) */
  frame: number;
  /** frames this stage will do */
  frameCount: number;
  /** estimated seconds until the whole bake is done (null until one frame has been timed) */
  etaSeconds: number | null;
}

/** The stages of a bake, in order; the report times each. */
export type BakeStage = 'import' | 'weights' | 'embedding' | 'evaluation' | 'fitting' | 'simulation' | 'transfer' | 'export';
export const BAKE_STAGES: readonly BakeStage[] = ['import', 'weights', 'embedding', 'evaluation', 'fitting', 'simulation', 'transfer', 'export'];

/** Per-mesh settings given by the caller (CLI, app); fields left out come from the project or the defaults. */
export interface BakeMeshOptions extends Partial<Omit<MeshSettings, 'mesh'>> {
  /** mesh node name, as `overlap inspect` prints it */
  mesh: string;
}

/** Everything a bake can be told. Only `clip` is needed (unless the project names one). */
export interface BakeOptions {
  /** clip name, or index (a number, or a string of digits that is no clip's name) */
  clip?: string | number;
  /** frames per second of the bake (default: the clip's key spacing when regular, else 30) */
  fps?: number;
  /** inclusive frame range [first, last] (default: the whole clip, [0, round(duration·fps)]) */
  frames?: [number, number];
  /** frames simulated before the first baked frame (default 0; a whole cycle for loops) */
  preroll?: number;
  /** cyclic clip: pre-roll wraps around the cycle and the seam is closed (default false) */
  loop?: boolean;
  mode?: ExportMode;
  backend?: 'cpu' | 'webgpu';
  selfContact?: boolean;
  /** remove the input's own intersections frame by frame before simulating (docs/contact.md) */
  repair?: boolean;
  /** material preset of every simulated mesh without its own (default flesh) */
  preset?: MaterialPreset;
  meshes?: BakeMeshOptions[];
  /** a project (file or a baked glTF's extras): weights and settings, below explicit options */
  project?: OverlapProject | null;
  /** entries of a weights JSON file */
  weightsFile?: WeightsFileEntry[];
  /** one weight for every mesh */
  uniformWeight?: number;
  /** gravity [m/s²]; default [0, 0, 0]: the modeled shape is taken as already sagging under gravity, see bakeAnimation */
  gravity?: [number, number, number];
  /**
   * physical size of one unit of the file [m] (default 1: glTF is in meters). For an asset modelled in
   * centimeters and exported unscaled, 0.01 makes it jiggle like the small thing it is.
   */
  metersPerUnit?: number;
  /** κ [1/s²] of the blending springs k = m·κ·(1 − w)/w (default 1000, ≈ 5 Hz at w = ½) */
  attachmentStiffness?: number;
  /** weights-track interpolation of the baked clip (default LINEAR) */
  interpolation?: 'LINEAR' | 'STEP';
  /** 'none' (default), 'quantize' (KHR_mesh_quantization) or 'meshopt' (EXT_meshopt_compression) */
  compression?: 'none' | 'quantize' | 'meshopt';
  /** name of the input file, recorded in the project extras */
  sourceName?: string;
  signal?: AbortSignal;
  onProgress?: (progress: BakeProgress) => void;
}

/** The resolved settings of one mesh. */
export interface ResolvedMesh {
  /** index into ImportedScene.meshes */
  meshIndex: number;
  name: string;
  role: MeshRole;
  preset: MaterialPreset;
  material: Material;
  substeps: number;
  iterations: number;
  /** lattice cells along the longest side (volume materials) */
  latticeResolution: number;
  /** what the project file records for this mesh */
  settings: MeshSettings;
}

/** Settings with every default applied, ready for bakeAnimation. */
export interface ResolvedBakeSettings {
  clipIndex: number;
  clipName: string;
  fps: number;
  firstFrame: number;
  lastFrame: number;
  preroll: number;
  loop: boolean;
  mode: ExportMode;
  interpolation: 'LINEAR' | 'STEP';
  gravity: [number, number, number];
  metersPerUnit: number;
  attachmentStiffness: number;
  compression: 'none' | 'quantize' | 'meshopt';
  meshes: ResolvedMesh[];
  /** what the project file records for the bake */
  bake: BakeSettings;
}

/** Defaults of a simulated mesh, tuned on the sample and Fox.glb (bench/bake.bench.ts). */
export const MESH_DEFAULTS = { preset: 'flesh' as MaterialPreset, substeps: 4, iterations: 6, latticeResolution: 12 };

/**
 * Applies precedence and defaults: explicit options, then the project, then the defaults. A mesh is
 * simulated by default when it can move (skinned, or its node or an ancestor is animated by the clip);
 * static meshes are ignored unless a setting says otherwise.
 *
 * @param scene    the imported scene
 * @param options  the caller's options
 * @returns the resolved settings
 * @throws Error naming the problem (unknown clip or mesh, bad range, unsupported option)
 */
export function resolveBakeSettings(scene: ImportedScene, options: BakeOptions): ResolvedBakeSettings {
  const project = options.project ?? null;
  const clipOption = options.clip ?? project?.bake?.clip;
  if (clipOption === undefined) throw new BakeError(`which clip? (clips: ${scene.clips.map((c) => c.name).join(', ') || 'none'})`);
  let clipIndex = typeof clipOption === 'number' ? clipOption : scene.clips.findIndex((c) => c.name === clipOption);
  // A clip without that name but given as a whole number is taken as an index ("--clip 0").
  if (clipIndex < 0 && typeof clipOption === 'string' && /^\d+$/.test(clipOption)) clipIndex = Number(clipOption);
  const clip = scene.clips[clipIndex];
  if (!clip) throw new BakeError(`no clip ${JSON.stringify(clipOption)} (clips: ${scene.clips.map((c) => JSON.stringify(c.name)).join(', ') || 'none'})`);
  if ((options.backend ?? project?.bake?.backend ?? 'cpu') === 'webgpu') throw new BakeError('the WebGPU bake backend is not built yet; use cpu');
  const selfContact = options.selfContact ?? project?.bake?.selfContact ?? false;
  const repair = options.repair ?? project?.bake?.repair ?? false;

  const fps = options.fps ?? project?.bake?.fps ?? clipFrameRate(scene, clipIndex);
  if (!(fps > 0 && fps <= 1000 && Number.isFinite(fps))) throw new BakeError(`fps must be in (0, 1000], got ${fps}`);
  const frames = options.frames ?? project?.bake?.frames ?? [0, Math.round(clip.duration * fps)];
  const [firstFrame, lastFrame] = frames;
  if (!(Number.isInteger(firstFrame) && Number.isInteger(lastFrame) && firstFrame >= 0 && lastFrame >= firstFrame)) {
    throw new BakeError(`frames must be whole numbers A:B with 0 ≤ A ≤ B, got ${firstFrame}:${lastFrame}`);
  }
  if (lastFrame - firstFrame + 1 > 100_000) throw new BakeError(`${lastFrame - firstFrame + 1} frames is more than a bake takes (100000)`);
  const loop = options.loop ?? project?.bake?.loop ?? false;
  const defaultPreroll = loop ? Math.max(0, Math.round(clip.duration * fps)) : 0;
  const preroll = options.preroll ?? project?.bake?.preroll ?? defaultPreroll;
  if (!(Number.isInteger(preroll) && preroll >= 0 && preroll <= 100_000)) throw new BakeError(`preroll must be a whole number of frames ≥ 0, got ${preroll}`);
  const mode = options.mode ?? project?.bake?.mode ?? 'corrective';
  if (mode !== 'corrective' && mode !== 'cache') throw new BakeError(`mode must be corrective or cache, got ${JSON.stringify(mode)}`);
  const preset = options.preset ?? MESH_DEFAULTS.preset;
  if (!MATERIAL_PRESET_NAMES.includes(preset)) throw new BakeError(`unknown preset "${preset}" (one of ${MATERIAL_PRESET_NAMES.join(', ')})`);
  const gravity = options.gravity ?? [0, 0, 0];
  const attachmentStiffness = options.attachmentStiffness ?? 1000;
  const metersPerUnit = options.metersPerUnit ?? 1;
  if (!(metersPerUnit > 0 && Number.isFinite(metersPerUnit))) throw new BakeError(`metersPerUnit must be > 0, got ${metersPerUnit}`);
  if (!(attachmentStiffness >= 0 && Number.isFinite(attachmentStiffness))) throw new BakeError(`attachmentStiffness must be ≥ 0, got ${attachmentStiffness}`);

  const names = new Set(scene.meshes.map((m) => m.name));
  for (const entry of [...(options.meshes ?? [])]) {
    if (!names.has(entry.mesh)) throw new BakeError(`no mesh "${entry.mesh}" (meshes: ${[...names].map((n) => JSON.stringify(n)).join(', ')})`);
  }
  const movers = movingMeshes(scene, clipIndex);
  const meshes = scene.meshes.map((mesh, meshIndex): ResolvedMesh => {
    const explicit = options.meshes?.find((m) => m.mesh === mesh.name);
    const saved = project?.meshes?.find((m) => m.mesh === mesh.name);
    const role = explicit?.role ?? saved?.role ?? (movers.has(meshIndex) ? 'simulated' : 'ignored');
    if (!['simulated', 'collider', 'ignored'].includes(role)) throw new BakeError(`mesh "${mesh.name}": role must be simulated, collider or ignored, got ${JSON.stringify(role)}`);
    const meshPreset = explicit?.preset ?? saved?.preset ?? preset;
    const overrides = { ...(saved?.material ?? {}), ...(explicit?.material ?? {}) };
    let material: Material;
    try {
      material = presetMaterial(meshPreset, overrides);
    } catch (error) {
      throw new BakeError(`mesh "${mesh.name}": ${error instanceof Error ? error.message : String(error)}`);
    }
    const substeps = explicit?.substeps ?? saved?.substeps ?? MESH_DEFAULTS.substeps;
    const iterations = explicit?.iterations ?? saved?.iterations ?? MESH_DEFAULTS.iterations;
    const latticeResolution = explicit?.latticeResolution ?? saved?.latticeResolution ?? MESH_DEFAULTS.latticeResolution;
    for (const [key, value, min, max] of [['substeps', substeps, 1, 1000], ['iterations', iterations, 1, 10000], ['latticeResolution', latticeResolution, 1, 256]] as const) {
      if (!(Number.isInteger(value) && value >= min && value <= max)) throw new BakeError(`mesh "${mesh.name}": ${key} must be a whole number in [${min}, ${max}], got ${value}`);
    }
    const settings: MeshSettings = { mesh: mesh.name, role, preset: meshPreset, substeps, iterations, latticeResolution };
    if (Object.keys(overrides).length > 0) settings.material = overrides;
    return { meshIndex, name: mesh.name, role, preset: meshPreset, material, substeps, iterations, latticeResolution, settings };
  });
  const bake: BakeSettings = { clip: clip.name, fps, frames: [firstFrame, lastFrame], preroll, loop, mode, backend: 'cpu', selfContact, ...(repair ? { repair } : {}) };
  return {
    clipIndex,
    clipName: clip.name,
    fps,
    firstFrame,
    lastFrame,
    preroll,
    loop,
    mode,
    interpolation: options.interpolation ?? 'LINEAR',
    gravity,
    metersPerUnit,
    attachmentStiffness,
    compression: options.compression ?? 'none',
    meshes,
    bake,
  };
}

/**
 * The clip's frame rate when its keys are regularly spaced (exporters sample at the scene rate: Fox.glb
 * at 24, the sample at 30), else 30: the most common key spacing over all channels, if 1/spacing is
 * within 1% of a whole number in [10, 240].
 *
 * @param scene      an imported scene
 * @param clipIndex  index into scene.clips
 * @returns frames per second [1/s]
 */
export function clipFrameRate(scene: ImportedScene, clipIndex: number): number {
  const counts = new Map<number, number>();
  for (const channel of scene.clips[clipIndex].channels) {
    for (let k = 1; k < channel.times.length; k++) {
      const spacing = channel.times[k] - channel.times[k - 1];
      if (!(spacing > 0)) continue;
      const rate = 1 / spacing;
      const rounded = Math.round(rate);
      if (Math.abs(rate - rounded) <= 0.01 * rounded && rounded >= 10 && rounded <= 240) counts.set(rounded, (counts.get(rounded) ?? 0) + 1);
    }
  }
  let best = 30;
  let bestCount = 0;
  for (const [rate, count] of [...counts].sort((a, b) => a[0] - b[0])) {
    if (count > bestCount) {
      best = rate;
      bestCount = count;
    }
  }
  return best;
}

/** Meshes that can move in the clip: skinned, morph-animated, or under an animated node. */
function movingMeshes(scene: ImportedScene, clipIndex: number): Set<number> {
  const animated = new Set(scene.clips[clipIndex].channels.map((c) => c.nodeIndex));
  const movers = new Set<number>();
  scene.meshes.forEach((mesh, i) => {
    if (mesh.skinned) return void movers.add(i);
    for (let node = mesh.nodeIndex; node >= 0; node = scene.hierarchy.parentIndices[node]) {
      if (animated.has(node)) return void movers.add(i);
    }
  });
  return movers;
}
