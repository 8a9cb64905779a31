import { chebyshevAccelerate } from './chebyshevAccelerate.ts';
import { checkVbdControls } from './checkVbdControls.ts';
import { createVbdCallParameters } from './createVbdCallParameters.ts';
import { createVbdWorkspace, type VbdWorkspace } from './createVbdWorkspace.ts';
import { elasticForces } from './elasticForces.ts';
import { emptyStepDiagnostics } from './emptyStepDiagnostics.ts';
import { forwardStep } from './forwardStep.ts';
import { meanForceResidual } from './meanForceResidual.ts';
import { restShapeInverses } from './restShapeInverses.ts';
import { solveColor } from './solveColor.ts';
import { SolverSettingsError } from './solverSettingsError.ts';
import { vertexHessianScaleProblem } from './vertexHessianScaleProblem.ts';
import { vertexTerms } from './vertexTerms.ts';
import type { FloatArray, VbdContactData, VbdControls, VbdModel, VbdResidualMode, VbdState, VbdStepDiagnostics } from './types.ts';

const workspaces = new WeakMap<VbdModel, VbdWorkspace>();

/**
 * Advances the state by dt with Vertex Block Descent (seed 000 ch. 3, Algorithm 1): `substeps` implicit-Euler
 * substeps of h = dt/substeps, each minimizing G(x) = 1/(2h²)‖x − y‖²_M + E(x) (Eq. 2.6) by `iterations` Gauss–Seidel
 * sweeps over the vertex colors, each vertex taking one analytic 3×3 Newton step on its local energy G_i (Eqs. 3.1–3.8),
 * optionally Chebyshev-accelerated (Eqs. 3.15–3.16), then v = (x − x^t)/h (Eq. 3.3).
 *
 * Blending to the animation (Li 2019 ch. 4): weight 0 pins a vertex to its animated target, 0 < w < 1 adds the implicit
 * attachment spring k_i = m_i κ_i (1−w)/w toward it (blendStiffness.ts; κ_i uniform or per vertex), 1 is pure physics.
 * Targets are interpolated linearly across substeps from controls.targetsStart to controls.targets. The step applies no
 * kinematic blending afterwards: its output is the simulation. (Li 2019 §4.6's post-simulation lerp is not used: the
 * bake's own post-step pass is its surface guard, app/bake/session/guardedOutput.ts, which ramps only weights
 * below GUARD_WEIGHT to the input so that weight 0 is exact on the output surface.)
 *
 * Following an animation (all optional, all off by default, each a per-vertex term the GPU twin reads from a buffer):
 * - attachment dashpot c_i = β_a·k_i + α·m_i (controls.attachmentDamping β_a, controls.targetDamping α) on unpinned
 *   vertices: f_i −= (c_i/h)(x_i − r_i), H_i += (c_i/h) I (accumulateAttachmentForceHessian);
 * - dampRelativeToTargets: every damper (element Rayleigh damping of Eq. 3.8 and the dashpot) measures the velocity
 *   from r = x^t + (a(t+h) − a(t)) instead of x^t, i.e. relative to the animation's own motion, so damping never drags
 *   the body behind its animation (a squash, a turn) but still damps the secondary motion on top of it;
 * - equilibriumAtTargets: the elastic forces at the substep's targets, f(a) (elasticForces), are subtracted from every
 *   vertex force: E′(x) = E(x) − ∇E(a)·x, whose minimum without inertia is exactly a. An animated elastic reference
 *   whose stretch had to be clamped (animatedRest) then no longer biases the rest state away from the animator's pose.
 *
 * The elastic reference of the tets (the model stays immutable):
 * - controls.animatedRest: the animated rest shape. Each substep's D_m⁻¹ is built from that substep's targets a(t+h)
 *   by restShapeInverses, F_ref = V·diag(clamp(λ))·Vᵀ with λ the principal stretches of a(t+h) against the model's
 *   rest shape, D_ref⁻¹ = D_rest⁻¹·F_ref⁻¹, so elasticity resists only the departure from the animation; the clamped
 *   tets are counted (diagnostics.clampedRestTets). One call with N substeps equals N one-substep calls each handed
 *   restShapeInverses(its targets) as tetRestShapeInverse (test/app/solvers/vbd/step.test.ts).
 * - controls.tetRestShapeInverse: one D_m⁻¹ for the whole call, given by the caller.
 * Which D_m⁻¹ a call uses is passed down to the kernels as an argument (solveColor, meanForceResidual,
 * elasticForces), never left in the workspace; so are the call's scalars (h, 1/h, 1/h², quasistatic, equilibrium,
 * line search, contact data: VbdCallParameters, built once per call by createVbdCallParameters, handed to forwardStep,
 * solveColor and meanForceResidual). The workspace holds buffers only. controls.beforeSubstep runs first in every
 * substep (the bake's contact surface follows the state substep by substep, app/bake/volumeSimulation.ts).
 *
 * Quasistatic mode drops inertia: each substep minimizes E(x) − Σ m_i a_ext·x_i from x^t (settling; ARAP-like
 * relaxation in the PBNG view of seed 002), and velocities are set to zero.
 *
 * DESIGN NOTES
 * - Per-vertex Gauss–Seidel in color order writes through the auxiliary buffer (solveColor), so the CPU result equals
 *   the GPU twin's. No line search, no PSD projection of the total H_i: every element block is SPD or clamped to PSD
 *   at its source (see the evaluate*ForceHessian headers), and the inertia m/h² I keeps H_i definite.
 * - The relative residual (Eq. 5.28) costs one extra sweep per evaluation, so it is only computed when asked for
 *   (controls.residuals or residualTolerance).
 * - Nothing is allocated per vertex or per iteration; the workspace is cached per model (or passed in).
 * - Chebyshev (Eq. 3.15) as printed diverged in our tests from scrambled/flattened 3×3×3 lattices at ρ = 0.95, 20
 *   iterations (E = 1e5…1e7), while plain VBD recovered in 6–22 frames; a 5-iteration delay plus the restart rule of
 *   chebyshevAccelerate recovered in all 18 cases. On a stretched-and-released cube it cuts the iterations to a 1e-3
 *   residual to 0.44× (ρ = 0.9) and 0.31× (ρ = 0.95) of plain Gauss–Seidel (bench/vbd.bench.ts). Off by default.
 * - Measured cost (bench/vbd.bench.ts, Node 20, one core): about 1.5 µs per vertex and iteration on a 1k-vertex tet
 *   lattice (24 tets per interior vertex), 2.6 µs at 50k (cache misses); 134 ms per iteration at 50k vertices.
 * - Quasistatic solves of stiff slender parts need thousands of iterations (an 8-cell cantilever: ~7,600 at
 *   ρ = 0.95 to a 1e-4 residual): Gauss–Seidel moves information a few vertices per iteration (seed 000 §3.5).
 *
 * @param model      the immutable model (createVbdModel)
 * @param stateIn    x^t, v^t, v^{t−1}
 * @param stateOut   receives the new state; may be the same object as stateIn
 * @param controls   gravity, targets, weights, iteration counts, initialization, Chebyshev ρ, contact (OGC)…
 * @param dt         time advanced by this call [s] (one frame)
 * @param workspace  optional scratch buffers (createVbdWorkspace); one is cached per model otherwise
 * @returns diagnostics: iterations, skipped solves, relative residuals
 * @throws SolverSettingsError when no vertex solve can work with these settings (vertexHessianScaleProblem)
 */
export function step(model: VbdModel, stateIn: VbdState, stateOut: VbdState, controls: VbdControls, dt: number, workspace?: VbdWorkspace): VbdStepDiagnostics {
  const ws = workspace ?? cachedWorkspace(model);
  const n = 3 * model.vertexCount;
  for (const [name, array] of [
    ['stateIn.positions', stateIn.positions],
    ['stateIn.velocities', stateIn.velocities],
    ['stateIn.previousVelocities', stateIn.previousVelocities],
    ['stateOut.positions', stateOut.positions],
    ['stateOut.velocities', stateOut.velocities],
    ['stateOut.previousVelocities', stateOut.previousVelocities],
  ] as const) {
    if (array.length !== n) throw new Error(`step: ${name} has ${array.length} numbers, expected ${n} (#V×3)`);
  }
  // The checks both backends share (checkVbdControls), then the CPU's own.
  const { substeps, iterations, chebyshevRho: rho, chebyshevDelay: delay, targetsEnd, targetsStart } = checkVbdControls(model, controls, dt);
  const tolerance = controls.residualTolerance ?? 0;
  const correctionTolerance = controls.correctionTolerance ?? 0;
  const limit = correctionTolerance > 0 ? Math.max(iterations, controls.maxIterations ?? 4 * iterations) : iterations;
  if (!Number.isInteger(limit)) throw new Error(`step: maxIterations must be an integer, got ${controls.maxIterations}`);
  const checkEvery = Math.max(1, Math.ceil(iterations / 2));
  const residualMode: VbdResidualMode = controls.residuals ?? (tolerance > 0 ? 'everyIteration' : 'none');
  const trackEveryIteration = residualMode === 'everyIteration' || tolerance > 0;
  const initialization = controls.initialization ?? 'adaptive';
  const quasistatic = controls.quasistatic ?? false;
  const contact = controls.contact;
  const animatedRest = controls.animatedRest;
  const restShapeInverse = animatedRest
    ? (ws.animatedRestShapeInverse ??= new Float64Array(9 * model.tetCount))
    : (controls.tetRestShapeInverse ?? model.tetRestShapeInverse);
  if (restShapeInverse.length !== 9 * model.tetCount) {
    throw new Error(`step: the model's tetRestShapeInverse has ${restShapeInverse.length} numbers, expected ${9 * model.tetCount} (#T×9)`);
  }
  const beforeSubstep = controls.beforeSubstep;

  if (stateOut !== stateIn) {
    stateOut.positions.set(stateIn.positions);
    stateOut.velocities.set(stateIn.velocities);
    stateOut.previousVelocities.set(stateIn.previousVelocities);
  }
  const dampRelative = controls.dampRelativeToTargets ?? false;
  const equilibrium = controls.equilibriumAtTargets ?? false;
  const x = stateOut.positions;
  const velocities = stateOut.velocities;
  const previousVelocities = stateOut.previousVelocities;

  vertexTerms(model, controls, { accelerations: ws.accelerations, pinned: ws.pinned, stiffness: ws.attachmentStiffness, damping: ws.attachmentDamping });

  const h = dt / substeps;
  // Refuse settings no vertex solve can survive (every solve refused, the body frozen) before any solve.
  const scaleProblem = vertexHessianScaleProblem(model, ws.pinned, ws.attachmentStiffness, quasistatic ? 0 : 1 / (h * h));
  if (scaleProblem) throw new SolverSettingsError(`step: ${scaleProblem}`);
  // this call's scalars, handed to every vertex solve as an argument (the workspace holds buffers only)
  const callParameters = createVbdCallParameters(h, {
    quasistatic,
    equilibrium,
    lineSearch: controls.lineSearch ?? false,
    contact: contact ? contact.data : null,
  });
  ws.skippedSolves = 0;

  const diagnostics = emptyStepDiagnostics(model);
  diagnostics.substeps = substeps;
  const correction = _correction;

  for (let s = 0; s < substeps; s++) {
    const alpha = (s + 1) / substeps;
    const targets = ws.targets;
    for (let k = 0; k < n; k++) targets[k] = targetsStart[k] + alpha * (targetsEnd[k] - targetsStart[k]);
    beforeSubstep?.(targets, s / substeps, alpha, x);
    if (animatedRest)
      diagnostics.clampedRestTets += restShapeInverses(
        model.tetVertices,
        targets,
        model.tetRestShapeInverse,
        animatedRest.minStretch,
        animatedRest.maxStretch,
        restShapeInverse,
      );
    // 'lastSubstep' is 'final' on the call's last substep and 'none' before it.
    const substepResiduals: VbdResidualMode = residualMode === 'lastSubstep' ? (s === substeps - 1 ? 'final' : 'none') : residualMode;

    forwardStep(x, velocities, previousVelocities, ws, callParameters, initialization);
    const reference = ws.dampingReference;
    if (dampRelative) {
      // r = x^t + (a(t+h) − a(t)); a(t) is the previous substep's target, interpolated the same way.
      const before = s / substeps;
      for (let k = 0; k < n; k++) reference[k] = ws.positionsStart[k] + (targets[k] - (targetsStart[k] + before * (targetsEnd[k] - targetsStart[k])));
    } else {
      reference.set(ws.positionsStart);
    }
    if (initialization === 'targetOffset') {
      // Keep the offset from the animation: x = x^t + (a(t+h) − a(t)), the damping reference r (measured in
      // DESIGN NOTES against inertia and against carrying the offset's velocity too).
      for (let v = 0; v < model.vertexCount; v++) {
        if (ws.pinned[v] !== 0) continue;
        const o = 3 * v;
        x[o] = ws.positionsStart[o] + (targets[o] - (targetsStart[o] + (s / substeps) * (targetsEnd[o] - targetsStart[o])));
        x[o + 1] = ws.positionsStart[o + 1] + (targets[o + 1] - (targetsStart[o + 1] + (s / substeps) * (targetsEnd[o + 1] - targetsStart[o + 1])));
        x[o + 2] = ws.positionsStart[o + 2] + (targets[o + 2] - (targetsStart[o + 2] + (s / substeps) * (targetsEnd[o + 2] - targetsStart[o + 2])));
      }
    }
    if (equilibrium) elasticForces(model, ws, targets, ws.equilibriumForce, restShapeInverse);
    ws.inContact.fill(0);
    if (contact && beforeSubstep) {
      // The hook framed the contact for this substep alone (BakeContact.beginSteps with [s/N, (s+1)/N]): contact is
      // told the substep is its whole call, from a(t) to a(t+h), as if the caller had made one call per substep.
      const before = s / substeps;
      const start = ws.substepTargetsStart;
      for (let k = 0; k < n; k++) start[k] = targetsStart[k] + before * (targetsEnd[k] - targetsStart[k]);
      contact.beginSubstep(ws.positionsStart, x, h, 1, ws.pinned, start, targets);
      markInContact(contact.data, ws.inContact);
    } else if (contact) {
      contact.beginSubstep(ws.positionsStart, x, h, alpha, ws.pinned, targetsStart, targetsEnd);
      markInContact(contact.data, ws.inContact);
    }

    let initialNorm = 0;
    if (substepResiduals !== 'none' || tolerance > 0) {
      initialNorm = meanForceResidual(model, ws, callParameters, x, restShapeInverse);
      diagnostics.initialForceNorms.push(initialNorm);
    }
    if (rho > 0) {
      ws.chebyshevPrevious.set(x);
      ws.chebyshevPrevious2.set(x);
      ws.chebyshevSchedule[0] = 0;
      ws.chebyshevSchedule[1] = 1;
      ws.chebyshevSchedule[2] = Number.POSITIVE_INFINITY;
    }
    let residual = Number.NaN;
    // −1: not measured yet (a call of 0 iterations measures its own state, not the bound a previous call left)
    let measuredAt = -1;
    let iteration = 0;
    while (iteration < limit) {
      iteration++;
      for (let c = 0; c < model.colorCount; c++) solveColor(model, ws, callParameters, c, x, restShapeInverse);
      if (rho > 0) {
        // the first `delay` iterations only record history (Wang 2015's S); the schedule then starts at ω_1 = 1
        const active = iteration > delay;
        chebyshevAccelerate(x, ws.chebyshevPrevious, ws.chebyshevPrevious2, active ? rho : 0, ws.chebyshevSchedule, ws.pinned, ws.inContact);
        if (!active) ws.chebyshevSchedule[0] = 0;
      }
      if (contact) {
        contact.endIteration(x, ws.pinned);
        markInContact(contact.data, ws.inContact);
      }
      diagnostics.iterations++;
      // Adaptive iterations: past the minimum, check the remaining error every `checkEvery` iterations.
      const check = correctionTolerance > 0 && iteration >= iterations && (iteration - iterations) % checkEvery === 0;
      if (trackEveryIteration || check || (substepResiduals === 'final' && iteration === limit)) {
        residual = relative(meanForceResidual(model, ws, callParameters, x, restShapeInverse, correction), initialNorm);
        measuredAt = iteration;
        if (trackEveryIteration) diagnostics.residuals.push(residual);
        if (tolerance > 0 && residual < tolerance) break;
        if (check && correction[0] <= correctionTolerance) break;
      }
    }
    if (substepResiduals === 'final') {
      if (measuredAt !== iteration) residual = relative(meanForceResidual(model, ws, callParameters, x, restShapeInverse, correction), initialNorm);
      diagnostics.residuals.push(residual);
      diagnostics.corrections.push(correction[0]);
    }

    const maxDistances = controls.maxDistances;
    if (maxDistances) clampToTargets(x, ws.targets, maxDistances);
    const start = ws.positionsStart;
    if (quasistatic) {
      velocities.fill(0);
      previousVelocities.fill(0);
    } else {
      const inverse = 1 / h;
      for (let k = 0; k < n; k++) {
        previousVelocities[k] = velocities[k];
        velocities[k] = (x[k] - start[k]) * inverse;
      }
    }
  }
  diagnostics.skippedSolves = ws.skippedSolves;
  return diagnostics;
}

const _correction = new Float64Array(1);

/** x_v ← a_v + (x_v − a_v)·min(1, m_v/‖x_v − a_v‖) for every vertex with a finite limit m_v (VbdControls.maxDistances). */
function clampToTargets(x: FloatArray, targets: Float64Array, limits: ArrayLike<number>): void {
  for (let v = 0; v < limits.length; v++) {
    const limit = limits[v];
    if (!(limit < Infinity)) continue;
    const o = 3 * v;
    const dx = x[o] - targets[o],
      dy = x[o + 1] - targets[o + 1],
      dz = x[o + 2] - targets[o + 2];
    const length = Math.sqrt(dx * dx + dy * dy + dz * dz);
    if (length <= limit) continue;
    const scale = limit / length;
    x[o] = targets[o] + dx * scale;
    x[o + 1] = targets[o + 1] + dy * scale;
    x[o + 2] = targets[o + 2] + dz * scale;
  }
}

function relative(value: number, initial: number): number {
  return initial > 0 ? value / initial : value > 0 ? Number.POSITIVE_INFINITY : 0;
}

function cachedWorkspace(model: VbdModel): VbdWorkspace {
  let ws = workspaces.get(model);
  if (!ws) {
    ws = createVbdWorkspace(model);
    workspaces.set(model, ws);
  }
  return ws;
}

/** Vertices with a contact in their list are left out of the Chebyshev extrapolation for the substep (seed 000 §3.1.8). */
function markInContact(data: VbdContactData, inContact: Uint8Array): void {
  const offsets = data.vertexContactOffsets;
  for (let v = 0; v < inContact.length; v++) if (offsets[v + 1] > offsets[v]) inContact[v] = 1;
}
