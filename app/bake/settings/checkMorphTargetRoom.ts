import { MAX_MORPH_TARGETS } from '../../export/index.ts';
import type { ExportMode, ShapeStorage } from '../../document/index.ts';
import type { ImportedScene } from '../../io/index.ts';
import { BakeError } from '../bakeError.ts';
import type { ResolvedMesh } from '../bakeSettings.ts';

/**
 * Refuses a bake whose output would carry more morph targets per primitive than players accept (MAX_MORPH_TARGETS:
 * Filament aborts above 256, the Khronos viewer assumes 256, three.js fails with a raw GL error): per-frame targets
 * beyond the cap, or corrective shapes on a mesh that already has that many of its own.
 *
 * @param scene       the imported scene (each mesh's own morph targets)
 * @param meshes      the resolved meshes (only simulated ones are written with targets)
 * @param mode        the export mode
 * @param shapes      how the shapes are stored
 * @param frameCount  the frames baked
 * @throws BakeError saying what to use instead
 */
export function checkMorphTargetRoom(scene: ImportedScene, meshes: readonly ResolvedMesh[], mode: ExportMode, shapes: ShapeStorage, frameCount: number): void {
  for (const mesh of meshes) {
    if (mesh.role !== 'simulated') continue;
    const own = scene.meshes[mesh.meshIndex].morphTargetCount;
    if ((mode === 'corrective' || mode === 'cache') && shapes === 'per-frame' && (mode === 'cache' ? 0 : own) + frameCount > MAX_MORPH_TARGETS) {
      throw new BakeError(
        `${frameCount} per-frame targets${mode === 'corrective' && own > 0 ? ` on top of the ${own} of its own` : ''} on mesh "${mesh.name}" are more than the ${MAX_MORPH_TARGETS} morph targets players accept (Filament, the Khronos viewer, three.js): use compact shapes (the default) or bake fewer frames`,
      );
    }
    if (mode === 'corrective' && shapes === 'compact' && own >= MAX_MORPH_TARGETS) {
      throw new BakeError(
        `mesh "${mesh.name}" already has ${own} morph targets, the most players accept: no room for corrective shapes (use --mode bones or cache)`,
      );
    }
  }
}
