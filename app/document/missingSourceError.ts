import { ProjectFileError } from './projectFileError.ts';
import type { OverlapProject } from './types.ts';

/**
 * The error of a project whose glTF cannot be found, worded the same by the app and the CLI:
 * `Fox.overlap.json: its glTF "Fox.glb" was not found (looked for /shots/Fox.glb); …`.
 *
 * @param project      the project
 * @param projectName  the project file's name
 * @param where        where it was looked for, or null
 * @param hint         what the user can do, in the words of the host (the browser: select it together with the project)
 * @returns the error to throw
 */
export function missingSourceError(project: OverlapProject, projectName: string, where: string | null, hint: string): ProjectFileError {
  return new ProjectFileError(
    projectName,
    `its glTF "${project.source}" was not found${where ? ` (looked for ${where})` : ''}${project.embeddedSource ? '' : ' and it is not embedded in the project'}: ${hint}`,
  );
}
