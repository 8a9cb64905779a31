import { describe, expect, it } from 'vitest';
import { readGltf } from '../../../app/io/index.ts';
import {
  intersectionChecker,
  sceneIntersections,
  segmentTriangleIntersection,
  SegmentTriangleContact,
  type FrameIntersections,
} from '../../../app/intersection/index.ts';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { random } from '../../helpers/random.ts';

const dataFolder = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));

/** A unit square in z = 0 split along its diagonal y = x: vertices (0,0) (1,0) (1,1) (0,1). */
const square = { positions: [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0], triangles: [0, 1, 2, 0, 2, 3] };

describe('intersectionChecker', () => {
  it('counts two edge–triangle crossings where one triangle cuts through another (the two ends of their common segment)', () => {
    // A vertical blade in the plane y = 0.2 cuts the square along x ∈ [0.3, 0.6]: its two slanted edges cross the square.
    const blade = { positions: [0.3, 0.2, -1, 0.3, 0.2, 1, 0.9, 0.2, 1], triangles: [0, 1, 2] };
    const checker = intersectionChecker([
      { name: 'square', triangles: square.triangles, vertexCount: 4 },
      { name: 'blade', triangles: blade.triangles, vertexCount: 3 },
    ]);
    const result = checker.check([square.positions, blade.positions]);
    expect(result.between, 'one pair of meshes, two crossings').toEqual([{ a: 0, b: 1, count: 2 }]);
    expect(result.self, 'neither mesh intersects itself').toEqual([0, 0]);
    expect(result.total, 'total').toBe(2);
    expect(Array.from(result.triangles[0]), 'the square triangle below the diagonal takes part').toEqual([0]);
    expect(Array.from(result.triangles[1]), 'the blade takes part').toEqual([0]);
    // Lifting the blade above the square removes both.
    const lifted = blade.positions.map((x, i) => (i % 3 === 2 ? x + 1.5 : x));
    expect(checker.check([square.positions, lifted]).total, 'separated').toBe(0);
  });

  it('finds a self-intersection of a strip folded through itself, and none in the unfolded strip', () => {
    // Two quads joined at the edge (1,0)-(1,1): flat, then the second swung down through the first's plane beyond it.
    const flat = [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 2, 0, 0, 2, 1, 0];
    const triangles = [0, 1, 2, 0, 2, 3, 1, 4, 5, 1, 5, 2];
    const checker = intersectionChecker([{ name: 'strip', triangles, vertexCount: 6 }]);
    expect(checker.check([flat]).total, 'flat strip').toBe(0);
    // Fold the second quad back under the first, then push its far edge up through it: a third quad's worth of
    // surface passing through the first quad's interior (the far edge (0.5, y, ±0.5) crosses z = 0).
    const folded = [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0.5, 0.1, -0.5, 0.5, 0.9, 0.5];
    const result = checker.check([folded]);
    expect(result.self[0], 'the far edge of the fold crosses the first quad').toBeGreaterThan(0);
    expect(Array.from(result.triangles[0]).length, 'triangles flagged').toBeGreaterThan(1);
  });

  it('never tests pairs that share a vertex, so a closed mesh is clean, and counts non-manifold edges', () => {
    // A tetrahedron surface plus a fin sharing its edge 0-1: three triangles on one edge.
    const positions = [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0.5, -1, -1];
    const triangles = [0, 2, 1, 0, 1, 3, 1, 2, 3, 0, 3, 2, 0, 1, 4];
    const checker = intersectionChecker([{ name: 'tet+fin', triangles, vertexCount: 5 }]);
    expect(checker.nonManifoldEdges[0], 'edge 0-1 has three triangles').toBe(1);
    expect(checker.check([positions]).total, 'no intersection').toBe(0);
  });

  it('counts and skips bad input: repeated vertices, zero-area faces, zero-length edges; no NaN, no hang', () => {
    const positions = [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 2, 2, 0, 0.5, 0.5, 0, 0.5, 0.5, 0];
    // a repeated-index triangle, a collinear triangle (0, 5=(0.5,0.5), 2 on the diagonal), a triangle with two
    // coincident corners (5 and 6 share a position), and the square itself
    const triangles = [0, 0, 1, 0, 5, 2, 4, 5, 6, ...square.triangles];
    const checker = intersectionChecker([{ name: 'bad', triangles, vertexCount: 7 }]);
    const result = checker.check([positions]);
    expect(result.degenerateTriangles[0], 'three degenerate triangles').toBe(3);
    expect(result.degenerateEdges[0], 'edge 5-6 has zero length').toBe(1);
    expect(Number.isFinite(result.total), 'a finite count').toBe(true);
    expect(() => checker.check([[...positions.slice(0, 20), Number.NaN]]), 'NaN positions are refused').toThrow(/non-finite/);
  });

  it('finds no intersection in the rest pose of every asset in shared/data except where the file itself has some, and is deterministic', async () => {
    for (const name of readdirSync(dataFolder).filter((f) => /\.(glb|gltf)$/.test(f))) {
      const scene = await readGltf(readFileSync(dataFolder + name), { fileName: name, readResource: async (uri) => readFileSync(dataFolder + uri) });
      const [first] = sceneIntersections(scene, null, [0], 30);
      const [again] = sceneIntersections(scene, null, [0], 30);
      expect(again.total, `${name}: same count twice`).toBe(first.total);
      if (name === 'Fox.glb' || name === 'SimpleSkin.gltf') expect(first.total, `${name}: a clean rest pose`).toBe(0);
    }
  });
});

interface TestMesh {
  triangles: number[];
  vertexCount: number;
}

/** An n×n grid of quads (two triangles each) over (u, v) ∈ [0, 1]², placed by f. */
function grid(n: number, f: (u: number, v: number) => [number, number, number]): { mesh: TestMesh; positions: number[] } {
  const positions: number[] = [];
  const triangles: number[] = [];
  for (let j = 0; j <= n; j++) for (let i = 0; i <= n; i++) positions.push(...f(i / n, j / n));
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      const a = i + (n + 1) * j,
        b = a + 1,
        c = a + n + 2,
        d = a + n + 1;
      triangles.push(a, b, c, a, c, d);
    }
  }
  return { mesh: { triangles, vertexCount: positions.length / 3 }, positions };
}

/** Two pieces as one mesh (no shared vertices). */
function join(a: { mesh: TestMesh; positions: number[] }, b: { mesh: TestMesh; positions: number[] }): { mesh: TestMesh; positions: number[] } {
  const offset = a.mesh.vertexCount;
  return {
    mesh: { triangles: [...a.mesh.triangles, ...b.mesh.triangles.map((v) => v + offset)], vertexCount: offset + b.mesh.vertexCount },
    positions: [...a.positions, ...b.positions],
  };
}

/** Every vertex moved by a random offset of up to ±amplitude per coordinate. */
function jitter(positions: number[], amplitude: number, next: () => number): number[] {
  return positions.map((x) => x + amplitude * (2 * next() - 1));
}

/**
 * The checker's answer the slow way, written independently: every unique edge of every mesh (of its triangles with
 * three distinct vertices) against every triangle, each pair decided by segmentTriangleIntersection; triangles with a
 * repeated vertex or a zero float cross product and zero-length edges are counted and never tested, pairs within a
 * mesh that share a vertex are skipped.
 */
function bruteForce(
  meshes: TestMesh[],
  positions: ArrayLike<number>[],
  options: { self?: boolean[]; pairs?: (a: number, b: number) => boolean } = {},
): FrameIntersections {
  const edgeLists = meshes.map((mesh) => {
    const incident = new Map<string, number[]>();
    for (let t = 0; t < mesh.triangles.length / 3; t++) {
      const [a, b, c] = mesh.triangles.slice(3 * t, 3 * t + 3);
      if (a === b || b === c || c === a) continue;
      for (const [i, j] of [
        [a, b],
        [b, c],
        [c, a],
      ]) {
        const key = `${Math.min(i, j)},${Math.max(i, j)}`;
        incident.set(key, [...(incident.get(key) ?? []), t]);
      }
    }
    return [...incident.entries()]
      .map(([key, triangles]) => ({ ends: key.split(',').map(Number), triangles }))
      .sort((x, y) => x.ends[0] - y.ends[0] || x.ends[1] - y.ends[1]);
  });
  const degenerate = meshes.map((mesh, m) => {
    const P = positions[m];
    return Array.from({ length: mesh.triangles.length / 3 }, (_, t) => {
      const [a, b, c] = mesh.triangles.slice(3 * t, 3 * t + 3);
      if (a === b || b === c || c === a) return true;
      const u = [0, 1, 2].map((k) => P[3 * b + k] - P[3 * a + k]);
      const v = [0, 1, 2].map((k) => P[3 * c + k] - P[3 * a + k]);
      return u[1] * v[2] - u[2] * v[1] === 0 && u[2] * v[0] - u[0] * v[2] === 0 && u[0] * v[1] - u[1] * v[0] === 0;
    });
  });
  const short = (m: number, p: number, q: number) => [0, 1, 2].every((k) => positions[m][3 * p + k] === positions[m][3 * q + k]);
  const pairList: number[] = [];
  const involved = meshes.map(() => new Set<number>());
  const self = meshes.map(() => 0);
  const between = new Map<string, number>();
  for (let em = 0; em < meshes.length; em++) {
    for (let tm = 0; tm < meshes.length; tm++) {
      if (em === tm ? options.self && !options.self[em] : options.pairs && !options.pairs(Math.min(em, tm), Math.max(em, tm))) continue;
      edgeLists[em].forEach(({ ends: [p, q], triangles }, e) => {
        if (short(em, p, q)) return;
        for (let t = 0; t < meshes[tm].triangles.length / 3; t++) {
          if (degenerate[tm][t]) continue;
          const [a, b, c] = meshes[tm].triangles.slice(3 * t, 3 * t + 3);
          if (em === tm && [a, b, c].some((v) => v === p || v === q)) continue;
          const result = segmentTriangleIntersection(positions[em], p, q, a, b, c, positions[tm]);
          if (result !== SegmentTriangleContact.Crossing && result !== SegmentTriangleContact.Coplanar) continue;
          pairList.push(em, e, tm, t);
          involved[tm].add(t);
          for (const s of triangles) involved[em].add(s);
          if (em === tm) self[em]++;
          else between.set(`${Math.min(em, tm)},${Math.max(em, tm)}`, (between.get(`${Math.min(em, tm)},${Math.max(em, tm)}`) ?? 0) + 1);
        }
      });
    }
  }
  return {
    total: pairList.length / 4,
    self,
    between: [...between.entries()]
      .map(([key, count]) => ({ a: Number(key.split(',')[0]), b: Number(key.split(',')[1]), count }))
      .sort((x, y) => x.a - y.a || x.b - y.b),
    triangles: involved.map((set) => Uint32Array.from([...set].sort((x, y) => x - y))),
    degenerateTriangles: degenerate.map((flags) => flags.filter(Boolean).length),
    degenerateEdges: edgeLists.map((list, m) => list.filter(({ ends: [p, q] }) => short(m, p, q)).length),
    pairList,
  };
}

/** The pairs of a pairList as sorted strings, to compare as sets. */
function pairSet(list: number[]): string[] {
  const out: string[] = [];
  for (let k = 0; k < list.length; k += 4) out.push(list.slice(k, k + 4).join(','));
  return out.sort();
}

/** Expects every field of two checks of one frame to agree (pairList as a set; `canonical`: also the same order). */
function expectSameCheck(actual: FrameIntersections, expected: FrameIntersections, what: string, canonical = false): void {
  expect(actual.total, `${what}: total`).toBe(expected.total);
  expect(actual.self, `${what}: self`).toEqual(expected.self);
  expect(actual.between, `${what}: between`).toEqual(expected.between);
  expect(
    actual.triangles.map((t) => Array.from(t)),
    `${what}: triangles taking part`,
  ).toEqual(expected.triangles.map((t) => Array.from(t)));
  expect(actual.degenerateTriangles, `${what}: degenerate triangles`).toEqual(expected.degenerateTriangles);
  expect(actual.degenerateEdges, `${what}: degenerate edges`).toEqual(expected.degenerateEdges);
  expect(pairSet(actual.pairList), `${what}: the same intersecting pairs`).toEqual(pairSet(expected.pairList));
  if (canonical) expect(actual.pairList, `${what}: the same pairs in the same order`).toEqual(expected.pairList);
}

/** A crumpled sheet (noise larger than its spacing, so it passes through itself) plus a second sheet cutting it. */
function crumpledScene(seed: number, n = 10) {
  const next = random(seed);
  const sheet = grid(n, (u, v) => [u, v, 0]);
  sheet.positions = jitter(sheet.positions, 0.12, next);
  const blade = grid(n - 3, (u, v) => [0.1 + 0.8 * u, 0.5 + 0.2 * v, -0.4 + 0.8 * v]);
  blade.positions = jitter(blade.positions, 0.03, next);
  return join(sheet, blade);
}

describe('intersectionChecker against a brute-force count', () => {
  it('agrees with testing every edge against every triangle on crumpled self-intersecting sheets (float32 and float64)', () => {
    for (const seed of [1, 2, 3]) {
      const { mesh, positions } = crumpledScene(seed);
      const checker = intersectionChecker([{ name: 'crumpled', ...mesh }]);
      const expected = bruteForce([mesh], [positions]);
      expect(expected.total, `seed ${seed}: the scene has intersections to find`).toBeGreaterThan(10);
      const result = checker.check([positions], { listPairs: true });
      expectSameCheck(result, expected, `seed ${seed}, float64`);
      for (let k = 4; k < result.pairList.length; k += 4) {
        const before = result.pairList.slice(k - 4, k),
          after = result.pairList.slice(k, k + 4);
        const order = before[0] - after[0] || before[1] - after[1] || before[2] - after[2] || before[3] - after[3];
        expect(order, `seed ${seed}: pairList is sorted by (edge mesh, edge, triangle mesh, triangle)`).toBeLessThan(0);
      }
      const single = Float32Array.from(positions);
      expectSameCheck(checker.check([single], { listPairs: true }), bruteForce([mesh], [single]), `seed ${seed}, float32 (the same checker, refit)`);
    }
  });

  it('agrees on random triangle soups with repeated vertices, zero-area triangles and zero-length edges', () => {
    const next = random(7);
    const vertexCount = 60;
    const positions = Array.from({ length: 3 * vertexCount }, () => Math.round(8 * next()) / 8);
    // Coincident and collinear vertices: 1 on 0, 2 halfway between 3 and 4.
    for (let k = 0; k < 3; k++) {
      positions[3 + k] = positions[k];
      positions[6 + k] = (positions[9 + k] + positions[12 + k]) / 2;
    }
    const triangles: number[] = [0, 1, 5, 2, 3, 4, 6, 6, 7];
    for (let t = 0; t < 150; t++) triangles.push(...[0, 1, 2].map(() => Math.floor(next() * vertexCount)));
    const mesh = { triangles, vertexCount };
    const checker = intersectionChecker([{ name: 'soup', ...mesh }]);
    const expected = bruteForce([mesh], [positions]);
    expect(expected.degenerateTriangles[0], 'the soup has degenerate triangles').toBeGreaterThan(2);
    expect(expected.degenerateEdges[0], 'the soup has a zero-length edge').toBeGreaterThan(0);
    expectSameCheck(checker.check([positions], { listPairs: true }), expected, 'soup');
    // Not tested at all, still counted.
    expectSameCheck(checker.check([positions], { listPairs: true, self: [false] }), bruteForce([mesh], [positions], { self: [false] }), 'soup, self off');
  });

  it('agrees between meshes and within them under the self and pairs options, and after the tree is rebuilt for a scrambled frame', () => {
    const next = random(11);
    const a = crumpledScene(21, 8);
    const b = grid(7, (u, v) => [0.5, u, v - 0.5]);
    b.positions = jitter(b.positions, 0.05, next);
    const c = grid(6, (u, v) => [u, 0.5 + 0.1 * v, 0.2 * u - 0.1]);
    c.positions = jitter(c.positions, 0.05, next);
    const meshes = [a.mesh, b.mesh, c.mesh];
    const checker = intersectionChecker(meshes.map((mesh, m) => ({ name: `mesh ${m}`, ...mesh })));
    const frames = [[a.positions, b.positions, c.positions]];
    // Every vertex somewhere else: the refit tree no longer fits and is rebuilt.
    frames.push(frames[0].map((P) => P.map(() => next())));
    frames.push(frames[0]);
    // The last leaves mesh 0 out altogether (its degenerate features are still counted).
    const optionSets = [
      {},
      { self: [true, false, true] },
      { pairs: (x: number) => x === 0 },
      { self: [false, true, false], pairs: (x: number, y: number) => y === 2 },
      { self: [false, true, false], pairs: (x: number) => x === 1 },
    ];
    frames.forEach((frame, f) => {
      for (const [o, options] of optionSets.entries()) {
        const expected = bruteForce(meshes, frame, options);
        if (f !== 1 && o === 0) expect(expected.between.length, 'meshes cut each other').toBeGreaterThan(1);
        expectSameCheck(checker.check(frame, { ...options, listPairs: true }), expected, `frame ${f}, options ${o}`);
      }
    });
  });
});

describe('intersectionChecker with since', () => {
  /** Moves the chosen vertices by up to ±amplitude (enough to make and break intersections). */
  const moved = (positions: number[], chosen: (v: number) => boolean, amplitude: number, next: () => number) =>
    positions.map((x, k) => (chosen(Math.floor(k / 3)) ? x + amplitude * (2 * next() - 1) : x));

  it('equals a full check after moving none, some, half, a region, or all of the vertices', () => {
    const next = random(5);
    const a = crumpledScene(31, 10);
    const b = grid(6, (u, v) => [0.3 + 0.4 * u, 0.3 + 0.4 * v, 0.1 * Math.sin(6 * u)]);
    const meshes = [a.mesh, b.mesh];
    const checker = intersectionChecker(meshes.map((mesh, m) => ({ name: `mesh ${m}`, ...mesh })));
    const before = [a.positions, b.positions];
    const earlier = checker.check(before, { listPairs: true });
    const subsets: Array<[string, (v: number) => boolean]> = [
      ['none', () => false],
      ['a tenth', () => next() < 0.1],
      ['half', () => next() < 0.5],
      ['a region', (v) => v < a.mesh.vertexCount / 2],
      ['all', () => true],
    ];
    let created = 0;
    let removed = 0;
    for (const [what, chosen] of subsets) {
      const after = before.map((P) => moved(P, chosen, 0.1, next));
      const full = checker.check(after, { listPairs: true });
      const incremental = checker.check(after, { listPairs: true, since: { positions: before, result: earlier } });
      expectSameCheck(incremental, full, `moving ${what}`, true);
      const was = new Set(pairSet(earlier.pairList)),
        is = new Set(pairSet(full.pairList));
      created += [...is].filter((x) => !was.has(x)).length;
      removed += [...was].filter((x) => !is.has(x)).length;
      // From the incremental result on: a chain of since checks stays exact.
      const again = before.map((P) => moved(P, chosen, 0.05, next));
      expectSameCheck(
        checker.check(again, { listPairs: true, since: { positions: after, result: incremental } }),
        checker.check(again, { listPairs: true }),
        `moving ${what}, chained`,
        true,
      );
    }
    expect(created, 'the moves created intersections').toBeGreaterThan(0);
    expect(removed, 'the moves removed intersections').toBeGreaterThan(0);
  });

  it('equals a full check when degenerate triangles and zero-length edges appear or go, with float32 frames', () => {
    const next = random(9);
    const { mesh, positions } = crumpledScene(41, 8);
    const checker = intersectionChecker([{ name: 'crumpled', ...mesh }]);
    const before = Float32Array.from(positions);
    const earlier = checker.check([before], { listPairs: true });
    const after = Float32Array.from(before);
    // Collapse some edges (vertex onto its neighbour: zero-length edges, zero-area triangles) and move a few others.
    for (let t = 0; t < mesh.triangles.length / 3; t += 17) {
      const [a, b] = mesh.triangles.slice(3 * t, 3 * t + 2);
      for (let k = 0; k < 3; k++) after[3 * b + k] = after[3 * a + k];
    }
    for (let v = 0; v < mesh.vertexCount; v += 13) for (let k = 0; k < 3; k++) after[3 * v + k] += 0.1 * (2 * next() - 1);
    const full = checker.check([after], { listPairs: true });
    expect(full.degenerateEdges[0], 'edges collapsed').toBeGreaterThan(0);
    expect(full.degenerateTriangles[0], 'triangles collapsed').toBeGreaterThan(0);
    expectSameCheck(checker.check([after], { listPairs: true, since: { positions: [before], result: earlier } }), full, 'degenerate features appear', true);
    // And back: the degenerate features of the earlier frame go away.
    expectSameCheck(
      checker.check([before], { listPairs: true, since: { positions: [after], result: full } }),
      checker.check([before], { listPairs: true }),
      'degenerate features go',
      true,
    );
  });

  it('keeps only the earlier pairs this check asks for when its options are narrower', () => {
    const next = random(13);
    const a = crumpledScene(51, 8);
    const b = grid(6, (u, v) => [0.5, u, v - 0.5]);
    const meshes = [a.mesh, b.mesh];
    const checker = intersectionChecker(meshes.map((mesh, m) => ({ name: `mesh ${m}`, ...mesh })));
    const before = [a.positions, b.positions];
    const earlier = checker.check(before, { listPairs: true });
    expect(earlier.self[0] > 0 && earlier.between.length === 1, 'the earlier frame has self and between pairs').toBe(true);
    const after = [moved(a.positions, () => next() < 0.3, 0.05, next), b.positions];
    for (const options of [{ self: [false, true] }, { pairs: () => false }]) {
      expectSameCheck(
        checker.check(after, { ...options, listPairs: true, since: { positions: before, result: earlier } }),
        checker.check(after, { ...options, listPairs: true }),
        JSON.stringify(options),
        true,
      );
    }
  });

  it('refuses a since whose result was made without listPairs, saying so', () => {
    const { mesh, positions } = crumpledScene(61, 8);
    const checker = intersectionChecker([{ name: 'crumpled', ...mesh }]);
    const earlier = checker.check([positions]);
    expect(earlier.total, 'the earlier frame has pairs to list').toBeGreaterThan(0);
    expect(() => checker.check([positions], { since: { positions: [positions], result: earlier } }), 'no pairList').toThrow(
      /intersectionChecker: .*listPairs: true/,
    );
  });
});
