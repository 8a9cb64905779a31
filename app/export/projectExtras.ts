import type { Document, Transform } from '@gltf-transform/core';
import { assignDefaults, createTransform } from '@gltf-transform/functions';
import type { OverlapProject } from '../document/types.ts';

const NAME = 'projectExtras';

/** Key under the root's `extras` where the authoring data lives. */
export const PROJECT_EXTRAS_KEY = 'overlapProject';

export interface ProjectExtrasOptions {
  /** the authoring data (weights, per-mesh settings, bake settings) to carry in the file */
  project?: OverlapProject | null;
}

export const PROJECT_EXTRAS_DEFAULTS: Required<ProjectExtrasOptions> = { project: null };

/**
 * Stores an Overlap project (physics-blend weights, per-mesh settings, bake settings) in the glTF's
 * root `extras.overlapProject`, so a baked file carries what made it: `overlap bake IN --project OUT.glb`
 * re-bakes with the same authoring data, and `readProjectExtras` gives it back to the app. Other
 * `extras` keys are kept. Weights are written as plain numbers with 9 significant digits, which
 * round-trips every float32 value exactly.
 *
 * @param _options  see ProjectExtrasOptions (PROJECT_EXTRAS_DEFAULTS)
 * @returns the glTF-Transform transform, for `document.transform(...)`
 * @category Transforms
 */
export function projectExtras(_options: ProjectExtrasOptions = PROJECT_EXTRAS_DEFAULTS): Transform {
  const options = assignDefaults(PROJECT_EXTRAS_DEFAULTS, _options);
  return createTransform(NAME, (document: Document): void => {
    const root = document.getRoot();
    const extras = { ...(root.getExtras() as Record<string, unknown>) };
    if (options.project) {
      extras[PROJECT_EXTRAS_KEY] = {
        ...options.project,
        weights: options.project.weights.map((w) => ({
          ...w,
          values: Array.from(w.values, (v) => Number(Math.fround(v).toPrecision(9))),
        })),
      };
    } else {
      delete extras[PROJECT_EXTRAS_KEY];
    }
    root.setExtras(extras);
  });
}
