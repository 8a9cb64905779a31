import type { ExportMode } from '../../document/index.ts';
import { shapeChunks, type MorphTargetPart, type ShapeChunk } from '../../export/index.ts';
import type { BakedMesh } from '../bakeAnimation.ts';
import { bakeWarning } from '../bakeWarning.ts';
import type { BakedDocumentJob } from './types.ts';

/**
 * Appends to the job's report how one mesh was written in corrective or cache mode (targets, chunks, replay error
 * against the bound shapeError × its diagonal), and the export-fit warning when its compact shapes missed the bound
 * or had to be split into several meshes.
 *
 * @param job     the export in progress (out: exported, warnings)
 * @param baked   the mesh written
 * @param mode    the mode it was written in
 * @param chunks  its compact shapes, per chunk; null when written one target per frame
 * @param targets the per-frame targets written (used when chunks is null)
 */
export function recordExport(job: BakedDocumentJob, baked: BakedMesh, mode: ExportMode, chunks: ShapeChunk[] | null, targets: number): void {
  const { settings, exported, warnings } = job;
  const diagonal = baked.stats.diagonal;
  const fits = chunks?.map((c) => c.fit) ?? [];
  const moving = fits.reduce((n, fit) => n + fit.movingVertexCount, 0);
  exported.push({
    name: baked.name,
    mode,
    shapes: mode === 'bones' ? null : chunks ? 'compact' : 'per-frame',
    targets: chunks ? Math.max(0, ...fits.map((fit) => fit.shapeCount)) : targets,
    chunks: chunks?.length ?? 1,
    helperBones: 0,
    maxError: Math.max(0, ...fits.map((fit) => fit.maxError)),
    rmsError: moving > 0 ? Math.sqrt(fits.reduce((sum, fit) => sum + fit.rmsError ** 2 * fit.movingVertexCount, 0) / moving) : 0,
    bound: chunks ? settings.shapeError * diagonal : 0,
    diagonal,
  });
  if (chunks && fits.some((fit) => !fit.fits)) {
    warnings.push(
      bakeWarning(
        'export-fit',
        `mesh "${baked.name}": at most ${settings.maxShapes} shapes per part cannot replay a single triangle within ${settings.shapeError} of its diagonal (a cap of 10 always can); the replay error is ${(Math.max(...fits.map((fit) => fit.maxError)) / diagonal).toPrecision(3)} of it`,
        baked.name,
      ),
    );
  } else if (chunks && chunks.length > 1) {
    warnings.push(
      bakeWarning(
        'export-fit',
        `mesh "${baked.name}": ${settings.maxShapes} compact shapes cannot replay its motion within ${settings.shapeError} of its diagonal; ` +
          `it is split into ${chunks.length} parts (meshes sharing its skin and vertices) with at most ${Math.max(...fits.map((fit) => fit.shapeCount))} shapes each`,
        baked.name,
      ),
    );
  }
}

/**
 * Compact shapes of one mesh's per-frame deltas within shapeError × its diagonal, split into chunks when the cap
 * needs it (shapeChunks).
 *
 * @param deltas       #F×#R×3 per-frame deltas (bind-space corrections, or cache offsets)
 * @param normalDeltas #F×#R×3 per-frame normal deltas, or null
 * @param count        #F
 * @param errorScale   #R per-vertex world stretch of a bind-space error, or null (1)
 * @param cap          the most shapes per chunk
 */
export function compactShapes(
  job: BakedDocumentJob,
  baked: BakedMesh,
  deltas: Float32Array,
  normalDeltas: Float32Array | null,
  count: number,
  errorScale: Float32Array | null,
  cap: number,
): ShapeChunk[] {
  const mesh = job.scene.meshes[baked.meshIndex];
  const input = {
    deltas,
    normalDeltas,
    frameCount: count,
    errorScale,
    importance: null,
    tolerance: job.settings.shapeError * baked.stats.diagonal,
    maxShapes: cap,
    vertices: null,
  };
  return shapeChunks(input, mesh.triangles, mesh.restPositions);
}

/** The morph-target parts the export transforms write for compact shape chunks (one part per chunk). */
export function shapeParts(chunks: ShapeChunk[]): MorphTargetPart[] {
  return chunks.map((chunk) => ({
    triangles: chunk.triangles,
    targets: chunk.fit.shapes,
    normalTargets: chunk.fit.normalShapes,
    frameWeights: chunk.fit.frameWeights,
  }));
}

/** The index of a baked mesh's node in the output document (its nodes are the input's, in order). */
export function bakedMeshNode(job: BakedDocumentJob, baked: BakedMesh): number {
  return job.sourceNodes.indexOf(job.scene.meshes[baked.meshIndex].node);
}
