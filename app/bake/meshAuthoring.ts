import type { OverlapProject, PoseCorrection } from '../document/index.ts';
import { vertexNormals } from '../geometry/index.ts';
import { poseCorrectedPositions } from '../poseCorrections/index.ts';
import { createArapModel, type ArapModel } from '../solvers/arap/index.ts';
import { backstopClampedPositions, layeredBlendWeights, maxDistanceClampedPositions, type BlendedLayer } from '../weights/index.ts';
import { BakeError } from './bakeSettings.ts';

/**
 * What the artist authored for one simulated mesh beyond its base weights, as the bake applies it frame by frame:
 * weight layers keyed in time (app/weights layeredBlendWeights), per-vertex max distances and a backstop (Unity
 * Cloth's, app/weights maxDistanceClampedPositions and backstopClampedPositions) and keyed pose corrections (ARAP
 * edits, app/poseCorrections poseCorrectedPositions). The project stores lengths in meters; the simulation runs in
 * file units, so they are divided by metersPerUnit here, once.
 */
export interface MeshAuthoring {
  /** whether the weights change over time (a layer with keys or any enabled layer) */
  readonly layered: boolean;
  /** whether any limit or pose correction applies */
  readonly limited: boolean;
  readonly corrected: boolean;
  /** #V max distance per vertex in file units (Infinity: none), or null without limits: for the simulation's clamp */
  readonly maxDistances: Float64Array | null;
  /** the weights at `frame` (frame number at the bake's fps) into `out` */
  weightsAt(frame: number, out: Float32Array): Float32Array;
  /** the input at `frame` with the corrections active there applied, in place; returns whether any applied */
  correct(frame: number, input: Float32Array): boolean;
  /** clamps the output surface to the limits around `input`, in place */
  clamp(output: Float32Array, input: Float32Array): void;
}

/**
 * @param project        the bake's project (weightLayers, limits, poseCorrections), or undefined
 * @param mesh           the mesh's name
 * @param baseWeights    #V base weights (painted, or the default)
 * @param rest           #V×3 welded rest positions (file units)
 * @param triangles      #F×3 welded triangles
 * @param metersPerUnit  the scene's scale
 * @returns the mesh's authoring, or null when the project has none for it
 * @throws BakeError (source 'project') when an entry does not fit the mesh
 */
export function meshAuthoring(
  project: OverlapProject | null | undefined,
  mesh: string,
  baseWeights: Float32Array,
  rest: Float32Array,
  triangles: Uint32Array,
  metersPerUnit: number,
): MeshAuthoring | null {
  const vertexCount = baseWeights.length;
  const layers: BlendedLayer[] = (project?.weightLayers ?? []).filter((layer) => layer.mesh === mesh && layer.enabled !== false);
  for (const layer of project?.weightLayers ?? []) {
    if (layer.mesh !== mesh) continue;
    if (layer.values.length !== vertexCount || layer.mask.length !== vertexCount) {
      throw new BakeError(
        `weight layer "${layer.name || layer.id}" of mesh "${mesh}" has ${layer.values.length} values and ${layer.mask.length} mask entries; the mesh has ${vertexCount} vertices`,
        'project',
      );
    }
  }
  const limits = (project?.limits ?? []).find((entry) => entry.mesh === mesh) ?? null;
  if (limits && limits.maxDistance.length !== vertexCount) {
    throw new BakeError(`the max distances of mesh "${mesh}" have ${limits.maxDistance.length} entries; the mesh has ${vertexCount} vertices`, 'project');
  }
  const corrections: PoseCorrection[] = (project?.poseCorrections ?? [])
    .filter((correction) => correction.mesh === mesh && correction.enabled !== false)
    .map((correction) => {
      for (const v of correction.vertices) {
        if (!(Number.isInteger(v) && v >= 0 && v < vertexCount))
          throw new BakeError(`pose correction "${correction.name ?? correction.id}" moves vertex ${v}, but mesh "${mesh}" has ${vertexCount}`, 'project');
      }
      // Offsets are stored in meters; the input is in file units.
      return { ...correction, offsets: correction.offsets.map((o) => o / metersPerUnit) };
    });

  // Max distance 0 pins a vertex to the animation (the app sends those as weight 0 too); Infinity is no limit.
  const maxDistance = limits ? Float64Array.from(limits.maxDistance, (d) => (d === null || !(d < Infinity) ? Infinity : d / metersPerUnit)) : null;
  const limitedCount = maxDistance ? maxDistance.reduce((n, d) => n + (d < Infinity ? 1 : 0), 0) : 0;
  if (layers.length === 0 && limitedCount === 0 && corrections.length === 0) return null;
  const limited = maxDistance ? Uint8Array.from(maxDistance, (d) => (d < Infinity ? 1 : 0)) : new Uint8Array(vertexCount);
  const backstop = limits?.backstop ? { radius: limits.backstop.radius / metersPerUnit, distance: limits.backstop.distance / metersPerUnit } : null;
  const normals = backstop ? new Float32Array(3 * vertexCount) : null;
  const normalSums = backstop ? new Float64Array(3 * vertexCount) : null;
  const model: ArapModel | null = corrections.length > 0 ? createArapModel({ restPositions: rest, triangles }) : null;

  return {
    layered: layers.length > 0,
    limited: limitedCount > 0,
    corrected: corrections.length > 0,
    maxDistances: limitedCount > 0 ? maxDistance : null,
    weightsAt(frame, out) {
      return layers.length > 0 ? layeredBlendWeights(baseWeights, layers, frame, out) : (out.set(baseWeights), out);
    },
    correct(frame, input) {
      return model !== null && poseCorrectedPositions(model, corrections, mesh, frame, input, input) > 0;
    },
    clamp(output, input) {
      if (!maxDistance || limitedCount === 0) return;
      maxDistanceClampedPositions(output, input, maxDistance, output);
      if (backstop && normals && normalSums) {
        vertexNormals(input, triangles, vertexCount, normals, null, normalSums);
        backstopClampedPositions(output, input, normals, limited, backstop.radius, backstop.distance, output);
      }
    },
  };
}
