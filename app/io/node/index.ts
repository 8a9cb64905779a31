export { readGltfFile } from './readGltfFile.ts';
export { gltfFileSource, type GltfFileSource } from './gltfFileSource.ts';
export { readGltfResource } from './readGltfResource.ts';
export { resolveGltfResource } from './resolveGltfResource.ts';
export { readRegularFile, MAX_INPUT_BYTES, type ReadRegularFileOptions } from './readRegularFile.ts';
export { openRegularFile } from './openRegularFile.ts';
export { writeFileAtomic, writeFilesAtomic, openAtomicFile, type AtomicFile } from './writeFileAtomic.ts';
export { FileAccessError } from './fileAccessError.ts';
export { fileSystemProblem } from './fileSystemProblem.ts';
