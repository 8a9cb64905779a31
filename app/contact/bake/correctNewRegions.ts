import { pullTowardInput, ringFalloff } from '../../geometry/index.ts';
import type { FrameIntersections, IntersectionCheckOptions, NewIntersections, RegionCheck } from '../../intersection/index.ts';
import { rigidPieceShares } from '../rigidPieceShares.ts';
import { markNewPairs } from './markNewPairs.ts';
import { outputNewRegions, type NeighbourMeasure } from './outputNewRegions.ts';
import { timedCheck } from './timedCheck.ts';
import type { BakeContactState } from './types.ts';

/** The output of a frame after the final check's correction, as checked. */
export interface CorrectedFrame {
  /** the check of the output and the colliders (listPairs on) */
  result: FrameIntersections;
  /** its new intersection regions (0 unless even the input adds one, which the measure then reports) */
  added: NewIntersections;
  /** the vertices the correction moved */
  correctedVertices: number;
}

/**
 * The final check's correction of an output frame that adds intersection regions the input does not have (issue 33's
 * promise: 0 new regions). Only the surface corners of the pairs with a new side are moved (their edge or triangle
 * outside every input region, markNewPairs), with a falloff over two rings (ringFalloff) so no crease appears at the
 * edge of the correction, and every vertex of a rigid piece by the piece's largest share (rigidPieceShares). The
 * departure from the input is halved until no new region is left, then removed (9 steps); the region grows to the
 * new offenders at each step. Counting totals instead (as before issue 33) fired wherever the input already
 * intersects itself: the simulation slides those curves a ring or two and the count wanders by a few pairs with
 * nothing new passing through (the layered test character's Walk: 10 of 13 frames corrected, 3 500 vertices each).
 * From the fifth step on, every triangle of the output's intersections too: a new triangle already back on the input
 * can still cut one that takes part in the input's own intersections. If mixing input and output regions still adds
 * one, the frame falls back to the input entirely. What the correction took away is held from then on
 * (`state.held`, the larger of it and the hold; all of it after a fall-back), released by releaseHold.
 *
 * @param state          the bake contact (core, falloff, pieceShare, held, holding written; raw is the output as
 *                       simulated)
 * @param output         #S×3 welded output surface [m], corrected in place
 * @param input          #S×3 welded input surface [m]
 * @param colliders      each collider's welded positions at this frame [m]
 * @param checkOptions   the output check's options (listPairs on, `since` the input's check)
 * @param neighbours     the neighbours measured with the output, or null
 * @param found          the output's check, its measure and its new regions (added.regions > 0)
 * @param heldVertices   the vertices the hold moved (releaseHold), the count when no correction step runs
 * @returns the corrected output's check and new regions, and the vertices moved
 */
export function correctNewRegions(
  state: BakeContactState,
  output: Float32Array,
  input: Float32Array,
  colliders: readonly Float32Array[],
  checkOptions: IntersectionCheckOptions,
  neighbours: NeighbourMeasure | null,
  found: { result: FrameIntersections; measured: RegionCheck; added: NewIntersections },
  heldVertices: number,
): CorrectedFrame {
  const { core, falloff, held } = state;
  const triangles = state.options.triangles;
  const S = state.surfaceVertexCount;
  let { result, measured, added } = found;
  let correctedVertices = heldVertices;
  let kept = 1;
  core.fill(0);
  for (let attempt = 0; added.regions > 0 && attempt <= 8; attempt++) {
    markNewPairs(state, measured.pairList, added.pairs);
    if (attempt >= 4) for (const t of result.triangles[0]) for (let k = 0; k < 3; k++) core[triangles[3 * t + k]] = 1;
    ringFalloff(core, state.neighbourOffsets, state.neighbours, falloff);
    if (state.pieceCount > 0) rigidPieceShares(state.pieces!, falloff, state.pieceShare);
    kept = attempt === 8 ? 0 : 0.5 ** (attempt + 1);
    correctedVertices = pullTowardInput(state.raw, input, falloff, kept, output, state.holding ? held : undefined);
    result = timedCheck(state, state.checker, [output, ...colliders], checkOptions);
    ({ measured, added } = outputNewRegions(state, result, output, neighbours));
  }
  if (added.regions > 0) {
    // Mixing input and output regions still adds one: the frame falls back to the input entirely.
    output.set(input);
    correctedVertices = S;
    result = timedCheck(state, state.checker, [output, ...colliders], checkOptions);
    ({ added } = outputNewRegions(state, result, output, neighbours));
    held.fill(1);
    state.holding = true;
  } else if (kept < 1) {
    // What this frame's correction took away is held from now on (the larger of it and the hold).
    for (let v = 0; v < S; v++) {
      const share = falloff[v] * (1 - kept);
      if (share > held[v]) held[v] = share;
      if (held[v] > 0) state.holding = true;
    }
  }
  return { result, added, correctedVertices };
}
