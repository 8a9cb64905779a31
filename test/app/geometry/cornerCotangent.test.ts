import { describe, expect, it } from 'vitest';
import { cornerCotangent } from '../../../app/geometry/index.ts';

describe('cornerCotangent', () => {
  it('is the cotangent of the angle at the first corner, negative when obtuse and 0 without area', () => {
    // corner 0 at the origin; the other corners at angles 45°, 60°, 90° and 135° from the x axis
    const at = (angle: number): number[] => [0, 0, 0, 2, 0, 0, 3 * Math.cos(angle), 3 * Math.sin(angle), 0];
    for (const degrees of [45, 60, 90, 135]) {
      const angle = (degrees * Math.PI) / 180;
      expect(cornerCotangent(at(angle), 0, 1, 2), `${degrees}°`).toBeCloseTo(Math.cos(angle) / Math.sin(angle), 12);
    }
    expect(cornerCotangent([0, 0, 0, 1, 1, 1, 2, 2, 2], 0, 1, 2), 'collinear corners').toBe(0);
  });
});
