import { Accessor, type AnimationSampler, type Document } from '@gltf-transform/core';
import { accessorFloats } from '../io/index.ts';

/** How far from 1 a quaternion's length may be before gltf-validator refuses it (its unitLengthThresholdVec4). */
const UNIT_QUATERNION_TOLERANCE = 0.00769;
/** The accessor formats glTF 2.0 §3.11 allows as a sampler's output, per path (normalized integers for rotations and weights). */
const OUTPUT_TYPES: Record<string, string> = { translation: 'VEC3', rotation: 'VEC4', scale: 'VEC3', weights: 'SCALAR' };
const NORMALIZED_OUTPUTS = new Set(['rotation', 'weights']);

/**
 * The baked clip's copy of an input sampler that breaks a rule of glTF 2.0 §3.11 ("Animations") which gltf-validator
 * checks, written anew so the baked clip is valid glTF even when the input clip is not (the input clip stays in the
 * file as it came: its problems are reported once, in it, instead of twice). Returns null when the sampler keeps
 * every rule, so a valid input's keys are shared, unchanged. The repairs keep what the bake evaluated
 * (app/animation channelValue):
 * - input times not FLOAT SCALAR (a normalized integer accessor): written as FLOAT;
 * - negative times: dropped, with a key at 0 holding the value there; equal times: the later key kept (the one the
 *   evaluator reads at that time); non-finite keys cannot reach here (the importer refuses them);
 * - CUBICSPLINE with fewer than two keys: a STEP key holding the value (the curve of one key is constant);
 * - rotation values that are not unit quaternions: normalized (the one departure from the input's numbers: glTF
 *   requires unit rotations, and viewers disagree on other ones); tangents are kept;
 * - output accessors of a format the path does not allow: written as FLOAT.
 *
 * @param document        the output document (new accessors go into its first buffer)
 * @param sampler         the input's sampler, as copied
 * @param path            the channel's target path ('translation', 'rotation', 'scale', 'weights')
 * @param componentCount  values per key: 3, 4, or the node's morph target count
 * @returns a new sampler with valid keys, or null when the input's sampler is valid as it is
 */
export function repairedSampler(document: Document, sampler: AnimationSampler, path: string, componentCount: number): AnimationSampler | null {
  const input = sampler.getInput();
  const output = sampler.getOutput();
  if (!input || !output || !(path in OUTPUT_TYPES)) return null;
  const interpolation = sampler.getInterpolation();
  const cubic = interpolation === 'CUBICSPLINE';
  const perKey = (cubic ? 3 : 1) * componentCount;
  const times = accessorFloats(input);
  const values = accessorFloats(output);
  if (values.length !== times.length * perKey) return null; // the importer refuses such a count; nothing to repair here
  const inputValid =
    input.getType() === 'SCALAR' &&
    input.getComponentType() === Accessor.ComponentType.FLOAT &&
    !input.getNormalized() &&
    times.length >= (cubic ? 2 : 1) &&
    times.every((t, k) => t >= 0 && (k === 0 || t > times[k - 1]));
  const outputFormatValid =
    output.getType() === OUTPUT_TYPES[path] &&
    (output.getComponentType() === Accessor.ComponentType.FLOAT ? !output.getNormalized() : NORMALIZED_OUTPUTS.has(path) && output.getNormalized());
  const unit = (k: number) => {
    const i = k * perKey + (cubic ? componentCount : 0);
    return Math.abs(Math.hypot(values[i], values[i + 1], values[i + 2], values[i + 3]) - 1) <= UNIT_QUATERNION_TOLERANCE;
  };
  const rotationsValid = path !== 'rotation' || times.every((_, k) => unit(k));
  if (inputValid && outputFormatValid && rotationsValid) return null;

  // Keys kept: non-negative, strictly increasing (of equal times the later), plus a key at 0 for dropped negative ones.
  const keep: number[] = [];
  for (let k = 0; k < times.length; k++) {
    if (times[k] < 0) continue;
    if (keep.length > 0 && times[keep[keep.length - 1]] === times[k]) keep.pop();
    keep.push(k);
  }
  const keptTimes: number[] = keep.map((k) => times[k]);
  const keptValues: number[] = [];
  for (const k of keep) for (let i = 0; i < perKey; i++) keptValues.push(values[k * perKey + i]);
  if (times[0] < 0 && !(keptTimes[0] === 0)) {
    // The value at 0 as the evaluator has it: the last negative key's value, or interpolated toward the next key.
    const before = keep.length > 0 ? keep[0] - 1 : times.length - 1;
    keptTimes.unshift(0);
    keptValues.unshift(...valueAtZero(times, values, before, keep.length > 0 ? keep[0] : -1, perKey, componentCount, cubic, interpolation));
  }
  let outInterpolation = interpolation;
  let outValues = keptValues;
  if (cubic && keptTimes.length < 2) {
    // One key of a cubic spline: its value, held.
    outInterpolation = 'STEP';
    outValues = keptValues.slice(componentCount, 2 * componentCount);
  }
  const stride = (outInterpolation === 'CUBICSPLINE' ? 3 : 1) * componentCount;
  if (path === 'rotation') {
    for (let k = 0; k < keptTimes.length; k++) {
      const i = k * stride + (outInterpolation === 'CUBICSPLINE' ? componentCount : 0);
      const length = Math.hypot(outValues[i], outValues[i + 1], outValues[i + 2], outValues[i + 3]);
      if (length > 0) for (let c = 0; c < 4; c++) outValues[i + c] /= length;
      else outValues.splice(i, 4, 0, 0, 0, 1);
    }
  }
  const buffer = document.getRoot().listBuffers()[0] ?? document.createBuffer();
  const type = OUTPUT_TYPES[path] as Parameters<Accessor['setType']>[0];
  return document
    .createAnimationSampler()
    .setInterpolation(outInterpolation)
    .setInput(document.createAccessor().setType('SCALAR').setArray(Float32Array.from(keptTimes)).setBuffer(buffer))
    .setOutput(document.createAccessor().setType(type).setArray(Float32Array.from(outValues)).setBuffer(buffer));
}

/** A channel's value at time 0 when its first keys are negative: between key `before` (< 0) and key `after` (≥ 0, or −1: none). */
function valueAtZero(
  times: Float32Array,
  values: Float32Array,
  before: number,
  after: number,
  perKey: number,
  componentCount: number,
  cubic: boolean,
  interpolation: string,
): number[] {
  const offset = cubic ? componentCount : 0;
  const at = (k: number) => Array.from(values.subarray(k * perKey + offset, k * perKey + offset + componentCount));
  const held = at(before);
  if (after < 0 || interpolation === 'STEP' || cubic || !(times[after] > times[before])) {
    return cubic ? [...new Array<number>(componentCount).fill(0), ...held, ...new Array<number>(componentCount).fill(0)] : held;
  }
  const s = (0 - times[before]) / (times[after] - times[before]);
  const next = at(after);
  return held.map((v, i) => v + s * (next[i] - v));
}
