import { createAnimationEvaluator, type AnimationEvaluator } from '../animation/index.ts';
import { bakeContact, bakeRepair, type BakeContact, type BakeContactStats, type BakeRepair, type BakeRepairStats } from '../contact/index.ts';
import type { ImportedScene } from '../io/index.ts';
import { boundingBoxDiagonal } from '../geometry/index.ts';
import { cpuVbdStepBackend, withCpuFallback, type VbdAdapterDescription } from '../solvers/vbd/index.ts';
import { meshBlendWeights, WeightsError, type WeightsRegion, type WeightsSource } from '../weights/index.ts';
import { BAKE_STAGES, BakeError, type BakeOptions, type BakeProgress, type BakeStage, type ResolvedBakeSettings, type ResolvedMesh } from './bakeSettings.ts';
import { CORRECTION_TOLERANCE, type MeshSimulation, type MeshSimulationStats, type MeshSimulationTimings } from './meshSimulation.ts';
import { createSurfaceSimulation, type SimulationControls } from './surfaceSimulation.ts';
import { bakedMeshQuality } from './bakedMeshQuality.ts';
import { createVolumeSimulation } from './volumeSimulation.ts';
import { SimulationError } from '../solvers/vbd/index.ts';
import { bakeWarning, type BakeWarning } from './bakeWarning.ts';
import { frameProblem } from './frameProblem.ts';
import { meshAuthoring, type MeshAuthoring } from './meshAuthoring.ts';
import { bakeFingerprint, type BakeCheckpoint } from './bakeCheckpoint.ts';

/** The baked motion of one simulated mesh. */
export interface BakedMesh {
  /** index into ImportedScene.meshes */
  meshIndex: number;
  name: string;
  /** #F×#R×3 world-space render-vertex positions of the baked frames [m] */
  positions: Float32Array;
  /** #V physics-blend weights per welded vertex, and where they came from */
  weights: Float32Array;
  weightsSource: WeightsSource;
  /** the weights per region (per joint, separate shells): min, mean, max, vertex count, and the default's role */
  weightsRegions: WeightsRegion[];
  stats: BakedMeshStats;
}

/** What the report says about one mesh. */
export interface BakedMeshStats extends MeshSimulationStats {
  /** solver iterations, summed over all frames and substeps */
  iterations: number;
  /** relative force residual (seed 000 Eq. 5.28) at the end of each substep: mean and worst over the bake */
  residualMean: number;
  residualMax: number;
  /**
   * the solve's remaining error as a distance: mean over vertices of the local Newton step still to take,
   * ‖H_v⁻¹ f_v‖, at the end of each frame's last substep, relative to the lattice cell (the mesh's mean edge for
   * cloth); mean and worst over the bake. Unlike the force ratio it does not improve or worsen with the initial guess
   */
  correctionMean: number;
  correctionMax: number;
  /** vertex solves skipped for a singular Hessian, summed */
  skippedSolves: number;
  /** frames whose solve ended above twice the stated accuracy even after the extra iterations */
  unconvergedFrames: number;
  /** largest distance of a weight-0 vertex from the input over the written frames [m] (0: they follow exactly) */
  weightZeroDeviation: number;
  /** the same before the surface guard snaps weight-0 vertices onto the input [m] (how much the lattice moved them) */
  weightZeroDriftBeforeGuard: number;
  /** largest distance of any vertex from the input over the written frames (after the loop closure) [m] */
  maxDisplacement: number;
  /** triangles turned inside out against the input in the worst frame, and the frames with any (bakedMeshQuality) */
  flippedTriangles: number;
  flippedFrames: number;
  /** loops: largest offset mismatch between the last and the first frame that the closure spread [m] */
  loopSeam: number;
  /** bounding-box diagonal of the rest surface [m], the scale the deviations compare with */
  diagonal: number;
  /** contact (self-contact or colliders): contacts, truncations, corrected frames, intersections in and out per frame */
  contact?: BakeContactStats;
  /** --repair: per input frame the intersections found, removed and remaining */
  repair?: BakeRepairStats;
}

/** Where the bake's VBD steps ran. */
export interface BakeBackend {
  /** what ran: 'cpu' or 'webgpu' (a WebGPU bake that fell back says so in `fallback`) */
  name: 'cpu' | 'webgpu';
  /** the backend's line: 'WebGPU: <adapter>' or 'CPU: <why the CPU>' */
  description: string;
  /** the WebGPU adapter's vendor, architecture, device and description */
  adapter?: VbdAdapterDescription;
  /** what was asked for */
  requested: 'cpu' | 'webgpu' | 'auto';
  /** set when the GPU failed during the bake and the CPU took over: what happened */
  fallback?: string;
}

/** The result of bakeAnimation. */
export interface BakeResult {
  settings: ResolvedBakeSettings;
  backend: BakeBackend;
  /** #F input time of each baked frame [s] (frame f at f/fps, wrapped for loops, clamped to the clip) */
  inputTimes: Float64Array;
  meshes: BakedMesh[];
  /** seconds per stage */
  timings: Record<BakeStage, number>;
  /** frames simulated, pre-roll included */
  simulatedFrames: number;
  warnings: BakeWarning[];
}


/** A part of the surface moving farther than this fraction of its own size is reported (large-motion). */
export const LARGE_MOTION_FRACTION = 0.25;
/** Frames further past a (non-looping) clip's end than this many seconds are reported (past-clip-end). */
export const PAST_END_SECONDS = 2;

/** Weights below this are ramped toward exact input on the output surface: w = 0 follows the animation exactly. */
const GUARD_WEIGHT = 0.05;

/** How far past the animation a vertex may move, in mesh sizes (bounding-box diagonals), before a frame counts as diverged. */
const DIVERGENCE_SIZES = 10;

/** Memory a bake may hold for its baked positions (frames × render vertices × 12 bytes). */
const MAX_BAKED_BYTES = 2 * 2 ** 30;

/**
 * The bake pipeline: for every simulated mesh, resolve weights, build the simulation mesh (lattice
 * embedding for volumes, the surface itself for cloth), then step through the frames: evaluate the
 * input, fit, simulate with VBD blended to the animation, transfer the detail back, and collect the
 * baked surface of each frame. Stateless and deterministic (same scene and settings, same numbers);
 * cancellable through options.signal between frames; progress through options.onProgress.
 *
 * Time line: baked frame f (firstFrame ≤ f ≤ lastFrame) samples the input at f/fps. `preroll` frames
 * before the first are simulated and thrown away; they sample the clip before the first frame
 * (clamped to its start, or wrapped around it for loops). The state starts on the animated surface,
 * moving with the animation, so a clip that starts in motion does not jolt.
 *
 * Loops: input times wrap around the clip, the default pre-roll is one full cycle (the state at the
 * first frame is then the periodic state), and the residual mismatch at the seam, e = (out − in) at
 * the last frame minus at the first, is spread linearly over the frames so the baked loop closes.
 *
 * Gravity: off by default. The artist's model is the shape flesh takes under gravity; simulating
 * gravity on it would sag it a second time. Without gravity the simulation still responds to every
 * acceleration of the body (including a fall: in the body's frame that is the same as losing gravity's
 * support), which is exactly the secondary motion; by the equivalence principle this equals
 * simulating gravity from a pre-compensated rest shape, for the linear response.
 *
 * Weight 0 means "follow the animation exactly": on the output surface, vertices with weight below
 * 0.05 are blended toward the input by w/0.05 (the surface guard), so a weight-0 vertex is the input
 * bit for bit even when its lattice cell also holds soft vertices; the report keeps how far the
 * lattice had moved them.
 *
 * @param scene     the imported scene (not modified)
 * @param settings  resolved settings (resolveBakeSettings)
 * @param options   signal, onProgress, and the weight sources (project, file, uniform)
 * @returns the baked frames and the report data
 * @throws the signal's reason (an AbortError) when cancelled
 */
export async function bakeAnimation(scene: ImportedScene, settings: ResolvedBakeSettings, options: BakeOptions = {}): Promise<BakeResult> {
  const timings = Object.fromEntries(BAKE_STAGES.map((s) => [s, 0])) as Record<BakeStage, number>;
  const warnings: BakeWarning[] = [];
  const { signal, onProgress } = options;
  signal?.throwIfAborted();
  const evaluator = createAnimationEvaluator(scene);
  const clip = scene.clips[settings.clipIndex];
  const dt = 1 / settings.fps;
  const frameCount = settings.lastFrame - settings.firstFrame + 1;
  const totalFrames = settings.preroll + frameCount;
  const inputTime = (frame: number): number => {
    const t = frame / settings.fps;
    if (settings.loop && clip.duration > 0) return ((t % clip.duration) + clip.duration) % clip.duration;
    return Math.min(Math.max(t, 0), clip.duration);
  };
  const inputTimes = Float64Array.from({ length: frameCount }, (_, f) => inputTime(settings.firstFrame + f));
  // The simulation runs in file units: an asset of s meters per unit behaves like its physical size when
  // its density is ρ·s² and gravity g/s (substitute x = s·x_u in M ẍ = −∇Π + M g; E, ν, β and κ are unchanged).
  const s = settings.metersPerUnit;
  // Where the VBD step runs; a GPU that fails mid-bake hands over to the CPU from the last completed frame.
  // Contact needs the CPU step (resolveBakeSettings refused a forced WebGPU bake with contact; `auto` lands here).
  const handedGpu = options.stepBackend !== undefined && options.stepBackend.kind !== 'cpu';
  const stepBackend = settings.bake.backend === 'cpu' && handedGpu ? cpuVbdStepBackend('contact runs on the CPU step only') : (options.stepBackend ?? cpuVbdStepBackend());
  const backendReport: BakeBackend = { name: stepBackend.kind, description: stepBackend.description, requested: options.backend ?? stepBackend.kind };
  if (stepBackend.adapter) backendReport.adapter = { ...stepBackend.adapter };
  const backend = withCpuFallback(stepBackend, (message) => {
    backendReport.fallback ??= message;
    warnings.push(bakeWarning('gpu-fallback', message));
  });
  const controlsOf = (mesh: ResolvedMesh): SimulationControls => ({
    substeps: mesh.substeps,
    iterations: mesh.iterations,
    gravity: [mesh.gravity[0] / s, mesh.gravity[1] / s, mesh.gravity[2] / s],
    attachmentStiffness: mesh.attachmentStiffness,
    backend,
    freeBody: settings.freeBody,
  });
  const physical = (mesh: ResolvedMesh) => ({ ...mesh.material, density: mesh.material.density * s * s });

  // Set-up: weights and simulation meshes.
  const simulated = settings.meshes.filter((m) => m.role === 'simulated');
  const bytes = simulated.reduce((sum, m) => sum + frameCount * 12 * scene.meshes[m.meshIndex].renderVertexCount, 0);
  if (bytes > MAX_BAKED_BYTES) {
    throw new BakeError(`${frameCount} frames of these meshes need ${(bytes / 2 ** 30).toFixed(1)} GiB of baked positions (at most ${MAX_BAKED_BYTES / 2 ** 30} GiB): bake a shorter frame range`);
  }
  // Colliders: every mesh with role collider, moving with its own animation, exported unchanged (app/contact).
  const colliders = settings.meshes
    .filter((m) => m.role === 'collider')
    .map((m) => ({ meshIndex: m.meshIndex, name: m.name, triangles: scene.meshes[m.meshIndex].topology.triangles, vertexCount: scene.meshes[m.meshIndex].topology.vertexCount }));
  const colliderStart = colliders.map((c) => new Float32Array(3 * c.vertexCount));
  const colliderEnd = colliders.map((c) => new Float32Array(3 * c.vertexCount));
  const selfContact = settings.bake.selfContact;
  interface Job {
    resolved: ResolvedMesh;
    simulation: MeshSimulation;
    weights: Float32Array;
    weightsSource: WeightsSource;
    weightsRegions: WeightsRegion[];
    guard: Float32Array;
    input: Float32Array;
    previousInput: Float32Array;
    nextInput: Float32Array;
    output: Float32Array;
    raw: Float32Array;
    renderInput: Float32Array;
    positions: Float32Array;
    stats: BakedMeshStats;
    residualSum: number;
    residualCount: number;
    contact: BakeContact | null;
    /** box of every input pose so far, for the divergence check */
    inputMin: Float64Array;
    inputMax: Float64Array;
    correctionSum: number;
    correctionCount: number;
    rest: Float32Array;
    repair: BakeRepair | null;
    /** the file's own input of the current frame, where repair or a pose correction changed job.input */
    rawInput: Float32Array;
    /** weight layers, limits and pose corrections from the project (null: none for this mesh) */
    authoring: MeshAuthoring | null;
    /** the weights of the current frame (job.weights unless layers change them) */
    frameWeights: Float32Array;
  }
  const jobs: Job[] = [];
  for (const resolved of simulated) {
    signal?.throwIfAborted();
    const mesh = scene.meshes[resolved.meshIndex];
    let clock = performance.now();
    let resolvedWeights: ReturnType<typeof meshBlendWeights>;
    try {
      resolvedWeights = meshBlendWeights(mesh, scene.hierarchy, { project: options.project?.weights, file: options.weightsFile, uniform: options.uniformWeight });
    } catch (error) {
      if (!(error instanceof WeightsError)) throw error;
      throw new BakeError(error.message, error.source === 'file' ? 'weightsFile' : error.source === 'project' ? 'project' : 'gltf');
    }
    const { values: weights, source: weightsSource, regions: weightsRegions } = resolvedWeights;
    timings.weights += (performance.now() - clock) / 1000;
    clock = performance.now();
    const vertexCount = mesh.topology.vertexCount;
    const rest = new Float32Array(3 * vertexCount);
    evaluator.evaluateSimulationPositions(resolved.meshIndex, null, 0, rest);
    let simulation: MeshSimulation;
    const controls = controlsOf(resolved);
    try {
      simulation =
        resolved.material.model === 'stvk'
          ? createSurfaceSimulation(mesh.topology, rest, weights, physical(resolved), controls)
          : createVolumeSimulation(mesh.topology, rest, weights, physical(resolved), resolved.latticeResolution, controls, restSkeleton(scene, evaluator, resolved.meshIndex));
    } catch (error) {
      throw new BakeError(`mesh "${mesh.name}" cannot be simulated: ${error instanceof Error ? error.message : String(error)}`);
    }
    timings.embedding += (performance.now() - clock) / 1000;
    const others = colliders.filter((c) => c.meshIndex !== resolved.meshIndex);
    const contact = selfContact || others.length > 0
      ? bakeContact({
          triangles: mesh.topology.triangles,
          surfaceVertexCount: vertexCount,
          embedding: simulation.embedding ?? null,
          simulationVertexCount: simulation.model.vertexCount,
          masses: simulation.model.masses,
          timeStep: dt / resolved.substeps,
          restSurface: rest,
          selfContact,
          colliders: others.map((c) => ({ name: c.name, triangles: c.triangles, vertexCount: c.vertexCount })),
        })
      : null;
    if (contact) controls.contact = contact;
    const repair = settings.bake.repair
      ? bakeRepair({
          triangles: mesh.topology.triangles,
          vertexCount,
          restPositions: rest,
          colliders: others.map((c) => ({ name: c.name, triangles: c.triangles, vertexCount: c.vertexCount })),
          colliderRestPositions: others.map((c) => {
            const positions = new Float32Array(3 * c.vertexCount);
            evaluator.evaluateSimulationPositions(c.meshIndex, null, 0, positions);
            return positions;
          }),
        })
      : null;
    const guard = Float32Array.from(weights, (w) => Math.min(1, w / GUARD_WEIGHT));
    const authoring = meshAuthoring(options.project, mesh.name, weights, rest, mesh.topology.triangles, s);
    // Max distances: clamped inside every substep (and once more on the exported surface, collectFrame).
    if (authoring?.maxDistances) simulation.setMaxDistances(authoring.maxDistances);
    const size = boundingBoxDiagonal(rest) * s;
    if (size > 20 || size < 0.01) {
      warnings.push({
        code: 'scale',
        mesh: mesh.name,
        message:
          `mesh "${mesh.name}" spans ${size.toPrecision(3)} m (glTF is in meters${s !== 1 ? `, at ${s} m per unit` : ''}); ` +
          `if it was modelled in ${size > 20 ? 'centimeters, bake with metersPerUnit 0.01' : 'other units, set metersPerUnit'} (--meters-per-unit) so it moves like its real size`,
      });
    }
    const { unpinnedPieces, pieces } = simulation.stats;
    if (unpinnedPieces) {
      warnings.push({
        code: 'no-driver',
        mesh: mesh.name,
        message: settings.freeBody
          ? `mesh "${mesh.name}": ${unpinnedPieces} of its ${pieces} lattice pieces have no weight-0 vertex and move as free bodies (freeBody): nothing holds them to the animation but their blending springs`
          : `mesh "${mesh.name}": ${unpinnedPieces} of its ${pieces} lattice pieces have no weight-0 vertex; each is held at its skeleton core instead (where its bones run deep, or where it sits in a larger part), so it cannot hover or collapse. Paint weight 0 where it should follow the animation exactly`,
      });
    }
    jobs.push({
      resolved,
      simulation,
      weights,
      weightsSource,
      weightsRegions,
      guard,
      input: new Float32Array(3 * vertexCount),
      previousInput: new Float32Array(3 * vertexCount),
      nextInput: new Float32Array(3 * vertexCount),
      output: new Float32Array(3 * vertexCount),
      raw: new Float32Array(3 * vertexCount),
      renderInput: new Float32Array(3 * mesh.renderVertexCount),
      positions: new Float32Array(frameCount * 3 * mesh.renderVertexCount),
      stats: {
        ...simulation.stats,
        iterations: 0,
        residualMean: 0,
        residualMax: 0,
        correctionMean: 0,
        correctionMax: 0,
        unconvergedFrames: 0,
        skippedSolves: 0,
        weightZeroDeviation: 0,
        weightZeroDriftBeforeGuard: 0,
        maxDisplacement: 0,
        flippedTriangles: 0,
        flippedFrames: 0,
        loopSeam: 0,
        diagonal: boundingBoxDiagonal(rest),
      },
      residualSum: 0,
      residualCount: 0,
      contact,
      inputMin: new Float64Array(3).fill(Infinity),
      inputMax: new Float64Array(3).fill(-Infinity),
      correctionSum: 0,
      correctionCount: 0,
      rest,
      repair,
      rawInput: new Float32Array(3 * vertexCount),
      authoring,
      frameWeights: authoring?.layered ? Float32Array.from(weights) : weights,
    });
  }

  /**
   * A mesh's input at baked frame index k (clip time inputTime(firstFrame + k)): with the project's pose corrections
   * active at that frame applied, then repaired when the bake repairs (colliders: null evaluates them at that time).
   * job.rawInput keeps the file's own input of the current frame (the render vertices move by the departure from it).
   */
  const inputAt = (job: Job, k: number, out: Float32Array, colliderFrame: Float32Array[] | null): void => {
    const at = inputTime(settings.firstFrame + k);
    evaluator.evaluateSimulationPositions(job.resolved.meshIndex, settings.clipIndex, at, out);
    if (out === job.input) job.rawInput.set(out);
    job.authoring?.correct(settings.firstFrame + k, out);
    if (!job.repair) return;
    const own = colliders.filter((c) => c.meshIndex !== job.resolved.meshIndex);
    const frame =
      colliderFrame ??
      own.map((c) => {
        const positions = new Float32Array(3 * c.vertexCount);
        evaluator.evaluateSimulationPositions(c.meshIndex, settings.clipIndex, at, positions);
        return positions;
      });
    job.repair.apply(at, out, frame);
  };

  // The frame loop: frame index k runs from -preroll to frameCount-1 (baked frame firstFrame + k).
  const loopStart = performance.now();
  let lastYield = loopStart;
  const stageTimes: MeshSimulationTimings = { fitting: 0, simulation: 0, transfer: 0 };
  let evaluationSeconds = 0;
  // Checkpoints (BakeOptions.checkpoint, resume): the loop's whole state between two frames.
  const checkpointing = options.checkpoint ?? null;
  if ((checkpointing || options.resume) && jobs.some((job) => job.contact || job.repair)) {
    throw new BakeError('checkpoints are not built for bakes with contact or --repair yet (their detection caches are not saved); bake without --checkpoint/--resume');
  }
  if (checkpointing && !(Number.isInteger(checkpointing.every) && checkpointing.every >= 1)) throw new BakeError(`checkpoints every ${checkpointing.every} frames: give a whole number ≥ 1`);
  const fingerprint = checkpointing || options.resume ? bakeFingerprint(JSON.stringify({ settings, project: options.project ?? null }), jobs.map((job) => job.weights)) : '';
  const checkpointAt = (next: number): BakeCheckpoint => ({
    format: 'overlap-bake-checkpoint',
    version: 1,
    fingerprint,
    next,
    meshes: jobs.map((job) => ({
      name: job.resolved.name,
      simulation: job.simulation.snapshot(),
      previousInput: Float32Array.from(job.previousInput),
      inputMin: Float64Array.from(job.inputMin),
      inputMax: Float64Array.from(job.inputMax),
      positions: Float32Array.from(job.positions),
      stats: structuredClone(job.stats),
      sums: { residualSum: job.residualSum, residualCount: job.residualCount, correctionSum: job.correctionSum, correctionCount: job.correctionCount },
    })),
  });
  let firstK = -settings.preroll;
  if (options.resume) {
    const resume = options.resume;
    if (resume.format !== 'overlap-bake-checkpoint' || resume.version !== 1) throw new BakeError('not an Overlap bake checkpoint', 'options');
    if (resume.fingerprint !== fingerprint || resume.meshes.length !== jobs.length) {
      throw new BakeError('this checkpoint belongs to another bake (other input, settings, weights or project): bake again without --resume, or with the settings that wrote it', 'options');
    }
    if (!(Number.isInteger(resume.next) && resume.next > firstK && resume.next <= frameCount)) throw new BakeError(`the checkpoint continues at frame index ${resume.next}, outside this bake`, 'options');
    jobs.forEach((job, m) => {
      const saved = resume.meshes[m];
      job.simulation.restore(saved.simulation);
      job.previousInput.set(saved.previousInput);
      job.inputMin.set(saved.inputMin);
      job.inputMax.set(saved.inputMax);
      job.positions.set(saved.positions);
      Object.assign(job.stats, structuredClone(saved.stats));
      Object.assign(job, saved.sums);
    });
    firstK = resume.next;
  }
  let savedAt = options.resume?.next ?? Number.NEGATIVE_INFINITY;
  for (let k = firstK; k < frameCount; k++) {
    if (signal?.aborted && checkpointing && savedAt !== k && k > -settings.preroll) {
      // Cancelled (SIGTERM on a farm): keep the last completed frame, so a requeued task resumes from here.
      await checkpointing.save(checkpointAt(k));
      savedAt = k;
    }
    signal?.throwIfAborted();
    const time = inputTime(settings.firstFrame + k);
    const before = inputTime(settings.firstFrame + k - 1);
    colliders.forEach((c, i) => {
      evaluator.evaluateSimulationPositions(c.meshIndex, settings.clipIndex, before, colliderStart[i]);
      evaluator.evaluateSimulationPositions(c.meshIndex, settings.clipIndex, time, colliderEnd[i]);
    });
    for (const job of jobs) {
      const own = colliders.map((c, i) => (c.meshIndex === job.resolved.meshIndex ? -1 : i)).filter((i) => i >= 0);
      const clock = performance.now();
      // With --repair each input frame is repaired in time order before the simulation sees it (app/contact).
      if (k === -settings.preroll) inputAt(job, k - 1, job.previousInput, own.map((i) => colliderStart[i]));
      inputAt(job, k, job.input, own.map((i) => colliderEnd[i]));
      if (job.authoring?.layered) {
        // Weight layers keyed in time: this frame's blend, pins and surface guard (no new embedding or factorization).
        job.authoring.weightsAt(settings.firstFrame + k, job.frameWeights);
        job.simulation.setBlendWeights(job.frameWeights);
        for (let v = 0; v < job.guard.length; v++) job.guard[v] = Math.min(1, job.frameWeights[v] / GUARD_WEIGHT);
      }
      evaluationSeconds += (performance.now() - clock) / 1000;
      for (let i = 0; i < job.input.length; i++) {
        job.inputMin[i % 3] = Math.min(job.inputMin[i % 3], job.input[i]);
        job.inputMax[i % 3] = Math.max(job.inputMax[i % 3], job.input[i]);
      }
      if (k === -settings.preroll) {
        job.simulation.start(job.input, job.previousInput, dt, stageTimes);
        job.simulation.surface(job.input, job.raw, stageTimes);
      } else {
        if (job.contact) {
          // The next frame's input too: pairs the animation is about to cross are left alone a frame early (app/contact).
          inputAt(job, k + 1, job.nextInput, null);
          job.contact.setFrame(job.previousInput, job.input, own.map((i) => colliderStart[i]), own.map((i) => colliderEnd[i]), job.nextInput);
        }
        const diagnostics = await job.simulation.advance(job.input, dt, job.raw, stageTimes);
        job.stats.iterations += diagnostics.iterations;
        job.stats.skippedSolves += diagnostics.skippedSolves;
        for (const c of diagnostics.corrections) {
          job.correctionSum += c;
          job.correctionCount++;
          job.stats.correctionMax = Math.max(job.stats.correctionMax, c);
        }
        const last = diagnostics.corrections[diagnostics.corrections.length - 1];
        if (last > 2 * CORRECTION_TOLERANCE) job.stats.unconvergedFrames++;
        for (const r of diagnostics.residuals) {
          if (!Number.isFinite(r)) continue;
          job.residualSum += r;
          job.residualCount++;
          job.stats.residualMax = Math.max(job.stats.residualMax, r);
        }
      }
      // Nothing non-finite or diverged is ever collected: the bake stops (SimulationError) on the first such frame.
      const reach = DIVERGENCE_SIZES * job.stats.diagonal + (0.5 * Math.hypot(...job.resolved.gravity) * ((k + settings.preroll + 1) * dt) ** 2) / s;
      const problem = frameProblem(job.raw, job.inputMin, job.inputMax, reach);
      if (problem) {
        const frame = settings.firstFrame + k;
        throw new SimulationError(`mesh "${job.resolved.name}", frame ${frame}: ${problem}; try more substeps or iterations, a lower Poisson ratio or a coarser lattice`, frame);
      }
      if (k >= 0) {
        const collect = performance.now();
        collectFrame(scene, evaluator, settings, job, k, time, own.map((i) => colliderEnd[i]));
        evaluationSeconds += (performance.now() - collect) / 1000;
      }
      job.previousInput.set(job.input);
    }
    const done = k + settings.preroll + 1;
    if (checkpointing && done % checkpointing.every === 0 && k + 1 < frameCount) {
      await checkpointing.save(checkpointAt(k + 1));
      savedAt = k + 1;
    }
    const elapsed = (performance.now() - loopStart) / 1000;
    onProgress?.({ stage: 'simulation', frame: done, frameCount: totalFrames, etaSeconds: (elapsed / done) * (totalFrames - done) });
    if (performance.now() - lastYield > 50) {
      // Let the host handle a cancel (SIGINT, a worker message) between frames.
      await new Promise((resolve) => setTimeout(resolve, 0));
      lastYield = performance.now();
    }
  }
  timings.evaluation += evaluationSeconds;
  timings.fitting += stageTimes.fitting;
  timings.simulation += stageTimes.simulation;
  timings.transfer += stageTimes.transfer;

  if (settings.loop && frameCount > 1) for (const job of jobs) job.stats.loopSeam = closeLoop(scene, evaluator, settings, job, inputTimes);
  signal?.throwIfAborted();

  // Measure what is written (after the loop closure) against the input, and say what an animator would see.
  for (const job of jobs) {
    const meshIndex = job.resolved.meshIndex;
    const renderRest = new Float32Array(3 * scene.meshes[meshIndex].renderVertexCount);
    evaluator.evaluateMesh(meshIndex, null, 0, renderRest);
    const quality = bakedMeshQuality(scene.meshes[meshIndex], job.rest, renderRest, job.weights, job.positions, (f, out) => evaluator.evaluateMesh(meshIndex, settings.clipIndex, inputTimes[f], out));
    const { stats } = job;
    stats.maxDisplacement = quality.maxDisplacement;
    stats.weightZeroDeviation = Math.max(stats.weightZeroDeviation, quality.weightZeroDeviation);
    stats.flippedTriangles = quality.flippedTriangles;
    stats.flippedFrames = quality.flippedFrames;
    const name = job.resolved.name;
    const unit = (meters: number) => `${(meters * s).toPrecision(3)} m`;
    if (quality.flippedTriangles > 0) {
      warnings.push({ code: 'flipped-triangles', mesh: name, message: `mesh "${name}": triangles turn inside out against the input on ${quality.flippedFrames} of ${frameCount} frames (${quality.flippedTriangles} in the worst): lower the weights there, or use a stiffer material` });
    }
    const large = quality.parts
      .map((part, index) => ({ ...part, index, fraction: part.size > 0 ? part.maxDisplacement / part.size : 0 }))
      .filter((part) => part.fraction > LARGE_MOTION_FRACTION)
      .sort((a, b) => b.fraction - a.fraction);
    for (const part of large.slice(0, 3)) {
      warnings.push({
        code: 'large-motion',
        mesh: name,
        message: `mesh "${name}": part ${part.index} (${part.vertexCount} vertices, ${unit(part.size)} across) moves up to ${unit(part.maxDisplacement)} from the input, ${Math.round(100 * part.fraction)}% of its size: lower its weights or use a stiffer material`,
      });
    }
    if (stats.unconvergedFrames > 0) {
      warnings.push({
        code: 'not-converged',
        mesh: name,
        message: `mesh "${name}": the solver stopped short of its accuracy (${CORRECTION_TOLERANCE} of a lattice cell) on ${stats.unconvergedFrames} frames, up to ${stats.correctionMax.toPrecision(2)} of a cell: raise the substeps`,
      });
    }
  }
  if (!settings.loop && clip.duration >= 0) {
    const beyond = settings.lastFrame / settings.fps - clip.duration;
    if (beyond > PAST_END_SECONDS) {
      warnings.push({
        code: 'past-clip-end',
        message: `frames up to ${settings.lastFrame} run ${beyond.toFixed(2)} s past the clip's end (${clip.duration.toFixed(3)} s), where the input holds its last pose; the physics settles there within about a second`,
      });
    }
  }

  const meshes: BakedMesh[] = jobs.map((job) => {
    job.stats.residualMean = job.residualCount > 0 ? job.residualSum / job.residualCount : 0;
    if (job.stats.skippedSolves > 0) {
      const share = job.stats.skippedSolves / Math.max(1, job.stats.iterations * job.stats.vertexCount);
      warnings.push(bakeWarning('refused-solves', `mesh "${job.resolved.name}": ${job.stats.skippedSolves} vertex solves were refused (a singular 3×3 Hessian, ${(100 * share).toPrecision(2)}% of all); those vertices kept their position for that iteration`, job.resolved.name));
    }
    job.stats.correctionMean = job.correctionCount > 0 ? job.correctionSum / job.correctionCount : 0;
    // The simulation counts clamped rest shapes as it runs; the copy taken at setup is stale by now.
    if (job.simulation.stats.clampedRestTets !== undefined) job.stats.clampedRestTets = job.simulation.stats.clampedRestTets;
    if (job.contact) job.stats.contact = job.contact.stats;
    if (job.repair) job.stats.repair = job.repair.stats;
    return { meshIndex: job.resolved.meshIndex, name: job.resolved.name, positions: job.positions, weights: job.weights, weightsSource: job.weightsSource, weightsRegions: job.weightsRegions, stats: job.stats };
  });
  // GPU buffers are freed here; a bake that throws leaves them to the garbage collector (or the backend's dispose).
  for (const job of jobs) job.simulation.dispose();
  return { settings, backend: backendReport, inputTimes, meshes, timings, simulatedFrames: totalFrames, warnings };

  /** Applies the surface guard and writes baked frame k's render positions. */
  function collectFrame(scene: ImportedScene, evaluator: AnimationEvaluator, settings: ResolvedBakeSettings, job: Job, k: number, time: number, colliderFrame: Float32Array[]): void {
    const mesh = scene.meshes[job.resolved.meshIndex];
    const { input, raw, output, guard, stats } = job;
    const weights = job.frameWeights;
    for (let v = 0; v < guard.length; v++) {
      const b = guard[v];
      for (let c = 3 * v; c < 3 * v + 3; c++) output[c] = b === 1 ? raw[c] : b === 0 ? input[c] : input[c] + b * (raw[c] - input[c]);
      if (weights[v] === 0) {
        stats.weightZeroDriftBeforeGuard = Math.max(stats.weightZeroDriftBeforeGuard, distance(raw, input, v));
        stats.weightZeroDeviation = Math.max(stats.weightZeroDeviation, distance(output, input, v));
      }
    }
    // Max distances and the backstop around the (corrected) input, then the final contact check.
    job.authoring?.clamp(output, input);
    // The final check: a frame whose output adds an intersection is corrected toward the input (app/contact).
    job.contact?.finishFrame(output, input, colliderFrame, true);
    // Render vertices take their welded vertex's displacement; a vertex that did not move stays bit-identical.
    evaluator.evaluateMesh(job.resolved.meshIndex, settings.clipIndex, time, job.renderInput);
    const { renderToSimulation } = mesh.topology;
    // Render vertices move by the departure from the file's own input (a repaired or corrected input departs from it).
    const base = job.repair || job.authoring?.corrected ? job.rawInput : input;
    const frame = job.positions.subarray(k * 3 * mesh.renderVertexCount, (k + 1) * 3 * mesh.renderVertexCount);
    for (let r = 0; r < mesh.renderVertexCount; r++) {
      const v = renderToSimulation[r];
      for (let c = 0; c < 3; c++) {
        const displacement = output[3 * v + c] - base[3 * v + c];
        frame[3 * r + c] = displacement === 0 ? job.renderInput[3 * r + c] : job.renderInput[3 * r + c] + displacement;
      }
    }
  }
}

/**
 * Closes a loop: the offset from the input at the last baked frame is made equal to the offset at the
 * first by subtracting the mismatch linearly in time (zero at the first frame, all of it at the last).
 * With the pre-roll of a full cycle and the settling damping, the mismatch is the small remainder of the
 * start-up transient, spread as gently as possible (the least added velocity).
 *
 * @returns the largest mismatch [m]
 */
function closeLoop(scene: ImportedScene, evaluator: AnimationEvaluator, settings: ResolvedBakeSettings, job: { resolved: ResolvedMesh; positions: Float32Array }, inputTimes: Float64Array): number {
  const mesh = scene.meshes[job.resolved.meshIndex];
  const stride = 3 * mesh.renderVertexCount;
  const frameCount = inputTimes.length;
  const first = new Float32Array(stride);
  const last = new Float32Array(stride);
  evaluator.evaluateMesh(job.resolved.meshIndex, settings.clipIndex, inputTimes[0], first);
  evaluator.evaluateMesh(job.resolved.meshIndex, settings.clipIndex, inputTimes[frameCount - 1], last);
  const mismatch = new Float64Array(stride);
  for (let c = 0; c < stride; c++) {
    mismatch[c] = job.positions[(frameCount - 1) * stride + c] - last[c] - (job.positions[c] - first[c]);
  }
  for (let f = 1; f < frameCount; f++) {
    const s = f / (frameCount - 1);
    for (let c = 0; c < stride; c++) if (mismatch[c] !== 0) job.positions[f * stride + c] -= s * mismatch[c];
  }
  let largest = 0;
  for (let c = 0; c < stride; c += 3) largest = Math.max(largest, Math.hypot(mismatch[c], mismatch[c + 1], mismatch[c + 2]));
  return largest;
}

/**
 * The skeleton of a skinned mesh as world-space segments in the rest pose (the space the simulation's rest
 * positions are in): joint to parent joint, and a point at every joint. Leaf joints get no guessed tail (glTF joints
 * have none): a tail guessed into a head would hold the flesh up along a line and pull a cone out of the skull when
 * the rest sags. Empty for an unskinned mesh.
 */
function restSkeleton(scene: ImportedScene, evaluator: AnimationEvaluator, meshIndex: number): Float64Array {
  const skin = scene.meshes[meshIndex].skin;
  if (!skin) return new Float64Array(0);
  const world = evaluator.evaluateWorldMatrices(null, 0);
  const jointOfNode = new Map<number, number>();
  skin.jointNodeIndices.forEach((node, j) => jointOfNode.set(node, j));
  const at = (j: number) => [world[16 * skin.jointNodeIndices[j] + 12], world[16 * skin.jointNodeIndices[j] + 13], world[16 * skin.jointNodeIndices[j] + 14]];
  const segments: number[] = [];
  skin.jointNodeIndices.forEach((node, j) => {
    const p = at(j);
    segments.push(...p, ...p);
    const parent = jointOfNode.get(scene.hierarchy.parentIndices[node]);
    if (parent !== undefined) segments.push(...at(parent), ...p);
  });
  return Float64Array.from(segments);
}

function distance(a: ArrayLike<number>, b: ArrayLike<number>, v: number): number {
  return Math.hypot(a[3 * v] - b[3 * v], a[3 * v + 1] - b[3 * v + 1], a[3 * v + 2] - b[3 * v + 2]);
}


export type { BakeProgress };
