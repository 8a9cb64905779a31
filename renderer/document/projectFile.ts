/**
 * The project file (`.overlap.json`, app/document's OverlapProject, version 2) as the app writes and
 * applies it: the source glTF (path, and optionally embedded), scene units, per-mesh physics settings,
 * painted weights, weight layers with their keys, vertex limits with the backstop, keyed pose corrections, and the bake
 * settings at the timeline's frame rate. app/document's parseOverlapProject validates the file; this
 * module checks it against the open glTF (mesh names, vertex counts) and names the file in every message.
 */
import { overlapProjectJson, PROJECT_VERSION, type BlendWeights, type MeshSettings, type OverlapProject, type VertexLimits, type WeightLayer } from '../../app/document/index.ts';
import type { PaintDocument } from '../paint/paintDocument.ts';
import type { AppliedProject, LayerEntry, MeshSettingsEntry, OverlapState } from '../store/index.ts';

type ProjectState = Pick<OverlapState, 'source' | 'meshes' | 'meshSettings' | 'clips' | 'activeClip' | 'fps' | 'fpsFromClip' | 'bakeSettings' | 'scene' | 'layers' | 'embedSource'> & Partial<Pick<OverlapState, 'poseCorrections'>>;

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
    if (arrays) weightLayers.push({ id: layer.id, name: layer.name, mesh: layer.mesh, values: arrays.values, mask: arrays.mask, keys: layer.keys, enabled: layer.enabled });
  }
  const settings = state.bakeSettings;
  const project: OverlapProject = {
    format: 'overlap-project',
    version: PROJECT_VERSION as 2,
    source: state.source.path ?? state.source.name,
    scene: { metersPerUnit: state.scene.metersPerUnit },
    meshes: state.meshes.map((mesh) => meshSettingsOf(mesh.name, state.meshSettings[mesh.name])),
    weights,
    weightLayers,
    limits,
    handles: [],
    bake: {
      clip: state.clips[state.activeClip]?.name ?? '',
      fps: state.fps,
      ...(settings.frames ? { frames: [settings.frames[0], settings.frames[1]] as [number, number] } : {}),
      preroll: settings.preroll ?? 0,
      loop: settings.loop,
      mode: settings.mode,
      // The app bakes on the CPU (the blending model is not ported to the WebGPU step yet; docs/kernels.md).
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

export function projectText(state: ProjectState, paint: PaintDocument | null, embedded: OverlapProject['embeddedSource'] | null = null): string {
  return overlapProjectJson(projectOf(state, paint, embedded));
}

/**
 * Checks a parsed project against the open document and writes its arrays into `paint`.
 * @returns what the store applies, and warnings for what was skipped
 * @throws Error naming the file when an array does not fit its mesh
 */
export function applyProjectData(project: OverlapProject, fileName: string, state: Pick<OverlapState, 'meshes'>, paint: PaintDocument | null): { applied: AppliedProject; skipped: string[] } {
  const known = new Map(state.meshes.map((mesh) => [mesh.name, mesh]));
  const skipped = new Set<string>();
  const meshSettings: AppliedProject['meshSettings'] = {};
  for (const mesh of project.meshes) {
    if (!known.has(mesh.mesh)) {
      skipped.add(mesh.mesh);
      continue;
    }
    const entry: Partial<MeshSettingsEntry> & { role: MeshSettingsEntry['role'] } = { role: mesh.role, preset: mesh.preset ?? 'flesh', gravity: mesh.gravity ?? false };
    const material = mesh.material ?? {};
    for (const key of ['youngsModulus', 'poissonRatio', 'density', 'damping'] as const) if (material[key] !== undefined) entry[key] = material[key];
    for (const key of ['substeps', 'iterations', 'latticeResolution', 'attachmentStiffness'] as const) if (mesh[key] !== undefined) entry[key] = mesh[key];
    const limits = project.limits?.find((limit) => limit.mesh === mesh.mesh);
    entry.backstop = limits?.backstop ?? null;
    meshSettings[mesh.mesh] = entry;
  }
  const fit = (mesh: string, length: number, what: string): boolean => {
    if (!known.has(mesh)) {
      skipped.add(mesh);
      return false;
    }
    const painted = paint?.meshes.get(mesh);
    if (!painted) throw new Error(`${fileName}: ${what} of mesh "${mesh}" cannot be applied: this glTF was read by three.js only`);
    if (painted.vertexCount !== length) throw new Error(`${fileName}: ${what} of mesh "${mesh}" has ${length} values, but the mesh has ${painted.vertexCount} welded vertices (was the glTF changed?)`);
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
    if (entry.values.length === 0 || !fit(entry.mesh, entry.values.length, 'the painted weights')) continue;
    paint!.meshes.get(entry.mesh)!.base = Float32Array.from(entry.values);
  }
  for (const entry of project.limits ?? []) {
    if (!fit(entry.mesh, entry.maxDistance.length, 'the max distances')) continue;
    paint!.meshes.get(entry.mesh)!.maxDistance = Float32Array.from(entry.maxDistance, (d) => (d === null ? Infinity : d));
  }
  const layers: LayerEntry[] = [];
  for (const layer of project.weightLayers ?? []) {
    if (!fit(layer.mesh, layer.values.length, `weight layer "${layer.name || layer.id}"`)) continue;
    paint!.layers.set(layer.id, { mesh: layer.mesh, values: Float32Array.from(layer.values), mask: Float32Array.from(layer.mask) });
    layers.push({ id: layer.id, name: layer.name, mesh: layer.mesh, keys: layer.keys.map((key) => ({ ...key })), enabled: layer.enabled !== false });
  }
  const poseCorrections = [];
  for (const correction of project.poseCorrections ?? []) {
    if (!known.has(correction.mesh)) {
      skipped.add(correction.mesh);
      continue;
    }
    const count = paint?.meshes.get(correction.mesh)?.vertexCount;
    if (count === undefined) throw new Error(`${fileName}: pose correction "${correction.name ?? correction.id}" of mesh "${correction.mesh}" cannot be applied: this glTF was read by three.js only`);
    const outside = correction.vertices.find((v) => !(v >= 0 && v < count));
    if (outside !== undefined) throw new Error(`${fileName}: pose correction "${correction.name ?? correction.id}" moves vertex ${outside}, but mesh "${correction.mesh}" has ${count} welded vertices (was the glTF changed?)`);
    poseCorrections.push(correction);
  }
  const bake = project.bake;
  const applied: AppliedProject = {
    meshSettings,
    scene: { metersPerUnit: project.scene?.metersPerUnit ?? 1 },
    bakeSettings: { frames: bake.frames ? [bake.frames[0], bake.frames[1]] : null, preroll: bake.preroll > 0 ? bake.preroll : null, loop: bake.loop, mode: bake.mode, selfContact: bake.selfContact, repair: bake.repair ?? false },
    fps: bake.fpsFromClip ? null : bake.fps,
    clip: bake.clip || null,
    layers,
    poseCorrections,
    embedSource: project.embeddedSource !== undefined,
  };
  return { applied, skipped: [...skipped] };
}

/** "Fox.glb" → "Fox.overlap.json"; a project name stays as it is. */
export function projectFileName(sourceName: string, projectName: string | null): string {
  if (projectName) return projectName;
  return `${sourceName.replace(/\.(glb|gltf)$/i, '') || 'untitled'}.overlap.json`;
}
