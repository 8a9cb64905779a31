import type { BakeContactState } from './types.ts';

/** What the final check of a baked frame found (recordContactFrame). */
export interface CheckedFrame {
  /** edge–triangle intersections of the input and of the exported output (self and with the colliders) */
  inputIntersections: number;
  outputIntersections: number;
  /** new intersection regions of the simulated output before the correction, and of the exported one after it */
  simulatedNewRegions: number;
  newRegions: number;
  /** the vertices the hold and the correction moved (0: the frame was not corrected) */
  correctedVertices: number;
}

/**
 * Appends one baked frame to the report's contact entry (state.stats): the final check's figures, the OGC contact's
 * per-frame statistics (contacts per detection, truncations, re-detections, searches), the untangled points, and the
 * share of the surface inside the input's own regions at this frame (where contact cannot act; the bake's warning
 * contact-limited reads it).
 *
 * @param state  the bake contact after the frame's final check
 * @param frame  what the final check found
 */
export function recordContactFrame(state: BakeContactState, frame: CheckedFrame): void {
  const { stats } = state;
  const S = state.surfaceVertexCount;
  if (frame.correctedVertices > 0) stats.framesCorrected++;
  stats.correctedVertices.push(frame.correctedVertices);
  const s = state.ogc.stats;
  stats.contactsPerFrame.push(s.detections > 0 ? Math.round(s.contacts / s.detections) : 0);
  stats.truncations += s.truncations;
  stats.redetections += s.redetections;
  stats.searches += s.searches;
  stats.partialSearches += s.partialSearches;
  stats.inputIntersections.push(frame.inputIntersections);
  stats.untangledPoints.push(state.untangledPoints);
  stats.outputIntersections.push(frame.outputIntersections);
  stats.simulatedNewRegions.push(frame.simulatedNewRegions);
  stats.newRegions.push(frame.newRegions);
  let inside = 0;
  const labels = state.checkRegions!.labels[0];
  for (let v = 0; v < S; v++) if (labels[v] !== 0) inside++;
  stats.inputRegionShare.push(S > 0 ? Math.round((1000 * inside) / S) / 1000 : 0);
}
