import { ProjectFileError } from './projectFileError.ts';
import type { OverlapProject } from './types.ts';

/** What a project is checked against: the glTF it is opened with. */
export interface ProjectSource {
  /** the glTF's file name, for messages ("Fox.glb") */
  name: string;
  /** its SHA-256 (sourceDigest); absent: not compared (the caller has no bytes, e.g. an already imported scene) */
  sha256?: string;
  /**
   * its meshes by name with their welded simulation vertex counts (`overlap inspect`'s "welded"; null where unknown:
   * a file only three.js could read); absent: the meshes are not checked
   */
  meshes?: ReadonlyArray<{ name: string; vertexCount: number | null }>;
}

/**
 * Checks a project against the glTF it is opened with, for every reader alike (the app's Open Project, the bake and
 * `overlap bake --project`), so each problem reads the same everywhere:
 * - per-vertex data (painted weights, layer values and masks, max distances) whose length is not its mesh's welded
 *   vertex count, or a pose correction moving a vertex the mesh does not have: an error, since applying it would
 *   paint the wrong vertices (the glTF was re-exported with another topology);
 * - meshes the project names that the glTF does not have: a warning each (their settings and painted data are ignored);
 * - a glTF whose SHA-256 is not the one the project recorded: a warning when everything fits (a re-export with the
 *   same topology, e.g. a retimed clip or a new texture), part of the error otherwise.
 *
 * @param project      the project (parseOverlapProject)
 * @param projectName  the project file's name, for errors
 * @param source       the glTF it is opened with
 * @returns warnings for the user (without the project's name; the caller says where they come from)
 * @throws ProjectFileError naming the project when its data does not fit the glTF
 */
export function projectSourceWarnings(project: OverlapProject, projectName: string, source: ProjectSource): string[] {
  const warnings: string[] = [];
  const changed = project.sourceSha256 !== undefined && source.sha256 !== undefined && project.sourceSha256 !== source.sha256;
  const differs = `${source.name} is not the file this project was saved with (its SHA-256 differs)`;
  if (source.meshes) {
    const counts = new Map(source.meshes.map((mesh) => [mesh.name, mesh.vertexCount]));
    const missing = new Set<string>();
    const since = `: ${changed ? `${differs}, and it` : 'the glTF'} was changed since the project was saved`;
    /** `what` (plural: "the painted weights", or singular: `weight layer "tail"`) must hold one value per welded vertex. */
    const fit = (mesh: string, length: number, what: string, plural: boolean): void => {
      if (!counts.has(mesh)) {
        missing.add(mesh);
        return;
      }
      const count = counts.get(mesh);
      if (count === null || count === undefined || length === count) return;
      throw new ProjectFileError(
        projectName,
        `${what} of mesh "${mesh}" ${plural ? 'have' : 'has'} ${length} value${length === 1 ? '' : 's'}, but mesh "${mesh}" has ${count} welded vertices in ${source.name}${since}`,
      );
    };
    for (const mesh of project.meshes) if (!counts.has(mesh.mesh)) missing.add(mesh.mesh);
    for (const entry of project.weights) if (entry.values.length > 0) fit(entry.mesh, entry.values.length, 'the painted weights', true);
    for (const layer of project.weightLayers ?? []) {
      fit(layer.mesh, layer.values.length, `weight layer "${layer.name || layer.id}"`, false);
      fit(layer.mesh, layer.mask.length, `the mask of weight layer "${layer.name || layer.id}"`, false);
    }
    for (const limits of project.limits ?? []) fit(limits.mesh, limits.maxDistance.length, 'the max distances', true);
    for (const correction of project.poseCorrections ?? []) {
      if (!counts.has(correction.mesh)) {
        missing.add(correction.mesh);
        continue;
      }
      const count = counts.get(correction.mesh);
      const outside = count === null || count === undefined ? undefined : correction.vertices.find((v) => !(v < count));
      if (outside !== undefined) {
        throw new ProjectFileError(
          projectName,
          `pose correction "${correction.name ?? correction.id}" moves vertex ${outside}, but mesh "${correction.mesh}" has ${count} welded vertices in ${source.name}${since}`,
        );
      }
    }
    // One warning per mesh, names as the files have them (a terminal escapes control characters when it prints:
    // app/cli terminalText), in the words the bake has always used.
    const has = source.meshes.map((mesh) => `"${mesh.name}"`).join(', ') || 'none';
    for (const name of missing) warnings.push(`the project has settings for mesh "${name}", which this glTF does not have; they are ignored (meshes: ${has})`);
  }
  if (changed) warnings.push(`${differs}; its meshes still fit the painted data, which was applied: check the result`);
  return warnings;
}
