/**
 * The bake the workspace describes, as the engine worker's options (a serializable subset of app/bake's
 * BakeOptions): the timeline's clip at the timeline's frame rate, the Simulation panel's range,
 * pre-roll, loop and output, each mesh's role and physics settings, the scene's metres per unit, and
 * the painted data as the project the engine reads weights from (app/weights meshBlendWeights: project
 * weights first). Pinned vertices (max distance 0) go to the engine with weight 0, which it already
 * follows bit for bit (the bake's surface guard). Unpainted meshes send no weights, so the engine
 * computes its own default, the same meshBlendWeights the heat map shows. Weight layers, nonzero
 * max distances and pose corrections travel in the project too, and the bake applies them frame by frame
 * (app/bake meshAuthoring; docs/app.md, "What the bake applies from the project").
 */
import type { BlendWeights, MeshSettings } from '../../app/document/index.ts';
import type { PaintDocument } from '../paint/paintDocument.ts';
import type { OverlapState } from '../store/index.ts';
import type { BakeRequestOptions } from '../workers/protocol.ts';
import { meshSettingsOf, projectOf } from './projectFile.ts';

type RequestState = Pick<OverlapState, 'clips' | 'activeClip' | 'meshes' | 'meshSettings' | 'bakeSettings' | 'source' | 'fps' | 'fpsFromClip' | 'scene' | 'layers' | 'embedSource'> & Partial<Pick<OverlapState, 'poseCorrections'>>;

export function bakeRequestOptions(state: RequestState, paint: PaintDocument | null = null): BakeRequestOptions {
  const clip = state.clips[state.activeClip];
  if (!clip) throw new Error('pick a clip to bake: this document has no animation');
  const settings = state.bakeSettings;
  const options: BakeRequestOptions = {
    clip: clip.name,
    fps: state.fps,
    loop: settings.loop,
    mode: settings.mode,
    meshes: state.meshes.map((mesh) => {
      const { mesh: name, role, preset, material, substeps, iterations, latticeResolution, attachmentStiffness, gravity } = meshSettingsOf(mesh.name, state.meshSettings[mesh.name]);
      const entry: Omit<MeshSettings, 'mesh'> & { mesh: string } = { mesh: name, role, preset };
      if (material) entry.material = material;
      // κ and gravity per mesh: the engine applies each mesh's own (app/bake resolveBakeSettings).
      if (attachmentStiffness !== undefined) entry.attachmentStiffness = attachmentStiffness;
      if (gravity) entry.gravity = true;
      if (substeps !== undefined) entry.substeps = substeps;
      if (iterations !== undefined) entry.iterations = iterations;
      if (latticeResolution !== undefined) entry.latticeResolution = latticeResolution;
      return entry;
    }),
  };
  if (state.scene.metersPerUnit !== 1) options.metersPerUnit = state.scene.metersPerUnit;
  if (state.source) options.sourceName = state.source.name;
  if (settings.frames !== null) options.frames = [settings.frames[0], settings.frames[1]];
  if (settings.preroll !== null) options.preroll = settings.preroll;
  if (settings.selfContact) options.selfContact = true;
  if (settings.repair) options.repair = true;
  if (paint) {
    const project = projectOf(state, paint, null);
    project.weights = engineWeights(project.weights, paint);
    options.project = project;
  }
  return options;
}

/** Painted weights with pinned vertices at 0, plus weight-0 pins on meshes that are pinned but unpainted. */
function engineWeights(painted: BlendWeights[], paint: PaintDocument): BlendWeights[] {
  const out: BlendWeights[] = [];
  for (const mesh of paint.meshes.values()) {
    const entry = painted.find((weights) => weights.mesh === mesh.name);
    const limits = mesh.maxDistance;
    const pinned = limits?.some((d) => d === 0) ?? false;
    if (!entry && !pinned) continue;
    const values = Float32Array.from(entry ? entry.values : paint.defaultsOf(mesh));
    if (limits) for (let v = 0; v < values.length; v++) if (limits[v] === 0) values[v] = 0;
    out.push({ mesh: mesh.name, values });
  }
  return out;
}
