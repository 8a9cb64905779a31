/**
 * The bake the workspace describes, as the engine worker's options (a serializable subset of app/bake's
 * BakeOptions): the project the app would save (projectFile.ts projectOf: the timeline's clip at the timeline's
 * frame rate, the Simulation panel's range, pre-roll, loop and output, each mesh's role and physics, the scene's
 * metres per unit, painted weights, weight layers, max distances and pose corrections) and nothing else, so the app
 * bakes exactly what `overlap bake --project` bakes from the saved file: one reader (app/bake resolveBakeSettings
 * reads every setting from the project), one path. Pins (max distance 0) are weight 0 in the engine itself
 * (app/bake's session), unpainted meshes send no weights and get the engine's default (the heat map's), and layers,
 * limits and corrections are applied frame by frame (app/bake meshAuthoring; docs/app.md, "What the bake applies
 * from the project").
 */
import type { PaintDocument } from '../paint/paintDocument.ts';
import type { OverlapState } from '../store/index.ts';
import type { BakeRequestOptions } from '../workers/protocol.ts';
import { projectOf } from './projectFile.ts';

type RequestState = Pick<
  OverlapState,
  'clips' | 'activeClip' | 'meshes' | 'meshSettings' | 'bakeSettings' | 'source' | 'fps' | 'fpsFromClip' | 'scene' | 'layers' | 'embedSource'
> &
  Partial<Pick<OverlapState, 'poseCorrections'>>;

export function bakeRequestOptions(state: RequestState, paint: PaintDocument | null = null): BakeRequestOptions {
  const clip = state.clips[state.activeClip];
  if (!clip) throw new Error('pick a clip to bake: this document has no animation');
  if (!state.source) throw new Error('nothing to bake: no document is open');
  // `clip` is the project's own (project.bake.clip), repeated for the bake's progress line.
  return { clip: clip.name, sourceName: state.source.name, project: projectOf(state, paint, null) };
}
