/**
 * The project file (`.overlap.json`, app/document's OverlapProject, version 2) as the app writes and
 * applies it: the source glTF (path, and optionally embedded), scene units, per-mesh physics settings,
 * painted weights, weight layers with their keys, vertex limits with the backstop, keyed pose corrections, and the bake
 * settings at the timeline's frame rate. It is what the app saves, autosaves and bakes (bakeRequest.ts sends it as the
 * bake's project), so `overlap bake --project` on a saved file bakes what the app bakes. app/document's one reader
 * (parseOverlapProject) validates a file and its check (projectSourceWarnings) fits it to the open glTF with the same
 * messages the CLI prints; this module applies it to the store and the painted arrays.
 */
import {
  overlapProjectJson,
  PROJECT_VERSION,
  projectSourceWarnings,
  type BlendWeights,
  type MeshSettings,
  type OverlapProject,
  type VertexLimits,
  type WeightLayer,
} from '../../app/document/index.ts';
import type { PaintDocument } from '../paint/paintDocument.ts';
import type { AppliedProject, LayerEntry, MeshSettingsEntry, OverlapState } from '../store/index.ts';

type ProjectState = Pick<
  OverlapState,
  'source' | 'meshes' | 'meshSettings' | 'clips' | 'activeClip' | 'fps' | 'fpsFromClip' | 'bakeSettings' | 'scene' | 'layers' | 'embedSource'
> &
  Partial<Pick<OverlapState, 'poseCorrections'>>;

/** A mesh's settings as app/document MeshSettings (only what differs from the preset is written). */
export function meshSettingsOf(mesh: string, entry: MeshSettingsEntry): MeshSettings {
  const settings: MeshSettings = { mesh, role: entry.role, preset: entry.preset, gravity: entry.gravity };
  const material: NonNullable<MeshSettings['material']> = {};
  if (entry.youngsModulus !== undefined) material.youngsModulus = entry.youngsModulus;
  if (entry.poissonRatio !== undefined) material.poissonRatio = entry.poissonRatio;
  if (entry.density !== undefined) material.density = entry.density;
  if (entry.damping !== undefined) material.damping = entry.damping;
  if (Object.keys(material).length > 0) settings.material = material;
  if (entry.substeps !== undefined) settings.substeps = entry.substeps;
  if (entry.iterations !== undefined) settings.iterations = entry.iterations;
  if (entry.latticeResolution !== undefined) settings.latticeResolution = entry.latticeResolution;
  if (entry.attachmentStiffness !== undefined) settings.attachmentStiffness = entry.attachmentStiffness;
  return settings;
}

/**
 * The project of the open document.
 * @param embedded  the source glTF to embed (when the document says so, or for crash recovery), else null
 */
export function projectOf(state: ProjectState, paint: PaintDocument | null, embedded: OverlapProject['embeddedSource'] | null): OverlapProject {
  if (!state.source) throw new Error('nothing to save: no document is open');
  const weights: BlendWeights[] = [];
  const limits: VertexLimits[] = [];
  for (const mesh of state.meshes) {
    const painted = paint?.meshes.get(mesh.name);
    if (painted?.base) weights.push({ mesh: mesh.name, values: painted.base });
    const backstop = state.meshSettings[mesh.name]?.backstop;
    if (painted?.maxDistance) limits.push({ mesh: mesh.name, maxDistance: painted.maxDistance, ...(backstop ? { backstop } : {}) });
  }
  const weightLayers: WeightLayer[] = [];
  for (const layer of state.layers) {
    const arrays = paint?.layers.get(layer.id);
    if (arrays)
      weightLayers.push({
        id: layer.id,
        name: layer.name,
        mesh: layer.mesh,
        values: arrays.values,
        mask: arrays.mask,
        keys: layer.keys,
        enabled: layer.enabled,
      });
  }
  const settings = state.bakeSettings;
  const clip = state.clips[state.activeClip];
  const project: OverlapProject = {
    format: 'overlap-project',
    version: PROJECT_VERSION as 2,
    source: state.source.path ?? state.source.name,
    ...(state.source.sha256 ? { sourceSha256: state.source.sha256 } : {}),
    scene: { metersPerUnit: state.scene.metersPerUnit },
    meshes: state.meshes.map((mesh) => meshSettingsOf(mesh.name, state.meshSettings[mesh.name])),
    weights,
    weightLayers,
    limits,
    handles: [],
    bake: {
      clip: clip?.name ?? '',
      fps: state.fps,
      ...(settings.frames ? { frames: [settings.frames[0], settings.frames[1]] as [number, number] } : {}),
      // An empty pre-roll field is the default (the bake's own): none, or one cycle of a looping clip.
      preroll: settings.preroll ?? defaultPreroll(settings.loop, clip?.duration ?? 0, state.fps),
      loop: settings.loop,
      mode: settings.mode,
      // The app's bake runs the CPU reference, so the saved project bakes the same bytes on the farm with `overlap bake`.
      backend: 'cpu',
      selfContact: settings.selfContact,
      ...(settings.repair ? { repair: true } : {}),
    },
  };
  if (state.poseCorrections && state.poseCorrections.length > 0) project.poseCorrections = state.poseCorrections;
  if (embedded) project.embeddedSource = embedded;
  if (state.fpsFromClip) project.bake.fpsFromClip = true;
  return project;
}

/** The bake's default pre-roll (app/bake resolveBakeSettings): one cycle of a looping clip, else none [frames]. */
function defaultPreroll(loop: boolean, duration: number, fps: number): number {
  return loop ? Math.max(0, Math.round(duration * fps)) : 0;
}

export function projectText(state: ProjectState, paint: PaintDocument | null, embedded: OverlapProject['embeddedSource'] | null = null): string {
  return overlapProjectJson(projectOf(state, paint, embedded));
}

/**
 * Checks a parsed project against the open document (app/document projectSourceWarnings: the messages `overlap bake`
 * prints) and writes its arrays into `paint`.
 * @param checkSource  false for the project a glTF carries about its own input (a baked file's extras): its SHA-256 is
 *                     that input's, not this file's
 * @returns what the store applies, and the reader's warnings (a mesh the glTF lacks, a different glTF)
 * @throws ProjectFileError naming the file when its data does not fit the glTF; Error for a file read by three.js only
 */
export function applyProjectData(
  project: OverlapProject,
  fileName: string,
  state: Pick<OverlapState, 'meshes' | 'clips'> & Partial<Pick<OverlapState, 'source'>>,
  paint: PaintDocument | null,
  checkSource = true,
): { applied: AppliedProject; warnings: string[] } {
  const warnings = projectSourceWarnings(project, fileName, {
    name: state.source?.name ?? 'the glTF',
    ...(checkSource && state.source?.sha256 ? { sha256: state.source.sha256 } : {}),
    meshes: state.meshes.map((mesh) => ({ name: mesh.name, vertexCount: mesh.weldedVertices })),
  });
  const known = new Map(state.meshes.map((mesh) => [mesh.name, mesh]));
  const meshSettings: AppliedProject['meshSettings'] = {};
  for (const mesh of project.meshes) {
    if (!known.has(mesh.mesh)) continue;
    // No role: the app's own default for a mesh (simulated).
    const entry: Partial<MeshSettingsEntry> & { role: MeshSettingsEntry['role'] } = {
      role: mesh.role ?? 'simulated',
      preset: mesh.preset ?? 'flesh',
      gravity: mesh.gravity ?? false,
    };
    const material = mesh.material ?? {};
    for (const key of ['youngsModulus', 'poissonRatio', 'density', 'damping'] as const) if (material[key] !== undefined) entry[key] = material[key];
    for (const key of ['substeps', 'iterations', 'latticeResolution', 'attachmentStiffness'] as const) if (mesh[key] !== undefined) entry[key] = mesh[key];
    const limits = project.limits?.find((limit) => limit.mesh === mesh.mesh);
    entry.backstop = limits?.backstop ?? null;
    meshSettings[mesh.mesh] = entry;
  }
  // Lengths were checked by projectSourceWarnings; a mesh the glTF lacks was named in its warnings.
  const fit = (mesh: string, what: string): boolean => {
    if (!known.has(mesh)) return false;
    if (!paint?.meshes.get(mesh)) throw new Error(`${fileName}: ${what} of mesh "${mesh}" cannot be applied: this glTF was read by three.js only`);
    return true;
  };
  if (paint) {
    for (const mesh of paint.meshes.values()) {
      mesh.base = null;
      mesh.maxDistance = null;
      mesh.selection.fill(0);
    }
    paint.layers.clear();
    paint.history.clear();
  }
  for (const entry of project.weights) {
    if (entry.values.length === 0 || !fit(entry.mesh, 'the painted weights')) continue;
    paint!.meshes.get(entry.mesh)!.base = Float32Array.from(entry.values);
  }
  for (const entry of project.limits ?? []) {
    if (!fit(entry.mesh, 'the max distances')) continue;
    paint!.meshes.get(entry.mesh)!.maxDistance = Float32Array.from(entry.maxDistance, (d) => (d === null ? Infinity : d));
  }
  const layers: LayerEntry[] = [];
  for (const layer of project.weightLayers ?? []) {
    if (!fit(layer.mesh, `weight layer "${layer.name || layer.id}"`)) continue;
    paint!.layers.set(layer.id, { mesh: layer.mesh, values: Float32Array.from(layer.values), mask: Float32Array.from(layer.mask) });
    layers.push({ id: layer.id, name: layer.name, mesh: layer.mesh, keys: layer.keys.map((key) => ({ ...key })), enabled: layer.enabled !== false });
  }
  const poseCorrections = [];
  for (const correction of project.poseCorrections ?? []) {
    if (!fit(correction.mesh, `pose correction "${correction.name ?? correction.id}"`)) continue;
    poseCorrections.push(correction);
  }
  const bake = project.bake;
  // The bake's default pre-roll (none, or one cycle when looping) reads back as the empty field it was saved from.
  const clip = state.clips.find((entry) => entry.name === bake.clip);
  const preroll = bake.preroll === defaultPreroll(bake.loop, clip?.duration ?? 0, bake.fps) ? null : bake.preroll;
  const applied: AppliedProject = {
    meshSettings,
    scene: { metersPerUnit: project.scene?.metersPerUnit ?? 1 },
    bakeSettings: {
      frames: bake.frames ? [bake.frames[0], bake.frames[1]] : null,
      preroll,
      loop: bake.loop,
      mode: bake.mode,
      selfContact: bake.selfContact,
      repair: bake.repair ?? false,
    },
    fps: bake.fpsFromClip ? null : bake.fps,
    clip: bake.clip || null,
    layers,
    poseCorrections,
    embedSource: project.embeddedSource !== undefined,
  };
  return { applied, warnings };
}

/** "Fox.glb" → "Fox.overlap.json"; a project name stays as it is. */
export function projectFileName(sourceName: string, projectName: string | null): string {
  if (projectName) return projectName;
  return `${sourceName.replace(/\.(glb|gltf)$/i, '') || 'untitled'}.overlap.json`;
}
