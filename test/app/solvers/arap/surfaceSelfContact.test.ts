// surfaceSelfContact: one part of a mesh pushed into another ends with no intersection the mesh did not have (checked
// by the exact edge–triangle oracle of app/intersection, not by the collider's own search), while the same edit
// without self-contact cuts through; points already behind a triangle at the start are never pulled through it.
import { describe, expect, it } from 'vitest';
import { intersectionChecker } from '../../../../app/intersection/index.ts';
import { arapEdit } from '../../../../app/solvers/arap/arapEdit.ts';
import { createArapModel } from '../../../../app/solvers/arap/createArapModel.ts';
import { createContactList } from '../../../../app/solvers/arap/contactList.ts';
import { surfaceSelfContact } from '../../../../app/solvers/arap/surfaceSelfContact.ts';
import { arapBeginRequest } from '../../../helpers/arapBeginRequest.ts';
import { bar, rotationX } from './meshes.ts';

/** Two bars in one surface mesh: a short one (A) and, 0.15 to its right, a tall one (B). */
function twoBars() {
  const a = bar([1, 1, 6], 0.2, 0.6);
  const b = bar([1, 1, 10], 0.2, 1.0);
  const offset = a.positions.length / 3;
  const positions = new Float64Array(a.positions.length + b.positions.length);
  positions.set(a.positions);
  positions.set(
    b.positions.map((x, i) => (i % 3 === 0 ? x + 0.35 : x)),
    a.positions.length,
  );
  const triangles = Uint32Array.from([...a.triangles, ...Array.from(b.triangles, (v) => v + offset)]);
  return { positions, triangles, aBottom: a.bottom, aTop: a.top, bBottom: b.bottom.map((v) => v + offset), bTop: b.top.map((v) => v + offset) };
}

describe('surfaceSelfContact', () => {
  const mesh = twoBars();
  const model = createArapModel({ restPositions: mesh.positions, triangles: mesh.triangles });
  const checker = intersectionChecker([{ name: 'bars', triangles: mesh.triangles, vertexCount: model.vertexCount }]);
  // B's top moved over and past A (to x = −0.35 at the same height): B's middle sweeps through A's top.
  const handles = [
    { vertices: [...mesh.aBottom, ...mesh.aTop], matrix: rotationX(0) },
    { vertices: mesh.bBottom, matrix: rotationX(0) },
    { vertices: mesh.bTop, matrix: rotationX(0, [-0.7, 0, 0]) },
  ];

  it('starts without intersections, and the edit without self-contact cuts B through A', () => {
    expect(checker.check([mesh.positions]).total, 'intersections at rest').toBe(0);
    const free = arapEdit(model, handles, { iterations: 60 });
    expect(checker.check([free.positions]).total, 'intersections without self-contact').toBeGreaterThan(0);
  });

  it('with self-contact the edit ends with no intersection, and B still goes over to the left', () => {
    const collider = surfaceSelfContact(mesh.triangles, model.vertexCount);
    const { positions, stats } = arapEdit(model, handles, { colliders: [collider], iterations: 60 });
    expect(
      checker.check([positions]).total,
      `intersections after the edit (stats ${JSON.stringify({ i: stats.intersections, p: stats.projectedPoints, r: stats.revertedPoints })})`,
    ).toBe(0);
    expect(stats.intersections, 'the edit reports none either').toBe(0);
    for (const v of mesh.bTop) expect(positions[3 * v], `B's top vertex ${v} reached its target x`).toBeLessThan(-0.2);
  });

  it('rebase: points put somewhere without a path (a solver switch) are not taken to have crossed what lies between', () => {
    // Bar B shifted 0.3 to the left overlaps A's right face. As a path since the last detection that shift crosses
    // A's triangles, and detect holds the crossed points on their entry side (rows with negative distances); the
    // Pose tool's release jumps from the subspace's positions to full space's exact handles that way, and such rows
    // on held arm vertices asked the body to move 17–69 cm (poseSolver's fullPoseSolver rebases its colliders).
    const firstB = Math.min(...mesh.bBottom);
    const inB = (v: number): boolean => v >= firstB;
    const shifted = Float64Array.from(mesh.positions);
    for (let v = firstB; v < model.vertexCount; v++) shifted[3 * v] -= 0.3;
    const crossed = (rebase: boolean): number => {
      const collider = surfaceSelfContact(mesh.triangles, model.vertexCount);
      collider.begin?.(Float64Array.from(mesh.positions));
      if (rebase) collider.rebase?.(shifted);
      const contacts = createContactList();
      collider.detect(shifted, 0, contacts);
      let count = 0;
      for (let c = 0; c < contacts.count; c++) if (contacts.distance[c] < 0 && inB(contacts.point[c])) count++;
      return count;
    };
    expect(crossed(false), "without rebase B's shifted points are held on A's far side").toBeGreaterThan(0);
    expect(crossed(true), 'after rebase none is').toBe(0);
  });

  it('does not pull a point through a triangle it was already behind (a thin slab squeezed from both sides)', () => {
    // Bar B's far face relative to a triangle of its near face: the far points are behind it at the start, and a
    // small move must not make a contact that drags them to the front.
    const collider = surfaceSelfContact(mesh.triangles, model.vertexCount, { radius: 0.5 });
    const points = Float64Array.from(mesh.positions);
    collider.begin?.(points);
    const moved = Float64Array.from(points);
    for (let i = 0; i < moved.length; i += 3) moved[i] += 1e-3;
    const contacts = createContactList();
    collider.detect(moved, 0, contacts);
    // Every contact must have its point on the positive side of its (oriented) normal: nothing was crossed.
    for (let c = 0; c < contacts.count; c++) expect(contacts.distance[c], `contact ${c} signed distance`).toBeGreaterThanOrEqual(0);
  });
});

describe('the Pose tool with Self on the layered character (issue 33)', () => {
  // The Pose tool's own requests (renderer/workers/engineWorkerCore.ts arapBegin/arapDrag/arapEnd) on the layered test
  // character (gear: a belt, plates, pads, straps, pouches already cutting into the body and each other, 6k welded
  // vertices). The left arm with its shoulder pad (the plated limb, box-selected) is raised 25 cm in ten drag events,
  // Self off and on. Before the input-region rule the same drag with Self on made 263 contacts at once (the input's
  // own crossings), took 0.7–2.8 s an event and a 34 s release, reverted 1,894 vertices and tore the arm (edge strain
  // 19.8); the pieces no handle reached (the chest plate, the pouches) were held in place while the body moved under
  // them.
  /**
   * The layered character loaded in a worker core, the arm dragged in `events` drag events and released (Self on or
   * off; reduced: the subspace solver, as the tool runs it from 10k vertices).
   */
  async function layeredArm() {
    const { critterAtRest } = await import('../../../helpers/critterAtRest.ts');
    const { inputRegions, newIntersectionRegions, regionTopology } = await import('../../../../app/intersection/index.ts');
    const { createEngineWorkerCore } = await import('../../../../renderer/workers/engineWorkerCore.ts');
    const { layeredArmVertices, testCharacterGlb } = await import('../../../helpers/testCharacter.ts');
    type Response = Parameters<Parameters<typeof createEngineWorkerCore>[0]>[0];
    const bytes = await testCharacterGlb({ gear: true });
    const { topology, input } = await critterAtRest(bytes, 'layered.glb');
    const n = topology.vertexCount;
    // The left arm from the shoulder out, with the part of its pad over it (x > 17 cm, 1.0 m < y < 1.35 m).
    const selected = layeredArmVertices(input);
    const lift: [number, number, number] = [-0.025, 0.25, 0.05];

    async function drag(self: boolean, reduced = false, events = 10) {
      const messages: Response[] = [];
      const core = createEngineWorkerCore((message) => messages.push(message));
      const last = () => messages[messages.length - 1];
      await core.handle({ kind: 'load', document: { documentId: 1, fileName: 'layered.glb', bytes, resources: {} } });
      await core.handle(arapBeginRequest('Critter', selected, { contact: self ? { self: true } : {}, ...(reduced ? { reducedFrom: 0 } : {}) }));
      expect(last().kind, `Self ${self}: the press is answered`).toBe('arapBegun');
      let contacts = 0;
      let dragged: Float32Array = new Float32Array(0);
      for (let k = 1; k <= events; k++) {
        await core.handle({ kind: 'arapDrag', id: 1 + k, translation: [(lift[0] * k) / events, (lift[1] * k) / events, (lift[2] * k) / events] });
        const answer = last();
        if (answer.kind !== 'arapPositions') throw new Error(`drag event ${k}: ${JSON.stringify(answer).slice(0, 200)}`);
        contacts = Math.max(contacts, answer.contacts.length);
        dragged = answer.positions;
      }
      await core.handle({ kind: 'arapEnd', id: 100, translation: lift });
      const end = last();
      if (end.kind !== 'arapEnded') throw new Error(`release: ${JSON.stringify(end).slice(0, 200)}`);
      return { contacts, dragged, end };
    }
    /** The largest |ℓ/ℓ₀ − 1| over the surface's edges. */
    const strain = (positions: ArrayLike<number>): number => {
      let worst = 0;
      const e = topology.edges;
      for (let k = 0; k < e.length / 2; k++) {
        const a = 3 * e[2 * k],
          b = 3 * e[2 * k + 1];
        const rest = Math.hypot(input[a] - input[b], input[a + 1] - input[b + 1], input[a + 2] - input[b + 2]);
        const now = Math.hypot(positions[a] - positions[b], positions[a + 1] - positions[b + 1], positions[a + 2] - positions[b + 2]);
        worst = Math.max(worst, Math.abs(now / rest - 1));
      }
      return worst;
    };
    const checker = intersectionChecker([{ name: 'Critter', triangles: topology.triangles, vertexCount: n }]);
    const regionsTopology = regionTopology([{ triangles: topology.triangles, vertexCount: n, edges: checker.edges[0] }]);
    const regions = inputRegions(regionsTopology, [checker.check([input], { listPairs: true })]);
    const added = (positions: ArrayLike<number>) => newIntersectionRegions(regionsTopology, regions, checker.check([positions], { listPairs: true })).regions;
    /** The selection's mean rise [m]. */
    const lifted = (positions: ArrayLike<number>): number => {
      let sum = 0;
      for (const v of selected) sum += (positions[3 * v + 1] - input[3 * v + 1]) / selected.length;
      return sum;
    };
    /** What every release must give: no new intersection region, nothing torn, the arm up. */
    const expectCleanRelease = (on: Awaited<ReturnType<typeof drag>>, off: Awaited<ReturnType<typeof drag>>): void => {
      expect(added(on.end.positions), 'the released edit adds no intersection region').toBe(0);
      // The release's last resort (intersectionFreeEnd) may pull a neighbourhood back toward the start, smoothly: 1.09
      // in the first test against Self off's 0.75 (its selection's boundary), 19.8 before.
      expect(strain(on.end.positions), `nothing torn at the release (Self off: ${strain(off.end.positions).toFixed(2)})`).toBeLessThan(
        Math.max(1.5, 1.5 * strain(off.end.positions)),
      );
      expect(lifted(on.end.positions), 'the arm went up (most of the 25 cm asked)').toBeGreaterThan(0.5 * lift[1]);
    };
    return { drag, strain, expectCleanRelease };
  }

  it('drags as with Self off where nothing new touches, ends with no new intersection region, and nothing is torn', async () => {
    const { drag, strain, expectCleanRelease } = await layeredArm();
    const off = await drag(false);
    const on = await drag(true);

    expect(on.contacts, "the input's own crossings make no contact (263 before the rule)").toBeLessThan(30);
    expect(strain(on.dragged), 'while dragging, stretched no more than with Self off').toBeLessThanOrEqual(1.1 * strain(off.dragged) + 0.05);
    expect(on.end.intersections, 'the tool says so too').toBe(0);
    expectCleanRelease(on, off);
  }, 240_000);

  it('through the reduced solver (when a request asks for it), the release polishes in full space without throwing points away or tearing', async () => {
    // A quick drag (three events: the mouse moved fast) through the reduced solver (reducedFrom 0; the tool itself
    // now drags in full space at every size). The release polishes the subspace result in full space with every
    // handle vertex held; the arm held inside the body there made hundreds of contact rows on the few free vertices
    // between held ones, dependent and inconsistent, which Cholesky accepted at 1e-12 regularization with multipliers
    // of 1e10: single iterations threw vertices 40–60 m (211 m at 23k vertices), and the end check pulled 2,638 points
    // back toward the start over 10 s, leaving edges stretched 6× (ten events: 107 reverted, 1.5×; five: 2,040, 2.7×).
    // The KKT solve now bounds its step (incrementalKktSolver: 2.5–3 s, 280 reverted, 2.0×), and the switch to full
    // space rebases the colliders (poseSolver: with both, 1.4 s, 138 reverted, 1.7×).
    const { drag, expectCleanRelease } = await layeredArm();
    const off = await drag(false, true, 3);
    const on = await drag(true, true, 3);
    expect(on.end.reverted, 'points the end check had to pull back (2,638 before)').toBeLessThan(1000);
    expectCleanRelease(on, off);
  }, 300_000);
});
