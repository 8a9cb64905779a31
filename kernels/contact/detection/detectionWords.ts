import { contactTopology, ringSets } from '../../../app/contact/index.ts';
import { HEADER_WORDS, SECTIONS, type GpuOgcDetectionOptions } from './types.ts';

/**
 * detectionWords (ogcDetection.wgsl's DETECTION_* sections, u32): ogcContact's topology (contactTopology, the
 * topological and local rings), the kinematic flags (zeros until writeDetectionFlags) and the input's flags, after a
 * header of HEADER_WORDS section starts.
 */
export function detectionWords(
  options: GpuOgcDetectionOptions,
  S: number,
  O: number,
): {
  topology: ReturnType<typeof contactTopology>;
  words: Uint32Array<ArrayBuffer>;
  sectionStarts: Record<(typeof SECTIONS)[number], number>;
  kinematic: Uint32Array<ArrayBuffer>;
} {
  const P = S + O;
  const topology = contactTopology(options.triangles, S, options.obstacleTriangles, O, 'GpuOgcDetection');
  const rings = ringSets(topology.neighbours, S, options.topologicalRings ?? 0);
  const locals = ringSets(topology.neighbours, S, options.localRings ?? 0);
  const kinematic = new Uint32Array(P);
  const sections: Record<(typeof SECTIONS)[number], ArrayLike<number>> = {
    triangles: topology.triangles,
    triangleOwner: topology.triangleOwner,
    edges: topology.edges,
    triangleEdges: topology.triangleEdges,
    edgeTriangleOffsets: topology.edgeTriangles.offsets,
    edgeTriangles: topology.edgeTriangles.values,
    edgeOpposites: topology.edgeOpposites.values,
    neighbourOffsets: topology.neighbours.offsets,
    neighbours: topology.neighbours.values,
    pointTriangleOffsets: topology.pointTriangles.offsets,
    pointTriangles: topology.pointTriangles.values,
    pointEdgeOffsets: topology.pointEdges.offsets,
    pointEdges: topology.pointEdges.values,
    ringOffsets: rings.offsets,
    rings: rings.values,
    localOffsets: locals.offsets,
    locals: locals.values,
    kinematic,
    regions: new Uint32Array(S),
    untangle: new Uint32Array(S),
  };
  let length = HEADER_WORDS;
  for (const name of SECTIONS) length += sections[name].length;
  const topologyWords = new Uint32Array(length);
  const sectionStarts = {} as Record<(typeof SECTIONS)[number], number>;
  let at = HEADER_WORDS;
  SECTIONS.forEach((name, k) => {
    topologyWords[k] = at;
    sectionStarts[name] = at;
    topologyWords.set(sections[name], at);
    at += sections[name].length;
  });
  return { topology, words: topologyWords, sectionStarts, kinematic };
}
