import { ogcBroadPhase } from './state/ogcBroadPhase.ts';
import { ogcContactCall } from './state/ogcContactCall.ts';
import { ogcContactData } from './state/ogcContactData.ts';
import { ogcContactSets } from './state/ogcContactSets.ts';
import { ogcContactSettings } from './state/ogcContactSettings.ts';
import { ogcContactTopology } from './state/ogcContactTopology.ts';
import { ogcDetectionArrays } from './state/ogcDetectionArrays.ts';
import { ogcLocalPairs } from './state/ogcLocalPairs.ts';
import { ogcRedetection } from './state/ogcRedetection.ts';
import type { OgcContactOptions, OgcContactState } from './types.ts';

/** Bound of a vertex or point with nothing within r_q: unbounded. */
export { NO_BOUND } from './state/ogcDetectionArrays.ts';

/**
 * Relative slack of the lower bounds that skip exact distances: a pair is skipped only when its lower bound is at
 * least (1 + this) × the threshold. The bounds and the exact distances round at ~1e-16 of the coordinates; 1e-6 of the
 * threshold keeps a pair whose exact distance rounds below the threshold for coordinates up to ~1e8 radii from the
 * origin, and costs nothing measurable (the pairs within that sliver are tested).
 */
export const LOWER_BOUND_SLACK = 1e-6;

/**
 * A fresh OgcContactState for `options` (checked here: radius, query radius, γ_p, search margin, full-search
 * fraction, planes): the fixed topology (contactTopology: the edges, triangles and 1-rings the blocks of seed 000
 * §5.1.4, Eqs. 5.7–5.8, are built from), normalized planes, the contact data with r (§5.1.1) and k_c, and every array
 * the steps use, with every point kinematic and nothing searched. Each part of the struct (types.ts) is built by its
 * own function in app/contact/ogc/state/.
 *
 * @param options  surface, colliders, planes, radius and stiffness (OgcContactOptions; SI units)
 * @returns the state
 */
export function ogcContactState(options: OgcContactOptions): OgcContactState {
  // Counts, radii, γ_p, γ_e and the search's margin, checked.
  const settings = ogcContactSettings(options);
  // The fixed topology, normalized planes and each point's bound divisor.
  const topology = ogcContactTopology(options, settings);
  const broad = ogcBroadPhase(settings, topology);
  return {
    ...settings,
    ...topology,
    data: ogcContactData(options, settings, topology.planes),
    stats: { substeps: 0, detections: 0, redetections: 0, truncations: 0, contacts: 0, maxContacts: 0, inputExcluded: 0, searches: 0, partialSearches: 0 },
    ...ogcContactCall(settings.O),
    ...ogcDetectionArrays(settings, topology),
    ...broad,
    ...ogcRedetection(settings, topology, broad),
    ...ogcLocalPairs(settings, topology, broad),
    ...ogcContactSets(settings.P, topology.E),
  };
}
