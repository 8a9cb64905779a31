/**
 * The Overlap document model: what a project file holds and what every part of the app agrees on.
 *
 * The imported glTF itself stays a glTF-Transform `Document` (app/io); this model holds the authoring
 * data layered on top of it: per-mesh roles and materials, painted physics-blend weights, handles,
 * and bake settings. Units are SI (glTF is in meters, seconds, radians). Weights are per welded
 * simulation vertex, 0 = follow the animation exactly, 1 = pure physics.
 */

import type { PoseCorrection } from './poseCorrection.ts';

/** What a mesh does in the simulation. */
export type MeshRole = 'simulated' | 'collider' | 'ignored';

/** Named material presets; explicit parameters override them. */
export type MaterialPreset = 'flesh' | 'jelly' | 'stiffRubber' | 'cloth';

/** Constitutive model of an element set. */
export type MaterialModel = 'neohookean' | 'stvk' | 'spring';

/** Elastic material, given as the artist thinks of it; Lamé parameters are derived inside the solver. */
export interface Material {
  model: MaterialModel;
  /** Young's modulus E [Pa] */
  youngsModulus: number;
  /** Poisson ratio ν, in [0, 0.495] (MAX_POISSON_RATIO: closer to 0.5 the solver diverges) */
  poissonRatio: number;
  /** density ρ [kg/m³] */
  density: number;
  /** stiffness-proportional (Rayleigh β) damping [s]: a viscosity, damps fast wobble more than slow */
  damping: number;
  /**
   * mass-proportional (Rayleigh α) damping of the motion relative to the animation [1/s]: secondary motion decays at
   * least as e^{−αt/2}, whatever its frequency (how soon a region settles back on the animator's pose); 0 when absent
   */
  massDamping?: number;
}

/** Per-mesh simulation settings. */
export interface MeshSettings {
  /** the mesh node's name, as `overlap inspect` reports it */
  mesh: string;
  /** absent: the bake decides (simulated when the clip moves the mesh, else ignored) */
  role?: MeshRole;
  preset?: MaterialPreset;
  /** explicit overrides of the preset */
  material?: Partial<Material>;
  substeps?: number;
  iterations?: number;
  /** lattice cells along the longest side of the mesh's bounding box */
  latticeResolution?: number;
  /** κ [1/s²] of the springs that hold the mesh to its animation (BakeOptions.attachmentStiffness), per mesh */
  attachmentStiffness?: number;
  /** simulate gravity on this mesh (default false: the modelled shape already sags under gravity, see app/bake) */
  gravity?: boolean;
  /**
   * separate shells set back to rigid (their component index, as the bake report's "shell N" regions name them; 0 for
   * a mesh that is one shell): gear that rides its host without swinging (app/weights sceneShells)
   */
  rigidShells?: number[];
}

/** Physics-blend weights of one mesh, one value per welded simulation vertex, in [0, 1]. */
export interface BlendWeights {
  mesh: string;
  /** #V weights; stored as a plain array in JSON, a Float32Array in memory */
  values: ArrayLike<number>;
  /** artist-set values Laplacian interpolation keeps fixed (vertex index -> weight) */
  constraints?: Array<{ vertex: number; weight: number }>;
}

/**
 * A weight layer keyed in time: painted weights that override the layers below on the vertices its
 * mask covers, with an influence keyed over frames (the tail free while running, pinned while sitting).
 * The weights at frame f are, layer by layer in order (app/weights layeredBlendWeights):
 * w ← w + a(f)·mask_v·(values_v − w), a(f) interpolated linearly between keys.
 */
export interface WeightLayer {
  /** unique within the project */
  id: string;
  /** what the artist called it ("tail pinned while sitting") */
  name: string;
  mesh: string;
  /** #V layer weights per welded vertex, in [0, 1] */
  values: ArrayLike<number>;
  /** #V how much the layer overrides each vertex, in [0, 1] (0: the weights below show through) */
  mask: ArrayLike<number>;
  /** influence keys, sorted by frame; none: the layer is always fully on */
  keys: WeightLayerKey[];
  /** false mutes the layer (kept in the project, not applied); default true */
  enabled?: boolean;
}

/** One key of a weight layer's influence. */
export interface WeightLayerKey {
  /** frame number at the project's frame rate (`bake.fps`); may be fractional */
  frame: number;
  /** influence in [0, 1]: 0 off, 1 fully on; linear between keys, held before the first and after the last */
  influence: number;
}

/**
 * Per-vertex limits of one mesh (Unity Cloth's maxDistance and backstop, Jolt's skinned constraint):
 * a simulated vertex never gets farther than its max distance from its animated position (0 pins it
 * to the animation), enforced as a hard clamp every substep (app/weights maxDistanceClampedPositions).
 */
export interface VertexLimits {
  mesh: string;
  /** #V max distance per welded vertex [m] (physical, after Scene.metersPerUnit); null or Infinity: no limit */
  maxDistance: ArrayLike<number | null>;
  /**
   * optional backstop for the limited vertices: they may not enter a sphere of `radius` [m] whose
   * surface lies `distance` [m] behind the animated position along the inward normal (app/weights backstopClampedPositions)
   */
  backstop?: { radius: number; distance: number };
}

/** Scene-wide settings. */
export interface SceneSettings {
  /** physical size of one unit of the file [m] (glTF is in meters; 0.01 for an asset modelled in centimetres) */
  metersPerUnit: number;
}

/** The input glTF stored inside the project, for a project that travels as one file. */
export interface EmbeddedSource {
  /** file name, e.g. "Fox.glb" */
  name: string;
  /** the file's bytes, base64 */
  data: string;
  /** external resources of a .gltf, base64, keyed by URI as the file writes it */
  resources?: Record<string, string>;
}

/** A handle the artist places for pose editing (ARAP) or pinning. */
export interface Handle {
  id: string;
  mesh: string;
  /** welded simulation vertices the handle drives */
  vertices: number[];
  /** rigid offset of the handle from its rest placement, world space [m] */
  translation: [number, number, number];
  /** quaternion x, y, z, w */
  rotation: [number, number, number, number];
  kind: 'pose' | 'pin';
}

/**
 * How a bake writes its result: corrective morph targets on the skinned mesh, helper bones fitted to the
 * motion (skinning decomposition), or an unskinned vertex cache.
 */
export type ExportMode = 'corrective' | 'bones' | 'cache';

/** How corrective and cache modes store the frames: a few compact shapes mixed per frame, or one target per frame. */
export type ShapeStorage = 'compact' | 'per-frame';

/** Settings of a bake run. */
export interface BakeSettings {
  clip: string;
  /** frames per second of the baked clip (and of the app's timeline) */
  fps: number;
  /** the app's timeline follows the clip's own key rate rather than a rate the user picked (fps then records that rate) */
  fpsFromClip?: boolean;
  /** inclusive frame range; default: the whole clip */
  frames?: [number, number];
  /** frames simulated before the clip starts, to settle */
  preroll: number;
  /** treat the clip as cyclic (walk, run) */
  loop: boolean;
  mode: ExportMode;
  /** corrective and cache modes: compact shapes (default) or one target per frame */
  shapes?: ShapeStorage;
  /** compact shapes: at most this many per mesh (default 64; never more than 256 minus the mesh's own targets) */
  maxShapes?: number;
  /** compact shapes: replay error bound relative to the mesh's bounding-box diagonal (default 1e-4) */
  shapeError?: number;
  /** bones mode: helper joints per mesh (default 16) */
  helperBones?: number;
  backend: 'cpu' | 'webgpu';
  selfContact: boolean;
  /**
   * lattice pieces without a weight-0 vertex move as free bodies instead of being held at their skeleton core
   * (default false)
   */
  freeBody?: boolean;
  /** remove the input's own intersections (those its rest pose does not have) frame by frame before simulating */
  repair?: boolean;
}

/**
 * A saved Overlap project (`.overlap.json`): the glTF it was made from and the authoring data.
 * Version 1 had source, meshes, weights, handles and bake; version 2 adds scene units, weight layers,
 * vertex limits, the embedded input, and per-mesh κ and gravity (all optional, so a version 1 file
 * reads as a version 2 one with defaults). Optional fields added since (pose corrections, the source's SHA-256) are
 * ignored by the readers that predate them, so they did not need a new version.
 */
export interface OverlapProject {
  format: 'overlap-project';
  version: 1 | 2;
  /** path of the source glTF, relative to the project file when possible */
  source: string;
  /**
   * SHA-256 of the source glTF's file (the .glb, or the .gltf's JSON; sourceDigest), lowercase hex: opening the project
   * on a different file says so (projectSourceWarnings). Absent in projects written before it was recorded.
   */
  sourceSha256?: string;
  /** the source glTF itself, when the project was saved with it embedded */
  embeddedSource?: EmbeddedSource;
  scene?: SceneSettings;
  meshes: MeshSettings[];
  /** painted weights (the base layer), one entry per painted mesh */
  weights: BlendWeights[];
  /** weight layers keyed in time, applied in order over `weights` */
  weightLayers?: WeightLayer[];
  limits?: VertexLimits[];
  handles: Handle[];
  /** keyed pose corrections (ARAP edits eased in and out over frames), applied to the input before simulation */
  poseCorrections?: PoseCorrection[];
  bake: BakeSettings;
}
