import { createAnimationEvaluator } from '../animation/index.ts';
import { intersectionChecker, type FrameIntersections } from '../intersection/index.ts';
import type { ImportedScene } from '../io/index.ts';
import { inputRegions, type InputRegions } from '../intersection/index.ts';
import { newIntersectionRegions, type NewIntersections } from '../intersection/index.ts';
import { regionTopology } from '../intersection/index.ts';

/** One frame of sceneNewIntersections: the input's and the output's checks and what the output adds. */
export interface SceneNewIntersectionsFrame {
  /** frame number (time = frame / fps, clamped to each clip) */
  frame: number;
  /** the input's and the output's checks of the frame (listPairs on) */
  input: FrameIntersections;
  output: FrameIntersections;
  /** the input's regions (inputRegions) and the output's new intersections outside them */
  regions: InputRegions;
  added: NewIntersections;
}

/**
 * The new intersection regions of an output scene against its input, frame by frame (issue 33's measure, what
 * `overlap check OUT --against IN` prints): both scenes evaluated at frame / fps, their welded surfaces checked
 * exactly (app/intersection), and the output's intersecting triangles outside every input region of the same frame
 * grouped into regions (newIntersectionRegions). The scenes must have the same meshes (by name, in any order) with
 * the same welded topology: a baked file keeps them.
 *
 * @param input       the input scene
 * @param inputClip   clip of the input (null: the rest pose)
 * @param output      the output scene
 * @param outputClip  clip of the output (null: the rest pose)
 * @param frames      frame numbers
 * @param fps         frames per second
 * @param onFrame     optional callback after each frame (progress)
 * @returns one entry per frame, in order; meshes in the input's order
 * @throws RangeError naming the mesh when the scenes' meshes differ
 */
export function sceneNewIntersections(
  input: ImportedScene,
  inputClip: number | null,
  output: ImportedScene,
  outputClip: number | null,
  frames: readonly number[],
  fps: number,
  onFrame?: (frame: SceneNewIntersectionsFrame, index: number) => void,
): SceneNewIntersectionsFrame[] {
  const outputIndex = input.meshes.map((mesh) => {
    const index = output.meshes.findIndex((m) => m.name === mesh.name);
    if (index < 0) throw new RangeError(`the output has no mesh named "${mesh.name}" (its meshes: ${output.meshes.map((m) => `"${m.name}"`).join(', ')})`);
    const a = mesh.topology,
      b = output.meshes[index].topology;
    if (a.vertexCount !== b.vertexCount || a.triangles.length !== b.triangles.length || a.triangles.some((v, k) => v !== b.triangles[k])) {
      throw new RangeError(
        `mesh "${mesh.name}": the output's welded surface (${b.vertexCount} vertices, ${b.triangles.length / 3} triangles) is not the input's (${a.vertexCount}, ${a.triangles.length / 3})`,
      );
    }
    return index;
  });
  if (output.meshes.length !== input.meshes.length) {
    const extra = output.meshes.filter((m) => !input.meshes.some((n) => n.name === m.name)).map((m) => `"${m.name}"`);
    throw new RangeError(`the output has meshes the input has not: ${extra.join(', ')}`);
  }
  const checked = input.meshes.map((mesh) => ({ name: mesh.name, triangles: mesh.topology.triangles, vertexCount: mesh.topology.vertexCount }));
  const inputChecker = intersectionChecker(checked);
  const outputChecker = intersectionChecker(checked);
  const topology = regionTopology(
    input.meshes.map((mesh, m) => ({ triangles: mesh.topology.triangles, vertexCount: mesh.topology.vertexCount, edges: inputChecker.edges[m] })),
  );
  const inputEvaluator = createAnimationEvaluator(input);
  const outputEvaluator = createAnimationEvaluator(output);
  const inputBuffers = input.meshes.map((mesh) => new Float32Array(3 * mesh.topology.vertexCount));
  const outputBuffers = input.meshes.map((mesh) => new Float32Array(3 * mesh.topology.vertexCount));
  const inputDuration = inputClip === null ? 0 : input.clips[inputClip].duration;
  const outputDuration = outputClip === null ? 0 : output.clips[outputClip].duration;
  return frames.map((frame, index) => {
    const time = frame / fps;
    input.meshes.forEach((_, m) => {
      inputEvaluator.evaluateSimulationPositions(m, inputClip, Math.min(Math.max(time, 0), inputDuration), inputBuffers[m]);
      outputEvaluator.evaluateSimulationPositions(outputIndex[m], outputClip, Math.min(Math.max(time, 0), outputDuration), outputBuffers[m]);
    });
    const inputCheck = inputChecker.check(inputBuffers, { listPairs: true });
    const outputCheck = outputChecker.check(outputBuffers, { listPairs: true });
    const regions = inputRegions(topology, [inputCheck]);
    const result: SceneNewIntersectionsFrame = {
      frame,
      input: inputCheck,
      output: outputCheck,
      regions,
      added: newIntersectionRegions(topology, regions, outputCheck),
    };
    onFrame?.(result, index);
    return result;
  });
}
