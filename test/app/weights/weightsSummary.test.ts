// weightsSummary: every vertex counted once, in the region of its dominant joint or in its separate shell's; each
// region's min, mean and max are those of its vertices' weights; an unskinned mesh is one region.
import { describe, expect, it } from 'vitest';
import { weightsSummary, type SkinSkeleton } from '../../../app/weights/index.ts';

const skeleton: SkinSkeleton = {
  jointCount: 3,
  names: ['hips', 'tail', ''],
  positions: new Float64Array(9),
  parents: Int32Array.from([-1, 0, 1]),
  tips: new Float64Array(9),
  influencesPerVertex: 2,
  // vertices: 0, 1 mostly hips; 2 mostly tail; 3 only joint 2 (unnamed); 4 a shell vertex (hips)
  vertexJoints: Uint32Array.from([0, 1, 0, 1, 1, 0, 2, 0, 0, 0]),
  vertexJointWeights: Float32Array.from([0.7, 0.3, 1, 0, 0.6, 0.4, 1, 0, 1, 0]),
};

describe('weightsSummary', () => {
  it('summarizes by dominant joint, shells apart, with the default roles', () => {
    const values = [0.2, 0.4, 0.9, 0.5, 0];
    const shell = { name: 'shell 1', vertices: [4], role: 'gear' as const, reason: 'gear on hips (body): swings from where it meets its host' };
    const regions = weightsSummary(values, skeleton, ['body', 'appendage', 'minor'], [shell]);
    expect(regions, 'regions').toEqual([
      { region: 'hips', joint: 0, role: 'body', vertexCount: 2, min: 0.2, mean: 0.3, max: 0.4 },
      { region: 'tail', joint: 1, role: 'appendage', vertexCount: 1, min: 0.9, mean: 0.9, max: 0.9 },
      { region: 'joint 2', joint: 2, role: 'minor', vertexCount: 1, min: 0.5, mean: 0.5, max: 0.5 },
      { region: 'shell 1', role: 'gear', reason: shell.reason, vertexCount: 1, min: 0, mean: 0, max: 0 },
    ]);
    expect(
      regions.reduce((n, r) => n + r.vertexCount, 0),
      'every vertex counted once',
    ).toBe(values.length);
  });

  it('a painted map has no roles; an unskinned mesh is one region', () => {
    const painted = weightsSummary([0.3, 0.3, 0.3, 0.3, 0.3], skeleton, null, null);
    expect(
      painted.every((r) => r.role === undefined && r.min === 0.3 && r.max === 0.3),
      'no roles, uniform',
    ).toBe(true);
    expect(painted.find((r) => r.region === 'hips')!.vertexCount, 'the shell vertex counts with its joint when no shells are given').toBe(3);
    expect(weightsSummary([0, 0.5, 1], null, null, null), 'unskinned').toEqual([{ region: 'mesh', vertexCount: 3, min: 0, mean: 0.5, max: 1 }]);
  });
});
