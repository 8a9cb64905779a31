// The input-region rule (issue 33): a floor sheet crossed by upright fins, checked by the exact checker. Regions are
// the intersecting triangles grown by INPUT_REGION_RINGS rings, one region per crossing with both sides in it; the new
// regions of an output are its intersecting triangles outside all of them, so a crossing that slides by a ring or two
// adds nothing and one that moves three rows away or appears elsewhere is new.
import { describe, expect, it } from 'vitest';
import { ANY_REGION, INPUT_REGION_RINGS, inputRegions, newIntersectionRegions, regionTopology } from '../../../app/intersection/index.ts';
import { intersectionChecker } from '../../../app/intersection/index.ts';
import { clothGrid } from '../contact/scenes.ts';

/** An upright fin in the x–y plane at depth z, x in [−w/2, w/2] around cx, y in [−0.5, 0.5] (n×n cells). */
function fin(n: number, width: number, z: number, cx = 0): { positions: Float64Array; triangles: Uint32Array } {
  const grid = clothGrid(n, 1, 0);
  const positions = new Float64Array(grid.positions.length);
  for (let v = 0; v < positions.length / 3; v++) {
    positions[3 * v] = cx + width * grid.positions[3 * v];
    positions[3 * v + 1] = grid.positions[3 * v + 2];
    positions[3 * v + 2] = z;
  }
  return { positions, triangles: grid.triangles };
}

/** Two fins as one mesh (two components). */
function twoFins(z0: number, z1: number, cx0: number, cx1: number): { positions: Float64Array; triangles: Uint32Array } {
  return joined(fin(4, 0.3, z0, cx0), fin(4, 0.3, z1, cx1));
}

/** Two meshes as one: b's vertices after a's, its triangles renumbered. */
function joined(
  a: { positions: Float64Array; triangles: Uint32Array },
  b: { positions: Float64Array; triangles: Uint32Array },
): { positions: Float64Array; triangles: Uint32Array } {
  const n = a.positions.length / 3;
  const positions = new Float64Array(a.positions.length + b.positions.length);
  positions.set(a.positions);
  positions.set(b.positions, a.positions.length);
  const triangles = new Uint32Array(a.triangles.length + b.triangles.length);
  triangles.set(a.triangles);
  for (let k = 0; k < b.triangles.length; k++) triangles[a.triangles.length + k] = b.triangles[k] + n;
  return { positions, triangles };
}

// The floor: 20×20 cells of 0.1 m in the x–z plane at y = 0; row j of cells spans z in [−1 + 0.1j, −0.9 + 0.1j].
const floor = clothGrid(20, 2, 0);
const finsAt = (z0: number, z1 = 0.55) => twoFins(z0, z1, -0.5, 0.5);
const meshesOf = (fins: { triangles: Uint32Array; positions: Float64Array }) => [
  { name: 'floor', triangles: floor.triangles, vertexCount: floor.positions.length / 3 },
  { name: 'fins', triangles: fins.triangles, vertexCount: fins.positions.length / 3 },
];

function setup() {
  const input = finsAt(0.05);
  const checker = intersectionChecker(meshesOf(input));
  const topology = regionTopology(meshesOf(input).map((m, k) => ({ ...m, edges: checker.edges[k] })));
  return { input, checker, topology };
}

describe('inputRegions', () => {
  it("grows the intersecting triangles by the rule's rings and makes one region per crossing, both sides in it", () => {
    const { input, checker, topology } = setup();
    const check = checker.check([floor.positions, input.positions], { listPairs: true });
    expect(check.total, 'the fins cut the floor').toBeGreaterThan(0);
    const regions = inputRegions(topology, [check]);
    expect(INPUT_REGION_RINGS, 'the rule is two rings').toBe(2);
    expect(regions.count, 'two crossings, two regions').toBe(2);
    // Floor vertices: hop 0 on the corners of its intersecting triangles, 1 on their neighbours, outside beyond.
    const floorCorners = new Set<number>();
    for (const t of check.triangles[0]) for (let k = 0; k < 3; k++) floorCorners.add(floor.triangles[3 * t + k]);
    for (let v = 0; v < floor.positions.length / 3; v++) {
      const hop = regions.hops[0][v];
      if (floorCorners.has(v)) expect(hop, `floor vertex ${v}: a corner of an intersecting triangle`).toBe(0);
      else expect(hop === 1 || regions.labels[0][v] === 0, `floor vertex ${v}: inside only within one hop`).toBe(true);
    }
    // Each fin shares its label with the floor under it and not with the other crossing.
    const finVertices = input.positions.length / 3 / 2;
    const labelNear = (x: number, z: number): number => {
      let best = -1,
        distance = Infinity;
      for (let v = 0; v < floor.positions.length / 3; v++) {
        const d = Math.hypot(floor.positions[3 * v] - x, floor.positions[3 * v + 2] - z);
        if (regions.labels[0][v] !== 0 && d < distance) [best, distance] = [v, d];
      }
      return regions.labels[0][best];
    };
    const finLabel = (which: number): number => {
      const labels = new Set<number>();
      for (let v = which * finVertices; v < (which + 1) * finVertices; v++) if (regions.labels[1][v] !== 0) labels.add(regions.labels[1][v]);
      expect(labels.size, `fin ${which}: one region`).toBe(1);
      return [...labels][0];
    };
    expect(finLabel(0), 'the left fin is in the region of the floor under it').toBe(labelNear(-0.5, 0.05));
    expect(finLabel(1), 'the right fin is in the region of the floor under it').toBe(labelNear(0.5, 0.55));
    expect(finLabel(0), 'the two crossings are two regions').not.toBe(finLabel(1));
    expect(ANY_REGION, 'the wildcard label is no region number').toBeGreaterThan(regions.count);
  });

  it('unites the regions of several checks (a frame and the next) and refuses a check without its pairs', () => {
    const { input, checker, topology } = setup();
    const now = checker.check([floor.positions, input.positions], { listPairs: true });
    const next = checker.check([floor.positions, finsAt(0.45).positions], { listPairs: true });
    const both = inputRegions(topology, [now, next]);
    const alone = inputRegions(topology, [now]);
    let grown = 0;
    for (let v = 0; v < floor.positions.length / 3; v++) {
      if (alone.labels[0][v] !== 0) expect(both.labels[0][v], `floor vertex ${v}: still inside`).not.toBe(0);
      if (alone.labels[0][v] === 0 && both.labels[0][v] !== 0) grown++;
    }
    expect(grown, "the next frame's crossing adds floor vertices").toBeGreaterThan(0);
    const unlisted = checker.check([floor.positions, input.positions]);
    expect(() => inputRegions(topology, [unlisted]), 'no pairList').toThrow(/listPairs/);
  });
});

describe('newIntersectionRegions', () => {
  it('a crossing that slides by up to two rows adds nothing; three rows or a new place is a new region, both sides one', () => {
    const { input, checker, topology } = setup();
    const inputCheck = checker.check([floor.positions, input.positions], { listPairs: true });
    const regions = inputRegions(topology, [inputCheck]);
    const added = (z0: number, z1?: number) => {
      const output = checker.check([floor.positions, finsAt(z0, z1).positions], { listPairs: true });
      expect(output.total, `fin at ${z0}: it still cuts the floor`).toBeGreaterThan(0);
      return newIntersectionRegions(topology, regions, output);
    };
    const same = added(0.05);
    expect([same.regions, same.triangles[0].length, same.pairs.length], 'the input itself adds nothing').toEqual([0, 0, 0]);
    for (const rows of [1, 2]) expect(added(0.05 + 0.1 * rows).regions, `slid by ${rows} rows: within the rule's rings`).toBe(0);
    const far = added(0.35);
    expect(far.regions, 'slid by three rows: one new region').toBe(1);
    expect(far.meshRegions, 'on the floor only (the fin cuts the floor along the same line of its own)').toEqual([1, 0]);
    for (const t of far.triangles[0]) {
      const z =
        (floor.positions[3 * floor.triangles[3 * t] + 2] +
          floor.positions[3 * floor.triangles[3 * t + 1] + 2] +
          floor.positions[3 * floor.triangles[3 * t + 2] + 2]) /
        3;
      expect(z, `new floor triangle ${t} lies at the moved crossing (z ≈ 0.35)`).toBeGreaterThan(0.2);
    }
    expect(far.pairs.length, 'its pairs are listed').toBeGreaterThan(0);
    // Both fins moved far: two regions.
    expect(added(0.35, -0.45).regions, 'both crossings moved far: two regions').toBe(2);
  });

  it('a new crossing inside one mesh is one region with both of its sides', () => {
    // One mesh: the floor and the fins together; the input has the left fin above the floor (no crossing there).
    const join = (fins: { positions: Float64Array; triangles: Uint32Array }) => joined(floor, fins);
    const raised = finsAt(0.05);
    const lifted = join(raised);
    for (let v = floor.positions.length / 3; v < floor.positions.length / 3 + raised.positions.length / 6; v++) lifted.positions[3 * v + 1] += 0.6;
    const dropped = join(raised);
    const mesh = [{ name: 'all', triangles: lifted.triangles, vertexCount: lifted.positions.length / 3 }];
    const checker = intersectionChecker(mesh);
    const topology = regionTopology([{ ...mesh[0], edges: checker.edges[0] }]);
    const regions = inputRegions(topology, [checker.check([lifted.positions], { listPairs: true })]);
    expect(regions.count, "the input: the right fin's crossing only").toBe(1);
    const result = newIntersectionRegions(topology, regions, checker.check([dropped.positions], { listPairs: true }));
    expect(result.regions, 'the dropped fin is one new region').toBe(1);
    const finStart = floor.positions.length / 3;
    const sides = new Set([...result.triangles[0]].map((t) => (lifted.triangles[3 * t] >= finStart ? 'fin' : 'floor')));
    expect([...sides].sort(), 'both sides of the crossing are new triangles of it').toEqual(['fin', 'floor']);
  });
});
