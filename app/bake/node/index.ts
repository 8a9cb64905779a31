export { readProjectFile, readWeightsFile, BakeInputError } from './readBakeInputs.ts';
