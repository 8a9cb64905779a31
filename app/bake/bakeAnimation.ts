import { createAnimationEvaluator, type AnimationEvaluator, type EvaluationCounts } from '../animation/index.ts';
import type { ImportedScene } from '../io/index.ts';
import type { WeightsRegion, WeightsSource } from '../weights/index.ts';
import { BakeError, type BakeOptions, type BakeProgress, type BakeStage, type ResolvedBakeSettings, type ResolvedMesh } from './bakeSettings.ts';
import { CORRECTION_TOLERANCE } from './meshSimulation.ts';
import { bakedMeshQuality } from './bakedMeshQuality.ts';
import { qualityWarnings } from './qualityWarnings.ts';
import { bakeWarning, type BakeWarning } from './bakeWarning.ts';
import { bakeFingerprint, resumableCheckpoint, type BakeCheckpoint } from './bakeCheckpoint.ts';
import { clothSubsteps } from './clothSubsteps.ts';
import { createSimulationSession, type SessionInputs, type BakeBackend, type BakedMeshStats, type CheckedOutput } from './simulationSession.ts';

export type { BakeBackend, BakedMeshStats };

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
  /** #V×3 welded rest positions, world [file units] */
  rest: Float32Array;
  /** #V 1 on the vertices of carried shells (they follow their host, not the animation: no weight-0 vertices) */
  carried: Uint8Array;
  /** with self-contact: per frame, the final contact check of the welded output (the export's replay check starts there) */
  checkedOutputs: ReadonlyArray<CheckedOutput | undefined>;
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
  /**
   * what the input's evaluator did (the live counts, so bake() adds the export's): with kept frames, `skinned` equal to
   * `kept` means each input frame was skinned once and every other use copied it
   */
  evaluation: EvaluationCounts;
  warnings: BakeWarning[];
}

export { LARGE_MOTION_FRACTION } from './qualityWarnings.ts';
/**
 * A contact bake warns (contact-limited) when at some frame this share of a mesh's surface vertices or more lies
 * inside the input's own intersection regions, where contact does not act: nearly all of it. Gear set into a body is
 * the normal case and stays well below (the layered test character's "Critter": 0.46–0.49 at rest, Jump and Walk,
 * 2.5k–3k pairs; its Pack 0.52–0.58); a surface that is one intersecting region is at 1, and so is that character's
 * small Visor, set into the head and wholly within two rings of its own cuts (it warns: contact cannot act on it).
 */
export const CONTACT_LIMITED_SHARE = 0.9;
/** Frames further past a (non-looping) clip's end than this many seconds are reported (past-clip-end). */
export const PAST_END_SECONDS = 2;

/** Memory a bake may hold for its baked positions and the input frames it keeps (frames × render vertices × 12 bytes each). */
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
 * @param inputs    what bake() resolved with the settings: the weights (meshWeights), and the input's evaluator, shared
 *                  with the session and the export (one that keeps frames skins each input frame once)
 * @returns the baked frames and the report data
 * @throws the signal's reason (an AbortError) when cancelled
 */
export async function bakeAnimation(
  scene: ImportedScene,
  settings: ResolvedBakeSettings,
  options: BakeOptions = {},
  inputs: SessionInputs = {},
): Promise<BakeResult> {
  const evaluator = inputs.evaluator ?? createAnimationEvaluator(scene, { keepFrames: true });
  const { signal, onProgress } = options;
  signal?.throwIfAborted();
  const clip = scene.clips[settings.clipIndex];
  const frameCount = settings.lastFrame - settings.firstFrame + 1;
  const totalFrames = settings.preroll + frameCount;
  const s = settings.metersPerUnit;
  const simulated = settings.meshes.filter((m) => m.role === 'simulated');
  // The baked frames, and the input frames the evaluator keeps (each skinned once, shared with the export).
  const bytes = simulated.reduce((sum, m) => sum + (frameCount + totalFrames) * 12 * scene.meshes[m.meshIndex].renderVertexCount, 0);
  if (bytes > MAX_BAKED_BYTES) {
    throw new BakeError(
      `${frameCount} frames of these meshes need ${(bytes / 2 ** 30).toFixed(1)} GiB of baked and input positions (at most ${MAX_BAKED_BYTES / 2 ** 30} GiB): bake a shorter frame range`,
    );
  }
  // The set-up (weights, simulation meshes, contact, authoring) and the frame step are the session's.
  const session = createSimulationSession(scene, settings, options, { ...inputs, evaluator });
  const { warnings } = session;
  const inputTimes = Float64Array.from({ length: frameCount }, (_, f) => session.inputTime(f));
  const positions = session.meshes.map((mesh) => new Float32Array(frameCount * 3 * scene.meshes[mesh.meshIndex].renderVertexCount));

  // Checkpoints (BakeOptions.checkpoint, resume): the session's state between two frames and the frames baked so far.
  const checkpointing = options.checkpoint ?? null;
  if (checkpointing && !(Number.isInteger(checkpointing.every) && checkpointing.every >= 1))
    throw new BakeError(`checkpoints every ${checkpointing.every} frames: give a whole number ≥ 1`);
  const fingerprint =
    checkpointing || options.resume
      ? bakeFingerprint(
          JSON.stringify({ settings, project: options.project ?? null }),
          session.meshes.map((mesh) => mesh.weights),
        )
      : '';
  const checkpointAt = (next: number): BakeCheckpoint => ({
    format: 'overlap-bake-checkpoint',
    version: 1,
    fingerprint,
    next,
    meshes: session.snapshot().meshes.map((mesh, m) => ({ ...mesh, positions: Float32Array.from(positions[m]) })),
  });
  let firstK = -settings.preroll;
  if (options.resume) {
    // A checkpoint is untrusted input (a file): checked field by field against this bake, copied into fresh arrays.
    const template = checkpointAt(firstK);
    const resume = resumableCheckpoint(options.resume, {
      fingerprint,
      template,
      next: [firstK + 1, frameCount],
      frameStride: session.meshes.map((mesh) => 3 * scene.meshes[mesh.meshIndex].renderVertexCount),
      substeps: session.meshes.map((mesh) => mesh.resolved.substeps),
      dt: 1 / settings.fps,
      inputAt: (m, k, out) => evaluator.evaluateMesh(session.meshes[m].meshIndex, settings.clipIndex, session.inputTime(k), out),
      // The session's divergence margin (session/stepMesh.ts: ten sizes of the mesh plus a free fall since the first frame).
      reach: (m, k) =>
        10 * template.meshes[m].stats.diagonal +
        (0.5 * Math.hypot(...session.meshes[m].resolved.gravity) * ((k + settings.preroll + 1) / settings.fps) ** 2) / s,
    });
    session.restore({ frame: resume.next - 1, meshes: resume.meshes });
    resume.meshes.forEach((saved, m) => positions[m].set(saved.positions));
    firstK = resume.next;
  }

  // The frame loop: frame index k runs from -preroll to frameCount-1 (baked frame firstFrame + k).
  const loopStart = performance.now();
  let lastYield = loopStart;
  let savedAt = options.resume?.next ?? Number.NEGATIVE_INFINITY;
  for (let k = firstK; k < frameCount; k++) {
    if (signal?.aborted && checkpointing && savedAt !== k && k > -settings.preroll) {
      // Cancelled (SIGTERM on a farm): keep the last completed frame, so a requeued task resumes from here.
      await checkpointing.save(checkpointAt(k));
      savedAt = k;
    }
    signal?.throwIfAborted();
    await session.advance(k);
    if (k >= 0) {
      session.meshes.forEach((mesh, m) => {
        const stride = 3 * scene.meshes[mesh.meshIndex].renderVertexCount;
        session.surface(m, positions[m].subarray(k * stride, (k + 1) * stride));
      });
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
  const timings = { ...session.timings(), import: 0, export: 0 };

  const jobs = session.meshes.map((mesh, m) => ({ ...mesh, positions: positions[m] }));
  if (settings.loop && frameCount > 1) for (const job of jobs) job.stats.loopSeam = closeLoop(scene, evaluator, settings, job, inputTimes);
  signal?.throwIfAborted();

  // Measure what is written (after the loop closure) against the input, and say what an animator would see.
  for (const job of jobs) {
    const meshIndex = job.resolved.meshIndex;
    const renderRest = new Float32Array(3 * scene.meshes[meshIndex].renderVertexCount);
    evaluator.evaluateMesh(meshIndex, null, 0, renderRest);
    // Carried shells follow their host, not the animation: not weight-0 vertices for the deviation.
    const exact = Float32Array.from(job.weights, (w, v) => (job.carried[v] ? Number.NaN : w));
    const quality = bakedMeshQuality(scene.meshes[meshIndex], job.rest, renderRest, exact, job.positions, (f, out) =>
      evaluator.evaluateMesh(meshIndex, settings.clipIndex, inputTimes[f], out),
    );
    const { stats } = job;
    stats.maxDisplacement = quality.maxDisplacement;
    stats.weightZeroDeviation = Math.max(stats.weightZeroDeviation, quality.weightZeroDeviation);
    stats.flippedTriangles = quality.flippedTriangles;
    stats.flippedFrames = quality.flippedFrames;
    const name = job.resolved.name;
    const unit = (meters: number) => `${(meters * s).toPrecision(3)} m`;
    warnings.push(...qualityWarnings(name, quality, stats.flipGuard, frameCount, s));
    if (stats.unconvergedFrames > 0) {
      const simulated = job.simulation.stats;
      // Cloth measures its error in mean edges, and a membrane's stiffness next to its mass says how many substeps it
      // needs (clothSubsteps: SI material, the edge in metres); a volume in lattice cells.
      const measure = simulated.kind === 'surface' ? ['the mean edge', 'an edge'] : ['a lattice cell', 'a cell'];
      const advice =
        simulated.kind === 'surface' && simulated.meanEdge !== undefined
          ? `this membrane is so stiff for its mass at ${unit(simulated.meanEdge)} edges that it needs about ${clothSubsteps(job.resolved.material, simulated.meanEdge * s, 1 / settings.fps, job.resolved.substeps)} substeps a frame to converge (it has ${job.resolved.substeps}): raise the substeps, or soften the material`
          : 'raise the substeps';
      warnings.push(
        bakeWarning(
          'not-converged',
          `mesh "${name}": the solver stopped short of its accuracy (${CORRECTION_TOLERANCE} of ${measure[0]}) on ${stats.unconvergedFrames} frames, up to ${stats.correctionMax.toPrecision(2)} of ${measure[1]}: ${advice}`,
          name,
        ),
      );
    }
    const inRegions = stats.contact?.inputRegionShare ?? [];
    const limited = inRegions.filter((share) => share >= CONTACT_LIMITED_SHARE).length;
    if (limited > 0) {
      // Contact leaves pairs inside the input's own intersection regions alone (app/contact inputRegions): where most of
      // the surface already cuts through itself, contact can act only on the rest, and the animator must know.
      warnings.push(
        bakeWarning(
          'contact-limited',
          `mesh "${name}": up to ${Math.round(100 * Math.max(...inRegions))}% of its surface lies inside intersections its input already has (${limited} of ${inRegions.length} frames at ${Math.round(100 * CONTACT_LIMITED_SHARE)}% or more); contact leaves those parts alone and keeps only new crossings out elsewhere: remove the model's own intersections where contact should act`,
          name,
        ),
      );
    }
  }
  if (!settings.loop && clip.duration >= 0) {
    const beyond = settings.lastFrame / settings.fps - clip.duration;
    if (beyond > PAST_END_SECONDS) {
      warnings.push(
        bakeWarning(
          'past-clip-end',
          `frames up to ${settings.lastFrame} run ${beyond.toFixed(2)} s past the clip's end (${clip.duration.toFixed(3)} s), where the input holds its last pose; the physics settles there within about a second`,
        ),
      );
    }
  }

  const meshes: BakedMesh[] = jobs.map((job) => {
    if (job.stats.skippedSolves > 0) {
      const share = job.stats.skippedSolves / Math.max(1, job.stats.iterations * job.stats.vertexCount);
      warnings.push(
        bakeWarning(
          'refused-solves',
          `mesh "${job.resolved.name}": ${job.stats.skippedSolves} vertex solves were refused (a singular 3×3 Hessian, ${(100 * share).toPrecision(2)}% of all); those vertices kept their position for that iteration`,
          job.resolved.name,
        ),
      );
    }
    return {
      meshIndex: job.resolved.meshIndex,
      name: job.resolved.name,
      positions: job.positions,
      weights: job.weights,
      weightsSource: job.weightsSource,
      weightsRegions: job.weightsRegions,
      stats: job.stats,
      rest: job.rest,
      carried: job.carried,
      checkedOutputs: job.checkedOutputs,
    };
  });
  // GPU buffers are freed here; a bake that throws leaves them to the garbage collector (or the backend's dispose).
  session.dispose();
  return { settings, backend: session.backend, inputTimes, meshes, timings, simulatedFrames: totalFrames, evaluation: evaluator.counts, warnings };
}

/**
 * Closes a loop: the offset from the input at the last baked frame is made equal to the offset at the
 * first by subtracting the mismatch linearly in time (zero at the first frame, all of it at the last).
 * With the pre-roll of a full cycle and the settling damping, the mismatch is the small remainder of the
 * start-up transient, spread as gently as possible (the least added velocity).
 *
 * @returns the largest mismatch [m]
 */
function closeLoop(
  scene: ImportedScene,
  evaluator: AnimationEvaluator,
  settings: ResolvedBakeSettings,
  job: { resolved: ResolvedMesh; positions: Float32Array },
  inputTimes: Float64Array,
): number {
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

export type { BakeProgress };
