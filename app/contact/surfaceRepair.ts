import { intersectionChecker, type FrameIntersections } from '../intersection/index.ts';
import { createVbdModel, createVbdState, step, type VbdModel } from '../solvers/vbd/index.ts';
import { meanEdgeLength, vertexNeighbours } from '../geometry/index.ts';
import { inputRegions, type InputRegions } from '../intersection/index.ts';
import { newIntersectionRegions } from '../intersection/index.ts';
import { ogcContact } from './ogcContact.ts';
import { regionTopology } from '../intersection/index.ts';
import { vertexContactPoints } from './vertexContactPoints.ts';

/** What surfaceRepair is built from. Units SI. */
export interface SurfaceRepairOptions {
  /** #T×3 welded triangles and the vertex count of the surface to repair */
  triangles: Uint32Array;
  vertexCount: number;
  /**
   * #V×3 rest pose [m]: its intersections grown into input regions (app/contact inputRegions) are structural (an ear
   * set into a head, a belt into a waist, a plate into a chest) and are kept, with whatever slides within them
   */
  restPositions: ArrayLike<number>;
  /** meshes the surface must not pass through, not moved (their welded triangles and vertex counts) */
  colliders?: Array<{ name: string; triangles: Uint32Array; vertexCount: number }>;
  /** the colliders' rest poses [m] (structural pairs with the surface); default: none structural */
  colliderRestPositions?: readonly ArrayLike<number>[];
  /** gap the repair leaves between surfaces it separates [m] (default 0.05 × the mean edge length) */
  gap?: number;
  /** quasistatic steps per frame at most (default 16) */
  maxSteps?: number;
  /** rings around the new intersections that the repair may move (default 4; the next 2 rings hold it in place) */
  rings?: number;
  /** stops a frame's repair between steps (AbortSignal's reason is thrown) */
  signal?: AbortSignal;
}

/** Why intersections of a frame were left (RepairedFrame.reasons): pairs counted by the first reason that holds. */
export interface RepairReasons {
  /** pairs with a collider: the collider moved through the surface (colliders are not moved) */
  collider: number;
  /** pairs the repair started from: the previous repaired frame (or the rest pose) was not free of them */
  start: number;
  /** pairs the steps did not separate within maxSteps (the surface could not get out of the way in time) */
  steps: number;
}

/** One repaired frame (RepairReport.frames). */
export interface RepairedFrame {
  /** edge–triangle intersections of the input frame, self and with the colliders (overlap check's count) */
  inputIntersections: number;
  /** of those, the ones inside the rest pose's input regions (kept) */
  structural: number;
  /** the others (pairs with a side outside every structural region) before and after the repair, removed = before − after */
  before: number;
  after: number;
  removed: number;
  /** welded triangles of the intersections the repair could not remove (empty when it removed them all) */
  remainingTriangles: number[];
  /** why they were left */
  reasons: RepairReasons;
  /** vertices the repair could move this frame (the new intersections' neighbourhood) */
  movedVertices: number;
  /** the largest move of a vertex [m] */
  maxDisplacement: number;
  /** quasistatic steps taken */
  steps: number;
}

/** Repairs the frames of one surface in order; each repair starts from the last repaired frame. */
export interface SurfaceRepair {
  /** #T 1 = the triangle lies inside an input region of the rest pose (structural, kept) */
  readonly structuralTriangles: Uint8Array;
  /**
   * Repairs one frame in place.
   *
   * @param positions  #V×3 the surface at this frame [m]; receives the repaired surface
   * @param colliders  each collider's welded positions at this frame [m]
   * @returns what was found and removed
   */
  repair(positions: Float32Array | Float64Array, colliders?: readonly ArrayLike<number>[]): RepairedFrame;
  /** What the next repair starts from (the last repaired frame, once there is one): a copy, for a checkpoint. */
  snapshot(): SurfaceRepairSnapshot;
  /** Continues from a snapshot (restore) or from the start (null). */
  restore(snapshot: SurfaceRepairSnapshot | null): void;
}

/** SurfaceRepair's state between two frames: the intersection-free surface and colliders the next repair starts from. */
export interface SurfaceRepairSnapshot {
  /** #V×3 the last repaired frame [m] (the rest pose before the first) */
  safe: Float64Array;
  /** each collider's positions at that frame [m] */
  safeColliders: Float64Array[];
  /** whether a frame was repaired (the first repair starts from the rest pose) */
  hasPrevious: boolean;
}

/** Membrane of the repair: stiff enough to spread a correction over a few rings (relative scale, quasistatic). */
const MEMBRANE = { youngsModulus: 1e6, poissonRatio: 0.3, density: 300, damping: 0, thickness: 1e-3 };
/** Rings around the moved part that are simulated but held on the input (the correction's boundary). */
const HELD_RINGS = 2;

/**
 * Removes the intersections an animation adds to a surface, frame by frame, with the two-way scheme of seed 001
 * (Algorithm 1): from the last intersection-free state x (the previous repaired frame, or the rest pose) the surface
 * moves toward the input frame y in conservative steps, each vertex at most γ·D_i/2 per detection with D_i its distance
 * to everything around it (seed 001 Eqs. 15–17, OGC's bound with γ_p = 0.45, seed 000 Eq. 5.20), so no state along the
 * way crosses anything; the backward step that pulls toward y under the contact constraints is VBD's quasistatic
 * minimization (seed 000 ch. 3) of a membrane whose rest shape is y, an attachment to y and OGC's contact energy with a
 * small gap (seed 000 ch. 5), instead of seed 001's LCP: the same shapes and code as the simulation.
 *
 * What is structural follows the input-region rule (app/intersection/inputRegions, issue 33): the rest pose's
 * intersections grown by INPUT_REGION_RINGS rings. A frame's pairs inside those regions are kept (layered gear cut
 * into the body, sliding a little as the body moves), and so is every pair of two features inside one of them in
 * contact; what the repair removes are the pairs with a side outside every structural region (newIntersectionRegions),
 * the crossings the animation added. A frame without any is taken as it is.
 *
 * Local: only the vertices within `rings` rings of the new pairs' corners move, the next HELD_RINGS rings are
 * simulated but held on y (the correction's boundary), and the rest of the surface and the colliders are kinematic
 * obstacles moving from x to y. Until issue 33 the whole surface was a membrane rebuilt at every frame, with 32 steps
 * over all of it: 42–63 s a frame on the layered test character's MoveAndHold (6k vertices), moving vertices by up to
 * 0.64 m, and 142 s before the first frame of issue 33's soldier.
 *
 * A pair the repair cannot separate is reported with its triangles and the reason (RepairReasons), never hidden.
 *
 * @param options  the surface, its rest pose, colliders, gap, steps and rings
 * @returns the repair (call repair() on frames in time order)
 */
export function surfaceRepair(options: SurfaceRepairOptions): SurfaceRepair {
  const V = options.vertexCount;
  const triangles = options.triangles;
  const colliders = options.colliders ?? [];
  const maxSteps = options.maxSteps ?? 16;
  const rings = options.rings ?? 4;
  const T = triangles.length / 3;
  const kept: number[] = [];
  for (let t = 0; t + 2 < triangles.length; t += 3) {
    const a = triangles[t], b = triangles[t + 1], c = triangles[t + 2];
    if (a !== b && b !== c && c !== a) kept.push(a, b, c);
  }
  const meanEdge = meanEdgeLength(options.restPositions, Uint32Array.from(kept));
  const gap = options.gap ?? 0.05 * meanEdge;
  const checker = intersectionChecker([{ name: 'surface', triangles, vertexCount: V }, ...colliders]);
  const checkOptions = { self: [true, ...colliders.map(() => false)], pairs: (a: number, b: number) => a === 0 && b > 0, listPairs: true };
  const edges = checker.edges;
  const topology = regionTopology([{ triangles, vertexCount: V, edges: edges[0] }, ...colliders.map((c, i) => ({ triangles: c.triangles, vertexCount: c.vertexCount, edges: edges[i + 1] }))]);
  const { offsets: neighbourOffsets, neighbours } = vertexNeighbours(triangles, V);

  // Structural regions: the rest pose's intersections grown by the rule's rings (the colliders' rest poses with it).
  const empty: RegionsOfRest = { total: 0, triangles: topology.meshes.map(() => new Uint32Array(0)), pairList: [] };
  const restCheck = colliders.length === 0 || options.colliderRestPositions ? checker.check([options.restPositions, ...(options.colliderRestPositions ?? [])], checkOptions) : empty;
  const structure: InputRegions = inputRegions(topology, [restCheck]);
  const structuralTriangles = new Uint8Array(T);
  for (let t = 0; t < T; t++) {
    for (let k = 0; k < 3; k++) if (structure.labels[0][triangles[3 * t + k]] !== 0) structuralTriangles[t] = 1;
  }

  const safe = Float64Array.from(options.restPositions);
  let safeColliders: Float64Array[] = colliders.map((c, i) => Float64Array.from(options.colliderRestPositions?.[i] ?? new Float64Array(3 * c.vertexCount)));
  let hasPrevious = false;

  /** The pairs of a check with a side outside every structural region, and the surface triangles of those. */
  const newPairs = (result: FrameIntersections) => newIntersectionRegions(topology, structure, result);

  const initialColliders = safeColliders.map((c) => Float64Array.from(c));
  return {
    structuralTriangles,
    snapshot() {
      return { safe: Float64Array.from(safe), safeColliders: safeColliders.map((c) => Float64Array.from(c)), hasPrevious };
    },
    restore(snapshot) {
      if (!snapshot) {
        safe.set(options.restPositions);
        safeColliders = initialColliders.map((c) => Float64Array.from(c));
        hasPrevious = false;
        return;
      }
      if (snapshot.safe.length !== safe.length || snapshot.safeColliders.length !== colliders.length || snapshot.safeColliders.some((c, i) => c.length !== 3 * colliders[i].vertexCount)) {
        throw new RangeError('surfaceRepair.restore: the snapshot is of another surface or other colliders');
      }
      safe.set(snapshot.safe);
      safeColliders = snapshot.safeColliders.map((c) => Float64Array.from(c));
      hasPrevious = snapshot.hasPrevious;
    },
    repair(positions, colliderFrame = []) {
      const input = checker.check([positions, ...colliderFrame], checkOptions);
      const added = newPairs(input);
      const frame: RepairedFrame = {
        inputIntersections: input.total,
        structural: input.total - added.pairs.length,
        before: added.pairs.length,
        after: added.pairs.length,
        removed: 0,
        remainingTriangles: [],
        reasons: { collider: 0, start: 0, steps: 0 },
        movedVertices: 0,
        maxDisplacement: 0,
        steps: 0,
      };
      const keepSafe = (): void => {
        for (let k = 0; k < 3 * V; k++) safe[k] = positions[k];
        safeColliders = colliderFrame.map((c) => Float64Array.from(c));
        hasPrevious = true;
      };
      if (added.pairs.length === 0) {
        keepSafe();
        return frame;
      }

      // Local first: only the new pairs' surroundings move. Where that leaves pairs (Fox's Walk: a leg through the body
      // on a coarse mesh, 11 new pairs at frame 1 and 10 left, then more every frame as each frame started from the last
      // one's leftovers), and on the first frame, which starts from the rest pose (a bind pose far from the frame: the
      // rest of the surface sweeps from it to the frame as kinematic obstacles, through a local patch), the whole
      // surface moves from the safe state, as the repair did before it was local (Fox's Walk 0:5: 0 left).
      const original = Float32Array.from(positions);
      const attempts = hasPrevious ? [false, true] : [true];
      for (const whole of attempts) {
        if (whole && attempts.length > 1) {
          positions.set(original);
          Object.assign(frame, { after: frame.before, removed: 0, remainingTriangles: [], reasons: { collider: 0, start: 0, steps: 0 }, movedVertices: 0, maxDisplacement: 0 });
        }
        // The part that moves: the surface corners of the new pairs grown by `rings`; then HELD_RINGS held rings.
        const ring = new Int32Array(V).fill(-1);
        let level: number[] = [];
        const seed = (v: number): void => {
          if (ring[v] < 0) {
            ring[v] = 0;
            level.push(v);
          }
        };
        const list = input.pairList;
        for (const i of added.pairs) {
          if (list[i] === 0) {
            seed(edges[0][2 * list[i + 1]]);
            seed(edges[0][2 * list[i + 1] + 1]);
          }
          if (list[i + 2] === 0) for (let k = 0; k < 3; k++) seed(triangles[3 * list[i + 3] + k]);
        }
        if (whole) for (let v = 0; v < V; v++) seed(v);
        for (let k = 1; k <= rings + HELD_RINGS && level.length > 0; k++) {
          const next: number[] = [];
          for (const v of level) {
            for (let j = neighbourOffsets[v]; j < neighbourOffsets[v + 1]; j++) {
              const w = neighbours[j];
              if (ring[w] < 0) {
                ring[w] = k;
                next.push(w);
              }
            }
          }
          level = next;
        }
        // Local numbering: the patch (moved and held rings) first, then every other surface vertex as an obstacle point.
        const local = new Int32Array(V).fill(-1);
        const patch: number[] = [];
        for (let v = 0; v < V; v++) if (ring[v] >= 0) {
          local[v] = patch.length;
          patch.push(v);
        }
        const P = patch.length;
        const patchTriangles: number[] = [];
        const obstacleTriangles: number[] = [];
        const obstacleOf = new Int32Array(V).fill(-1);
        const obstacleVertices: number[] = [];
        const obstacle = (v: number): number => {
          if (obstacleOf[v] < 0) {
            obstacleOf[v] = obstacleVertices.length;
            obstacleVertices.push(v);
          }
          return obstacleOf[v];
        };
        // The patch's box over the safe state and the input, grown by their largest difference and the gap: other
        // triangles outside it cannot come near the patch during the repair (the whole surface as obstacles made every
        // search walk its 12k triangles on the layered character).
        const box = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
        let reach = gap;
        for (const v of patch) {
          for (let c = 0; c < 3; c++) {
            box[c] = Math.min(box[c], safe[3 * v + c], positions[3 * v + c]);
            box[3 + c] = Math.max(box[3 + c], safe[3 * v + c], positions[3 * v + c]);
          }
          reach = Math.max(reach, Math.hypot(safe[3 * v] - positions[3 * v], safe[3 * v + 1] - positions[3 * v + 1], safe[3 * v + 2] - positions[3 * v + 2]));
        }
        const near = (v: number): boolean => {
          for (let c = 0; c < 3; c++) {
            const lo = Math.min(safe[3 * v + c], positions[3 * v + c]), hi = Math.max(safe[3 * v + c], positions[3 * v + c]);
            if (hi < box[c] - 2 * reach || lo > box[3 + c] + 2 * reach) return false;
          }
          return true;
        };
        for (let t = 0; t < T; t++) {
          const a = triangles[3 * t], b = triangles[3 * t + 1], c = triangles[3 * t + 2];
          if (a === b || b === c || c === a) continue;
          if (local[a] >= 0 && local[b] >= 0 && local[c] >= 0) patchTriangles.push(local[a], local[b], local[c]);
          else if (near(a) || near(b) || near(c)) obstacleTriangles.push(obstacle(a), obstacle(b), obstacle(c));
        }
        // Collider points after the surface's obstacle points.
        let colliderBase = obstacleVertices.length;
        const colliderBases: number[] = [];
        colliders.forEach((c) => {
          colliderBases.push(colliderBase);
          for (const v of c.triangles) obstacleTriangles.push(v + colliderBase);
          colliderBase += c.vertexCount;
        });
        const O = colliderBase;
        const fill = (surface: ArrayLike<number>, frameColliders: readonly ArrayLike<number>[], out: Float64Array): void => {
          obstacleVertices.forEach((v, k) => {
            for (let c = 0; c < 3; c++) out[3 * k + c] = surface[3 * v + c];
          });
          colliders.forEach((c, i) => {
            const source = frameColliders[i];
            for (let k = 0; k < 3 * c.vertexCount; k++) out[3 * colliderBases[i] + k] = source ? source[k] : 0;
          });
        };
        const obstacleStart = new Float64Array(3 * O);
        const obstacleEnd = new Float64Array(3 * O);
        fill(safe, safeColliders, obstacleStart);
        fill(positions, colliderFrame, obstacleEnd);
        if (!hasPrevious) obstacleStart.set(obstacleEnd.subarray(obstacleVertices.length * 3), obstacleVertices.length * 3);

        // The patch: a membrane with the input as its rest shape, attached to the input, held on it in the outer rings.
        const target = new Float64Array(3 * P);
        const start = new Float64Array(3 * P);
        const weights = new Float32Array(P);
        const regions = new Uint32Array(P);
        patch.forEach((v, k) => {
          for (let c = 0; c < 3; c++) {
            target[3 * k + c] = positions[3 * v + c];
            start[3 * k + c] = safe[3 * v + c];
          }
          weights[k] = ring[v] <= rings ? 0.5 : 0;
          regions[k] = structure.labels[0][v];
        });
        frame.movedVertices = weights.reduce((n, w) => n + (w > 0 ? 1 : 0), 0);
        let model: VbdModel;
        try {
          model = createVbdModel({ restPositions: target, triangles: { vertices: Uint32Array.from(patchTriangles), materials: MEMBRANE } });
        } catch {
          // A patch too degenerate for a membrane (collapsed triangles): its shape at the safe state stands in.
          model = createVbdModel({ restPositions: start, triangles: { vertices: Uint32Array.from(patchTriangles), materials: MEMBRANE } });
        }
        const contact = ogcContact({
          simulationVertexCount: P,
          ...vertexContactPoints(null, P),
          triangles: Uint32Array.from(patchTriangles),
          obstacleVertexCount: O,
          obstacleTriangles,
          radius: gap,
          stiffness: 10 * MEMBRANE.youngsModulus * MEMBRANE.thickness,
          friction: 0,
        });
        // Structural pairs (inside one region of the rest pose) are left alone within the patch.
        contact.setFrame({ obstacleStart, obstacleEnd, regions });
        const state = createVbdState(model, { positions: start });
        let meanMass = 0;
        for (let v = 0; v < P; v++) meanMass += model.masses[v] / P;
        // Attachment k = m·κ (weight ½) about a tenth of the membrane's E·t: a correction spreads over a few rings.
        const kappa = (0.1 * MEMBRANE.youngsModulus * MEMBRANE.thickness) / Math.max(meanMass, 1e-12);
        const last = new Float64Array(3 * P);
        // Converged when no vertex moves a hundredth of the mean edge in a step (a thousandth took all 16 steps on every
        // repaired frame of the layered character, for motions below a tenth of a millimetre).
        const tolerance = 1e-2 * meanEdge;
        for (let s = 0; s < maxSteps; s++) {
          options.signal?.throwIfAborted();
          last.set(state.positions);
          // The obstacles go from the safe state to the input over the first step, then stay; the held rings are on the
          // input from the start. The targets hold still: OGC's bounds limit a vertex's motion relative to its target's
          // (the bake's rule, so a body the animation carries is not held back), and a target moving from the safe state
          // to the input carried the patch straight through (two spheres pushed 2 cm into each other: 40 of 48 left).
          step(model, state, state, { quasistatic: true, substeps: 1, iterations: 10, gravity: [0, 0, 0], targets: target, blendWeights: weights, attachmentStiffness: kappa, contact }, 1);
          if (s === 0) contact.setFrame({ obstacleStart: obstacleEnd, obstacleEnd });
          frame.steps++;
          let change = 0;
          for (let k = 0; k < 3 * P; k += 3) change = Math.max(change, Math.hypot(state.positions[k] - last[k], state.positions[k + 1] - last[k + 1], state.positions[k + 2] - last[k + 2]));
          if (s > 0 && change < tolerance) break;
        }
        const repaired = state.positions;
        const before = Float64Array.from(positions);
        patch.forEach((v, k) => {
          for (let c = 0; c < 3; c++) positions[3 * v + c] = repaired[3 * k + c];
          frame.maxDisplacement = Math.max(frame.maxDisplacement, Math.hypot(repaired[3 * k] - before[3 * v], repaired[3 * k + 1] - before[3 * v + 1], repaired[3 * k + 2] - before[3 * v + 2]));
        });
        const result = checker.check([positions, ...colliderFrame], { ...checkOptions, since: { positions: [before, ...colliderFrame], result: input } });
        const left = newPairs(result);
        frame.after = left.pairs.length;
        frame.removed = Math.max(0, frame.before - frame.after);
        frame.remainingTriangles = Array.from(left.triangles[0]);
        if (left.pairs.length > 0) {
          // Why: a collider's pair; or one the start had already; or the steps ran out.
          const startCheck = checker.check([safe, ...safeColliders], checkOptions);
          const startPairs = new Set<string>();
          for (const i of newPairs(startCheck).pairs) startPairs.add(key(startCheck.pairList, i));
          for (const i of left.pairs) {
            if (result.pairList[i] !== 0 || result.pairList[i + 2] !== 0) frame.reasons.collider++;
            else if (startPairs.has(key(result.pairList, i))) frame.reasons.start++;
            else frame.reasons.steps++;
          }
        }
        if (frame.after === 0) break;
      }
      keepSafe();
      return frame;
    },
  };
}

type RegionsOfRest = Pick<FrameIntersections, 'total' | 'triangles' | 'pairList'>;

function key(list: readonly number[], i: number): string {
  return `${list[i]},${list[i + 1]},${list[i + 2]},${list[i + 3]}`;
}
