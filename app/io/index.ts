export { readGltf } from './readGltf.ts';
export type { ReadGltfOptions } from './readGltf.ts';
export { GltfImportError } from './gltfImportError.ts';
export type * from './importedScene.ts';
