import type { PrunedSkin } from './prunedSkin.ts';

/**
 * Where a joint sits among a vertex's influences: the slot k with skin.joints[4i + k] = joint, among its first
 * skin.counts[i], or −1 when the vertex has no weight on that joint.
 *
 * @param skin   the ≤ 4 influences per vertex (prunedSkin)
 * @param i      vertex index
 * @param joint  skin joint index
 * @returns the slot 0..3, or −1
 */
export function influenceSlot(skin: PrunedSkin, i: number, joint: number): number {
  for (let k = 0; k < skin.counts[i]; k++) if (skin.joints[4 * i + k] === joint) return k;
  return -1;
}
