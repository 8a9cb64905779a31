/**
 * The bake the Simulation panel describes, as the engine worker's options (a serializable subset of
 * app/bake's BakeOptions): the timeline's clip, the panel's settings, and each mesh's role from the
 * outliner with the panel's preset and lattice resolution. Settings left automatic (frame range, fps,
 * pre-roll) are left out so app/bake applies its own defaults.
 */
import type { OverlapState } from '../store/index.ts';
import type { BakeRequestOptions } from '../workers/protocol.ts';

export function bakeRequestOptions(state: Pick<OverlapState, 'clips' | 'activeClip' | 'meshes' | 'meshSettings' | 'bakeSettings' | 'source'>): BakeRequestOptions {
  const clip = state.clips[state.activeClip];
  if (!clip) throw new Error('pick a clip to bake: this document has no animation');
  const settings = state.bakeSettings;
  const options: BakeRequestOptions = {
    clip: clip.name,
    loop: settings.loop,
    mode: settings.mode,
    preset: settings.preset,
    meshes: state.meshes.map((mesh) => ({ mesh: mesh.name, role: state.meshSettings[mesh.name]?.role ?? 'simulated', preset: settings.preset, latticeResolution: settings.latticeResolution })),
  };
  if (state.source) options.sourceName = state.source.name;
  if (settings.fps !== null) options.fps = settings.fps;
  if (settings.frames !== null) options.frames = [settings.frames[0], settings.frames[1]];
  if (settings.preroll !== null) options.preroll = settings.preroll;
  if (settings.weightSource === 'uniform') options.uniformWeight = settings.uniformWeight;
  return options;
}
