import { inputRegions, type FrameIntersections } from '../../intersection/index.ts';
import { correctNewRegions } from './correctNewRegions.ts';
import { inputCheck } from './inputCheck.ts';
import { mergedCheck } from './mergedCheck.ts';
import { outputNewRegions, type NeighbourMeasure } from './outputNewRegions.ts';
import { recordContactFrame } from './recordContactFrame.ts';
import { releaseHold } from './releaseHold.ts';
import { timedCheck } from './timedCheck.ts';
import type { BakeContactState, NeighbourFrame } from './types.ts';

/**
 * The final check of a baked frame (BakeContact.finishFrame), on the welded output in place: the input frame's own
 * intersections are what the output may keep (inputCheck, and the input regions grown from them with the neighbours'
 * crossings: app/intersection inputRegions); the hold of earlier corrections is released a step (releaseHold); the
 * output is checked (only pairs with a vertex that moved: the checker's `since` the input's check; the output keeps
 * the input's positions where the weight is 0, and the colliders are the input's) and measured (outputNewRegions,
 * issue 33's new intersection regions); a frame that adds a region is corrected toward the input
 * (correctNewRegions); a baked frame is recorded (recordContactFrame).
 *
 * @param state       the bake contact
 * @param output      #S×3 welded output surface [m], corrected in place
 * @param input       #S×3 welded input surface [m]
 * @param colliders   each collider's welded positions at this frame [m]
 * @param record      whether the frame is a baked one (pre-roll frames are checked but not reported)
 * @param neighbours  the other simulated meshes at this frame (their inputs, and what they are now), if any
 * @returns the check of the output as it is left (mesh 0 the surface, then the colliders; listPairs on)
 */
export function finalContactCheck(
  state: BakeContactState,
  output: Float32Array,
  input: Float32Array,
  colliders: readonly Float32Array[],
  record: boolean,
  neighbours?: NeighbourFrame,
): FrameIntersections {
  // The input frame's own intersections are what the output may keep.
  const inputResult = inputCheck(state, input, colliders);
  const inputCount = inputResult.total;
  // The output keeps the input's positions exactly where the weight is 0 (and the colliders are the input's):
  // only pairs with a vertex that moved are tested again, the rest are the input's (the checker's `since`).
  const outputCheckOptions = { ...state.checkOptions, listPairs: true, since: { positions: [input, ...colliders], result: inputResult } };
  state.raw.set(output);
  // The hold of earlier corrections, a step further released (it is checked below like any output).
  let correctedVertices = releaseHold(state, input, output);
  let result = timedCheck(state, state.checker, [output, ...colliders], outputCheckOptions);
  // The measure: the output's intersecting triangles outside every input region of this frame (inputRegions),
  // with the neighbours' crossings of this mesh merged in (their checks: this mesh against each of them).
  const others = state.neighbourChecker && neighbours ? neighbours : null;
  const neighbourInput = others ? timedCheck(state, state.neighbourChecker!, [input, ...others.inputs], state.neighbourOptions) : null;
  // This mesh's input against the neighbours as they are now: what its output check starts from (`since`).
  const measure: NeighbourMeasure | null = others
    ? {
        input,
        now: others.now,
        base: others.now === others.inputs ? neighbourInput! : timedCheck(state, state.neighbourChecker!, [input, ...others.now], state.neighbourOptions),
      }
    : null;
  state.checkRegions = inputRegions(
    state.topology,
    neighbourInput ? [mergedCheck(inputResult, neighbourInput, state.colliderCount)] : [inputResult],
    undefined,
    state.checkRegions,
  );
  const { measured, added: simulated } = outputNewRegions(state, result, output, measure);
  let added = simulated;
  if (simulated.regions > 0)
    ({ result, added, correctedVertices } = correctNewRegions(
      state,
      output,
      input,
      colliders,
      outputCheckOptions,
      measure,
      { result, measured, added: simulated },
      correctedVertices,
    ));
  if (record) {
    recordContactFrame(state, {
      inputIntersections: inputCount,
      outputIntersections: result.total,
      simulatedNewRegions: simulated.regions,
      newRegions: added.regions,
      correctedVertices,
    });
  }
  return result;
}
