import type { Document, Transform } from '@gltf-transform/core';
import { assignDefaults, createTransform } from '@gltf-transform/functions';
import { overlapProjectJson } from '../document/index.ts';
import type { OverlapProject } from '../document/index.ts';

const NAME = 'projectExtras';

/** Key under the root's `extras` where the authoring data lives. */
export const PROJECT_EXTRAS_KEY = 'overlapProject';

export interface ProjectExtrasOptions {
  /** the authoring data (weights, per-mesh settings, bake settings) to carry in the file */
  project?: OverlapProject | null;
}

export const PROJECT_EXTRAS_DEFAULTS: Required<ProjectExtrasOptions> = { project: null };

/**
 * Stores an Overlap project (physics-blend weights, layers, limits, pose corrections, per-mesh settings, bake
 * settings) in the glTF's root `extras.overlapProject`, so a baked file carries what made it: `overlap bake IN
 * --project OUT.glb` re-bakes with the same authoring data, and the app opens it with the same settings. The value is
 * written by the project writer (app/document overlapProjectJson: float32 values with their shortest exact digits, no
 * limit as null) and read back by the one reader (readProjectExtras, parseOverlapProject); an embedded source glTF is
 * never copied in (the file itself is the glTF). Other `extras` keys are kept.
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
      const { embeddedSource: _embedded, ...project } = options.project;
      extras[PROJECT_EXTRAS_KEY] = JSON.parse(overlapProjectJson(project));
    } else {
      delete extras[PROJECT_EXTRAS_KEY];
    }
    root.setExtras(extras);
  });
}
