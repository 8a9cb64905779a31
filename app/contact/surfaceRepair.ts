import { repairFrame } from './repair/repairFrame.ts';
import { restoreSurfaceRepair, surfaceRepairSnapshot } from './repair/surfaceRepairSnapshot.ts';
import { surfaceRepairState } from './repair/surfaceRepairState.ts';
import type { SurfaceRepair, SurfaceRepairOptions } from './repair/types.ts';

export type { RepairedFrame, RepairReasons, SurfaceRepair, SurfaceRepairOptions, SurfaceRepairSnapshot } from './repair/types.ts';

/**
 * Removes the intersections an animation adds to a surface, frame by frame, with the two-way scheme of seed 001
 * (Algorithm 1): from the last intersection-free state x (the previous repaired frame, or the rest pose) the surface
 * moves toward the input frame y in conservative steps, each vertex at most γ·D_i/2 per detection with D_i its distance
 * to everything around it (seed 001 Eqs. 15–17, OGC's bound with γ_p = 0.45, seed 000 Eq. 5.20), so no state along the
 * way crosses anything; the backward step that pulls toward y under the contact constraints is VBD's quasistatic
 * minimization (seed 000 ch. 3) of a membrane whose rest shape is y, an attachment to y and OGC's contact energy with a
 * small gap (seed 000 ch. 5), instead of seed 001's LCP: the same shapes and code as the simulation.
 *
 * What is structural follows the input-region rule (app/intersection/inputRegions, issue 33): the rest pose's
 * intersections grown by INPUT_REGION_RINGS rings. A frame's pairs inside those regions are kept (layered gear cut
 * into the body, sliding a little as the body moves), and so is every pair of two features inside one of them in
 * contact; what the repair removes are the pairs with a side outside every structural region (newIntersectionRegions),
 * the crossings the animation added. A frame without any is taken as it is.
 *
 * Local: only the vertices within `rings` rings of the new pairs' corners move, the next HELD_RINGS rings are
 * simulated but held on y (the correction's boundary), and the rest of the surface and the colliders are kinematic
 * obstacles moving from x to y. Until issue 33 the whole surface was a membrane rebuilt at every frame, with 32 steps
 * over all of it: 42–63 s a frame on the layered test character's MoveAndHold (6k vertices), moving vertices by up to
 * 0.64 m, and 142 s before the first frame of issue 33's soldier.
 *
 * A pair the repair cannot separate is reported with its triangles and the reason (RepairReasons), never hidden.
 *
 * Shape. A thin driver over a data struct and one file per step (app/contact/repair/, its README.md): `surfaceRepairState`
 * (the struct: checker, structural regions, safe state), then per frame `repairFrame`: `repairPatch` (the rings that
 * move and are held), `patchObstacles`, `relaxedPatch` (the quasistatic membrane with OGC contact), `leftPairReasons`;
 * `surfaceRepairSnapshot` / `restoreSurfaceRepair` carry the safe state for checkpoints.
 *
 * @param options  the surface, its rest pose, colliders, gap, steps and rings
 * @returns the repair (call repair() on frames in time order)
 */
export function surfaceRepair(options: SurfaceRepairOptions): SurfaceRepair {
  const state = surfaceRepairState(options);
  return {
    structuralTriangles: state.structuralTriangles,
    snapshot: () => surfaceRepairSnapshot(state),
    restore: (snapshot) => restoreSurfaceRepair(state, snapshot),
    repair: (positions, colliders = []) => repairFrame(state, positions, colliders),
  };
}
