import type { OgcContactSets } from '../types.ts';

/**
 * The contact sets' scratch (vertexFacetContacts, edgeEdgeContacts): per-point (#P) and per-edge (#E) stamps of the
 * features already taken (seed 000 Eqs. 5.7–5.8 each once), the exact tests' closest point and segment parameters,
 * the input's own, and contactActivation's out.
 *
 * @param P  #P points
 * @param E  #E edges
 */
export function ogcContactSets(P: number, E: number): OgcContactSets {
  return {
    featureVertexStamp: new Int32Array(P),
    featureEdgeStamp: new Int32Array(E),
    closest: new Float64Array(4),
    params: new Float64Array(2),
    // The input's closest point and parameters go to their own scratch, so the simulated pair's stay (computing them
    // again after the input test took a third of detect's exact distances on the bench's character).
    referenceClosest: new Float64Array(4),
    referenceParams: new Float64Array(2),
    activation: new Float64Array(3),
  };
}
