import type { ImportedScene } from '../io/index.ts';
import type { BakeResult } from './bakeAnimation.ts';
import type { BakeOptions } from './bakeSettings.ts';
import { bakeWarning, type BakeWarning } from './bakeWarning.ts';

/**
 * Warnings for inputs a bake was given but did not use, so nothing the user asked for is dropped silently: weights
 * for a mesh the glTF does not have (a typo, another version of the asset), weights for a mesh that is not
 * simulated, and a weights file or uniform weight that the project's own weights override (the project comes first).
 *
 * @param scene    the imported scene
 * @param options  the bake's options (project, weightsFile, uniformWeight)
 * @param result   bakeAnimation's result (the weights source of each simulated mesh)
 * @returns the warnings, in a stable order
 */
export function ignoredInputWarnings(scene: ImportedScene, options: BakeOptions, result: BakeResult): BakeWarning[] {
  const warnings: BakeWarning[] = [];
  const names = new Set(scene.meshes.map((m) => m.name));
  const simulated = new Set(result.meshes.map((m) => m.name));
  const list = [...names].map((n) => JSON.stringify(n)).join(', ');
  for (const [where, entries] of [
    ['the weights file', options.weightsFile ?? []],
    ['the project', options.project?.weights ?? []],
  ] as const) {
    for (const entry of entries) {
      if (entry.mesh === '*') continue;
      if (!names.has(entry.mesh))
        warnings.push(
          bakeWarning('ignored-input', `${where} has weights for mesh "${entry.mesh}", which this glTF does not have; they are ignored (meshes: ${list})`),
        );
      else if (!simulated.has(entry.mesh))
        warnings.push(bakeWarning('ignored-input', `${where} has weights for mesh "${entry.mesh}", which is not simulated; they are ignored`, entry.mesh));
    }
  }
  const given = options.weightsFile ? 'the weights file' : options.uniformWeight !== undefined ? 'the uniform weight' : null;
  if (given) {
    for (const mesh of result.meshes) {
      if (mesh.weightsSource === 'project')
        warnings.push(
          bakeWarning(
            'ignored-input',
            `mesh "${mesh.name}" takes its weights from the project, which come before ${given}; ${given} is ignored for it`,
            mesh.name,
          ),
        );
    }
  }
  return warnings;
}
