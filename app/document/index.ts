/**
 * The document model (types.ts) and the project file: parseOverlapProject reads and validates a project of any
 * version Overlap wrote (a `.overlap.json`, or the value a glTF carries in its extras), overlapProjectJson writes one,
 * projectSourceWarnings checks one against the glTF it is opened with (sourceDigest, missingSourceError).
 */
export type * from './types.ts';
export { MAX_PROJECT_BYTES, parseOverlapProject, PROJECT_VERSION } from './parseOverlapProject.ts';
export { overlapProjectJson } from './overlapProjectJson.ts';
export { ProjectFileError } from './projectFileError.ts';
export { projectSourceWarnings, type ProjectSource } from './projectSourceWarnings.ts';
export { sourceDigest } from './sourceDigest.ts';
export { missingSourceError } from './missingSourceError.ts';
export type * from './poseCorrection.ts';
export { poseCorrectionsFromJson } from './poseCorrectionsFromJson.ts';
