import type { LatticeEmbedding } from '../embedding/index.ts';
import { intersectionChecker, type IntersectionChecker } from '../intersection/index.ts';
import type { VbdContact } from '../solvers/vbd/index.ts';
import { contactDefaults } from './contactDefaults.ts';
import { ogcContact, type OgcContact } from './ogcContact.ts';
import { vertexContactPoints } from './vertexContactPoints.ts';

/** Contact statistics of one baked mesh (the report's `contact` entry). */
export interface BakeContactStats {
  selfContact: boolean;
  colliders: string[];
  radius: number;
  stiffness: number;
  /** per baked frame: contacts per collision detection (mean over the frame's detections) */
  contactsPerFrame: number[];
  /** truncations to the conservative bounds and re-detections, summed over the bake */
  truncations: number;
  redetections: number;
  /** frames whose output would have added an intersection, corrected toward the input (see correctFrame) */
  framesCorrected: number;
  /** per baked frame: edge–triangle intersections (self and with the colliders) in the input and in the output */
  inputIntersections: number[];
  outputIntersections: number[];
}

/** The contact of one simulated mesh in a bake: what the simulation hands to the VBD step, and the per-frame check. */
export interface BakeContact {
  /** hand to the step (VbdControls.contact) */
  readonly vbd: VbdContact;
  readonly stats: BakeContactStats;
  /**
   * Frame inputs, set by the bake before the mesh advances: the welded input surface and the colliders at the start
   * and end of the frame [m]. Checks the input frame (its intersections are the allowance the output may keep).
   */
  setFrame(inputStart: Float32Array, inputEnd: Float32Array, collidersStart: readonly Float32Array[], collidersEnd: readonly Float32Array[]): void;
  /**
   * Called by the simulation before each step call covering [from, to] of the frame: for an embedded surface, the
   * fitted lattice at the end of the frame sets the detail offsets (input surface minus its embedded position).
   */
  beginSteps(latticeTargets: ArrayLike<number> | null, from: number, to: number): void;
  /**
   * The final check of a baked frame (welded output, in place): if the output has more intersections than the input
   * frame, the vertices of the triangles involved are moved back toward the input (halving the departure, up to 8
   * times, then onto it), and the frame is counted as corrected.
   *
   * @param output     #S×3 welded output surface [m], corrected in place
   * @param input      #S×3 welded input surface [m]
   * @param colliders  each collider's welded positions at this frame [m]
   * @param record     whether the frame is a baked one (pre-roll frames are checked but not reported)
   */
  finishFrame(output: Float32Array, input: Float32Array, colliders: readonly Float32Array[], record: boolean): void;
}

/** What bakeContact is built from. */
export interface BakeContactOptions {
  /** the simulated mesh's welded triangles and vertex count */
  triangles: Uint32Array;
  surfaceVertexCount: number;
  /** volume: the lattice embedding (surface points are lattice tets' barycentric combinations); cloth: null */
  embedding: LatticeEmbedding | null;
  /** simulation vertex count and masses [kg], the substep h [s] (for the default stiffness) */
  simulationVertexCount: number;
  masses: ArrayLike<number>;
  timeStep: number;
  /** rest positions of the welded surface [m] (for the default radius) */
  restSurface: ArrayLike<number>;
  selfContact: boolean;
  colliders: Array<{ name: string; triangles: Uint32Array; vertexCount: number }>;
  planes?: ArrayLike<number>;
  radius?: number;
  stiffness?: number;
  friction?: number;
}

/**
 * OGC contact for one mesh of a bake (app/bake calls it; the simulations pass `vbd` to the step): surface points on
 * the cloth itself or embedded in the lattice (barycentrics plus a detail offset per frame, so contact acts on the
 * surface that is exported), colliders as kinematic points moving with their own animation, the input at each frame
 * for input exclusion (pairs closer than r there, and triangles that intersect there, are left alone), and the
 * final per-frame check with the exact checker (app/intersection) that corrects any frame whose output adds an
 * intersection the input does not have (the detail transfer can), counted in the stats. Never silently.
 *
 * @param options  the mesh, its colliders, and optional radius, stiffness, friction (defaults: contactDefaults)
 * @returns the bake contact
 */
export function bakeContact(options: BakeContactOptions): BakeContact {
  const S = options.surfaceVertexCount;
  const embedding = options.embedding;
  let points: { pointVertices: Uint32Array; pointWeights: Float64Array };
  if (embedding) {
    const pointVertices = new Uint32Array(4 * S);
    const pointWeights = new Float64Array(4 * S);
    for (let s = 0; s < S; s++) {
      const tet = embedding.surfaceTet[s];
      for (let k = 0; k < 4; k++) {
        pointVertices[4 * s + k] = embedding.tetrahedra[4 * tet + k];
        pointWeights[4 * s + k] = embedding.surfaceBarycentric[4 * s + k];
      }
    }
    points = { pointVertices, pointWeights };
  } else {
    points = vertexContactPoints(null, S);
  }
  // The masses of the points' vertices decide the default stiffness; the surface's own edges decide the radius.
  const defaults = contactDefaults(options.restSurface, options.triangles, options.masses, options.timeStep);
  const radius = options.radius ?? defaults.radius;
  const stiffness = options.stiffness ?? defaults.stiffness;
  const obstacleTriangles: number[] = [];
  let obstacleVertexCount = 0;
  const colliderOffsets: number[] = [];
  for (const collider of options.colliders) {
    colliderOffsets.push(obstacleVertexCount);
    for (const v of collider.triangles) obstacleTriangles.push(v + obstacleVertexCount);
    obstacleVertexCount += collider.vertexCount;
  }
  const ogc: OgcContact = ogcContact({
    simulationVertexCount: options.simulationVertexCount,
    ...points,
    triangles: options.triangles,
    selfContact: options.selfContact,
    obstacleVertexCount,
    obstacleTriangles,
    planes: options.planes,
    radius,
    stiffness,
    friction: options.friction ?? 0.3,
  });
  const checker: IntersectionChecker = intersectionChecker([
    { name: 'mesh', triangles: options.triangles, vertexCount: S },
    ...options.colliders.map((c) => ({ name: c.name, triangles: c.triangles, vertexCount: c.vertexCount })),
  ]);
  const checkOptions = { self: [options.selfContact, ...options.colliders.map(() => false)], pairs: (a: number, b: number) => a === 0 && b > 0 };
  const stats: BakeContactStats = {
    selfContact: options.selfContact,
    colliders: options.colliders.map((c) => c.name),
    radius,
    stiffness,
    contactsPerFrame: [],
    truncations: 0,
    redetections: 0,
    framesCorrected: 0,
    inputIntersections: [],
    outputIntersections: [],
  };

  const obstacleStart = new Float64Array(3 * obstacleVertexCount);
  const obstacleEnd = new Float64Array(3 * obstacleVertexCount);
  const subStart = new Float64Array(3 * obstacleVertexCount);
  const subEnd = new Float64Array(3 * obstacleVertexCount);
  const referenceStart = new Float64Array(3 * S);
  const referenceEnd = new Float64Array(3 * S);
  const subReferenceStart = new Float64Array(3 * S);
  const subReferenceEnd = new Float64Array(3 * S);
  const offsets = new Float64Array(3 * S);
  const tangled = new Uint8Array(S);

  return {
    vbd: ogc,
    stats,
    setFrame(inputStart, inputEnd, collidersStart, collidersEnd) {
      referenceStart.set(inputStart);
      referenceEnd.set(inputEnd);
      options.colliders.forEach((_, i) => {
        obstacleStart.set(collidersStart[i], 3 * colliderOffsets[i]);
        obstacleEnd.set(collidersEnd[i], 3 * colliderOffsets[i]);
      });
      const result = checker.check([inputEnd, ...collidersEnd], checkOptions);
      tangled.fill(0);
      for (const t of result.triangles[0]) for (let k = 0; k < 3; k++) tangled[options.triangles[3 * t + k]] = 1;
      ogc.resetStats();
    },
    beginSteps(latticeTargets, from, to) {
      const lerp = (a: Float64Array, b: Float64Array, s: number, out: Float64Array) => {
        for (let k = 0; k < out.length; k++) out[k] = a[k] + s * (b[k] - a[k]);
      };
      lerp(obstacleStart, obstacleEnd, from, subStart);
      lerp(obstacleStart, obstacleEnd, to, subEnd);
      lerp(referenceStart, referenceEnd, from, subReferenceStart);
      lerp(referenceStart, referenceEnd, to, subReferenceEnd);
      if (embedding && latticeTargets) {
        // Detail offset: input surface minus its embedding in the fitted lattice (Eq. 4.10 without the rotation).
        for (let s = 0; s < S; s++) {
          const tet = embedding.surfaceTet[s];
          for (let c = 0; c < 3; c++) {
            let x = 0;
            for (let k = 0; k < 4; k++) x += embedding.surfaceBarycentric[4 * s + k] * latticeTargets[3 * embedding.tetrahedra[4 * tet + k] + c];
            offsets[3 * s + c] = referenceEnd[3 * s + c] - x;
          }
        }
      }
      ogc.setFrame({ obstacleStart: subStart, obstacleEnd: subEnd, referenceStart: subReferenceStart, referenceEnd: subReferenceEnd, tangled, pointOffsets: embedding ? offsets : undefined });
    },
    finishFrame(output, input, colliderFrame, record) {
      // The input frame's own intersections are what the output may keep.
      const inputCount = checker.check([input, ...colliderFrame], checkOptions).total;
      let result = checker.check([output, ...colliderFrame], checkOptions);
      let corrected = false;
      for (let attempt = 0; result.total > inputCount && attempt <= 8; attempt++) {
        corrected = true;
        const scale = attempt === 8 ? 0 : 0.5;
        const moved = new Set<number>();
        for (const t of result.triangles[0]) for (let k = 0; k < 3; k++) moved.add(options.triangles[3 * t + k]);
        for (const v of moved) {
          for (let c = 3 * v; c < 3 * v + 3; c++) output[c] = input[c] + scale * (output[c] - input[c]);
        }
        result = checker.check([output, ...colliderFrame], checkOptions);
      }
      if (result.total > inputCount) {
        // Mixing input and output regions still adds one: the frame falls back to the input entirely.
        output.set(input);
        result = checker.check([output, ...colliderFrame], checkOptions);
      }
      if (!record) return;
      if (corrected) stats.framesCorrected++;
      const s = ogc.stats;
      stats.contactsPerFrame.push(s.detections > 0 ? Math.round(s.contacts / s.detections) : 0);
      stats.truncations += s.truncations;
      stats.redetections += s.redetections;
      stats.inputIntersections.push(inputCount);
      stats.outputIntersections.push(result.total);
    },
  };
}
