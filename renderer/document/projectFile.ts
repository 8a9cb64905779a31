/**
 * The project file (`.overlap.json`, app/document's OverlapProject) as the renderer writes and
 * reads it today: the source glTF, per-mesh roles (with the Simulation panel's preset and lattice
 * resolution), and the bake settings of the Simulation panel (clip, fps, frames, pre-roll, loop,
 * mode). The panel's fps is written when set, else the timeline's. Weights and handles are written
 * empty until the paint and pose tools exist; reading keeps only what the UI can apply and names the
 * file in every error.
 */
import type { MaterialPreset, MeshRole, OverlapProject } from '../../app/document/index.ts';
import type { BakePanelSettings, OverlapState } from '../store/index.ts';

const ROLES: readonly MeshRole[] = ['simulated', 'collider', 'ignored'];
const PRESETS: readonly MaterialPreset[] = ['flesh', 'jelly', 'stiffRubber', 'cloth'];

/** Serializes the open document as project JSON; `source` is the glTF path (main rewrites it relative). */
export function projectText(state: Pick<OverlapState, 'source' | 'meshes' | 'meshSettings' | 'clips' | 'activeClip' | 'fps' | 'bakeSettings'>): string {
  if (!state.source) throw new Error('nothing to save: no document is open');
  const settings = state.bakeSettings;
  const project: OverlapProject = {
    format: 'overlap-project',
    version: 1,
    source: state.source.path ?? state.source.name,
    meshes: state.meshes.map((mesh) => ({ mesh: mesh.name, role: state.meshSettings[mesh.name]?.role ?? 'simulated', preset: settings.preset, latticeResolution: settings.latticeResolution })),
    weights: [],
    handles: [],
    bake: {
      clip: state.clips[state.activeClip]?.name ?? '',
      fps: settings.fps ?? state.fps,
      ...(settings.frames ? { frames: [settings.frames[0], settings.frames[1]] as [number, number] } : {}),
      preroll: settings.preroll ?? 0,
      loop: settings.loop,
      mode: settings.mode,
      // The app bakes on the CPU (app/bake: the WebGPU bake is not built yet).
      backend: 'cpu',
      selfContact: false,
    },
  };
  return `${JSON.stringify(project, null, 2)}\n`;
}

export interface ParsedProject {
  source: string;
  roles: Record<string, MeshRole>;
  clip: string | null;
  fps: number | null;
  /** the Simulation panel settings the project sets (fields it does not give are left out) */
  bake: Partial<BakePanelSettings>;
}

/** Reads the parts of a project the UI applies; throws `FILE: problem` for anything malformed. */
export function parseProject(text: string, fileName: string): ParsedProject {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${fileName}: not valid JSON (${(error as Error).message})`);
  }
  const project = value as Partial<OverlapProject> | null;
  if (typeof project !== 'object' || project === null || project.format !== 'overlap-project') throw new Error(`${fileName}: not an Overlap project (no "format": "overlap-project")`);
  if (project.version !== 1) throw new Error(`${fileName}: project version ${String(project.version)} is not supported (this Overlap reads version 1)`);
  if (typeof project.source !== 'string' || project.source === '') throw new Error(`${fileName}: "source" must name the glTF file`);
  const roles: Record<string, MeshRole> = {};
  for (const [index, entry] of (Array.isArray(project.meshes) ? project.meshes : []).entries()) {
    if (typeof entry?.mesh !== 'string' || !ROLES.includes(entry.role)) throw new Error(`${fileName}: meshes[${index}] needs a "mesh" name and a "role" of ${ROLES.join(', ')}`);
    roles[entry.mesh] = entry.role;
  }
  const clip = typeof project.bake?.clip === 'string' && project.bake.clip !== '' ? project.bake.clip : null;
  const fps = typeof project.bake?.fps === 'number' && project.bake.fps > 0 ? project.bake.fps : null;
  return { source: project.source, roles, clip, fps, bake: bakeSettingsOf(project) };
}

/** The panel settings a project gives; malformed fields are skipped (the panel keeps its own). */
function bakeSettingsOf(project: Partial<OverlapProject>): Partial<BakePanelSettings> {
  const bake: Partial<BakePanelSettings> = {};
  const saved = project.bake;
  const wholeNumber = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
  if (Array.isArray(saved?.frames) && saved.frames.length === 2 && wholeNumber(saved.frames[0]) && wholeNumber(saved.frames[1]) && saved.frames[1] >= saved.frames[0]) bake.frames = [saved.frames[0], saved.frames[1]];
  if (wholeNumber(saved?.preroll) && saved.preroll > 0) bake.preroll = saved.preroll;
  if (typeof saved?.loop === 'boolean') bake.loop = saved.loop;
  if (saved?.mode === 'corrective' || saved?.mode === 'cache') bake.mode = saved.mode;
  const first = Array.isArray(project.meshes) ? project.meshes[0] : undefined;
  if (first?.preset && PRESETS.includes(first.preset)) bake.preset = first.preset;
  if (wholeNumber(first?.latticeResolution) && first.latticeResolution > 0) bake.latticeResolution = first.latticeResolution;
  return bake;
}

/** "Fox.glb" → "Fox.overlap.json"; a project name stays as it is. */
export function projectFileName(sourceName: string, projectName: string | null): string {
  if (projectName) return projectName;
  return `${sourceName.replace(/\.(glb|gltf)$/i, '') || 'untitled'}.overlap.json`;
}
