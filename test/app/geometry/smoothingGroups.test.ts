// smoothingGroups: a UV seam (same position and normal) shares a group, a hard edge (same position, other normal) does not.
import { describe, expect, it } from 'vitest';
import { smoothingGroups } from '../../../app/geometry/index.ts';

describe('smoothingGroups', () => {
  it('seams share a group, hard edges split, without normals only positions count', () => {
    const positions = [0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0];
    const normals = [0, 0, 1, 0, 0, 1, 0, 0, 1, 1, 0, 0];
    const groups = smoothingGroups(positions, normals, 4);
    expect(groups[2], 'a seam copy of vertex 0 (same normal) joins its group').toBe(groups[0]);
    expect(groups[3], 'a hard-edge copy (other normal) has its own group').not.toBe(groups[0]);
    expect(groups[1], 'another position, another group').not.toBe(groups[0]);
    const plain = smoothingGroups(positions, null, 4);
    expect([plain[2], plain[3]], 'without normals the copies share vertex 0’s group').toEqual([plain[0], plain[0]]);
  });
});
