import type { FloatArray, VbdContact } from '../solvers/vbd/index.ts';
import { kinematicPoints } from './ogc/kinematicPoints.ts';
import { ogcContactState } from './ogc/ogcContactState.ts';
import { ogcDetection } from './ogc/ogcDetection.ts';
import { redetectionDue } from './ogc/redetectionDue.ts';
import type { OgcContact, OgcContactOptions, OgcContactStats } from './ogc/types.ts';
import { truncateToBounds, type BoundTruncation } from './truncateToBounds.ts';

export type { OgcContact, OgcContactFrame, OgcContactFrameInputs, OgcContactOptions, OgcContactStats } from './ogc/types.ts';

/**
 * The contact as an OgcContact when it is one (made by ogcContact, or bakeContact's timed copy of one), else
 * undefined. The WebGPU step runs OGC itself from its options and frame inputs, so it accepts only these; it asks the
 * object (its `method`), not a side table.
 */
export function ogcContactOf(contact: VbdContact): OgcContact | undefined {
  return (contact as Partial<OgcContact>).method === 'ogc' ? (contact as OgcContact) : undefined;
}

/**
 * Offset Geometric Contact (seed 000 ch. 5) for a surface driven by a VBD simulation, against itself, kinematic
 * colliders and analytic planes: detection, the contact data the vertex solve gathers from (VbdContactData), and the
 * penetration-free machinery of Algorithm 4: per-vertex conservative bounds b_v = γ_p·min(d_min,v, d^E_min,v,
 * d^T_min,v) (Eqs. 5.20–5.25), truncation of the initial guess (Eq. 5.27) and of every iteration, re-detection when more
 * than γ_e of the free vertices were truncated.
 *
 * Shape. This is a thin driver over a data struct and one file per step (app/contact/ogc/, its README.md maps each to
 * the paper's equation and its WGSL twin): `ogcContactState` (the struct), then per substep `kinematicPoints`,
 * `ogcDetection` (candidate pairs: `hotFeatures` → `candidatePairs` / `hotCandidatePairs`; contacts:
 * `vertexFacetContacts`, `edgeEdgeContacts`, `unaryContacts`; `conservativeBounds`; `vertexContactLists`) and
 * `truncateToBounds`; per iteration `truncateToBounds` and `redetectionDue`.
 *
 * Detection (Algorithms 2–3, DCD only): refitted BVHs over the points, over triangle boxes grown by the search radius
 * and over edge boxes, walked pairwise (boxBvh.overlapPairs), give the point–triangle and edge–edge candidates, reused
 * by later detections while the points follow a common affine motion and searched again only for the points that do
 * not (partial searches, see ogc/hotFeatures.ts). For a point v and a triangle t within r: the sub-face a holding the closest point (face, edge, vertex; pointTriangleClosestPoint) makes a contact
 * only if v lies in a's block U_a (Eq. 5.7 vertex, 5.8 edge; a face block always holds it), each (v, a) once. Edge
 * pairs within r whose closest points are interior to both make an edge–edge contact (Eq. 5.16 with interior
 * sub-faces; the vertex sub-faces are the point–edge and point–vertex contacts above). Every force is then orthogonal
 * to its feature (evaluateContactForceHessian).
 *
 * Embedded surfaces. A surface point is Σ w_k x_k + offset over up to four simulation vertices (a lattice tet's
 * barycentrics plus the detail offset, held constant for the call), so contact acts on the surface the user sees;
 * the gather lists carry each point's force to its vertices with w and w². Bounds are carried the same way: a point
 * moves at most Σ|w_k| times its vertices' largest move, so each vertex takes the smallest b_s / Σ_k|w_sk| over the
 * points it carries.
 *
 * Exclusions. Pairs sharing a point are never tested, nor pairs of two kinematic features (every point reads only
 * pinned vertices, or is a collider's: the step cannot change their gap; ogc/kinematicPoints.ts). Surface pairs within `topologicalRings` rings (off by
 * default) make no force (they still bound the motion). Input exclusion: a pair closer than r in the input at this frame (setFrame's
 * reference), or inside one input region (setFrame's `regions`, the rule of app/intersection/inputRegions.ts: both sides
 * within INPUT_REGION_RINGS rings of one crossing of the input), makes no force and no bound: the simulation neither
 * pushes apart what the artist put together nor freezes there.
 *
 * Local pairs of an embedded surface (`localRings`). On a surface embedded in a tet lattice, two points a few rings
 * apart read the same or neighbouring tets, and within a step call their gap changes only as fast as those tets
 * deform: p − q changes by Σ_k (w_pk − w_qk)·Δx_k (the offsets are constant, the weights of each point sum to 1, so a
 * common motion of the tets drops out). Closing a gap of the size of the surface's own edges then takes a strain of
 * the order of one inside a frame, which the lattice's elasticity resists; OGC's bound, which ignores this, let such
 * pairs limit every free vertex. On the bench's character (12.8k points, level 3) 83% of the pairs within r_q were
 * within 2 rings and 95% within 3: these pairs made most of the search's exact distances and most truncations and
 * re-detections. With localRings they are dropped in the broad phase, so they neither push nor bound: the box-tree
 * walks skip node pairs that hold only local pairs (localNodePairs, exact), and the pairs the walks still give are
 * grouped by their first feature, whose k-ring is stamped, and dropped when local. What a fold of the lattice could
 * still do is caught by the bake's final per-frame check, which corrects the frame and counts it. Cloth keeps every
 * pair (its surface is the simulation mesh: nothing else holds a fold).
 *
 * Colliders are kinematic: they sit at their interpolated end-of-substep position through the substep's iterations.
 * The bounds guarantee no crossing of the simulated surface with itself; against a moving collider the guarantee holds
 * only for the collider's own motion within a substep being small next to r (seed 000 §5.3.1.3: "body-cloth penetration
 * might occur during the simulation, but cloth-cloth penetration is prevented"; §5.1.11 handles volumetric bodies
 * with DCD and a penetration depth instead of bounds), which the bake's final per-frame check covers.
 *
 * @param options  surface, colliders, planes, radius and stiffness
 * @returns the contact (pass it as VbdControls.contact)
 */
export function ogcContact(options: OgcContactOptions): OgcContact {
  const state = ogcContactState(options);
  const { V, O, data, stats, bounds, obstacleFrameStart, obstacleFrameEnd, targetsAtDetection, targetsNow } = state;
  const truncation: BoundTruncation = {
    pointVertices: options.pointVertices,
    pointWeights: options.pointWeights,
    gammaP: state.gammaP,
    bounds,
    pointBounds: state.pointBounds,
    positionsAtDetection: state.positionsAtDetection,
    targetsAtDetection,
    targetsNow,
    vertexMoved: state.vertexMoved,
    vertexScale: state.vertexScale,
  };
  const truncate = (positions: FloatArray, pinned: Uint8Array): number => {
    const count = truncateToBounds(truncation, positions, pinned);
    stats.truncations += count;
    return count;
  };

  const contact: OgcContact = {
    method: 'ogc',
    data,
    stats,
    bounds,
    pointBounds: state.pointBounds,
    pointPositions: state.points,
    kinematicPoints: state.kinematicPoint,
    options,
    frameInputs() {
      return {
        obstacleStart: obstacleFrameStart,
        obstacleEnd: obstacleFrameEnd,
        referenceStart: state.referenceStart,
        referenceEnd: state.referenceEnd,
        regions: state.regions,
        untangle: state.untangle,
        pointOffsets: data.pointOffsets,
        pointTargets: data.pointTargets,
      };
    },
    resetStats() {
      for (const key of Object.keys(stats) as (keyof OgcContactStats)[]) stats[key] = 0;
    },
    setFrame(frame) {
      if (frame.obstacleStart) obstacleFrameStart.set(frame.obstacleStart);
      if (frame.obstacleEnd) obstacleFrameEnd.set(frame.obstacleEnd);
      else if (frame.obstacleStart) obstacleFrameEnd.set(frame.obstacleStart);
      if (frame.referenceStart !== undefined) state.referenceStart = frame.referenceStart;
      if (frame.referenceEnd !== undefined) state.referenceEnd = frame.referenceEnd;
      if (frame.regions !== undefined) state.regions = frame.regions;
      if (frame.pointOffsets) data.pointOffsets.set(frame.pointOffsets);
      if (frame.untangle !== undefined) state.untangle = frame.untangle;
      if (frame.pointTargets) data.pointTargets.set(frame.pointTargets);
      state.previousFraction = 0;
    },
    beginSubstep(positionsStart, positions, _timeStep, fraction, pinned, targetsStart, targetsEnd) {
      stats.substeps++;
      if (fraction <= state.previousFraction) state.previousFraction = 0;
      const previousFraction = state.previousFraction;
      state.fractionNow = fraction;
      // The animated targets at the start and end of this substep: the bounds hold motion relative to them.
      for (let k = 0; k < 3 * V; k++) {
        const a = targetsStart[k],
          b = targetsEnd[k];
        targetsAtDetection[k] = a + previousFraction * (b - a);
        targetsNow[k] = a + fraction * (b - a);
      }
      // The colliders at the substep's start and end (kernels/contact/ogcDetection.wgsl's substepInputs).
      for (let k = 0; k < 3 * O; k++) {
        data.obstacleStartPositions[k] = obstacleFrameStart[k] + previousFraction * (obstacleFrameEnd[k] - obstacleFrameStart[k]);
        data.obstaclePositions[k] = obstacleFrameStart[k] + fraction * (obstacleFrameEnd[k] - obstacleFrameStart[k]);
      }
      state.previousFraction = fraction;
      kinematicPoints(state, pinned);
      ogcDetection(state, positionsStart);
      // The initial guess truncated (Eq. 5.27); not counted toward γ_e.
      truncate(positions, pinned);
    },
    endIteration(positions, pinned) {
      const count = truncate(positions, pinned);
      if (redetectionDue(state, count, pinned)) {
        stats.redetections++;
        targetsAtDetection.set(targetsNow);
        ogcDetection(state, positions);
      }
    },
  };
  return contact;
}
