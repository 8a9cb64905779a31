import { describe, expect, it } from 'vitest';
import { CONTACT_KIND } from '../../../../app/solvers/vbd/index.ts';
import { contactSlotCount } from '../../../../app/solvers/vbd/contactSlotCount.ts';

describe('contactSlotCount', () => {
  it('counts the point slots each kind names (its point block: vertex, edge, face, or two edges)', () => {
    const expected: [keyof typeof CONTACT_KIND, number][] = [
      ['vertexFace', 4],
      ['vertexEdge', 3],
      ['vertexVertex', 2],
      ['edgeEdge', 4],
      ['vertexPlane', 1],
      ['pointTarget', 1],
    ];
    expect(expected.length, 'every kind is listed').toBe(Object.keys(CONTACT_KIND).length);
    for (const [name, slots] of expected) expect(contactSlotCount(CONTACT_KIND[name]), name).toBe(slots);
  });
});
