import { helperBoneFit, helperBoneReplayError, helperBones, type HelperBoneMesh } from '../../export/index.ts';
import type { BakedMesh } from '../bakeAnimation.ts';
import { bakeWarning } from '../bakeWarning.ts';
import type { CorrectiveKeys } from './correctiveKeys.ts';
import { existingMorphWeights } from './existingMorphWeights.ts';
import { bakedMeshNode } from './recordExport.ts';
import { skinFrames } from './skinFrames.ts';
import type { BakedDocumentJob } from './types.ts';

/**
 * Bones mode: fits helper joints to each skinned baked mesh (helperBoneFit) and writes them with their keyed
 * transforms (helperBones); records each mesh with the replay error players show (the transforms as the file stores
 * them: local TRS, float32) and the export-fit warnings.
 *
 * @param job    the export in progress (its document is written; out: exported, warnings)
 * @param boned  the skinned baked meshes (an unskinned one is written as corrective shapes instead)
 * @param keys   correctiveKeys' keys and times
 */
export async function writeHelperBones(job: BakedDocumentJob, boned: readonly BakedMesh[], { keys, times, frameTimes }: CorrectiveKeys): Promise<void> {
  const { scene, settings, exported, warnings } = job;
  const fits = boned.map((baked) => {
    const mesh = scene.meshes[baked.meshIndex];
    const frames = skinFrames(mesh, job.evaluator, settings.clipIndex, frameTimes, baked.positions);
    const skin = mesh.skin!;
    const fit = helperBoneFit({
      ...frames,
      joints: skin.joints,
      weights: skin.weights,
      influencesPerVertex: skin.influencesPerVertex,
      helperCount: settings.helperBones,
    });
    return { baked, mesh, frames, fit };
  });
  const meshes: HelperBoneMesh[] = fits.map(({ baked, mesh, fit }) => ({
    node: bakedMeshNode(job, baked),
    skin: fit,
    primitives: mesh.primitives.map((range) => ({
      primitive: mesh.mesh.listPrimitives().indexOf(range.primitive),
      firstVertex: range.firstVertex,
      vertexCount: range.vertexCount,
    })),
    existingWeights: existingMorphWeights(job, baked, times),
  }));
  const onWritten = (index: number, transforms: Float64Array) => {
    const { baked, frames, fit } = fits[index];
    // The error players show: the transforms as the file stores them (local TRS, float32).
    const replay = helperBoneReplayError(frames, { ...fit, transforms }, null);
    const diagonal = baked.stats.diagonal;
    exported.push({
      name: baked.name,
      mode: 'bones',
      shapes: null,
      targets: 0,
      chunks: 1,
      helperBones: fit.parents.length,
      maxError: replay.maxError,
      rmsError: fit.rmsError,
      bound: 0,
      diagonal,
    });
    if (fit.saturatedVertices > 0)
      warnings.push(
        bakeWarning(
          'export-fit',
          `mesh "${baked.name}": ${fit.saturatedVertices} moving vertices already use 4 skin influences, so no helper bone could be added to them`,
          baked.name,
        ),
      );
    warnings.push(
      bakeWarning(
        'export-fit',
        `mesh "${baked.name}": ${fit.parents.length} helper bones replay the bake within ${(replay.maxError / diagonal).toPrecision(2)} of its diagonal (RMS ${(fit.rmsError / diagonal).toPrecision(2)}; the skin alone was off by ${(fit.inputMaxError / diagonal).toPrecision(2)}); ` +
          'more --helper-bones, or corrective shapes, follow the simulation more closely',
        baked.name,
      ),
    );
  };
  await job.document.transform(
    helperBones({
      animationName: job.animationName,
      sourceAnimation: job.animationIndex,
      keys,
      meshes,
      interpolation: settings.interpolation,
      onWritten,
      sourceRepeat: job.sourceRepeat,
    }),
  );
}
