import { describe, expect, it } from 'vitest';
import { ogcContact, tetSurfaceTriangles, vertexContactPoints } from '../../../app/contact/index.ts';
import { intersectionChecker } from '../../../app/intersection/index.ts';
import { CONTACT_KIND, createVbdModel, createVbdState, step } from '../../../app/solvers/vbd/index.ts';
import { clothGrid, clothScene, jellyMaterial, runChecked, twoTetBlocks, uvSphere } from './scenes.ts';

const fps = 60;
const dt = 1 / fps;
const substeps = 4;
const h = dt / substeps;

describe('ogcContact: cloth (checked every frame with the exact intersection checker)', () => {
  it('a cloth square dropped on a sphere drapes over it without passing through the sphere or itself', () => {
    const sphere = uvSphere(0.2, 12, 24, [0, 0, 0]);
    const cloth = clothGrid(16, 0.8, 0.25);
    const scene = clothScene(cloth, h, { obstacleVertexCount: sphere.positions.length / 3, obstacleTriangles: sphere.triangles, friction: 0.3 });
    scene.contact.setFrame({ obstacleStart: sphere.positions, obstacleEnd: sphere.positions });
    const { worst, worstFrame } = runChecked(scene, 60, dt, { substeps, iterations: 10, gravity: [0, -9.81, 0] }, sphere);
    expect(worst, `intersections (worst at frame ${worstFrame})`).toBe(0);
    // The cloth hangs over the sphere: the centre rests on top (within the radius), the corners fell below the equator.
    const n = 16;
    const center = (n / 2) * (n + 2);
    const top = scene.state.positions[3 * center + 1];
    expect(top, 'centre rests on the sphere').toBeGreaterThan(0.2);
    expect(top, 'centre rests on the sphere, within 2r').toBeLessThan(0.2 + 2 * scene.contact.data.radius + 0.01);
    expect(scene.state.positions[1], 'a corner hangs below the top').toBeLessThan(0.1);
    expect(scene.contact.stats.contacts, 'contacts found').toBeGreaterThan(0);
  });

  it('a cloth folded onto itself on a floor settles in two layers that never cross', () => {
    // A 0.6 m square on the floor plane y = 0, its right half lifted about the hinge x = 0 past vertical (120°): it
    // falls back onto the left half. Rest shape flat, so the fold is an isometry and only bending resists it.
    const n = 12;
    const size = 0.6;
    const cloth = clothGrid(n, size, 0.004);
    const initial = Float64Array.from(cloth.positions);
    const angle = (120 * Math.PI) / 180;
    for (let v = 0; v < initial.length / 3; v++) {
      const x = initial[3 * v];
      if (x <= 0) continue;
      initial[3 * v] = x * Math.cos(angle);
      initial[3 * v + 1] = 0.004 + x * Math.sin(angle);
    }
    const scene = clothScene(cloth, h, { planes: [0, 1, 0, 0], friction: 0.3 }, initial);
    const checker = intersectionChecker([{ name: 'cloth', triangles: cloth.triangles, vertexCount: cloth.positions.length / 3 }]);
    expect(checker.check([initial]).total, 'the folded start is clean').toBe(0);
    // Settling: over the last 15 frames no vertex may still move faster than 1 cm/s. Two simulated layers in contact
    // couple vertices of one color, which the Jacobi color pass overshot: boundary vertices of the flap kept bouncing
    // at 0.5–0.8 m/s forever before evaluateContactForceHessian used the color-majorized Hessian.
    let fastest = 0;
    const { worst, worstFrame } = runChecked(scene, 90, dt, { substeps, iterations: 10, gravity: [0, -9.81, 0] }, undefined, (frame) => {
      if (frame < 75) return;
      const v = scene.state.velocities;
      for (let k = 0; k < v.length; k += 3) fastest = Math.max(fastest, Math.hypot(v[k], v[k + 1], v[k + 2]));
    });
    expect(worst, `self-intersections (worst at frame ${worstFrame})`).toBe(0);
    expect(fastest, 'the folded cloth has come to rest (fastest vertex over the last 15 frames) [m/s]').toBeLessThan(0.01);
    // The flap came down over the left half: its free edge is now left of the hinge and resting low.
    const freeEdge = n; // vertex (i = n, j = 0)
    expect(scene.state.positions[3 * freeEdge], 'the flap lies over the left half').toBeLessThan(0);
    expect(scene.state.positions[3 * freeEdge + 1], 'the flap has come down').toBeLessThan(0.05);
    let lowest = Infinity;
    for (let v = 0; v < initial.length / 3; v++) lowest = Math.min(lowest, scene.state.positions[3 * v + 1]);
    expect(lowest, 'nothing below the floor').toBeGreaterThan(0);
    expect(scene.contact.stats.contacts, 'self-contacts found').toBeGreaterThan(0);
    void vertexContactPoints;
  });

  it('a body the animation carries faster than its bounds per substep follows it where it is near itself', () => {
    // Two 4 cm jelly blocks 1 cm apart in one mesh (self-contact, r = 4 mm: bounds ≈ 0.45 cm near the gap), attached
    // to targets that carry both at 3 m/s (12.5 mm a substep). Bounds on the absolute motion held the vertices at the
    // gap back by 8 mm a substep while the rest followed: the sample character's head folded in. Bounds on the motion
    // relative to the targets leave the carried body alone. Re-detection is off (γ_e = 1, as Warp runs) so that
    // the bounds alone decide.
    const { positions: rest, tetrahedra: tets } = twoTetBlocks(0.04, [0, 0, 0], [0.05, 0, 0]);
    const model = createVbdModel({ restPositions: rest, tetrahedra: { vertices: tets, materials: jellyMaterial } });
    const triangles = tetSurfaceTriangles(tets);
    const contact = ogcContact({
      simulationVertexCount: model.vertexCount,
      ...vertexContactPoints(null, model.vertexCount),
      triangles,
      radius: 0.004,
      stiffness: 100,
      friction: 0,
      redetectionFraction: 1,
    });
    const state = createVbdState(model);
    const speed = 3;
    const targetsAt = (time: number) => Float64Array.from(rest, (x, k) => (k % 3 === 2 ? x + speed * time : x));
    let worst = 0;
    for (let f = 0; f < 12; f++) {
      const targets = targetsAt((f + 1) * dt);
      step(
        model,
        state,
        state,
        {
          substeps,
          iterations: 10,
          gravity: [0, 0, 0],
          targetsStart: targetsAt(f * dt),
          targets,
          blendWeights: new Float32Array(model.vertexCount).fill(0.5),
          attachmentStiffness: 1e5,
          contact,
        },
        dt,
      );
      for (let k = 0; k < targets.length; k++) worst = Math.max(worst, Math.abs(state.positions[k] - targets[k]));
    }
    expect(worst, 'largest lag behind the carried targets [m]').toBeLessThan(0.003);
  });
});

/** Two 0.2 m sheets of n×n cells, the lower at y = 0 and the upper 1 mm above it, in one mesh (lower first). */
function twoSheets(n: number): { count: number; V: number; positions: Float64Array; triangles: Uint32Array } {
  const lower = clothGrid(n, 0.2, 0);
  const upper = clothGrid(n, 0.2, 0.001);
  const count = lower.positions.length / 3;
  const positions = new Float64Array(6 * count);
  positions.set(lower.positions);
  positions.set(upper.positions, 3 * count);
  const triangles = new Uint32Array(2 * lower.triangles.length);
  triangles.set(lower.triangles);
  triangles.set(
    lower.triangles.map((v) => v + count),
    lower.triangles.length,
  );
  return { count, V: 2 * count, positions, triangles };
}

describe('ogcContact: what detection may leave out', () => {
  // Two 0.2 m sheets of 8×8 cells, 1 mm apart (r = 4 mm): every point of one is within r of the other.
  const n = 8;
  const { count, V, positions, triangles } = twoSheets(n);
  const r = 0.004;
  const sheets = (searchMargin?: number) =>
    ogcContact({ simulationVertexCount: V, ...vertexContactPoints(null, V), triangles, radius: r, stiffness: 100, searchMargin });
  const detect = (contact: ReturnType<typeof sheets>, x: Float64Array, pinned: Uint8Array) => contact.beginSubstep(x, Float64Array.from(x), h, 1, pinned, x, x);

  it('pairs of two pinned (kinematic) features make no contact; a free sheet against the same pinned sheet does', () => {
    const allPinned = new Uint8Array(V).fill(1);
    const pinnedContact = sheets();
    detect(pinnedContact, positions, allPinned);
    expect(pinnedContact.data.contactCount, 'two pinned sheets 1 mm apart: nothing the step could use').toBe(0);

    const upperFree = new Uint8Array(V);
    upperFree.fill(1, 0, count);
    const freeContact = sheets();
    detect(freeContact, positions, upperFree);
    expect(freeContact.data.contactCount, 'the free upper sheet touches the pinned lower one').toBeGreaterThan(0);
    let loosest = 0;
    for (let v = count; v < V; v++) loosest = Math.max(loosest, freeContact.bounds[v]);
    expect(loosest, 'every free vertex is bounded by its 1 mm gap (0.45 mm)').toBeLessThanOrEqual(0.45 * 0.001 + 1e-12);
  });

  it('without self-contact, a free sheet against a pinned sheet of the same surface makes no contact and no bound', () => {
    // The pinned sheet's edges have the lower indices: the free × kinematic edge pairs were once listed under them and
    // kept without the self-contact test (2 230 contacts here).
    const upperFree = new Uint8Array(V);
    upperFree.fill(1, 0, count);
    const contact = ogcContact({ simulationVertexCount: V, ...vertexContactPoints(null, V), triangles, radius: r, stiffness: 100, selfContact: false });
    detect(contact, positions, upperFree);
    expect(contact.data.contactCount).toBe(0);
    for (let s = 0; s < V; s++) expect(contact.pointBounds[s]).toBe(2 * r);
  });

  it('a detection that reuses the last search finds the same contacts and bounds as one that searches anew', () => {
    // The upper sheet starts just beyond r_q = 2r (8.1 mm) and sinks and tilts by 0.18–0.53 mm a detection: the
    // lists are reused while that stays under the default margin r/2, and pairs listed beyond r_q come within it.
    const reused = sheets();
    const fresh = sheets(0);
    const pinned = new Uint8Array(V).fill(1, 0, count);
    const x = Float64Array.from(positions);
    x.set(clothGrid(n, 0.2, 0.0081).positions, 3 * count);
    for (let k = 0; k < 12; k++) {
      if (k > 0) for (let v = count; v < V; v++) x[3 * v + 1] -= 0.00035 * (1 + x[3 * v] / 0.2);
      detect(reused, x, pinned);
      detect(fresh, x, pinned);
      expect(reused.data.contactCount, `contacts at detection ${k}`).toBe(fresh.data.contactCount);
      expect(Array.from(reused.bounds), `bounds at detection ${k}`).toEqual(Array.from(fresh.bounds));
    }
    expect(reused.stats.searches, 'the default margin reused its lists').toBeLessThan(fresh.stats.searches);
    expect(fresh.data.contactCount, 'the sheets came into contact').toBeGreaterThan(0);
  });

  it('a partial search (the pairs of the points that moved off the common motion) finds what a full search finds', () => {
    // A 0.2 m sheet turns about z by 1.5° a detection (its rim moves 2.6 mm, more than the margin r/2 = 2 mm: a
    // common translation would search every time). 3 mm over it a small sheet B slides 15 mm and 30 mm sideways and
    // comes back (hot, then cold again: its boxes go back to the search's, and its trees' nodes with them); a third, C,
    // turned 45° so that its edges cross B's, starts 30 mm over B and sinks onto it by 2 mm a detection (hot). The
    // pairs of B with the big sheet while it slides, and those of C with B, come from partial searches.
    const a = clothGrid(10, 0.2, 0);
    // Its left part rises (a slope of 1/2), so that the sheet, not the small ones, spans the fit's vertical.
    for (let k = 0; k < a.positions.length; k += 3) if (a.positions[k] < -0.02) a.positions[k + 1] = 0.5 * (-0.02 - a.positions[k]);
    const b = clothGrid(3, 0.04, 0.003, 0.03, 0);
    const c = clothGrid(3, 0.04, 0.033, 0.03, 0);
    for (let k = 0; k < c.positions.length; k += 3) {
      const x = c.positions[k] - 0.03,
        z = c.positions[k + 2];
      c.positions[k] = 0.03 + Math.SQRT1_2 * (x - z);
      c.positions[k + 2] = Math.SQRT1_2 * (x + z);
    }
    const parts = [a, b, c];
    const start = new Float64Array(parts.reduce((n, part) => n + part.positions.length, 0));
    const triangles: number[] = [];
    let offset = 0;
    for (const part of parts) {
      start.set(part.positions, 3 * offset);
      for (const v of part.triangles) triangles.push(v + offset);
      offset += part.positions.length / 3;
    }
    const V = offset;
    const partOf = (v: number) => (v < a.positions.length / 3 ? 0 : v < (a.positions.length + b.positions.length) / 3 ? 1 : 2);
    const r = 0.004;
    const make = (searchMargin?: number) =>
      ogcContact({ simulationVertexCount: V, ...vertexContactPoints(null, V), triangles, radius: r, stiffness: 100, searchMargin, fullSearchFraction: 0.5 });
    const partial = make();
    const fresh = make(0);
    const pinned = new Uint8Array(V);
    const x = new Float64Array(3 * V);
    let touching = 0;
    for (let k = 0; k < 16; k++) {
      const moves: Array<[number, number]> = [
        [0, 0],
        [k < 3 ? 0.015 * k : 0, 0],
        [0, -0.002 * k],
      ];
      turnedAboutZ(start, x, (1.5 * Math.PI * k) / 180, (v) => moves[partOf(v)]);
      partial.beginSubstep(x, Float64Array.from(x), h, 1, pinned, x, x);
      fresh.beginSubstep(x, Float64Array.from(x), h, 1, pinned, x, x);
      expectSameDetection(partial, fresh, k);
      if (fresh.data.contactCount > 0) touching++;
    }
    expect(touching, 'B reached the big sheet and C reached B').toBeGreaterThan(2);
    expect(partial.stats.partialSearches, 'the hot sheets were searched alone').toBeGreaterThan(5);
    expect(partial.stats.searches, 'the turn alone made no full search').toBeLessThan(4);
  });

  it('a partial search with a rising collider and pinned points finds what a full search finds', () => {
    // The sheet turns as above, its left half pinned (kinematic: no pairs with the collider's kinematic points); a
    // sphere collider rises into it from below by 1.2 mm a detection, its points hot against the sheet's motion.
    const sheet = clothGrid(10, 0.2, 0);
    const sphere = uvSphere(0.03, 6, 12, [0.02, -0.04, 0]);
    const V = sheet.positions.length / 3;
    const O = sphere.positions.length / 3;
    const r = 0.004;
    const make = (searchMargin?: number) =>
      ogcContact({
        simulationVertexCount: V,
        ...vertexContactPoints(null, V),
        triangles: sheet.triangles,
        obstacleVertexCount: O,
        obstacleTriangles: sphere.triangles,
        radius: r,
        stiffness: 100,
        searchMargin,
        fullSearchFraction: 0.5,
      });
    const partial = make();
    const fresh = make(0);
    const pinned = new Uint8Array(V);
    for (let v = 0; v < V; v++) pinned[v] = sheet.positions[3 * v] < 0 ? 1 : 0;
    const x = new Float64Array(3 * V);
    const obstacle = new Float64Array(3 * O);
    let touching = 0;
    for (let k = 0; k < 12; k++) {
      const angle = (1.5 * Math.PI * k) / 180;
      turnedAboutZ(sheet.positions, x, angle, () => [0, 0]);
      turnedAboutZ(sphere.positions, obstacle, angle, () => [0, 0.0012 * k]);
      for (const contact of [partial, fresh]) {
        contact.setFrame({ obstacleStart: obstacle, obstacleEnd: obstacle });
        contact.beginSubstep(x, Float64Array.from(x), h, 1, pinned, x, x);
      }
      expectSameDetection(partial, fresh, k);
      if (fresh.data.contactCount > 0) touching++;
    }
    expect(touching, 'the sphere reached the sheet').toBeGreaterThan(2);
    expect(partial.stats.partialSearches, 'the collider was searched alone').toBeGreaterThan(3);
  });
});

/** Two contacts' last detections made the same contacts (count) and the same bounds, bit for bit. */
function expectSameDetection(a: ReturnType<typeof ogcContact>, b: ReturnType<typeof ogcContact>, k: number): void {
  expect(a.data.contactCount, `contacts at detection ${k}`).toBe(b.data.contactCount);
  expect(Array.from(a.bounds), `bounds at detection ${k}`).toEqual(Array.from(b.bounds));
}

/** The points `from` moved by move(v) in x and y, then turned about z by `angle` [rad], into `to`. */
function turnedAboutZ(from: Float64Array, to: Float64Array, angle: number, move: (v: number) => readonly [number, number]): void {
  for (let v = 0; v < from.length / 3; v++) {
    const [dx, dy] = move(v);
    const px = from[3 * v] + dx,
      py = from[3 * v + 1] + dy;
    to[3 * v] = Math.cos(angle) * px - Math.sin(angle) * py;
    to[3 * v + 1] = Math.sin(angle) * px + Math.cos(angle) * py;
    to[3 * v + 2] = from[3 * v + 2];
  }
}

describe('ogcContact: truncation of an embedded surface', () => {
  // The two sheets 1 mm apart (r = 4 mm: every upper point's bound is 0.45 × 1 mm), the lower one pinned. Each upper
  // point is embedded as a lattice point is: 0.7 of its own vertex and 0.3 of its row neighbour, plus the offset that
  // puts it on the sheet. A point moves by Σ w_k δ_k, so it keeps its bound as long as Σ |w_k|·|δ_k| ≤ 0.45 mm.
  const n = 8;
  const { count, V, positions: x, triangles } = twoSheets(n);
  const neighbour = (v: number) => ((v - count) % (n + 1) < n ? v + 1 : v - 1);
  const pointVertices = new Uint32Array(4 * V);
  const pointWeights = new Float64Array(4 * V);
  const pointOffsets = new Float64Array(3 * V);
  for (let v = 0; v < V; v++) {
    const other = v < count ? v : neighbour(v);
    pointVertices.set([v, other, v, v], 4 * v);
    pointWeights.set(v < count ? [1, 0, 0, 0] : [0.7, 0.3, 0, 0], 4 * v);
    for (let c = 0; c < 3; c++) pointOffsets[3 * v + c] = x[3 * v + c] - (pointWeights[4 * v] * x[3 * v + c] + pointWeights[4 * v + 1] * x[3 * other + c]);
  }
  const pinned = new Uint8Array(V).fill(1, 0, count);
  const bound = 0.45 * 0.001;
  const moved = (positions: Float64Array, v: number) =>
    Math.hypot(positions[3 * v] - x[3 * v], positions[3 * v + 1] - x[3 * v + 1], positions[3 * v + 2] - x[3 * v + 2]);
  // The guess `moves` (vertex → metres straight down) truncated at the start of a substep (no animation: targets = x).
  const truncated = (moves: Map<number, number>) => {
    const contact = ogcContact({ simulationVertexCount: V, pointVertices, pointWeights, triangles, radius: 0.004, stiffness: 100 });
    contact.setFrame({ pointOffsets });
    const guess = Float64Array.from(x);
    for (const [v, down] of moves) guess[3 * v + 1] -= down;
    contact.beginSubstep(x, guess, h, 1, pinned, x, x);
    // Every point keeps its bound: its displacement Σ w_k δ_k.
    for (let p = count; p < V; p++) {
      let dx = 0,
        dy = 0,
        dz = 0;
      for (let k = 0; k < 4; k++) {
        const w = pointWeights[4 * p + k],
          v = pointVertices[4 * p + k];
        dx += w * (guess[3 * v] - x[3 * v]);
        dy += w * (guess[3 * v + 1] - x[3 * v + 1]);
        dz += w * (guess[3 * v + 2] - x[3 * v + 2]);
      }
      expect(Math.hypot(dx, dy, dz), `point ${p} within its bound`).toBeLessThanOrEqual(bound * (1 + 1e-12));
    }
    return { guess, truncations: contact.stats.truncations };
  };
  const m = count + 4 + (n + 1) * 4; // an interior upper vertex
  // m 5 mm down and its row neighbour `down` metres.
  const truncatedWithNeighbour = (down: number) =>
    truncated(
      new Map([
        [m, 0.005],
        [neighbour(m), down],
      ]),
    );

  it('holds a vertex back only as far as the points it carries need, not to the smallest bound of them', () => {
    // m carries 0.7 of its own point and 0.3 of its row neighbour's: 5 mm down is cut to 0.45/0.7 mm (its own point's
    // bound), not to 0.45 mm (the smallest bound of the points it carries, which every point would also keep).
    const { guess, truncations } = truncated(new Map([[m, 0.005]]));
    expect(truncations).toBe(1);
    expect(moved(guess, m)).toBeCloseTo(bound / 0.7, 12);
  });

  it('never holds a vertex back more than the smallest bound of the points it carries', () => {
    // m and its row neighbour both 5 mm down: the point of m (0.7 and 0.3 of them) is kept by cutting both to 0.45 mm,
    // as the smallest bound of the points each carries would; cutting the point's larger share (0.7·5 mm) further
    // than its smaller one would hold m back to 0.32 mm.
    const next = neighbour(m);
    const { guess, truncations } = truncatedWithNeighbour(0.005);
    expect(truncations).toBe(2);
    expect(moved(guess, m)).toBeCloseTo(bound, 12);
    expect(moved(guess, next)).toBeCloseTo(bound, 12);
  });

  it('cuts only the vertex that carries a point too far, and leaves a neighbour that moved within bounds', () => {
    // m 5 mm down and its row neighbour 0.3 mm: the point of m (0.7·5 + 0.3·0.3 mm) is over its bound; only m's share
    // is cut (to 0.45 − 0.09 mm), the neighbour's 0.3 mm stays (scaling the whole point would pull it back too).
    const next = neighbour(m);
    const { guess, truncations } = truncatedWithNeighbour(0.0003);
    expect(truncations).toBe(1);
    expect(moved(guess, m)).toBeCloseTo((bound - 0.3 * 0.0003) / 0.7, 12);
    expect(moved(guess, next)).toBeCloseTo(0.0003, 15);
  });
});

describe('ogcContact: local pairs of an embedded surface (localRings)', () => {
  // A strip of 6 × 12 cells 10 mm wide and 1 mm tall (r = 2 mm, r_q = 4 mm): a point is 1–3 mm from triangles one to
  // three rows away that do not hold it, all within three rings.
  const columns = 6,
    rows = 12;
  const strip = (y: number): { positions: number[]; triangles: number[] } => {
    const positions: number[] = [];
    const triangles: number[] = [];
    for (let j = 0; j <= rows; j++) for (let i = 0; i <= columns; i++) positions.push(0.01 * i, y, 0.001 * j);
    for (let j = 0; j < rows; j++) {
      for (let i = 0; i < columns; i++) {
        const a = j * (columns + 1) + i;
        triangles.push(a, a + 1, a + columns + 2, a, a + columns + 2, a + columns + 1);
      }
    }
    return { positions, triangles };
  };
  const r = 0.002;
  const boundsOf = (positions: number[], triangles: number[], localRings: number) => {
    const V = positions.length / 3;
    const contact = ogcContact({ simulationVertexCount: V, ...vertexContactPoints(null, V), triangles, radius: r, stiffness: 100, localRings });
    const x = Float64Array.from(positions);
    contact.beginSubstep(x, Float64Array.from(x), h, 1, new Uint8Array(V), x, x);
    return { bounds: Array.from(contact.bounds), contacts: contact.data.contactCount };
  };

  it('pairs within k rings neither bound nor push; a separate layer 1.5 mm away still does', () => {
    const one = strip(0);
    const all = boundsOf(one.positions, one.triangles, 0);
    expect(Math.max(...all.bounds), 'every pair kept: each vertex is bounded by the row 1 mm away (0.45 mm)').toBeLessThanOrEqual(0.45 * 0.001 + 1e-12);
    const local = boundsOf(one.positions, one.triangles, 3);
    // What is left are features four rings away, ≥ 3.98 mm (a cell's diagonal edge four rows up, slanted by 1 in 10).
    expect(Math.min(...local.bounds), 'pairs within three rings left out: every bound is γ_p × ≥ 3.98 mm').toBeGreaterThan(0.45 * 0.00398);
    expect(local.contacts).toBe(0);

    // Two such strips 1.5 mm apart (not connected: no ring joins them).
    const two = strip(0.0015);
    const positions = [...one.positions, ...two.positions];
    const triangles = [...one.triangles, ...two.triangles.map((v) => v + one.positions.length / 3)];
    const layers = boundsOf(positions, triangles, 3);
    expect(layers.contacts, 'the layers are within r of each other').toBeGreaterThan(0);
    expect(Math.max(...layers.bounds), 'each vertex is bounded by the other layer (0.45 × 1.5 mm)').toBeLessThanOrEqual(0.45 * 0.0015 + 1e-12);
  });

  it('two edges of separate parts that cross 1 mm apart still make an edge–edge contact and bound their vertices', () => {
    // Triangle A hangs below its edge along x, triangle B stands above its edge along y, 1 mm higher: the edges'
    // interiors are 1 mm apart (< r), every vertex is ≥ 10 mm from the other triangle, so only the edge pair is near.
    const positions = [-0.01, 0, 0, 0.01, 0, 0, 0, 0, -0.01, 0, -0.01, 0.001, 0, 0.01, 0.001, 0, 0, 0.011];
    const triangles = [0, 1, 2, 3, 4, 5];
    const V = positions.length / 3;
    const contact = ogcContact({ simulationVertexCount: V, ...vertexContactPoints(null, V), triangles, radius: r, stiffness: 100, localRings: 3 });
    const x = Float64Array.from(positions);
    contact.beginSubstep(x, Float64Array.from(x), h, 1, new Uint8Array(V), x, x);
    const kinds = Array.from(contact.data.contactKinds.subarray(0, contact.data.contactCount));
    expect(kinds, 'one edge–edge contact').toEqual([CONTACT_KIND.edgeEdge]);
    for (const v of [0, 1, 3, 4])
      expect(contact.bounds[v], `vertex ${v} of the crossing edges is bounded by the 1 mm gap`).toBeLessThanOrEqual(0.45 * 0.001 + 1e-12);
  });
});
