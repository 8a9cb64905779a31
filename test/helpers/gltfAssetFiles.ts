import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The shared test assets' folder (../shared/data/ from the repository root), with a trailing slash. */
export const DATA_FOLDER = fileURLToPath(new URL('../../../shared/data/', import.meta.url));

/** The built-in sample (assets/sample.glb). */
export const SAMPLE_PATH = fileURLToPath(new URL('../../assets/sample.glb', import.meta.url));

/**
 * Every glTF the importer tests run over: each .glb and .gltf of the shared data folder, then the built-in sample when
 * it has been generated (absolute paths).
 */
export function gltfAssetFiles(): string[] {
  return [
    ...readdirSync(DATA_FOLDER)
      .filter((f) => /\.(glb|gltf)$/.test(f))
      .map((f) => join(DATA_FOLDER, f)),
    ...(existsSync(SAMPLE_PATH) ? [SAMPLE_PATH] : []),
  ];
}
