import type { ImportedMesh } from '../../io/index.ts';
import { jsonValueText } from '../../io/index.ts';
import type { Material, MaterialPreset, MeshSettings, OverlapProject } from '../../document/index.ts';
import { BakeError } from '../bakeError.ts';
import type { BakeOptions, ResolvedMesh } from '../bakeSettings.ts';
import { clothSubsteps } from '../clothSubsteps.ts';
import { presetMaterial } from '../materialPresets.ts';

/** Largest attachment stiffness κ [1/s²]: k = m·κ·(1 − w)/w; beyond, the blending springs leave the range of the solver's 3×3 solves. */
export const MAX_ATTACHMENT_STIFFNESS = 1e9;
/** Standard gravity [m/s²], down the glTF's −Y, for a mesh whose gravity is on. */
const STANDARD_GRAVITY = 9.81;

/** Defaults of a simulated mesh, tuned on the sample and Fox.glb (bench/bake.bench.ts). */
export const MESH_DEFAULTS = { preset: 'flesh' as MaterialPreset, substeps: 4, iterations: 6, latticeResolution: 12 };

/**
 * The longest simulation step a bake takes by default [s]: a mesh asked for no substeps gets ⌈(1/fps)/MAX_STEP⌉ a frame,
 * so the physics steps at a rate set in time, not per output frame. Implicit Euler damps a mode of frequency ω by about
 * ωh/2 of critical on top of the material's damping, so a fixed count per frame (the former 4) made the motion depend on
 * the frame rate: the sample's Bounce moved at most 2.2% of its diagonal at 24 fps (h = 1/96 s) and 3.6% at 60 fps
 * (h = 1/240 s), 45% of the motion apart at the landings (issue 37). 1/120 s divides 24, 30, 60 and 120 fps exactly (5,
 * 4, 2 and 1 substeps, h = 1/120 s at each) and is the former default at 30 fps, so the sample's and the generated
 * character's bakes at 30 fps keep their bytes. (1/240 s would halve the numerical damping, ζ 0.13 → 0.07 at 5 Hz, for
 * twice the simulation's cost; the presets' frequencies and settle times were tuned and documented at 1/120 s.)
 */
export const MAX_STEP = 1 / 120;

/** Substeps a frame of 1/fps needs so that no step exceeds MAX_STEP (rounding noise of fps·MAX_STEP is ignored). */
export function timeSubsteps(fps: number): number {
  return Math.max(1, Math.ceil(1 / (fps * MAX_STEP) - 1e-9));
}

/**
 * The most substeps a cloth mesh gets by itself (clothSubsteps, when none were asked for): 16× the default. A finer or
 * stiffer cloth that needs more is baked at this many and its frames short of their accuracy are reported
 * (`not-converged`, naming the count it needs); asking for substeps sets them.
 */
export const CLOTH_AUTO_SUBSTEPS = 64;

/** What every mesh's settings are resolved against (resolveBakeSettings): the bake's own settings and rules. */
export interface MeshResolution {
  /** the caller's options (their `meshes` entries: a mesh's own, then "*") */
  options: BakeOptions;
  /** the project, below the options */
  project: OverlapProject | null;
  /** the bake's preset, a mesh's when neither its entry nor the project names one */
  preset: MaterialPreset;
  /** the meshes the clip moves (skinned, or a node on their path animated): simulated by default */
  movers: Set<number>;
  /** output frames per second [1/s] */
  fps: number;
  /** the bake's κ [1/s²] (undefined: the engine's), a mesh's own overrides it */
  attachmentStiffness: number | undefined;
  /** the bake's gravity [m/s²], a mesh's on/off overrides it */
  gravity: ResolvedMesh['gravity'];
  /** where a setting came from: a problem in it is the caller's ('options'), the project's, or the glTF's */
  from: (explicit: unknown, saved: unknown) => BakeError['origin'];
  /** the mean edge of a mesh's welded rest surface in the world [m] (cloth's automatic substeps) */
  clothMeanEdge: (meshIndex: number) => number;
}

/**
 * One mesh's settings, resolved by precedence (its options entry, the "*" entry, the project's entry, the bake's) and
 * checked: role, preset and material, substeps (cloth: enough to converge, up to CLOTH_AUTO_SUBSTEPS; others: a step of
 * at most MAX_STEP), iterations, lattice resolution, κ, gravity and the shells held rigid.
 *
 * @param mesh        the imported mesh
 * @param meshIndex   its index in the scene
 * @param resolution  the bake's settings the mesh's are resolved against
 * @returns the mesh's resolved settings, with what a project records of them (`settings`)
 * @throws BakeError naming the mesh, the setting and where it came from
 */
export function resolvedMesh(mesh: ImportedMesh, meshIndex: number, resolution: MeshResolution): ResolvedMesh {
  const { options, project, preset, movers, fps, attachmentStiffness, gravity, from, clothMeanEdge } = resolution;
  // An entry for mesh "*" applies to every mesh, below the mesh's own entry (`--set meshes.*.preset=jelly`).
  const named = options.meshes?.find((m) => m.mesh === mesh.name);
  const everyMesh = options.meshes?.find((m) => m.mesh === '*');
  const explicit =
    named || everyMesh
      ? { ...everyMesh, ...named, material: everyMesh?.material || named?.material ? { ...everyMesh?.material, ...named?.material } : undefined }
      : undefined;
  const saved = project?.meshes?.find((m) => m.mesh === mesh.name);
  const role = explicit?.role ?? saved?.role ?? (movers.has(meshIndex) ? 'simulated' : 'ignored');
  if (!['simulated', 'collider', 'ignored'].includes(role))
    throw new BakeError(`mesh "${mesh.name}": role must be simulated, collider or ignored, got ${jsonValueText(role)}`, from(explicit?.role, saved?.role));
  const meshPreset = explicit?.preset ?? saved?.preset ?? preset;
  const overrides = { ...(saved?.material ?? {}), ...(explicit?.material ?? {}) };
  const materialOrigin =
    explicit?.material !== undefined || explicit?.preset !== undefined
      ? 'options'
      : saved?.material !== undefined || saved?.preset !== undefined
        ? 'project'
        : 'options';
  let material: Material;
  try {
    material = presetMaterial(meshPreset, overrides);
  } catch (error) {
    throw new BakeError(`mesh "${mesh.name}": ${error instanceof Error ? error.message : String(error)}`, materialOrigin);
  }
  if (material.model === 'spring') {
    throw new BakeError(
      `mesh "${mesh.name}": material model "spring" is for standalone scenes (overlap simulate); a bake simulates "neohookean" volumes or "stvk" cloth`,
      materialOrigin,
    );
  }
  // Cloth asked for no substeps gets enough to converge (clothSubsteps), up to CLOTH_AUTO_SUBSTEPS: a membrane is so
  // stiff next to its mass that the volumes' default 4 leaves it far from its solution (a garment's sleeve: every
  // frame at the iteration cap, triangles flipping on 5 of 9 frames; at the 48 it gets, converged in ~6 iterations).
  // Others step at most MAX_STEP whatever the frame rate (timeSubsteps), so 24, 30 and 60 fps bakes move alike.
  const askedSubsteps = explicit?.substeps ?? saved?.substeps;
  const substeps =
    askedSubsteps ??
    (role === 'simulated' && material.model === 'stvk'
      ? Math.min(CLOTH_AUTO_SUBSTEPS, clothSubsteps(material, clothMeanEdge(meshIndex), 1 / fps, timeSubsteps(fps)))
      : timeSubsteps(fps));
  const iterations = explicit?.iterations ?? saved?.iterations ?? MESH_DEFAULTS.iterations;
  const latticeResolution = explicit?.latticeResolution ?? saved?.latticeResolution ?? MESH_DEFAULTS.latticeResolution;
  for (const [key, value, min, max] of [
    ['substeps', substeps, 1, 1000],
    ['iterations', iterations, 1, 10000],
    ['latticeResolution', latticeResolution, 1, 256],
  ] as const) {
    if (!(Number.isInteger(value) && value >= min && value <= max)) {
      throw new BakeError(`mesh "${mesh.name}": ${key} must be a whole number in [${min}, ${max}], got ${value}`, from(explicit?.[key], saved?.[key]));
    }
  }
  // κ and gravity per mesh (the app's Mesh physics panel, a project's meshes[]), else the bake's own.
  const meshKappa = explicit?.attachmentStiffness ?? saved?.attachmentStiffness;
  if (meshKappa !== undefined && !(meshKappa >= 0 && meshKappa <= MAX_ATTACHMENT_STIFFNESS)) {
    throw new BakeError(
      `mesh "${mesh.name}": attachmentStiffness must be in [0, ${MAX_ATTACHMENT_STIFFNESS}] 1/s², got ${jsonValueText(meshKappa)}`,
      from(explicit?.attachmentStiffness, saved?.attachmentStiffness),
    );
  }
  const meshGravity = explicit?.gravity ?? saved?.gravity;
  if (meshGravity !== undefined && typeof meshGravity !== 'boolean')
    throw new BakeError(`mesh "${mesh.name}": gravity must be true or false, got ${jsonValueText(meshGravity)}`, from(explicit?.gravity, saved?.gravity));
  // Substeps are recorded only when asked for: the default follows the frame rate (a project re-baked at another rate
  // keeps the step in time).
  const settings: MeshSettings = {
    mesh: mesh.name,
    role,
    preset: meshPreset,
    ...(askedSubsteps !== undefined ? { substeps } : {}),
    iterations,
    latticeResolution,
  };
  if (Object.keys(overrides).length > 0) settings.material = overrides;
  if (meshKappa !== undefined) settings.attachmentStiffness = meshKappa;
  if (meshGravity !== undefined) settings.gravity = meshGravity;
  const rigidShells = explicit?.rigidShells ?? saved?.rigidShells;
  if (rigidShells !== undefined) {
    if (!Array.isArray(rigidShells) || !rigidShells.every((c) => Number.isInteger(c) && c >= 0))
      throw new BakeError(
        `mesh "${mesh.name}": rigidShells must list shell numbers (whole numbers ≥ 0), got ${jsonValueText(rigidShells)}`,
        from(explicit?.rigidShells, saved?.rigidShells),
      );
    settings.rigidShells = [...rigidShells];
  }
  return {
    meshIndex,
    name: mesh.name,
    role,
    preset: meshPreset,
    material,
    substeps,
    iterations,
    latticeResolution,
    attachmentStiffness: meshKappa ?? attachmentStiffness,
    gravity: meshGravity === undefined ? gravity : meshGravity ? [0, -STANDARD_GRAVITY, 0] : [0, 0, 0],
    settings,
  };
}
