import { flippedTriangleCount } from '../geometry/index.ts';
import type { ImportedMesh } from '../io/index.ts';
import { qualityTally, talliedQuality, tallyDisplacement, tallyFlips } from './qualityTally.ts';
import { surfacePartSizes } from './surfacePartSizes.ts';
import { hypot3 } from '../math/index.ts';

/** What an animator would see in one baked mesh, measured on the frames as they are written. */
export interface BakedMeshQuality {
  /** largest distance of any render vertex from the input over the frames [m] */
  maxDisplacement: number;
  /** largest distance of a render vertex whose welded weight is 0 from the input [m] (0: exact) */
  weightZeroDeviation: number;
  /** triangles turned inside out against the input, in the worst frame (not counting those the rig crushes, see flippedTriangleCount) */
  flippedTriangles: number;
  /** frames with at least one flipped triangle */
  flippedFrames: number;
  /**
   * per surface part (welded connected component, e.g. a body, an eye, a visor): its rest size, largest displacement,
   * and whether it is carried (a glued accessory or gear: its motion is carriedShells' bounded swing on its host)
   */
  parts: Array<{ vertexCount: number; size: number; maxDisplacement: number; carried: boolean }>;
}

/**
 * Measures baked frames against the input animation at the same times: the largest displacement, the drift of
 * weight-0 vertices, flipped triangles (flippedTriangleCount) and how far each separate part of the surface moves
 * relative to its own size. Runs after the loop closure, on exactly what is exported, so the report cannot hide what
 * the file holds.
 *
 * @param mesh           the imported mesh (triangles, welded topology)
 * @param restPositions  #V×3 welded rest positions, world space [m] (the part sizes)
 * @param renderRest     #R×3 render rest positions, world space [m] (triangles the rig crushes are not counted as flips)
 * @param weights        #V welded physics-blend weights (NaN on carried vertices: not weight 0, and their parts are carried)
 * @param positions      #F×#R×3 baked render positions [m]
 * @param inputAt        writes the input's #R×3 render positions of baked frame f into out
 * @returns the measurements
 */
export function bakedMeshQuality(
  mesh: ImportedMesh,
  restPositions: ArrayLike<number>,
  renderRest: ArrayLike<number>,
  weights: ArrayLike<number>,
  positions: Float32Array,
  inputAt: (frame: number, out: Float32Array) => void,
): BakedMeshQuality {
  const { topology } = mesh;
  const stride = 3 * mesh.renderVertexCount;
  const frameCount = stride > 0 ? positions.length / stride : 0;
  const partSizes = surfacePartSizes(topology, restPositions, weights);
  const tally = qualityTally(topology.componentCount);
  const input = new Float32Array(stride);
  for (let f = 0; f < frameCount; f++) {
    inputAt(f, input);
    const frame = positions.subarray(f * stride, (f + 1) * stride);
    for (let r = 0; r < mesh.renderVertexCount; r++) {
      const d = hypot3(frame[3 * r] - input[3 * r], frame[3 * r + 1] - input[3 * r + 1], frame[3 * r + 2] - input[3 * r + 2]);
      const v = topology.renderToSimulation[r];
      tallyDisplacement(tally, d, weights[v], topology.componentOfVertex[v]);
    }
    tallyFlips(tally, flippedTriangleCount(mesh.triangles, input, frame, renderRest));
  }
  return talliedQuality(tally, partSizes);
}
