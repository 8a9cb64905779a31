import { createAnimationEvaluator, type AnimationEvaluator } from '../animation/index.ts';
import { bakeContact, bakeRepair, type BakeContact, type BakeContactStats, type BakeRepair, type BakeRepairStats } from '../contact/index.ts';
import type { ImportedScene } from '../io/index.ts';
import { meshBlendWeights, WeightsError, type WeightsSource } from '../weights/index.ts';
import { BAKE_STAGES, BakeError, type BakeOptions, type BakeProgress, type BakeStage, type ResolvedBakeSettings, type ResolvedMesh } from './bakeSettings.ts';
import type { MeshSimulation, MeshSimulationStats, MeshSimulationTimings } from './meshSimulation.ts';
import { createSurfaceSimulation, type SimulationControls } from './surfaceSimulation.ts';
import { createVolumeSimulation } from './volumeSimulation.ts';

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
  stats: BakedMeshStats;
}

/** What the report says about one mesh. */
export interface BakedMeshStats extends MeshSimulationStats {
  /** solver iterations, summed over all frames and substeps */
  iterations: number;
  /** relative force residual (seed 000 Eq. 5.28) at the end of each substep: mean and worst over the bake */
  residualMean: number;
  residualMax: number;
  /** vertex solves skipped for a singular Hessian, summed */
  skippedSolves: number;
  /** largest distance of a weight-0 vertex from the input over the baked frames [m] (0: they follow exactly) */
  weightZeroDeviation: number;
  /** the same before the surface guard snaps weight-0 vertices onto the input [m] (how much the lattice moved them) */
  weightZeroDriftBeforeGuard: number;
  /** largest distance of any vertex from the input over the baked frames [m] */
  maxDisplacement: number;
  /** bounding-box diagonal of the rest surface [m], the scale the deviations compare with */
  diagonal: number;
  /** contact (self-contact or colliders): contacts, truncations, corrected frames, intersections in and out per frame */
  contact?: BakeContactStats;
  /** --repair: per input frame the intersections found, removed and remaining */
  repair?: BakeRepairStats;
}

/** The result of bakeAnimation. */
export interface BakeResult {
  settings: ResolvedBakeSettings;
  /** #F input time of each baked frame [s] (frame f at f/fps, wrapped for loops, clamped to the clip) */
  inputTimes: Float64Array;
  meshes: BakedMesh[];
  /** seconds per stage */
  timings: Record<BakeStage, number>;
  /** frames simulated, pre-roll included */
  simulatedFrames: number;
  warnings: string[];
}

/** Weights below this are ramped toward exact input on the output surface: w = 0 follows the animation exactly. */
const GUARD_WEIGHT = 0.05;

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
  const warnings: string[] = [];
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
  const controlsOf = (mesh: ResolvedMesh): SimulationControls => ({
    substeps: mesh.substeps,
    iterations: mesh.iterations,
    gravity: [settings.gravity[0] / s, settings.gravity[1] / s, settings.gravity[2] / s],
    attachmentStiffness: settings.attachmentStiffness,
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
    repair: BakeRepair | null;
    rawInput: Float32Array;
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
    const { values: weights, source: weightsSource } = resolvedWeights;
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
          : createVolumeSimulation(mesh.topology, rest, weights, physical(resolved), resolved.latticeResolution, controls);
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
    const size = diagonalOf(rest) * s;
    if (size > 20 || size < 0.01) {
      warnings.push(
        `mesh "${mesh.name}" spans ${size.toPrecision(3)} m (glTF is in meters${s !== 1 ? `, at ${s} m per unit` : ''}); ` +
          `if it was modelled in ${size > 20 ? 'centimeters, bake with metersPerUnit 0.01' : 'other units, set metersPerUnit'} (--meters-per-unit) so it moves like its real size`,
      );
    }
    jobs.push({
      resolved,
      simulation,
      weights,
      weightsSource,
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
        skippedSolves: 0,
        weightZeroDeviation: 0,
        weightZeroDriftBeforeGuard: 0,
        maxDisplacement: 0,
        diagonal: diagonalOf(rest),
      },
      residualSum: 0,
      residualCount: 0,
      contact,
      repair,
      rawInput: new Float32Array(3 * vertexCount),
    });
  }

  /** A mesh's input at a clip time, repaired when the bake repairs (colliders: null evaluates them at that time). */
  const inputAt = (job: Job, at: number, out: Float32Array, colliderFrame: Float32Array[] | null): void => {
    evaluator.evaluateSimulationPositions(job.resolved.meshIndex, settings.clipIndex, at, out);
    if (!job.repair) return;
    if (out === job.input) job.rawInput.set(out);
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
  for (let k = -settings.preroll; k < frameCount; k++) {
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
      if (k === -settings.preroll) inputAt(job, before, job.previousInput, own.map((i) => colliderStart[i]));
      inputAt(job, time, job.input, own.map((i) => colliderEnd[i]));
      evaluationSeconds += (performance.now() - clock) / 1000;
      if (k === -settings.preroll) {
        job.simulation.start(job.input, job.previousInput, dt, stageTimes);
        job.simulation.surface(job.input, job.raw, stageTimes);
      } else {
        if (job.contact) {
          // The next frame's input too: pairs the animation is about to cross are left alone a frame early (app/contact).
          inputAt(job, inputTime(settings.firstFrame + k + 1), job.nextInput, null);
          job.contact.setFrame(job.previousInput, job.input, own.map((i) => colliderStart[i]), own.map((i) => colliderEnd[i]), job.nextInput);
        }
        const diagnostics = job.simulation.advance(job.input, dt, job.raw, stageTimes);
        job.stats.iterations += diagnostics.iterations;
        job.stats.skippedSolves += diagnostics.skippedSolves;
        for (const r of diagnostics.residuals) {
          if (!Number.isFinite(r)) continue;
          job.residualSum += r;
          job.residualCount++;
          job.stats.residualMax = Math.max(job.stats.residualMax, r);
        }
      }
      if (k >= 0) {
        const collect = performance.now();
        collectFrame(scene, evaluator, settings, job, k, time, own.map((i) => colliderEnd[i]));
        evaluationSeconds += (performance.now() - collect) / 1000;
      }
      job.previousInput.set(job.input);
    }
    const done = k + settings.preroll + 1;
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

  if (settings.loop && frameCount > 1) for (const job of jobs) closeLoop(scene, evaluator, settings, job, inputTimes);
  signal?.throwIfAborted();

  const meshes: BakedMesh[] = jobs.map((job) => {
    job.stats.residualMean = job.residualCount > 0 ? job.residualSum / job.residualCount : 0;
    // The simulation counts clamped rest shapes as it runs; the copy taken at setup is stale by now.
    if (job.simulation.stats.clampedRestTets !== undefined) job.stats.clampedRestTets = job.simulation.stats.clampedRestTets;
    if (job.contact) job.stats.contact = job.contact.stats;
    if (job.repair) job.stats.repair = job.repair.stats;
    return { meshIndex: job.resolved.meshIndex, name: job.resolved.name, positions: job.positions, weights: job.weights, weightsSource: job.weightsSource, stats: job.stats };
  });
  return { settings, inputTimes, meshes, timings, simulatedFrames: totalFrames, warnings };

  /** Applies the surface guard and writes baked frame k's render positions. */
  function collectFrame(scene: ImportedScene, evaluator: AnimationEvaluator, settings: ResolvedBakeSettings, job: Job, k: number, time: number, colliderFrame: Float32Array[]): void {
    const mesh = scene.meshes[job.resolved.meshIndex];
    const { input, raw, output, guard, weights, stats } = job;
    for (let v = 0; v < guard.length; v++) {
      const b = guard[v];
      for (let c = 3 * v; c < 3 * v + 3; c++) output[c] = b === 1 ? raw[c] : b === 0 ? input[c] : input[c] + b * (raw[c] - input[c]);
      if (weights[v] === 0) {
        stats.weightZeroDriftBeforeGuard = Math.max(stats.weightZeroDriftBeforeGuard, distance(raw, input, v));
        stats.weightZeroDeviation = Math.max(stats.weightZeroDeviation, distance(output, input, v));
      }
      stats.maxDisplacement = Math.max(stats.maxDisplacement, distance(output, input, v));
    }
    // The final check: a frame whose output adds an intersection is corrected toward the input (app/contact).
    job.contact?.finishFrame(output, input, colliderFrame, true);
    // Render vertices take their welded vertex's displacement; a vertex that did not move stays bit-identical.
    evaluator.evaluateMesh(job.resolved.meshIndex, settings.clipIndex, time, job.renderInput);
    const { renderToSimulation } = mesh.topology;
    // Render vertices move by the departure from the file's own input (a repaired input departs from it too).
    const base = job.repair ? job.rawInput : input;
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
 */
function closeLoop(scene: ImportedScene, evaluator: AnimationEvaluator, settings: ResolvedBakeSettings, job: { resolved: ResolvedMesh; positions: Float32Array }, inputTimes: Float64Array): void {
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
}

function distance(a: ArrayLike<number>, b: ArrayLike<number>, v: number): number {
  return Math.hypot(a[3 * v] - b[3 * v], a[3 * v + 1] - b[3 * v + 1], a[3 * v + 2] - b[3 * v + 2]);
}

function diagonalOf(positions: ArrayLike<number>): number {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i++) {
    min[i % 3] = Math.min(min[i % 3], positions[i]);
    max[i % 3] = Math.max(max[i % 3], positions[i]);
  }
  return positions.length > 0 ? Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]) : 0;
}

export type { BakeProgress };
