/**
 * The project file (`.overlap.json`, app/document's OverlapProject) as the renderer writes and
 * reads it today: the source glTF and per-mesh roles, plus bake settings from the timeline.
 * Weights and handles are written empty until the paint and pose tools exist; reading keeps only
 * what the UI can apply and names the file in every error.
 */
import type { MeshRole, OverlapProject } from '../../app/document/index.ts';
import type { OverlapState } from '../store/index.ts';

const ROLES: readonly MeshRole[] = ['simulated', 'collider', 'ignored'];

/** Serializes the open document as project JSON; `source` is the glTF path (main rewrites it relative). */
export function projectText(state: Pick<OverlapState, 'source' | 'meshes' | 'meshSettings' | 'clips' | 'activeClip' | 'fps' | 'loop' | 'compute'>): string {
  if (!state.source) throw new Error('nothing to save: no document is open');
  const project: OverlapProject = {
    format: 'overlap-project',
    version: 1,
    source: state.source.path ?? state.source.name,
    meshes: state.meshes.map((mesh) => ({ mesh: mesh.name, role: state.meshSettings[mesh.name]?.role ?? 'simulated' })),
    weights: [],
    handles: [],
    bake: {
      clip: state.clips[state.activeClip]?.name ?? '',
      fps: state.fps,
      preroll: 0,
      loop: state.loop,
      mode: 'corrective',
      backend: state.compute.kind === 'webgpu' ? 'webgpu' : 'cpu',
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
  return { source: project.source, roles, clip, fps };
}

/** "Fox.glb" → "Fox.overlap.json"; a project name stays as it is. */
export function projectFileName(sourceName: string, projectName: string | null): string {
  if (projectName) return projectName;
  return `${sourceName.replace(/\.(glb|gltf)$/i, '') || 'untitled'}.overlap.json`;
}
