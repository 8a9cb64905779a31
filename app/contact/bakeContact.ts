import { bakeContactSnapshot, restoreBakeContact } from './bake/bakeContactSnapshot.ts';
import { bakeContactState } from './bake/bakeContactState.ts';
import { finalContactCheck } from './bake/finalContactCheck.ts';
import { prefetchedInputReady, prefetchInputCheck } from './bake/prefetchInputCheck.ts';
import { setContactFrame } from './bake/setContactFrame.ts';
import { stepSurfaces } from './bake/stepSurfaces.ts';
import { timedVbdContact } from './bake/timedVbdContact.ts';
import type { BakeContact, BakeContactOptions } from './bake/types.ts';
import { untangledPoints } from './bake/untangledPoints.ts';

export type { BakeContact, BakeContactOptions, BakeContactSnapshot, BakeContactStats, NeighbourFrame } from './bake/types.ts';
export { CORRECTION_RELEASE_SECONDS } from './bake/releaseHold.ts';

/**
 * OGC contact for one mesh of a bake (app/bake calls it; the simulations pass `vbd` to the step): surface points on
 * the cloth itself or embedded in the lattice (barycentrics plus a detail offset per frame, so contact acts on the
 * surface that is exported), colliders as kinematic points moving with their own animation, the input at each frame
 * for input exclusion (pairs closer than r there, and triangles that intersect there, are left alone), and the
 * final per-frame check with the exact checker (app/intersection) that corrects any frame whose output adds an
 * intersection the input does not have (the detail transfer can), counted in the stats. Never silently.
 *
 * Shape. A thin driver over a data struct and one file per step (app/contact/bake/, its README.md maps each step):
 * `bakeContactState` (the struct), then per frame `setContactFrame` (the frame's inputs, their exact checks through
 * `inputCheck`'s cache, the input regions contact leaves alone), per step call `stepSurfaces` (the colliders and the
 * input at the call's ends, the embedded surface's detail offsets) and, at the frame's start, `untangledPoints`; the
 * OGC contact's passes run inside the step (`timedVbdContact`); after the frame `finalContactCheck` (`releaseHold`,
 * `outputNewRegions`, `correctNewRegions`, `recordContactFrame`). `prefetchInputCheck` runs input checks on the
 * pool ahead of the frames; `bakeContactSnapshot` / `restoreBakeContact` carry what the next frame depends on.
 *
 * @param options  the mesh, its colliders, and optional radius, stiffness, friction (defaults: contactDefaults)
 * @returns the bake contact
 */
export function bakeContact(options: BakeContactOptions): BakeContact {
  const state = bakeContactState(options);
  const { ogc, stats } = state;
  // The step's two contact passes, timed (the report's proximity share); the data is ogc's own.
  const vbd = timedVbdContact(ogc, stats);
  return {
    vbd,
    stats,
    prefetches: state.pooled !== null,
    snapshot: () => bakeContactSnapshot(state),
    restore: (snapshot, saved) => restoreBakeContact(state, snapshot, saved),
    setFrame: (...frame) => setContactFrame(state, ...frame),
    beginSteps(latticeTargets, from, to, simulationPositions) {
      const begin = performance.now();
      const checksBefore = stats.seconds.checks;
      stepSurfaces(state, latticeTargets, from, to, simulationPositions);
      // Untangling at the frame's start: points of the simulated surface caught in a new intersection.
      if (from === 0 && simulationPositions) state.untangledPoints = untangledPoints(state);
      ogc.setFrame({
        obstacleStart: state.subStart,
        obstacleEnd: state.subEnd,
        referenceStart: state.subReferenceStart,
        referenceEnd: state.subReferenceEnd,
        regions: state.regions,
        pointOffsets: state.embedding ? state.offsets : undefined,
        untangle: state.untangle,
        pointTargets: state.subReferenceEnd,
      });
      stats.seconds.surface += (performance.now() - begin) / 1000 - (stats.seconds.checks - checksBefore);
    },
    prefetchInput: (mesh, colliders) => prefetchInputCheck(state, mesh, colliders),
    inputReady: (mesh, colliders) => prefetchedInputReady(state, mesh, colliders),
    finishFrame: (output, input, colliders, record, neighbours) => finalContactCheck(state, output, input, colliders, record, neighbours),
  };
}
