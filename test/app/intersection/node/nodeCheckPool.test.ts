// The intersection check pool on Node worker threads (app/intersection/node/nodeCheckPool.ts): its answers are the
// checker's on this thread, option for option (self, mesh pairs, listPairs, since), whichever worker takes a check;
// a closed pool rejects instead of hanging.
import { afterAll, describe, expect, it } from 'vitest';
import { intersectionChecker, type CheckedMesh } from '../../../../app/intersection/index.ts';
import { nodeCheckPool } from '../../../../app/intersection/node/index.ts';
import { random } from '../../../helpers/random.ts';

/** A wavy sheet of n×n cells folded so that it crosses itself, and a second sheet through it: self and between pairs. */
function scene(n: number, phase: number): { meshes: CheckedMesh[]; positions: Float64Array[] } {
  const sheet = (offset: number, tilt: number) => {
    const positions = new Float64Array(3 * (n + 1) * (n + 1));
    const triangles: number[] = [];
    for (let j = 0; j <= n; j++) {
      for (let i = 0; i <= n; i++) {
        const x = i / n,
          y = j / n;
        positions.set(
          [x, y + tilt * x, offset + 0.3 * Math.sin(6 * x + phase) * Math.cos(5 * y) + (x > 0.5 ? 0.8 * (x - 0.5) * Math.sin(9 * y) : 0)],
          3 * (j * (n + 1) + i),
        );
      }
    }
    for (let j = 0; j < n; j++) {
      for (let i = 0; i < n; i++) {
        const a = j * (n + 1) + i,
          b = a + 1,
          c = a + n + 1,
          d = c + 1;
        triangles.push(a, b, d, a, d, c);
      }
    }
    return { positions, triangles: Uint32Array.from(triangles) };
  };
  const first = sheet(0, 0);
  const second = sheet(0.05, 0.3);
  // Fold: the last rows of the first sheet pushed back under its middle, through it.
  for (let v = 0; v < first.positions.length / 3; v++) {
    const y = first.positions[3 * v + 1];
    if (y > 0.7) {
      first.positions[3 * v + 1] = 1.4 - y;
      first.positions[3 * v + 2] -= 0.4 * (y - 0.7) - 0.02 * Math.sin(40 * y);
    }
  }
  return {
    meshes: [
      { name: 'folded', triangles: first.triangles, vertexCount: first.positions.length / 3 },
      { name: 'other', triangles: second.triangles, vertexCount: second.positions.length / 3 },
    ],
    positions: [first.positions, second.positions],
  };
}

describe('nodeCheckPool', () => {
  const pool = nodeCheckPool(2);
  afterAll(() => pool.close());

  it('answers every check as the checker on this thread does, field for field, for each option', async () => {
    const frames = [0, 0.4, 0.8, 1.2].map((phase) => scene(24, phase));
    const local = intersectionChecker(frames[0].meshes);
    const pooled = pool.open(frames[0].meshes);
    const cases = [
      { listPairs: true },
      { self: [true, false], listPairs: true },
      { self: [false, false], pairs: [0, 1], listPairs: true },
      { self: [true, true] },
    ];
    for (const options of cases) {
      const portable = options;
      const asked = frames.map((frame) => pooled.check(frame.positions, portable));
      const answers = await Promise.all(asked);
      frames.forEach((frame, f) => {
        const { pairs, ...rest } = options as { pairs?: number[] };
        const expected = local.check(frame.positions, pairs ? { ...rest, pairs: (a, b) => a === pairs[0] && b === pairs[1] } : rest);
        expect(answers[f], `frame ${f}, options ${JSON.stringify(options)}`).toEqual(expected);
      });
    }
    expect(local.check(frames[1].positions).total, 'the scene intersects (the comparison is not of zeros)').toBeGreaterThan(10);
    pooled.close();
  }, 60_000);

  it('checks since an earlier frame as the checker does (only what moved is tested again)', async () => {
    const { meshes, positions } = scene(20, 0.3);
    const local = intersectionChecker(meshes);
    const pooled = pool.open(meshes);
    const earlier = local.check(positions, { listPairs: true });
    const rng = random(5);
    const moved = positions.map((p) => Float64Array.from(p, (x, k) => (k % 7 === 0 ? x + 0.05 * (rng() - 0.5) : x)));
    const since = { positions, result: { total: earlier.total, pairList: earlier.pairList } };
    const answer = await pooled.check(moved, { listPairs: true, since });
    expect(answer, 'since an earlier frame, on a worker').toEqual(local.check(moved, { listPairs: true, since }));
    expect(answer, 'and a full check of the same frame').toEqual(intersectionChecker(meshes).check(moved, { listPairs: true }));
    pooled.close();
  }, 60_000);

  it('rejects the checks of a closed pool instead of hanging', async () => {
    const closed = nodeCheckPool(1);
    const { meshes, positions } = scene(4, 0);
    const checker = closed.open(meshes);
    const pending = expect(checker.check(positions), 'a check under way when it closes').rejects.toThrow(/closed/);
    await closed.close();
    await pending;
    await expect(checker.check(positions), 'a check after').rejects.toThrow(/closed/);
  }, 60_000);
});
