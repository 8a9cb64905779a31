/**
 * The Overlap document model: what a project file holds and what every part of the app agrees on.
 *
 * The imported glTF itself stays a glTF-Transform `Document` (app/io); this model holds the authoring
 * data layered on top of it: per-mesh roles and materials, painted physics-blend weights, handles,
 * and bake settings. Units are SI (glTF is in meters, seconds, radians). Weights are per welded
 * simulation vertex, 0 = follow the animation exactly, 1 = pure physics.
 */

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
  /** Poisson ratio ν, in [0, 0.5) */
  poissonRatio: number;
  /** density ρ [kg/m³] */
  density: number;
  /** stiffness-proportional (Rayleigh β) damping [s] */
  damping: number;
}

/** Per-mesh simulation settings. */
export interface MeshSettings {
  /** the mesh node's name, as `overlap inspect` reports it */
  mesh: string;
  role: MeshRole;
  preset?: MaterialPreset;
  /** explicit overrides of the preset */
  material?: Partial<Material>;
  substeps?: number;
  iterations?: number;
  /** lattice cells along the longest side of the mesh's bounding box */
  latticeResolution?: number;
}

/** Physics-blend weights of one mesh, one value per welded simulation vertex, in [0, 1]. */
export interface BlendWeights {
  mesh: string;
  /** #V weights; stored as a plain array in JSON, a Float32Array in memory */
  values: ArrayLike<number>;
  /** artist-set values Laplacian interpolation keeps fixed (vertex index -> weight) */
  constraints?: Array<{ vertex: number; weight: number }>;
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

/** How a bake writes its result. */
export type ExportMode = 'corrective' | 'cache';

/** Settings of a bake run. */
export interface BakeSettings {
  clip: string;
  /** frames per second of the baked clip */
  fps: number;
  /** inclusive frame range; default: the whole clip */
  frames?: [number, number];
  /** frames simulated before the clip starts, to settle */
  preroll: number;
  /** treat the clip as cyclic (walk, run) */
  loop: boolean;
  mode: ExportMode;
  backend: 'cpu' | 'webgpu';
  selfContact: boolean;
  /** remove the input's own intersections (those its rest pose does not have) frame by frame before simulating */
  repair?: boolean;
}

/** A saved Overlap project (`.overlap.json`): the glTF it was made from and the authoring data. */
export interface OverlapProject {
  format: 'overlap-project';
  version: 1;
  /** path of the source glTF, relative to the project file when possible */
  source: string;
  meshes: MeshSettings[];
  weights: BlendWeights[];
  handles: Handle[];
  bake: BakeSettings;
}
