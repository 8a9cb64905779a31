import { MAX_MORPH_TARGETS, type CorrectiveMeshFrames } from '../../export/index.ts';
import type { BakedMesh } from '../bakeAnimation.ts';
import { bakeWarning } from '../bakeWarning.ts';
import { compactReplayIntersections } from '../compactReplayIntersections.ts';
import type { CorrectiveKeys } from './correctiveKeys.ts';
import { correctiveFrames } from './correctiveFrames.ts';
import { existingMorphWeights } from './existingMorphWeights.ts';
import { bakedMeshNode, compactShapes, recordExport, shapeParts } from './recordExport.ts';
import type { BakedDocumentJob } from './types.ts';

/**
 * How one baked mesh is written in corrective mode (or bones mode, for a mesh with no skin): bind-space deltas that
 * make the skin land on the baked positions at each frame (correctiveFrames), as compact shapes within
 * shapeError × its diagonal (at most maxShapes and 256 minus the mesh's own targets), or one exact target per frame
 * when asked, when the shapes would be as many as the frames, or when, for a mesh baked with contact, the shapes'
 * replay would hold more self-intersections than the bake at some frame (compactReplayIntersections, with a warning).
 * Records the mesh in the report.
 *
 * @param job    the export in progress (out: exported, warnings)
 * @param baked  the mesh
 * @param keys   correctiveKeys' times and frameTimes
 * @returns the mesh's node, its morph-target parts and its own morph weights per key, for correctiveMorphTargets
 */
export async function correctivePlan(job: BakedDocumentJob, baked: BakedMesh, { times, frameTimes }: CorrectiveKeys): Promise<CorrectiveMeshFrames> {
  const { scene, settings, warnings, frameCount } = job;
  const mesh = scene.meshes[baked.meshIndex];
  if (settings.mode === 'bones')
    warnings.push(
      bakeWarning('export-fit', `mesh "${mesh.name}" is not skinned, so it has no skin for helper bones: it is written as corrective shapes`, mesh.name),
    );
  const frames = correctiveFrames(mesh, job.evaluator, settings.clipIndex, frameTimes, baked.positions);
  const existing = mesh.morphTargetCount;
  const existingWeights = existingMorphWeights(job, baked, times);
  const node = bakedMeshNode(job, baked);
  const perFrame = () => {
    recordExport(job, baked, 'corrective', null, frameCount);
    return { node, parts: [{ triangles: null, targets: frames.deltas, normalTargets: frames.normalDeltas, frameWeights: null }], existingWeights };
  };
  if (settings.shapes === 'per-frame') return perFrame();
  const chunks = compactShapes(
    job,
    baked,
    frames.deltas,
    frames.normalDeltas,
    frameCount,
    frames.errorScale,
    Math.min(settings.maxShapes, MAX_MORPH_TARGETS - existing),
  );
  // A short clip: when the shapes would be as many as the frames, one exact target per frame is better.
  if (chunks.length === 1 && chunks[0].fit.shapeCount >= frameCount && frameCount <= Math.min(settings.maxShapes, MAX_MORPH_TARGETS - existing))
    return perFrame();
  // With contact, the shapes' replay error (≤ shapeError) can push a touching pair through: where the replay
  // holds more self-intersections than the bake at some frame, the mesh is written exactly, one target a frame.
  if (baked.stats.contact) {
    const added = await compactReplayIntersections(
      mesh,
      job.evaluator,
      settings.clipIndex,
      frameTimes,
      baked.positions,
      frames.deltas,
      chunks,
      baked.checkedOutputs,
      job.checkPool,
    );
    if (added.length > 0) {
      const worst = added.reduce((a, b) => (b.replayed - b.baked > a.replayed - a.baked ? b : a));
      warnings.push(
        bakeWarning(
          'export-fit',
          `mesh "${mesh.name}": its compact shapes would add self-intersections the bake avoided at ${added.length} frame${added.length === 1 ? '' : 's'} ` +
            `(frame ${settings.firstFrame + worst.frame}: ${worst.replayed} against ${worst.baked}), so it is written with one exact target per frame`,
          mesh.name,
        ),
      );
      return perFrame();
    }
  }
  recordExport(job, baked, 'corrective', chunks, 0);
  return { node, parts: shapeParts(chunks), existingWeights };
}
