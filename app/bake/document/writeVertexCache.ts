import { vertexCache, type BakedKeys, type MorphTargetPart } from '../../export/index.ts';
import type { BakeResult } from '../bakeAnimation.ts';
import { bakedMeshNode, compactShapes, recordExport, shapeParts } from './recordExport.ts';
import type { BakedDocumentJob } from './types.ts';

/**
 * Cache mode: writes the baked world positions as an unskinned vertex cache (vertexCache), one key per baked frame at
 * its output time, as compact shapes within shapeError × each mesh's diagonal or one target per frame (a short clip
 * whose shapes would be as many as its frames is written per frame, exactly), and records each mesh in the report.
 *
 * @param job     the export in progress (its document is written; out: exported, warnings)
 * @param result  bakeAnimation's result: #F×#R×3 world positions per mesh [file units]
 */
export async function writeVertexCache(job: BakedDocumentJob, result: BakeResult): Promise<void> {
  const { settings, frameCount } = job;
  const outputTime = (frame: number) => frame / settings.fps;
  const keys: BakedKeys = {
    times: Float32Array.from({ length: frameCount }, (_, f) => outputTime(settings.firstFrame + f)),
    frame: Int32Array.from({ length: frameCount }, (_, f) => f),
  };
  const meshes = result.meshes.map((m) => ({ node: bakedMeshNode(job, m), positions: m.positions }));
  const byNode = new Map(result.meshes.map((m) => [bakedMeshNode(job, m), m]));
  const fitTargets =
    settings.shapes === 'compact'
      ? ({
          node,
          deltas,
          normalDeltas,
          frameCount: count,
        }: {
          node: number;
          deltas: Float32Array;
          normalDeltas: Float32Array | null;
          frameCount: number;
        }): MorphTargetPart[] => {
          const baked = byNode.get(node)!;
          const chunks = compactShapes(job, baked, deltas, normalDeltas, count, null, settings.maxShapes);
          if (chunks.length === 1 && chunks[0].fit.shapeCount >= count && count <= settings.maxShapes) {
            recordExport(job, baked, 'cache', null, count);
            return [{ triangles: null, targets: deltas, normalTargets: normalDeltas, frameWeights: null }];
          }
          recordExport(job, baked, 'cache', chunks, 0);
          return shapeParts(chunks);
        }
      : null;
  await job.document.transform(
    vertexCache({
      animationName: job.animationName,
      sourceAnimation: job.animationIndex,
      keys,
      meshes,
      interpolation: settings.interpolation,
      fitTargets,
      sourceRepeat: job.sourceRepeat,
    }),
  );
  if (!fitTargets) for (const baked of result.meshes) recordExport(job, baked, 'cache', null, frameCount);
}
