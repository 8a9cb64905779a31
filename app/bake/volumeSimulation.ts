import type { Material } from '../document/index.ts';
import { lerpArrays } from '../math/index.ts';
import { latticeMaxDistances } from '../weights/index.ts';
import { detailTransfer, latticeEmbedding, latticeSplineWeights, tetTargetFitter, tetVertexWeightMap, tetVertexWeights } from '../embedding/index.ts';
import { triangleNormal, type WeldedTopology } from '../geometry/index.ts';
import { addStepDiagnostics, cpuVbdStepBackend, createVbdModel, createVbdState, VbdBackendError, type DetailTransferRunner, type VbdControls, type VbdState, type VbdStepDiagnostics } from '../solvers/vbd/index.ts';
import { attachmentStiffnesses } from './attachmentStiffnesses.ts';
import { latticeCore } from './latticeCore.ts';
import { initialMotion } from './initialMotion.ts';
import { CORRECTION_TOLERANCE, MAX_ITERATION_FACTOR, type MeshSimulation, type MeshSimulationTimings, type SubframeInput } from './meshSimulation.ts';
import type { SimulationControls } from './surfaceSimulation.ts';

/** Principal stretches an animated elastic reference may take (VbdControls.animatedRest, restShapeInverses). */
const MIN_REST_STRETCH = 0.5;
const MAX_REST_STRETCH = 2;
const ANIMATED_REST = { minStretch: MIN_REST_STRETCH, maxStretch: MAX_REST_STRETCH } as const;

/**
 * A clip that starts in motion (MeshSimulation.start with a StartMotion): the lattice settles into the lag of its first
 * frame's acceleration over this long before the first frame [s], the acceleration ramped in (smootherstep) over the
 * first START_RAMP_SECONDS, with START_EXTRA_DAMPING [1/s] of mass-proportional damping on top of the material's
 * (critical for a 1 Hz mode) so the settling does not ring into the bake.
 */
export const START_SETTLE_SECONDS = 0.5;
const START_RAMP_SECONDS = 0.3;
const START_EXTRA_DAMPING = 12;

const smootherstep = (t: number): number => t * t * t * (t * (6 * t - 15) + 10);

/**
 * Flesh, jelly, rubber: the surface embedded in a lattice of tetrahedra (seed 004 Algorithm 1 through
 * app/embedding), simulated with stable Neo-Hookean VBD (app/solvers/vbd) attached to the fitted lattice:
 *
 * 1. latticeEmbedding: a duplicated-cell lattice around the welded rest surface (world space, so its
 *    scale is the asset's real scale), every surface vertex with its tet and barycentrics (C′);
 * 2. per frame, tetTargetFitter: lattice targets ū(t) whose embedded surface matches the animated
 *    surface (Eq. 4.1), factored once, warm-started from the previous frame;
 * 3. tetVertexWeights: the painted surface weights carried into the lattice (a lattice vertex whose tets
 *    hold only weight-0 surface vertices gets exactly 0, i.e. is pinned to ū);
 * 4. one VBD step call per frame, `substeps` substeps from ū(t−dt) to ū(t), targets interpolated linearly; with
 *    `animatedRest` (the default) the step builds each substep's elastic reference from that substep's ū
 *    (VbdControls.animatedRest, restShapeInverses: stretches clamped to [0.5, 2]), so elasticity resists only the
 *    departure from the animated shape and never the animator's own deformation; contact refreshes its surface at
 *    the start of every substep (VbdControls.beforeSubstep → BakeContact.beginSteps);
 * 5. detailTransfer: q′ = Su + R(q̄ − Sū) (Eq. 4.10 with the C¹ spline S of latticeSplineWeights in place of
 *    the piecewise-linear C′, R from S's smooth deformation gradient), exact q̄ where the lattice follows ū.
 *
 * @param topology            the mesh's welded topology
 * @param restPositions       #V×3 welded rest positions, world space [m]
 * @param blendWeights        #V physics-blend weights in [0, 1]
 * @param material            Neo-Hookean material
 * @param latticeResolution   cells along the longest side of the bounding box
 * @param controls            substeps, iterations, gravity, κ, and the backend the VBD step runs on
 * @param skeleton            #B×6 bone segments in the rest pose's (world) space [m], empty for an unskinned mesh:
 *                            where the driver core is (latticeCore)
 * @param animatedRest        elastic reference = the fitted animation (true) or the rest pose (false)
 * @param bounds              the box the lattice spans (latticeEmbedding's bounds), default the surface's: a simulation
 *                            of part of a mesh keeps the whole mesh's cells (createPartialSimulation)
 * @returns the simulation
 */
export function createVolumeSimulation(
  topology: WeldedTopology,
  restPositions: Float32Array,
  blendWeights: Float32Array,
  material: Material,
  latticeResolution: number,
  controls: SimulationControls,
  skeleton: ArrayLike<number> = [],
  animatedRest = true,
  bounds?: { min: readonly number[]; max: readonly number[] },
): MeshSimulation {
  const embedding = latticeEmbedding(restPositions, topology.triangles, { resolution: latticeResolution, bounds });
  const fitter = tetTargetFitter(embedding, {
    surfaceTriangles: topology.triangles,
    // Without strain limits the least-squares fit inverts tets where the rig stretches the skin more than a
    // coarse lattice can follow (Fox Walk, res 12: ~94 inverted tets a frame); with them none invert, at 3-5x
    // the fitting time (tetTargetFitter DESIGN NOTES).
    stretchLimits: { min: MIN_REST_STRETCH, max: MAX_REST_STRETCH },
  });
  const weightMap = tetVertexWeightMap(embedding);
  // The surface reads the lattice through the C¹ quadratic B-spline, not C′: a bent lattice left a kink on every
  // tet face (the sample's second landing: a 23° fold along a lattice plane; latticeSplineWeights).
  const spline = latticeSplineWeights(embedding);
  const latticeWeights = new Float64Array(embedding.vertexCount);
  const modelOf = (next: Material) =>
    createVbdModel({
      restPositions: embedding.positions,
      tetrahedra: {
        vertices: embedding.tetrahedra,
        materials: { youngsModulus: next.youngsModulus, poissonRatio: next.poissonRatio, density: next.density, damping: next.damping },
      },
    });
  let model = modelOf(material);
  // The driver: weight-0 lattice vertices, and in every piece that has none the skeleton core (uniform weight 1
  // would otherwise hover or collapse). The core is also the reference of the attachment stiffness.
  const core = latticeCore(embedding, skeleton, restPositions, topology.triangles);
  const piecePinned = new Uint8Array(core.pieceCount);
  /** The surface weights carried into the lattice, with the pins and the driver core (at setup and on setBlendWeights). */
  const setLatticeWeights = (weights: ArrayLike<number>): { driverVertices: number; unpinnedPieces: number } => {
    tetVertexWeights(weightMap, weights, latticeWeights);
    // A weight-0 surface vertex follows the animation exactly: every lattice vertex of its tet is pinned, so the
    // lattice itself does not move it. With the averaged weights alone, the lattice moved the weight-0 rim of a soft
    // region by up to 2.6 cm on the sample's landing, which the surface guard then snapped back: a crease along every rim.
    // The rim's remaining kink (sample landing, frames 50–58: max 0.287, rms 0.040 on edges with a vertex below 0.05)
    // is the spline reading free lattice vertices next to these pins (3 mm at the rim, snapped back by the guard within
    // one mesh ring) plus the linear rise weight × lag of the painted weights. Measured, not kept (branch gradedpin,
    // 89825f0): blend weights scaled by smoothstep((d − 0.75)/1.25), d the lattice distance in cells from the nearest
    // weight-0 vertex, gave 0.145/0.021 (Fox Walk rim 0.095 → 0.059, away kinks a little lower) but 17% less motion
    // on the soft region and worse compact normal shapes (bakedDocument lighting: 0.64 → 0.735 of the uncorrected
    // angle, limit 0.7); start 0.5: 0.190/0.027 and 0.704. Pinning every lattice vertex the rim's spline reads: 0.023,
    // half the motion. Ramping only what the surface reads (not the simulation) raised the away kinks (0.18 → 0.24).
    // Second round (branch gradedpin2, nothing kept; rim/away kink max/rms, soft motion = rms offset from the input
    // where the painted w ≥ 0.05 over frames 0–58, edge sets from the painted weights; baseline 0.287/0.040,
    // 0.180/0.024, 9.59 mm). C¹ default weights (animatorWeights, after the smoothing) do not reach the rim: the
    // sample's mesh resolves it in one ring (edge 3.4 cm, first-ring weights 0.05–0.11), so a ramp narrow enough to
    // keep the motion changes nothing and a wider one pushes the first ring under the surface guard's 0.05, whose
    // w/0.05 is itself a C⁰ ramp. w·smoothstep(w/w₀): w₀ 0.1 unchanged, 0.2 0.255/0.042, 0.3 0.363/0.051, 0.5
    // 0.423/0.048 (−15% motion); with the guard moved to the same weights (0.3: 0.273/0.038; 0.5: 0.223/0.030 at
    // −15%). w·smoothstep(d/D), d the surface distance to weight 0, D in diagonals: 0.05 0.229/0.041 (−1%), 0.1
    // 0.433/0.056; guard at 0.005: 0.1 0.239/0.033 (−7%), 0.15 0.168/0.023, away 0.149 (−20%). With the graded pin
    // (0.145/0.021, −17%): w₀ 0.15 0.144, 0.2 0.136, 0.3 0.210, D 0.05 0.141, motion −18 to −20%; a narrower pin
    // (start/end 0.25/1.5 cells 0.268, 0.5/1.25 0.278) does little: the spline reads 1.5 cells. A surface guard
    // smoothstep(d/D) on top of w/0.05: D 0.03 0.224/0.039, 0.05 0.369/0.048, 0.1 0.170/0.021 but away 0.270.
    // The lighting test (bakedDocument, counted vertices: authored normal = surface's, turned > 0.05 rad): hard
    // pins 756 counted, input-vs-baked 0.0808, output-vs-baked 0.0518 (0.642); graded pin 506, 0.0803, 0.0588
    // (0.732). On the 506 counted in both: 0.0912/0.0662 (0.726) without the pin, 0.0803/0.0588 (0.732) with it:
    // the compact normals got 11% better in absolute terms, as much as the turn shrank. The ratio rose because the
    // gentler motion dropped 250 vertices under the 0.05-rad cut, which were well corrected (0.0597/0.0227, 0.38;
    // frame 30: 109 → 34 counted), a selection effect of the test, not worse normals.
    for (let s = 0; s < embedding.surfaceVertexCount; s++) {
      if (weights[s] !== 0) continue;
      const t = embedding.surfaceTet[s];
      for (let i = 0; i < 4; i++) if (embedding.surfaceBarycentric[4 * s + i] > 0) latticeWeights[embedding.tetrahedra[4 * t + i]] = 0;
    }
    piecePinned.fill(0);
    for (let v = 0; v < embedding.vertexCount; v++) if (core.piece[v] >= 0 && latticeWeights[v] === 0) piecePinned[core.piece[v]] = 1;
    let driven = 0;
    let unpinned = 0;
    for (let p = 0; p < core.pieceCount; p++) if (!piecePinned[p]) unpinned++;
    for (let v = 0; v < embedding.vertexCount; v++) {
      if (!controls.freeBody && core.piece[v] >= 0 && !piecePinned[core.piece[v]] && core.core[v]) {
        latticeWeights[v] = 0;
        driven++;
      }
    }
    return { driverVertices: driven, unpinnedPieces: unpinned };
  };
  const { driverVertices, unpinnedPieces } = setLatticeWeights(blendWeights);
  const fixed = new Uint8Array(embedding.vertexCount);
  for (let v = 0; v < embedding.vertexCount; v++) fixed[v] = latticeWeights[v] === 0 || core.core[v] ? 1 : 0;
  // The floor of κ: the first shear mode (π/2)·√(μ/ρ)/T of a slab as thick as the body, T = 6V/A (a sphere's
  // diameter, 1.5 diameters of a long cylinder), V and A the surface's enclosed volume and area.
  const thickness = bodyThickness(restPositions, topology.triangles);
  const minimumKappaOf = (next: Material) => {
    const shearSpeedSquared = next.youngsModulus / (2 * (1 + next.poissonRatio) * next.density);
    return thickness > 0 ? (Math.PI * Math.PI * shearSpeedSquared) / (4 * thickness * thickness) : 0;
  };
  let attachment = controls.attachmentStiffness ?? attachmentStiffnesses(model, fixed, minimumKappaOf(material));
  const targets = Float64Array.from(embedding.positions);
  const previousTargets = Float64Array.from(embedding.positions);
  // a substep's targets, when a device steps one substep a call (contact)
  const substepStart = new Float64Array(targets.length);
  const substepEnd = new Float64Array(targets.length);
  const backend = controls.backend ?? cpuVbdStepBackend();
  let stepper = backend.createStepper(model);
  /** whether the stepper was made for contact (made again for it at the first frame with contact) */
  let stepperContact = false;
  let clampedRestTets = 0;
  // The contact surface follows the lattice substep by substep (its detail offsets from the substep's ū and the state).
  // controls.contact is read per frame: the bake sets it after the embedding exists.
  const contactSurface: NonNullable<VbdControls['beforeSubstep']> = (latticeTargets, from, to, positions) => controls.contact?.beginSteps(latticeTargets, from, to, positions);
  let latticeLimits: Float64Array | undefined;
  // The detail transfer on the backend's device when it has one (WebGPU: kernels/embedding, f32) and the frame has no
  // contact (whose checks and corrections read the CPU's surface); the CPU's detailTransfer otherwise, and from the
  // first failure on (a lost device: the stepper falls back to the CPU and reports it).
  let deviceTransfer: DetailTransferRunner | undefined;
  let deviceTransferFailed = !backend.createDetailTransfer;
  /** Transfers on the device; false when the CPU must. */
  const transferOnDevice = async (input: ArrayLike<number>, out: Float32Array | Float64Array, timings: MeshSimulationTimings): Promise<boolean> => {
    if (deviceTransferFailed || controls.contact) return false;
    const clock = performance.now();
    if (!deviceTransfer) {
      try {
        deviceTransfer = await backend.createDetailTransfer!(embedding, spline);
      } catch {
        // The device transfer is a speed-up: a device that cannot make it (a limit, memory) leaves the CPU's, which
        // computes the same surface in f64.
        deviceTransferFailed = true;
        return false;
      }
    }
    try {
      await deviceTransfer.run(targets, state.positions, input, out, quaternions);
    } catch (error) {
      if (!(error instanceof VbdBackendError)) throw error;
      deviceTransferFailed = true;
      deviceTransfer?.destroy();
      deviceTransfer = undefined;
      return false;
    }
    timings.transfer += (performance.now() - clock) / 1000;
    return true;
  };
  /** The VBD controls of a frame from targetsStart to targetsEnd (contact: the mesh's, when it has one). */
  const frameControls = (targetsStart: Float64Array, targetsEnd: Float64Array, contact?: SimulationControls['contact']): VbdControls => ({
    gravity: controls.gravity,
    substeps: controls.substeps,
    iterations: controls.iterations,
    correctionTolerance: CORRECTION_TOLERANCE * embedding.cellSize,
    maxIterations: MAX_ITERATION_FACTOR * controls.iterations,
    targetsStart,
    targets: targetsEnd,
    blendWeights: latticeWeights,
    attachmentStiffness: attachment,
    attachmentDamping: material.damping,
    targetDamping: material.massDamping ?? 0,
    dampRelativeToTargets: true,
    initialization: 'targetOffset',
    equilibriumAtTargets: true,
    maxDistances: latticeLimits,
    // A residual costs about one sweep: measured once per frame, after its last substep.
    residuals: 'lastSubstep',
    animatedRest: animatedRest ? ANIMATED_REST : undefined,
    contact: contact?.vbd,
  });

  // Sub-frame targets: ū(t + (s/N)·dt) = lerp(ū(t), ū(t + dt), s/N) + A⁻¹C′ᵀΛ(q̄(t + (s/N)·dt) − lerp(q̄(t), q̄(t + dt), s/N))
  // (the fitter's linear response to the input's departure from the frames' interpolation; the first and last are
  // the fits themselves). Each substep's array is its own: a device reads them until the frame's readState.
  let substepArrays: Float64Array[] = [];
  const subframeInput = new Float32Array(3 * embedding.surfaceVertexCount);
  const subframeDelta = new Float64Array(3 * embedding.surfaceVertexCount);
  const subframeResponse = new Float64Array(targets.length);
  const substepTargets = (within: SubframeInput, input: Float32Array, substeps: number): Float64Array[] => {
    if (substepArrays.length !== substeps + 1) substepArrays = Array.from({ length: substeps + 1 }, () => new Float64Array(targets.length));
    substepArrays[0].set(previousTargets);
    substepArrays[substeps].set(targets);
    for (let s = 1; s < substeps; s++) {
      const alpha = s / substeps;
      within.at(alpha, subframeInput);
      for (let k = 0; k < subframeDelta.length; k++) subframeDelta[k] = subframeInput[k] - (within.previous[k] + alpha * (input[k] - within.previous[k]));
      fitter.linearResponse(subframeDelta, subframeResponse);
      const out = substepArrays[s];
      for (let k = 0; k < out.length; k++) out[k] = previousTargets[k] + alpha * (targets[k] - previousTargets[k]) + subframeResponse[k];
    }
    return substepArrays;
  };

  const quaternions = new Float64Array(4 * embedding.surfaceVertexCount);
  for (let s = 0; s < embedding.surfaceVertexCount; s++) quaternions[4 * s + 3] = 1;
  let state: VbdState = createVbdState(model);
  const { stats: embeddingStats } = embedding;
  const stats = {
    kind: 'volume' as const,
    vertexCount: model.vertexCount,
    tetCount: model.tetCount,
    triangleCount: 0,
    colorCount: model.colorCount,
    clampedRestTets: 0,
    driverVertices,
    pieces: core.pieceCount,
    unpinnedPieces,
    embedding: {
      resolution: embeddingStats.resolution,
      cellSize: embedding.cellSize,
      cells: embeddingStats.cells,
      duplicatedCells: embeddingStats.duplicatedCells,
      seconds: embeddingStats.seconds,
      factorSeconds: fitter.factorSeconds,
    },
  };

  return {
    stats,
    get model() {
      return model;
    },
    embedding,
    async start(input, previousInput, dt, timings, motion, spacing = dt) {
      let begin = performance.now();
      fitter.fit(previousInput, previousTargets, embedding.positions);
      fitter.fit(input, targets, previousTargets);
      const velocities = new Float64Array(targets.length);
      if (!motion) {
        for (let k = 0; k < targets.length; k++) velocities[k] = (targets[k] - previousTargets[k]) / dt;
        state = createVbdState(model, { positions: targets, velocities });
        stepper.setState(state);
        timings.fitting += (performance.now() - begin) / 1000;
        return;
      }
      // The lattice's motion at the first frame from the next two (the fitter's warm start is put back, so the frames
      // after are fitted as they would be without this look ahead).
      const warm = fitter.warmState();
      const before = motion.previous ? new Float64Array(targets.length) : null;
      const next = new Float64Array(targets.length);
      const afterNext = new Float64Array(targets.length);
      const later = new Float64Array(targets.length);
      if (before && motion.previous) fitter.fit(motion.previous, before, targets);
      fitter.fit(motion.next, next, targets);
      fitter.fit(motion.afterNext, afterNext, next);
      fitter.fit(motion.later, later, afterNext);
      fitter.setWarmState(warm);
      const accelerations = new Float64Array(targets.length);
      const jerks = new Float64Array(targets.length);
      initialMotion(before, targets, next, afterNext, later, spacing, velocities, accelerations, jerks);
      timings.fitting += (performance.now() - begin) / 1000;
      begin = performance.now();
      state = createVbdState(model, { positions: targets });
      stepper.setState(state);
      if (!controls.contact) {
        // Settle into the lag the first frame's acceleration asks for, in the animation's frame (equivalence principle:
        // the targets held at the first pose, the acceleration a₀ of each lattice vertex applied as −a₀), ramped in and
        // damped harder than the material so the pre-roll itself does not ring.
        // The acceleration follows its extrapolation a₀ + j₀τ back in time (τ ≤ 0 before the first frame), so the lag
        // arrives moving as it will; the extra damping acts while it ramps in only.
        const extra = new Float64Array(targets.length);
        const calls = Math.ceil(START_SETTLE_SECONDS / dt);
        for (let c = 0; c < calls; c++) {
          const elapsed = (c + 1) * dt;
          const ramp = smootherstep(Math.min(1, elapsed / START_RAMP_SECONDS));
          const tau = elapsed - calls * dt;
          for (let k = 0; k < extra.length; k++) extra[k] = -ramp * (accelerations[k] + tau * jerks[k]);
          const damping = (material.massDamping ?? 0) + (elapsed <= START_RAMP_SECONDS ? START_EXTRA_DAMPING : 0);
          stepper.step({ ...frameControls(targets, targets), targetDamping: damping, externalAccelerations: extra, residuals: 'none', correctionTolerance: 0 }, dt);
        }
        await stepper.readState(state);
      }
      for (let k = 0; k < velocities.length; k++) {
        state.velocities[k] += velocities[k];
        state.previousVelocities[k] = state.velocities[k];
      }
      stepper.setState(state);
      timings.simulation += (performance.now() - begin) / 1000;
    },
    async advance(input, dt, out, timings: MeshSimulationTimings, within) {
      let clock = performance.now();
      previousTargets.set(targets);
      fitter.fit(input, targets, previousTargets);
      const substeps = controls.substeps;
      // The substeps' own targets from the input at their times (not with contact, which frames its substeps itself).
      const subframe = within && substeps > 1 && !controls.contact ? substepTargets(within, input, substeps) : null;
      timings.fitting += (performance.now() - clock) / 1000;
      clock = performance.now();
      const contact = controls.contact;
      if (contact && !stepperContact) {
        stepper.destroy();
        stepper = backend.createStepper(model, { contact: true });
        stepper.setState(state);
        stepperContact = true;
      }
      const frame = frameControls(previousTargets, targets, contact);
      let diagnostics: VbdStepDiagnostics;
      if (contact && backend.kind !== 'cpu') {
        // A device's step has no host hook between its substeps: the contact surface of each substep (its detail
        // offsets from the state, the colliders and the input at its ends) is set between calls of one substep each,
        // from the state read after the last (the CPU's beforeSubstep, with one readback a substep).
        const substeps = controls.substeps;
        diagnostics = { substeps: 0, iterations: 0, colorCount: model.colorCount, skippedSolves: 0, clampedRestTets: 0, residuals: [], initialForceNorms: [], corrections: [] };
        for (let s = 0; s < substeps; s++) {
          lerpArrays(previousTargets, targets, s / substeps, substepStart);
          lerpArrays(previousTargets, targets, (s + 1) / substeps, substepEnd);
          contact.beginSteps(substepEnd, s / substeps, (s + 1) / substeps, state.positions);
          stepper.step({ ...frame, substeps: 1, targetsStart: substepStart, targets: substepEnd, residuals: s === substeps - 1 ? 'lastSubstep' : 'none' }, dt / substeps);
          addStepDiagnostics(diagnostics, await stepper.readState(state));
        }
      } else if (subframe) {
        for (let s = 0; s < substeps; s++) stepper.step({ ...frame, substeps: 1, targetsStart: subframe[s], targets: subframe[s + 1], residuals: s === substeps - 1 ? 'lastSubstep' : 'none' }, dt / substeps);
        diagnostics = await stepper.readState(state);
      } else {
        stepper.step({ ...frame, beforeSubstep: contact ? contactSurface : undefined }, dt);
        diagnostics = await stepper.readState(state);
      }
      clampedRestTets += diagnostics.clampedRestTets;
      // The remaining error as a fraction of the lattice cell (the bake's convergence measure).
      diagnostics.corrections = diagnostics.corrections.map((c) => c / embedding.cellSize);
      stats.clampedRestTets = clampedRestTets;
      timings.simulation += (performance.now() - clock) / 1000;
      if (!(await transferOnDevice(input, out, timings))) this.surface(input, out, timings);
      return diagnostics;
    },
    snapshot() {
      const warm = fitter.warmState();
      return {
        positions: Float64Array.from(state.positions),
        velocities: Float64Array.from(state.velocities),
        previousVelocities: Float64Array.from(state.previousVelocities),
        targets: Float64Array.from(targets),
        previousTargets: Float64Array.from(previousTargets),
        quaternions: Float64Array.from(quaternions),
        fitterRotations: warm.rotations,
        fitterColdStart: warm.coldStart,
        clampedRestTets,
      };
    },
    positions() {
      return state.positions;
    },
    restore(snapshot) {
      if (!snapshot.targets || !snapshot.previousTargets || !snapshot.quaternions || !snapshot.fitterRotations) throw new Error('restore: not a volume simulation snapshot');
      state = createVbdState(model, { positions: snapshot.positions, velocities: snapshot.velocities });
      state.previousVelocities.set(snapshot.previousVelocities);
      stepper.setState(state);
      targets.set(snapshot.targets);
      previousTargets.set(snapshot.previousTargets);
      quaternions.set(snapshot.quaternions);
      fitter.setWarmState({ rotations: snapshot.fitterRotations, coldStart: snapshot.fitterColdStart ?? false });
      clampedRestTets = snapshot.clampedRestTets ?? 0;
      stats.clampedRestTets = clampedRestTets;
    },
    setMaxDistances(limits) {
      latticeLimits = limits ? (latticeMaxDistances(embedding, limits, new Float64Array(embedding.vertexCount)) as Float64Array) : undefined;
    },
    setBlendWeights(weights) {
      // The blend and the pins follow the new weights; κ stays the body's compliance at the setup's driver (no new
      // factorization), the embedding and the fitter are untouched.
      setLatticeWeights(weights);
    },
    setMaterial(next) {
      const previous = material;
      model = modelOf(next);
      material = next;
      stepper.destroy();
      stepper = backend.createStepper(model, { contact: stepperContact });
      stepper.setState(state);
      if (controls.attachmentStiffness !== undefined) return false;
      if (next.poissonRatio === previous.poissonRatio && typeof attachment !== 'number') {
        // K ∝ E and M ∝ ρ at a fixed ν: the compliance δ = K⁻¹M·a scales by (ρ'/ρ)(E/E'), κ = 1/δ (and its floor) by the inverse.
        const scale = (next.youngsModulus / previous.youngsModulus) * (previous.density / next.density);
        for (let v = 0; v < attachment.length; v++) attachment[v] *= scale;
        return false;
      }
      attachment = attachmentStiffnesses(model, fixed, minimumKappaOf(next));
      return true;
    },
    surface(input, out, timings) {
      const clock = performance.now();
      detailTransfer(embedding, targets, state.positions, input, out, quaternions, spline);
      timings.transfer += (performance.now() - clock) / 1000;
    },
    dispose() {
      stepper.destroy();
      deviceTransfer?.destroy();
    },
  };
}

/**
 * 6V/A of a closed surface [m]: V its enclosed volume (divergence theorem, |Σ a·(b × c)|/6) and A its area; the
 * diameter of a sphere, 1.5 diameters of a long cylinder. 0 for a surface that encloses nothing.
 */
function bodyThickness(positions: ArrayLike<number>, triangles: ArrayLike<number>): number {
  let volume = 0;
  let area = 0;
  const n = _normal;
  for (let t = 0; t < triangles.length; t += 3) {
    triangleNormal(positions, triangles[t], triangles[t + 1], triangles[t + 2], n);
    const a = 3 * triangles[t];
    area += 0.5 * Math.hypot(n[0], n[1], n[2]);
    volume += (positions[a] * n[0] + positions[a + 1] * n[1] + positions[a + 2] * n[2]) / 6;
  }
  return area > 0 ? (6 * Math.abs(volume)) / area : 0;
}

const _normal = new Float64Array(3);
