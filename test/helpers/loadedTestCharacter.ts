/**
 * The generated test character loaded as the tests see it: its GLB bytes, the importer's scene and three.js's
 * reference playback (test/helpers/threeGltf.ts), shared by testCharacter.test.ts and testCharacterGear.test.ts.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readGltf, type ImportedScene } from '../../app/io/index.ts';
import { testCharacterGlb, type TestCharacterOptions } from './testCharacter.ts';
import { threeReference, type ThreeReference } from './threeGltf.ts';

/** The test character's bytes, as imported, and as three.js plays it. */
export interface LoadedTestCharacter {
  bytes: Uint8Array;
  scene: ImportedScene;
  three: ThreeReference;
}

/**
 * Builds the test character, imports it and writes it to `dir` for three.js to load.
 *
 * @param dir       a temporary folder the caller owns (and removes)
 * @param options   the character's options (testCharacterGlb)
 * @param fileName  the GLB's file name in `dir`, also the name the importer reports
 * @returns the bytes, the imported scene and the three.js reference
 */
export async function loadedTestCharacter(dir: string, options: TestCharacterOptions, fileName: string): Promise<LoadedTestCharacter> {
  const bytes = await testCharacterGlb(options);
  const scene = await readGltf(bytes, { fileName });
  const path = join(dir, fileName);
  writeFileSync(path, bytes);
  const three = await threeReference(path);
  return { bytes, scene, three };
}
