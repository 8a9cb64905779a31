import type { Document } from '@gltf-transform/core';
import { parseOverlapProject, ProjectFileError } from '../document/index.ts';
import type { OverlapProject } from '../document/index.ts';
import { PROJECT_EXTRAS_KEY } from './projectExtras.ts';

/**
 * The Overlap project a glTF carries in its root `extras` (what `overlap bake` writes, see projectExtras), or null
 * when the file has none. Read by the one project reader (app/document parseOverlapProject): every version a bake has
 * written, validated field by field.
 *
 * @param document  a glTF-Transform document
 * @param fileName  the glTF's name, for messages
 * @returns the project (version 2 in memory), or null
 * @throws ProjectFileError naming the file when its project is malformed or from a newer Overlap
 */
export function readProjectExtras(document: Document, fileName = 'the glTF'): OverlapProject | null {
  const extras = document.getRoot().getExtras() as Record<string, unknown> | undefined;
  const value = extras?.[PROJECT_EXTRAS_KEY];
  if (value === undefined) return null;
  try {
    return parseOverlapProject(typeof value === 'object' && value !== null ? value : JSON.stringify(value), fileName);
  } catch (error) {
    if (!(error instanceof ProjectFileError)) throw error;
    throw new ProjectFileError(fileName, `its Overlap project (extras.${PROJECT_EXTRAS_KEY}): ${error.message}`);
  }
}
