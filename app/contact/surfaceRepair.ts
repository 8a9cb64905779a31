import { intersectionChecker, type FrameIntersections } from '../intersection/index.ts';
import { createVbdModel, createVbdState, step, type VbdModel } from '../solvers/vbd/index.ts';
import { meanEdgeLength } from '../geometry/index.ts';
import { ogcContact } from './ogcContact.ts';
import { vertexContactPoints } from './vertexContactPoints.ts';

/** What surfaceRepair is built from. Units SI. */
export interface SurfaceRepairOptions {
  /** #T×3 welded triangles and the vertex count of the surface to repair */
  triangles: Uint32Array;
  vertexCount: number;
  /** #V×3 rest pose [m]: pairs that intersect there are structural (an ear set into a head) and are kept */
  restPositions: ArrayLike<number>;
  /** meshes the surface must not pass through, not moved (their welded triangles and vertex counts) */
  colliders?: Array<{ name: string; triangles: Uint32Array; vertexCount: number }>;
  /** the colliders' rest poses [m] (structural pairs with the surface); default: none structural */
  colliderRestPositions?: readonly ArrayLike<number>[];
  /** gap the repair leaves between surfaces it separates [m] (default 0.05 × the mean edge length) */
  gap?: number;
  /** quasistatic steps per frame at most (default 32) */
  maxSteps?: number;
}

/** One repaired frame (RepairReport.frames). */
export interface RepairedFrame {
  /** edge–triangle intersections of the input frame, self and with the colliders (overlap check's count) */
  inputIntersections: number;
  /** of those, the ones between two structural regions (kept) */
  structural: number;
  /** non-structural intersections before and after the repair, and removed = before − after */
  before: number;
  after: number;
  removed: number;
  /** welded triangles of the intersections the repair could not remove (empty when it removed them all) */
  remainingTriangles: number[];
  /** the largest move of a vertex [m] */
  maxDisplacement: number;
  /** quasistatic steps taken */
  steps: number;
}

/** Repairs the frames of one surface in order; each repair starts from the last repaired frame. */
export interface SurfaceRepair {
  /** #T 1 = the triangle takes part in an intersection of the rest pose (structural, kept) */
  readonly structuralTriangles: Uint8Array;
  /**
   * Repairs one frame in place.
   *
   * @param positions  #V×3 the surface at this frame [m]; receives the repaired surface
   * @param colliders  each collider's welded positions at this frame [m]
   * @returns what was found and removed
   */
  repair(positions: Float32Array | Float64Array, colliders?: readonly ArrayLike<number>[]): RepairedFrame;
}

/** Membrane of the repair: stiff enough to spread a correction over a few rings (relative scale, quasistatic). */
const MEMBRANE = { youngsModulus: 1e6, poissonRatio: 0.3, density: 300, damping: 0, thickness: 1e-3 };

/**
 * Removes the intersections of an animated surface frame by frame, with the two-way scheme of seed 001 (Algorithm 1):
 * from the last intersection-free state x (the previous repaired frame, or the rest pose), the surface is moved toward
 * the input frame y in conservative steps, each vertex at most γ·D_i/2 per detection with D_i its distance to
 * everything around it (seed 001 Eqs. 15–17, identical to OGC's bound with γ_p = 0.45, seed 000 Eq. 5.20), so no
 * state along the way intersects; the backward step that pulls toward y under the contact constraints is here VBD's
 * quasistatic minimization (seed 000 ch. 3) of a membrane whose rest shape is y, an attachment to y and OGC's contact
 * energy with a small gap (seed 000 ch. 5), instead of seed 001's LCP: the same shapes and code the simulation uses.
 * Where y is free of (non-structural) intersections it is taken as it is.
 *
 * Structural pairs, those that intersect in the rest pose already (eyes in sockets, an ear set into the head), are
 * left out of contact and counted apart: the repair does not pull apart what the model is built from. A pair that
 * the repair cannot separate (the last repaired frame was itself not free of it, or a collider moved through the
 * surface) is reported with its triangles, never hidden.
 *
 * @param options  the surface, its rest pose, colliders, gap and step limit
 * @returns the repair (call repair() on frames in time order)
 */
export function surfaceRepair(options: SurfaceRepairOptions): SurfaceRepair {
  const V = options.vertexCount;
  const triangles = options.triangles;
  const colliders = options.colliders ?? [];
  const maxSteps = options.maxSteps ?? 32;
  const kept: number[] = [];
  for (let t = 0; t + 2 < triangles.length; t += 3) {
    const a = triangles[t], b = triangles[t + 1], c = triangles[t + 2];
    if (a !== b && b !== c && c !== a) kept.push(a, b, c);
  }
  const simulated = Uint32Array.from(kept);
  const meanEdge = meanEdgeLength(options.restPositions, simulated);
  const gap = options.gap ?? 0.05 * meanEdge;
  const checker = intersectionChecker([{ name: 'surface', triangles, vertexCount: V }, ...colliders]);
  const checkOptions = { self: [true, ...colliders.map(() => false)], pairs: (a: number, b: number) => a === 0 && b > 0, listPairs: true };
  const edges = checker.edges;

  // Structural regions: points on triangles that intersect anything in the rest pose.
  const structuralTriangles = new Uint8Array(triangles.length / 3);
  const structuralPoints = new Uint8Array(V);
  const colliderStructural = colliders.map((c) => new Uint8Array(c.vertexCount));
  if (colliders.length === 0 || options.colliderRestPositions) {
    const rest = checker.check([options.restPositions, ...(options.colliderRestPositions ?? [])], checkOptions);
    for (const t of rest.triangles[0]) {
      structuralTriangles[t] = 1;
      for (let k = 0; k < 3; k++) structuralPoints[triangles[3 * t + k]] = 1;
    }
    rest.triangles.slice(1).forEach((list, m) => {
      for (const t of list) for (let k = 0; k < 3; k++) colliderStructural[m][colliders[m].triangles[3 * t + k]] = 1;
    });
  }
  const pointStructural = (mesh: number, vertex: number): boolean => (mesh === 0 ? structuralPoints[vertex] === 1 : colliderStructural[mesh - 1][vertex] === 1);
  /** Splits a frame's pairs into structural ones and the rest; collects the triangles of the rest. */
  const classify = (result: FrameIntersections, remaining: Set<number> | null): { structural: number; other: number } => {
    let structural = 0;
    let other = 0;
    const list = result.pairList;
    for (let k = 0; k < list.length; k += 4) {
      const em = list[k], e = list[k + 1], tm = list[k + 2], t = list[k + 3];
      const tri = tm === 0 ? triangles : colliders[tm - 1].triangles;
      const edgeStructural = pointStructural(em, edges[em][2 * e]) || pointStructural(em, edges[em][2 * e + 1]);
      const triangleStructural = pointStructural(tm, tri[3 * t]) || pointStructural(tm, tri[3 * t + 1]) || pointStructural(tm, tri[3 * t + 2]);
      if (edgeStructural && triangleStructural) {
        structural++;
      } else {
        other++;
        if (remaining && tm === 0) remaining.add(t);
      }
    }
    return { structural, other };
  };

  let obstacleVertexCount = 0;
  const obstacleTriangles: number[] = [];
  for (const c of colliders) {
    for (const v of c.triangles) obstacleTriangles.push(v + obstacleVertexCount);
    obstacleVertexCount += c.vertexCount;
  }
  const obstacles = new Float64Array(3 * obstacleVertexCount);
  const previousObstacles = new Float64Array(3 * obstacleVertexCount);
  let hasPrevious = false;
  const safe = Float64Array.from(options.restPositions);
  const target = new Float64Array(3 * V);

  return {
    structuralTriangles,
    repair(positions, colliderFrame = []) {
      let offset = 0;
      colliderFrame.forEach((c, i) => {
        for (let k = 0; k < 3 * colliders[i].vertexCount; k++) obstacles[offset + k] = c[k];
        offset += 3 * colliders[i].vertexCount;
      });
      if (!hasPrevious) previousObstacles.set(obstacles);
      const input = checker.check([positions, ...colliderFrame], checkOptions);
      const before = classify(input, null);
      const frame: RepairedFrame = { inputIntersections: input.total, structural: before.structural, before: before.other, after: before.other, removed: 0, remainingTriangles: [], maxDisplacement: 0, steps: 0 };
      for (let k = 0; k < 3 * V; k++) target[k] = positions[k];
      if (before.other === 0) {
        safe.set(target);
        previousObstacles.set(obstacles);
        hasPrevious = true;
        return frame;
      }
      // Two-way steps from the last safe state toward the input frame (rest shape y, attached to y, OGC contact).
      let model: VbdModel;
      try {
        model = createVbdModel({ restPositions: target, triangles: { vertices: simulated, materials: MEMBRANE } });
      } catch {
        // A frame too degenerate for a membrane (collapsed triangles): the rest pose's shape stands in.
        model = createVbdModel({ restPositions: options.restPositions, triangles: { vertices: simulated, materials: MEMBRANE } });
      }
      const contact = ogcContact({
        simulationVertexCount: V,
        ...vertexContactPoints(null, V),
        triangles: simulated,
        obstacleVertexCount,
        obstacleTriangles,
        radius: gap,
        stiffness: (10 * MEMBRANE.youngsModulus * MEMBRANE.thickness),
        friction: 0,
      });
      contact.setFrame({ obstacleStart: previousObstacles, obstacleEnd: obstacles, regions: Uint32Array.from(structuralPoints) });
      const state = createVbdState(model, { positions: safe });
      let meanMass = 0;
      for (let v = 0; v < V; v++) meanMass += model.masses[v] / V;
      // Attachment k = m·κ (weight ½) about a tenth of the membrane's E·t: a correction spreads over a few rings.
      const kappa = (0.1 * MEMBRANE.youngsModulus * MEMBRANE.thickness) / Math.max(meanMass, 1e-12);
      const weights = new Float32Array(V).fill(0.5);
      const last = new Float64Array(3 * V);
      const tolerance = 1e-3 * meanEdge;
      for (let s = 0; s < maxSteps; s++) {
        last.set(state.positions);
        step(model, state, state, { quasistatic: true, substeps: 1, iterations: 10, gravity: [0, 0, 0], targets: target, blendWeights: weights, attachmentStiffness: kappa, contact }, 1);
        frame.steps++;
        let change = 0;
        for (let k = 0; k < 3 * V; k += 3) change = Math.max(change, Math.hypot(state.positions[k] - last[k], state.positions[k + 1] - last[k + 1], state.positions[k + 2] - last[k + 2]));
        if (change < tolerance) break;
      }
      const repaired = state.positions;
      const remaining = new Set<number>();
      const after = classify(checker.check([repaired, ...colliderFrame], checkOptions), remaining);
      frame.after = after.other;
      frame.removed = Math.max(0, before.other - after.other);
      frame.remainingTriangles = [...remaining].sort((a, b) => a - b);
      for (let v = 0; v < V; v++) {
        const o = 3 * v;
        frame.maxDisplacement = Math.max(frame.maxDisplacement, Math.hypot(repaired[o] - target[o], repaired[o + 1] - target[o + 1], repaired[o + 2] - target[o + 2]));
        positions[o] = repaired[o];
        positions[o + 1] = repaired[o + 1];
        positions[o + 2] = repaired[o + 2];
      }
      safe.set(repaired);
      previousObstacles.set(obstacles);
      hasPrevious = true;
      return frame;
    },
  };
}
