import { contactTopology, ringSets } from '../../contactTopology.ts';
import type { OgcContactOptions, OgcContactSettings, OgcContactTopology } from '../types.ts';

/**
 * The fixed topology of an OGC contact (contactTopology, shared with the GPU twin's host): surface triangles
 * (owner 0), then collider triangles shifted by S (owner 1); unique edges, each triangle's three edges, the opposite
 * corners of each edge's triangles (edge blocks, seed 000 Eq. 5.8), 1-ring neighbours of every point (vertex blocks,
 * Eq. 5.7) and k-ring sets of surface points; the normalized planes; each point's bound divisor Σ_k |w_sk|.
 *
 * @param options   OgcContactOptions (triangles, obstacleTriangles, planes as #planes×4 n·x + o, pointWeights #S×4)
 * @param settings  the counts S, O and localRings (ogcContactSettings)
 * @throws RangeError on a triangle index out of range (contactTopology) or a plane with a zero normal
 */
export function ogcContactTopology(options: OgcContactOptions, settings: OgcContactSettings): OgcContactTopology {
  const { S, O, localRings } = settings;
  const rings = options.topologicalRings ?? 0;
  const topology = contactTopology(options.triangles, S, options.obstacleTriangles, O, 'ogcContact');
  const { triangles, triangleOwner, triangleEdges, edges, edgeOwner } = topology;
  const { offsets: ringOffsets, values: ringPoints } = ringSets(topology.neighbours, S, rings);
  const { offsets: localOffsets, values: localPoints } = ringSets(topology.neighbours, S, localRings);

  // Normalized planes.
  const planeInput = options.planes ?? [];
  const planes = new Float64Array(planeInput.length);
  for (let k = 0; k + 3 < planeInput.length; k += 4) {
    const length = Math.hypot(planeInput[k], planeInput[k + 1], planeInput[k + 2]);
    if (!(length > 0)) throw new RangeError(`ogcContact: plane ${k / 4} has a zero normal`);
    planes[k] = planeInput[k] / length;
    planes[k + 1] = planeInput[k + 1] / length;
    planes[k + 2] = planeInput[k + 2] / length;
    planes[k + 3] = planeInput[k + 3] / length;
  }

  // Each vertex's bound divisor: the surface points it carries (CSR of point, weight-sum).
  const pointWeightSums = new Float64Array(S);
  for (let s = 0; s < S; s++) {
    for (let k = 0; k < 4; k++) pointWeightSums[s] += Math.abs(options.pointWeights[4 * s + k]);
  }
  return {
    T: triangleOwner.length,
    E: edges.length / 2,
    triangles,
    triangleOwner,
    triangleEdges,
    edges,
    edgeOwner,
    edgeOppositeOffsets: topology.edgeOpposites.offsets,
    edgeOpposites: topology.edgeOpposites.values,
    neighbourOffsets: topology.neighbours.offsets,
    neighbours: topology.neighbours.values,
    ringOffsets,
    ringPoints,
    localOffsets,
    localPoints,
    planes,
    planeCount: planes.length / 4,
    pointWeightSums,
  };
}
