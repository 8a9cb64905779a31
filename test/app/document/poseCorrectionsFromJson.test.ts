// poseCorrectionsFromJson: a valid array round-trips; malformed entries are refused with their JSON path.
import { describe, expect, it } from 'vitest';
import { poseCorrectionsFromJson } from '../../../app/document/poseCorrectionsFromJson.ts';

const valid = { id: 'a', mesh: 'fox', frame: 12, easeIn: 4, easeOut: 6, vertices: [3, 7], offsets: [0, 0.1, 0, 0, 0.2, 0] };

describe('poseCorrectionsFromJson', () => {
  it('reads a valid correction unchanged', () => {
    expect(poseCorrectionsFromJson([valid]), 'round trip').toEqual([valid]);
  });
  const bad: [string, unknown, RegExp][] = [
    ['not an array', {}, /^poseCorrections: must be an array/],
    ['missing id', [{ ...valid, id: '' }], /^poseCorrections\[0\]\.id/],
    ['duplicate id', [valid, valid], /^poseCorrections\[1\]\.id: "a" is used twice/],
    ['negative ease', [{ ...valid, easeIn: -1 }], /^poseCorrections\[0\]\.easeIn/],
    ['offsets count', [{ ...valid, offsets: [0, 0] }], /^poseCorrections\[0\]\.offsets: must hold 3 numbers per vertex \(6\)/],
    ['non-finite offset', [{ ...valid, offsets: [0, 0, 0, 0, null, 0] }], /^poseCorrections\[0\]\.offsets\[4\]/],
    ['unsorted vertices', [{ ...valid, vertices: [7, 3] }], /vertices\[1\]: vertices must be increasing/],
    ['unknown field', [{ ...valid, weight: 1 }], /^poseCorrections\[0\]\.weight: unknown field/],
  ];
  for (const [name, json, message] of bad) {
    it(`refuses ${name}`, () => {
      expect(() => poseCorrectionsFromJson(json), name).toThrow(message);
    });
  }
});
