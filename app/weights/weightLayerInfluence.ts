import type { WeightLayerKey } from '../document/index.ts';

/**
 * A weight layer's influence at a frame: linear between its keys, held before the first key and after
 * the last, 1 without keys (an unkeyed layer is always on). Keys are sorted by frame (parseOverlapProject
 * checks it). Keying "on" at frame 34 and "off" at frame 40 therefore ramps the layer out over six frames,
 * as an animated attribute does in Blender or Maya.
 *
 * @param keys   influence keys sorted by frame, influence in [0, 1]
 * @param frame  frame number at the project's frame rate (fractional frames interpolate)
 * @returns influence in [0, 1]
 */
export function weightLayerInfluence(keys: readonly WeightLayerKey[], frame: number): number {
  const count = keys.length;
  if (count === 0) return 1;
  if (frame <= keys[0].frame) return keys[0].influence;
  if (frame >= keys[count - 1].frame) return keys[count - 1].influence;
  let low = 0;
  let high = count - 1;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (keys[middle].frame <= frame) low = middle;
    else high = middle;
  }
  const a = keys[low];
  const b = keys[high];
  return a.influence + ((frame - a.frame) / (b.frame - a.frame)) * (b.influence - a.influence);
}
