// contactActiveSet: seed 004 §3.5.3's rule: a contact with a positive multiplier (pulling) is released, one with λ ≤ 0
// persists even when no longer detected, and a contact found again takes its new plane.
import { describe, expect, it } from 'vitest';
import { contactActiveSet } from '../../../../app/solvers/arap/contactActiveSet.ts';
import { createContactList, pushContact } from '../../../../app/solvers/arap/contactList.ts';

describe('contactActiveSet', () => {
  it('keeps pushing contacts, drops pulling ones, and lets a re-detected contact replace its old plane', () => {
    const set = contactActiveSet();
    const detected = createContactList(2);
    pushContact(detected, 3, 0, 1, 0, 0, -0.1);
    pushContact(detected, 5, 0, 1, 0, 0, -0.2);
    pushContact(detected, 9, 0, 1, 0, 0, -0.3);
    const merged = createContactList();
    set.merge(detected, merged);
    expect(merged.count, 'first merge').toBe(3);
    set.update(merged, Float64Array.from([-2, 1, NaN]));
    expect(Array.from(set.persistent.point.subarray(0, set.persistent.count)), 'only the pushing contact persists').toEqual([3]);
    detected.count = 0;
    pushContact(detected, 3, 1, 0, 0, 0.5, -0.05);
    set.merge(detected, merged);
    expect(merged.count, 'the persistent contact, found again, appears once').toBe(1);
    expect(Array.from(merged.normal.subarray(0, 3)), 'with its new normal').toEqual([1, 0, 0]);
    detected.count = 0;
    set.merge(detected, merged);
    expect(merged.count, 'a pushing contact stays although it is not detected (sliding over convex parts)').toBe(1);
  });
});
