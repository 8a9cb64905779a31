import { emptyVbdContactData, type VbdContactData } from '../../../solvers/vbd/index.ts';
import type { OgcContactOptions, OgcContactSettings } from '../types.ts';

/**
 * The contact data the vertex solve gathers from (VbdContactData), empty: the surface points' embedding, the planes,
 * r (seed 000 §5.1.1) and k_c, friction, and contact arrays at their first capacity (they grow).
 *
 * @param options   pointVertices, pointWeights (#S×4), stiffness, friction, frictionVelocity
 * @param settings  V, S, O, r
 * @param planes    #planes×4 normalized planes (ogcContactTopology)
 */
export function ogcContactData(options: OgcContactOptions, settings: OgcContactSettings, planes: Float64Array): VbdContactData {
  const { V, S, O, r } = settings;
  // The options' points and contact law; the planes normalized (ogcContactTopology), r from the settings.
  return emptyVbdContactData({ ...options, vertexCount: V, surfacePointCount: S, obstacleCount: O, planes, radius: r }, 64);
}
