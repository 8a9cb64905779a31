import type { VbdContactData } from '../../../solvers/vbd/index.ts';
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
  return {
    simulatedPointCount: S,
    pointVertices: options.pointVertices,
    pointWeights: options.pointWeights,
    pointOffsets: new Float64Array(3 * S),
    obstaclePositions: new Float64Array(3 * O),
    obstacleStartPositions: new Float64Array(3 * O),
    planes,
    pointTargets: new Float64Array(3 * S),
    contactCount: 0,
    contactKinds: new Uint8Array(64),
    contactPoints: new Uint32Array(256),
    contactFrictionWeights: new Float64Array(256),
    contactNormals: new Float64Array(192),
    contactNormalForces: new Float64Array(64),
    vertexContactOffsets: new Uint32Array(V + 1),
    vertexContacts: new Uint32Array(64),
    radius: r,
    stiffness: options.stiffness,
    friction: options.friction ?? 0.2,
    frictionVelocity: options.frictionVelocity ?? 0.01,
  };
}
