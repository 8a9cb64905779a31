export type * from './types.ts';
export type * from './poseCorrection.ts';
export { poseCorrectionsFromJson } from './poseCorrectionsFromJson.ts';
