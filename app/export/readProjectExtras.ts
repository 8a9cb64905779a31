import type { Document } from '@gltf-transform/core';
import type { OverlapProject } from '../document/types.ts';
import { PROJECT_EXTRAS_KEY } from './projectExtras.ts';

/**
 * The Overlap project a baked glTF carries in its root `extras` (see projectExtras), or null when the
 * file has none. Only the envelope (`format`, `version`) is checked here; app/bake validates the content.
 *
 * @param document  a glTF-Transform document
 * @returns the project, with weights as Float32Arrays, or null
 */
export function readProjectExtras(document: Document): OverlapProject | null {
  const extras = document.getRoot().getExtras() as Record<string, unknown> | undefined;
  const project = extras?.[PROJECT_EXTRAS_KEY] as OverlapProject | undefined;
  if (!project || project.format !== 'overlap-project' || project.version !== 1) return null;
  return {
    ...project,
    weights: (project.weights ?? []).map((w) => ({ ...w, values: Float32Array.from(w.values ?? []) })),
  };
}
