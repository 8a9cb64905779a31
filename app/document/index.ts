/**
 * The document model (types.ts) and the project file: parseOverlapProject reads and validates a
 * `.overlap.json` (version 1 or 2), overlapProjectJson writes one.
 */
export type * from './types.ts';
export { parseOverlapProject, PROJECT_VERSION } from './parseOverlapProject.ts';
export { overlapProjectJson } from './overlapProjectJson.ts';
export { ProjectFileError } from './projectFileError.ts';
export type * from './poseCorrection.ts';
export { poseCorrectionsFromJson } from './poseCorrectionsFromJson.ts';
