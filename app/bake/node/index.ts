export { bakeFile } from './bakeFile.ts';
export { readProjectFile, readWeightsFile, BakeInputError } from './readBakeInputs.ts';
