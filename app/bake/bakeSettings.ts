import type { BakeCheckpoint, BakeCheckpointing } from './bakeCheckpoint.ts';
import {
  ProjectFileError,
  projectSourceWarnings,
  type BakeSettings,
  type ExportMode,
  type Material,
  type MaterialPreset,
  type MeshRole,
  type MeshSettings,
  type OverlapProject,
  type ShapeStorage,
} from '../document/index.ts';
import { clipIndexOf, type ImportedScene } from '../io/index.ts';
import type { IntersectionCheckPool } from '../intersection/index.ts';
import type { VbdStepBackend } from '../solvers/vbd/index.ts';
import type { WeightsFileEntry } from '../weights/index.ts';
import { jsonValueText } from '../io/index.ts';
import { bakeWarning, type BakeWarning } from './bakeWarning.ts';
import { BakeError } from './bakeError.ts';
import { checkBakeOptions, settingProblem } from './bakeSettingRules.ts';
import { createAnimationEvaluator, type AnimationEvaluator } from '../animation/index.ts';
import { meanEdgeLength } from '../geometry/index.ts';

import { MAX_ATTACHMENT_STIFFNESS, MESH_DEFAULTS, resolvedMesh, type MeshResolution } from './settings/resolvedMesh.ts';
import { checkMorphTargetRoom } from './settings/checkMorphTargetRoom.ts';

export { CLOTH_AUTO_SUBSTEPS, MAX_STEP, MESH_DEFAULTS, timeSubsteps } from './settings/resolvedMesh.ts';

/** Largest gravity [m/s²] (the Sun's surface is 274). */
const MAX_GRAVITY = 1e4;

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
  /** mesh node name, as `overlap inspect` prints it, or "*" for every mesh (a named entry wins over it) */
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
  /** the backend the user asked for, for the report: 'cpu' (default), 'webgpu', or 'auto' (the caller's choice) */
  backend?: 'cpu' | 'webgpu' | 'auto';
  /**
   * where the VBD step runs (default: the CPU). app/ cannot reach a GPU itself: the caller that owns one (the CLI,
   * the app's worker) hands in kernels/vbd's backend; its kind must agree with `backend` ('auto' accepts either)
   */
  stepBackend?: VbdStepBackend;
  /** corrective and cache modes: 'compact' shapes (default) or one target 'per-frame' */
  shapes?: ShapeStorage;
  /** compact shapes: cap per mesh (default 64, at most 256 minus the mesh's own morph targets) */
  maxShapes?: number;
  /** compact shapes: replay error bound, relative to the mesh's bounding-box diagonal (default 1e-4) */
  shapeError?: number;
  /** bones mode: helper joints per simulated mesh (default 16) */
  helperBones?: number;
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
  /**
   * κ [1/s²] of the blending springs k = m·κ·(1 − w)/w, one value for every vertex: an expert override. Default: per
   * vertex from the material and the mesh, κ_i = 1/δ_i with δ_i the free body's static compliance
   * (attachmentStiffnesses), so the weight is the fraction of the physics' lag that shows
   */
  attachmentStiffness?: number;
  /**
   * a lattice piece that no weight-0 vertex pins moves as a free body (true), instead of being held at its skeleton
   * core (false, default: uniform weight 1 would otherwise hover or collapse)
   */
  freeBody?: boolean;
  /** weights-track interpolation of the baked clip (default LINEAR) */
  interpolation?: 'LINEAR' | 'STEP';
  /** 'none' (default), 'quantize' (KHR_mesh_quantization) or 'meshopt' (EXT_meshopt_compression) */
  compression?: 'none' | 'quantize' | 'meshopt';
  /** name of the input file, recorded in the project extras */
  sourceName?: string;
  /**
   * memory the bake may use [bytes] (the CLI gives 80% of the machine's): a bake whose estimate (bakeCost) exceeds
   * it is refused before it starts, with the estimate
   */
  memoryLimitBytes?: number;
  signal?: AbortSignal;
  onProgress?: (progress: BakeProgress) => void;
  /**
   * where exact intersection checks may run beside the bake (the CLI's worker threads, nodeCheckPool): with contact,
   * the next frames' input checks run while a frame simulates, and the export checks its replayed frames there at
   * once. The bytes are the same with or without (the checker is exact); the caller closes it
   */
  checkPool?: IntersectionCheckPool;
  /** write the bake's state every few frames, and once when cancelled (bakeCheckpoint.ts) */
  checkpoint?: BakeCheckpointing;
  /** continue from a checkpoint of this same bake; the result is the bytes of a bake that never stopped */
  resume?: BakeCheckpoint;
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
  /** κ [1/s²] of this mesh's blending springs: its own setting, else the bake's; undefined: from the body's compliance */
  attachmentStiffness: number | undefined;
  /** gravity on this mesh [m/s²]: its own on/off setting (9.81 down), else the bake's */
  gravity: [number, number, number];
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
  shapes: ShapeStorage;
  maxShapes: number;
  shapeError: number;
  helperBones: number;
  interpolation: 'LINEAR' | 'STEP';
  gravity: [number, number, number];
  metersPerUnit: number;
  /** κ override [1/s²], or undefined: from the material and the mesh */
  attachmentStiffness: number | undefined;
  /** pieces without a weight-0 vertex move freely instead of being held at their core */
  freeBody: boolean;
  compression: 'none' | 'quantize' | 'meshopt';
  meshes: ResolvedMesh[];
  /** what the project file records for the bake */
  bake: BakeSettings;
  /** inputs that are ignored (a project entry for a mesh the glTF does not have), as report warnings */
  warnings: BakeWarning[];
}

/** Defaults of the export (docs/bake.md "Output"; bench/export.bench.ts measured them). */
export const EXPORT_DEFAULTS = { shapes: 'compact' as ShapeStorage, maxShapes: 64, shapeError: 1e-4, helperBones: 16 };

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
  const warnings: BakeWarning[] = [];
  /** Where a setting came from: a problem in it is the caller's, the project's, or (defaults) the glTF's. */
  const from = (explicit: unknown, saved: unknown): BakeError['origin'] => (explicit !== undefined ? 'options' : saved !== undefined ? 'project' : 'gltf');
  /** A bad setting: the option's when the caller gave it (named, so the CLI can name its flag), else the project's or the default's. */
  const bad = (option: keyof BakeOptions, message: string, saved?: unknown): BakeError => {
    const origin = from(options[option], saved);
    return new BakeError(message, origin, origin === 'options' ? option : undefined);
  };
  /** A resolved setting against its rule (SETTING_RULES). */
  const check = (option: keyof BakeOptions, value: unknown, saved?: unknown): void => {
    const problem = settingProblem(option, value);
    if (problem) throw bad(option, problem, saved);
  };
  checkBakeOptions(options);
  const clipOption = options.clip ?? project?.bake?.clip;
  if (clipOption === undefined) throw new BakeError(`which clip? (clips: ${scene.clips.map((c) => c.name).join(', ') || 'none'})`);
  // By name, or by index (a whole number no clip has as its name: "--clip 0"): the one rule of every command.
  const clipIndex = clipIndexOf(scene.clips, clipOption);
  const clip = scene.clips[clipIndex];
  if (!clip)
    throw new BakeError(
      `no clip ${JSON.stringify(clipOption)} (clips: ${scene.clips.map((c) => JSON.stringify(c.name)).join(', ') || 'none'})`,
      options.clip === undefined ? 'project' : 'gltf',
    );
  const requestedBackend = options.backend ?? options.stepBackend?.kind ?? 'cpu';
  check('backend', requestedBackend);
  const backendKind = options.stepBackend?.kind ?? 'cpu';
  if (requestedBackend !== 'auto' && requestedBackend !== backendKind) {
    throw new BakeError(
      `the ${requestedBackend} backend was asked for, but the bake was handed a ${backendKind} step backend (the CLI's --backend hands in the right one)`,
    );
  }
  const selfContact = options.selfContact ?? project?.bake?.selfContact ?? false;
  const repair = options.repair ?? project?.bake?.repair ?? false;

  const fps = options.fps ?? project?.bake?.fps ?? clipFrameRate(scene, clipIndex);
  check('fps', fps, project?.bake?.fps);
  const frames = options.frames ?? project?.bake?.frames ?? [0, Math.round(clip.duration * fps)];
  const [firstFrame, lastFrame] = frames;
  check('frames', frames, project?.bake?.frames);
  const loop = options.loop ?? project?.bake?.loop ?? false;
  const defaultPreroll = loop ? Math.max(0, Math.round(clip.duration * fps)) : 0;
  const preroll = options.preroll ?? project?.bake?.preroll ?? defaultPreroll;
  check('preroll', preroll, project?.bake?.preroll);
  const mode = options.mode ?? project?.bake?.mode ?? 'corrective';
  check('mode', mode, project?.bake?.mode);
  const shapes = options.shapes ?? project?.bake?.shapes ?? EXPORT_DEFAULTS.shapes;
  check('shapes', shapes, project?.bake?.shapes);
  const maxShapes = options.maxShapes ?? project?.bake?.maxShapes ?? EXPORT_DEFAULTS.maxShapes;
  check('maxShapes', maxShapes, project?.bake?.maxShapes);
  const shapeError = options.shapeError ?? project?.bake?.shapeError ?? EXPORT_DEFAULTS.shapeError;
  check('shapeError', shapeError, project?.bake?.shapeError);
  const helperBones = options.helperBones ?? project?.bake?.helperBones ?? EXPORT_DEFAULTS.helperBones;
  check('helperBones', helperBones, project?.bake?.helperBones);
  const preset = options.preset ?? MESH_DEFAULTS.preset;
  check('preset', preset);
  const gravity = options.gravity ?? [0, 0, 0];
  const attachmentStiffness = options.attachmentStiffness;
  // The project's scene units (the app's Scene panel) apply as every other project setting does: below the options.
  const metersPerUnit = options.metersPerUnit ?? project?.scene?.metersPerUnit ?? 1;
  check('metersPerUnit', metersPerUnit, project?.scene?.metersPerUnit);
  if (attachmentStiffness !== undefined && !(attachmentStiffness >= 0 && attachmentStiffness <= MAX_ATTACHMENT_STIFFNESS)) {
    throw new BakeError(`attachmentStiffness must be in [0, ${MAX_ATTACHMENT_STIFFNESS}] 1/s², got ${attachmentStiffness}`, 'options');
  }
  if (!(gravity.length === 3 && gravity.every((g) => Math.abs(g) <= MAX_GRAVITY)))
    throw new BakeError(`gravity must be three numbers of at most ${MAX_GRAVITY} m/s², got ${jsonValueText(gravity)}`, 'options');

  const names = new Set(scene.meshes.map((m) => m.name));
  for (const entry of [...(options.meshes ?? [])]) {
    if (!names.has(entry.mesh) && entry.mesh !== '*')
      throw new BakeError(`no mesh "${entry.mesh}" (meshes: ${[...names].map((n) => JSON.stringify(n)).join(', ')})`, 'options');
  }
  if (project) {
    // The project against this glTF, by the one project reader's check (the app says the same when it opens it).
    try {
      const source = {
        name: options.sourceName || 'the glTF',
        meshes: scene.meshes.map((mesh) => ({ name: mesh.name, vertexCount: mesh.topology.vertexCount })),
      };
      for (const message of projectSourceWarnings(project, 'the project', source)) warnings.push(bakeWarning('ignored-input', message));
    } catch (error) {
      if (error instanceof ProjectFileError) throw new BakeError(error.message, 'project');
      throw error;
    }
  }
  const movers = movingMeshes(scene, clipIndex);
  /** The mean edge of a mesh's welded rest surface in the world [m] (what the cloth simulation measures it on). */
  let evaluator: AnimationEvaluator | undefined;
  const clothMeanEdge = (meshIndex: number): number => {
    evaluator ??= createAnimationEvaluator(scene);
    const { topology } = scene.meshes[meshIndex];
    const rest = new Float32Array(3 * topology.vertexCount);
    evaluator.evaluateSimulationPositions(meshIndex, null, 0, rest);
    return meanEdgeLength(rest, topology.triangles, 1) * metersPerUnit;
  };
  const resolution: MeshResolution = { options, project, preset, movers, fps, attachmentStiffness, gravity, from, clothMeanEdge };
  const meshes = scene.meshes.map((mesh, meshIndex) => resolvedMesh(mesh, meshIndex, resolution));
  checkMorphTargetRoom(scene, meshes, mode, shapes, lastFrame - firstFrame + 1);
  const freeBody = options.freeBody ?? project?.bake?.freeBody ?? false;
  // the settings both the project's record and the resolution hold, in the record's order
  const recorded = { preroll, loop, mode, shapes, maxShapes, shapeError, helperBones };
  const bake: BakeSettings = {
    clip: clip.name,
    fps,
    frames: [firstFrame, lastFrame],
    ...recorded,
    backend: backendKind,
    selfContact,
    ...(repair ? { repair } : {}),
  };
  if (freeBody) bake.freeBody = true;
  return {
    clipIndex,
    clipName: clip.name,
    fps,
    firstFrame,
    lastFrame,
    ...recorded,
    interpolation: options.interpolation ?? 'LINEAR',
    gravity,
    metersPerUnit,
    attachmentStiffness,
    freeBody,
    compression: options.compression ?? 'none',
    meshes,
    bake,
    warnings,
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

export { BakeError } from './bakeError.ts';
export { checkBakeOptions, MAX_FPS, MAX_METERS_PER_UNIT, MIN_FPS, MIN_METERS_PER_UNIT } from './bakeSettingRules.ts';
