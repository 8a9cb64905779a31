import { copyContact, createContactList } from './contactList.ts';
import type { ArapContactList } from './types.ts';

/** The persistent contact set 𝒞 of seed 004 §3.5.3 (contactActiveSet). */
export interface ContactActiveSet {
  /** contacts kept from the last solve */
  readonly persistent: ArapContactList;
  /**
   * out ← the newly detected contacts plus every persistent contact not detected again (a contact found again is
   * "simply treated as a new contact": its new normal and offset win)
   */
  merge(detected: ArapContactList, out: ArapContactList): void;
  /**
   * 𝒞 ← the contacts of `solved` whose multiplier is ≤ 0 (pushing, or no force): a positive λ is a "sticking force"
   * and the contact is released; a contact no longer penetrating but still pushing stays, which lets points slide
   * over convex parts instead of chattering (§3.5.3).
   * @param solved       the contacts that were rows of the solve
   * @param multipliers  λ of each contact, NaN for contacts that were not rows (dropped)
   */
  update(solved: ArapContactList, multipliers: Float64Array): void;
  /** forgets 𝒞 */
  clear(): void;
}

/**
 * The unilateral contact model of seed 004 §3.5.3: an active set driven by the signs of the Lagrange multipliers,
 * kept across iterations, keyed by (collider, point).
 *
 * @returns an empty set
 */
export function contactActiveSet(): ContactActiveSet {
  let persistent = createContactList();
  let spare = createContactList();
  const seen = new Set<number>();
  return {
    get persistent() {
      return persistent;
    },
    merge(detected, out) {
      out.count = 0;
      seen.clear();
      for (let c = 0; c < detected.count; c++) {
        copyContact(detected, c, out);
        seen.add(detected.collider[c] * 4194304 + detected.point[c]);
      }
      for (let c = 0; c < persistent.count; c++) {
        if (!seen.has(persistent.collider[c] * 4194304 + persistent.point[c])) copyContact(persistent, c, out);
      }
    },
    update(solved, multipliers) {
      spare.count = 0;
      for (let c = 0; c < solved.count; c++) if (multipliers[c] <= 0) copyContact(solved, c, spare);
      const previous = persistent;
      persistent = spare;
      spare = previous;
    },
    clear() {
      persistent.count = 0;
    },
  };
}
