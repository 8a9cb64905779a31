import type { VbdContactData } from './types.ts';

/** What an empty VbdContactData is made from: the surface points, the obstacles' count, the planes and the contact law. */
export interface VbdContactDataInit {
  /** #V simulated vertices (the per-vertex contact lists' offsets) */
  vertexCount: number;
  /** #S surface points */
  surfacePointCount: number;
  /** #S×4 the surface points' lattice vertices and (next) weights: each point is a fixed combination of four vertices */
  pointVertices: Uint32Array;
  pointWeights: Float64Array;
  /** #O obstacle points (colliders), after the #S surface points */
  obstacleCount: number;
  /** #planes×4 normalized planes n·x + d ≥ 0 */
  planes: Float64Array;
  /** contact radius r [m] and stiffness k_c [N/m] */
  radius: number;
  stiffness: number;
  /** friction coefficient μ (default 0.2) and ε_v [m/s] of its mollifier (default 0.01, seed 000 Table 3.1) */
  friction?: number;
  frictionVelocity?: number;
}

/**
 * Contact data with no contact yet: the surface points' embedding, zero offsets, obstacle positions and targets, the
 * planes and the contact law (seed 000 §3.1.6, Eq. 3.12), and the contact arrays at `capacity` contacts (the CPU's
 * contact sets grow them; the GPU packs its own sections and gives 0). The one place the friction defaults live.
 *
 * @param init      the points, obstacle count, planes, r, k_c, μ and ε_v
 * @param capacity  contacts the arrays start with room for
 * @returns the empty contact data
 */
export function emptyVbdContactData(init: VbdContactDataInit, capacity = 0): VbdContactData {
  const S = init.surfacePointCount;
  const O = init.obstacleCount;
  return {
    simulatedPointCount: S,
    pointVertices: init.pointVertices,
    pointWeights: init.pointWeights,
    pointOffsets: new Float64Array(3 * S),
    obstaclePositions: new Float64Array(3 * O),
    obstacleStartPositions: new Float64Array(3 * O),
    planes: init.planes,
    pointTargets: new Float64Array(3 * S),
    contactCount: 0,
    contactKinds: new Uint8Array(capacity),
    contactPoints: new Uint32Array(4 * capacity),
    contactFrictionWeights: new Float64Array(4 * capacity),
    contactNormals: new Float64Array(3 * capacity),
    contactNormalForces: new Float64Array(capacity),
    vertexContactOffsets: new Uint32Array(init.vertexCount + 1),
    vertexContacts: new Uint32Array(capacity),
    radius: init.radius,
    stiffness: init.stiffness,
    friction: init.friction ?? 0.2,
    frictionVelocity: init.frictionVelocity ?? 0.01,
  };
}
