export { readGltfFile } from './readGltfFile.ts';
