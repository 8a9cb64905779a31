import { createVbdModel, createVbdState, step, type FloatArray, type VbdModel } from '../../solvers/vbd/index.ts';
import { ogcContact } from '../ogcContact.ts';
import { vertexContactPoints } from '../vertexContactPoints.ts';
import type { PatchObstacles } from './patchObstacles.ts';
import type { RepairPatch } from './repairPatch.ts';
import type { RepairedFrame, SurfaceRepairState } from './types.ts';

/** Membrane of the repair: stiff enough to spread a correction over a few rings (relative scale, quasistatic). */
const MEMBRANE = { youngsModulus: 1e6, poissonRatio: 0.3, density: 300, damping: 0, thickness: 1e-3 };

/**
 * The backward step of seed 001's two-way scheme (Algorithm 1) on one patch, as VBD's quasistatic minimization (seed 000
 * ch. 3) instead of seed 001's LCP: a membrane whose rest shape is the input frame y, attached to y (weight ½ on the
 * moving rings, 0 on the held ones, which stay on y), with OGC's contact energy at radius `state.gap` (seed 000
 * ch. 5) against the obstacles, starting from the safe state x. The conservative bounds (seed 000 Eq. 5.20, γ_p =
 * 0.45; seed 001 Eqs. 15–17) keep every state along the way free of crossings. Structural pairs (inside one region
 * of the rest pose) are left alone. Steps until no vertex moves a hundredth of the mean edge, at most maxSteps.
 *
 * @param state      the repair (safe state, structure, gap, steps; options.signal stops between steps)
 * @param positions  #V×3 the input frame y [m]
 * @param patch      the patch (repairPatch)
 * @param obstacles  its triangles and obstacles (patchObstacles)
 * @param frame      the frame's report: movedVertices set, steps counted
 * @returns #P×3 the patch's repaired positions [m], in patch numbering
 */
export function relaxedPatch(
  state: SurfaceRepairState,
  positions: ArrayLike<number>,
  { ring, patch }: RepairPatch,
  obstacles: PatchObstacles,
  frame: RepairedFrame,
): FloatArray {
  const P = patch.length;
  const { obstacleStart, obstacleEnd } = obstacles;
  const target = new Float64Array(3 * P);
  const start = new Float64Array(3 * P);
  const weights = new Float32Array(P);
  const regions = new Uint32Array(P);
  patch.forEach((v, k) => {
    for (let c = 0; c < 3; c++) {
      target[3 * k + c] = positions[3 * v + c];
      start[3 * k + c] = state.safe[3 * v + c];
    }
    weights[k] = ring[v] <= state.rings ? 0.5 : 0;
    regions[k] = state.structure.labels[0][v];
  });
  frame.movedVertices = weights.reduce((n, w) => n + (w > 0 ? 1 : 0), 0);
  let model: VbdModel;
  try {
    model = createVbdModel({ restPositions: target, triangles: { vertices: Uint32Array.from(obstacles.patchTriangles), materials: MEMBRANE } });
  } catch {
    // A patch too degenerate for a membrane (collapsed triangles): its shape at the safe state stands in.
    model = createVbdModel({ restPositions: start, triangles: { vertices: Uint32Array.from(obstacles.patchTriangles), materials: MEMBRANE } });
  }
  const contact = ogcContact({
    simulationVertexCount: P,
    ...vertexContactPoints(null, P),
    triangles: Uint32Array.from(obstacles.patchTriangles),
    obstacleVertexCount: obstacleStart.length / 3,
    obstacleTriangles: obstacles.obstacleTriangles,
    radius: state.gap,
    stiffness: 10 * MEMBRANE.youngsModulus * MEMBRANE.thickness,
    friction: 0,
  });
  // Structural pairs (inside one region of the rest pose) are left alone within the patch.
  contact.setFrame({ obstacleStart, obstacleEnd, regions });
  const vbdState = createVbdState(model, { positions: start });
  let meanMass = 0;
  for (let v = 0; v < P; v++) meanMass += model.masses[v] / P;
  // Attachment k = m·κ (weight ½) about a tenth of the membrane's E·t: a correction spreads over a few rings.
  const kappa = (0.1 * MEMBRANE.youngsModulus * MEMBRANE.thickness) / Math.max(meanMass, 1e-12);
  const last = new Float64Array(3 * P);
  // Converged when no vertex moves a hundredth of the mean edge in a step (a thousandth took all 16 steps on every
  // repaired frame of the layered character, for motions below a tenth of a millimetre).
  const tolerance = 1e-2 * state.meanEdge;
  for (let s = 0; s < state.maxSteps; s++) {
    state.options.signal?.throwIfAborted();
    last.set(vbdState.positions);
    // The obstacles go from the safe state to the input over the first step, then stay; the held rings are on the
    // input from the start. The targets hold still: OGC's bounds limit a vertex's motion relative to its target's
    // (the bake's rule, so a body the animation carries is not held back), and a target moving from the safe state
    // to the input carried the patch straight through (two spheres pushed 2 cm into each other: 40 of 48 left).
    step(
      model,
      vbdState,
      vbdState,
      { quasistatic: true, substeps: 1, iterations: 10, gravity: [0, 0, 0], targets: target, blendWeights: weights, attachmentStiffness: kappa, contact },
      1,
    );
    if (s === 0) contact.setFrame({ obstacleStart: obstacleEnd, obstacleEnd });
    frame.steps++;
    let change = 0;
    for (let k = 0; k < 3 * P; k += 3)
      change = Math.max(change, Math.hypot(vbdState.positions[k] - last[k], vbdState.positions[k + 1] - last[k + 1], vbdState.positions[k + 2] - last[k + 2]));
    if (s > 0 && change < tolerance) break;
  }
  return vbdState.positions;
}
