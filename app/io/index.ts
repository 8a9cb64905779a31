export { readGltf } from './readGltf.ts';
export { glbBytes } from './glbBytes.ts';
export type { ReadGltfOptions } from './readGltf.ts';
export { GltfImportError } from './gltfImportError.ts';
export type * from './importedScene.ts';
export { jsonShapeProblem, type JsonShape } from './jsonShapeProblem.ts';
export { jsonValueText } from './jsonValueText.ts';
export { gltfResourceLimits, MAX_GLTF_RESOURCE_BYTES, MAX_IMAGE_BYTES, type ResourceLimit } from './gltfResourceLimits.ts';
export { jsonNestingDepth, MAX_JSON_DEPTH } from './jsonNestingDepth.ts';
