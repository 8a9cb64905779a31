import { createAnimationEvaluator, type AnimationEvaluator } from '../animation/index.ts';
import { bakeContact, bakeRepair, type BakeContact, type BakeRepair } from '../contact/index.ts';
import type { ImportedScene } from '../io/index.ts';
import { boundingBoxDiagonal } from '../geometry/index.ts';
import { cpuVbdStepBackend, SimulationError, withCpuFallback, type VbdAdapterDescription } from '../solvers/vbd/index.ts';
import { sceneShells, type WeightsRegion, type WeightsSource } from '../weights/index.ts';
import { meshWeights, pinnedWeights, type MeshWeights } from './meshWeights.ts';
import { BAKE_STAGES, BakeError, type BakeOptions, type BakeStage, type ResolvedBakeSettings, type ResolvedMesh } from './bakeSettings.ts';
import { CORRECTION_TOLERANCE, type MeshSimulation, type SubframeInput, type MeshSimulationSnapshot, type MeshSimulationStats, type MeshSimulationTimings } from './meshSimulation.ts';
import { createSurfaceSimulation, type SimulationControls } from './surfaceSimulation.ts';
import { createVolumeSimulation } from './volumeSimulation.ts';
import { createFollowingSimulation } from './followingSimulation.ts';
import { createPartialSimulation } from './partialSimulation.ts';
import type { StartMotion } from './initialMotion.ts';
import { createCarriedShells, type CarrierStart } from './carriedShells.ts';
import { MAX_STEP } from './bakeSettings.ts';
import { bakeWarning, type BakeWarning } from './bakeWarning.ts';
import { closedSurfaceShare } from './closedSurfaceShare.ts';
import { frameProblem } from './frameProblem.ts';
import { flipGuard, type FlipGuard } from './flipGuard.ts';
import { positionsFingerprint } from './positionsFingerprint.ts';
import { meshAuthoring, type MeshAuthoring } from './meshAuthoring.ts';
import type { BakeContactSnapshot, BakeContactStats, BakeRepairSnapshot, BakeRepairStats, NeighbourFrame } from '../contact/index.ts';
import { hypot3 } from '../math/hypot3.ts';

/** What the report says about one simulated mesh (accumulated as the session advances). */
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
  /**
   * the flip guard (flipGuard): frames whose output turned triangles inside out against the input and were corrected
   * toward it, the most triangles it found flipped in a frame, and the most vertices it moved in a frame
   */
  flipGuard: { framesCorrected: number; flippedMax: number; correctedVerticesMax: number };
  /** loops: largest offset mismatch between the last and the first frame that the closure spread [m] */
  loopSeam: number;
  /** bounding-box diagonal of the rest surface [m], the scale the deviations compare with */
  diagonal: number;
  /** contact (self-contact or colliders): contacts, truncations, corrected frames, intersections in and out per frame */
  contact?: BakeContactStats;
  /** --repair: per input frame the intersections found, removed and remaining */
  repair?: BakeRepairStats;
}

/** Where the session's VBD steps run. */
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

/** One simulated mesh of a session, as callers read it. */
export interface SessionMesh {
  /** index into ImportedScene.meshes */
  readonly meshIndex: number;
  readonly name: string;
  readonly resolved: ResolvedMesh;
  /** the mesh's simulation (its lattice embedding and VBD model: what the lattice view draws) */
  readonly simulation: MeshSimulation;
  /** #V physics-blend weights per welded vertex (the base layer), where they came from, and per region */
  readonly weights: Float32Array;
  readonly weightsSource: WeightsSource;
  readonly weightsRegions: WeightsRegion[];
  /** the statistics so far (residualMean and correctionMean are filled by `finish`) */
  readonly stats: BakedMeshStats;
  /** #V×3 world rest surface (welded) [file units] */
  readonly rest: Float32Array;
  /** the last frame index this mesh was advanced to (−preroll − 1 before the first) */
  readonly frame: number;
  /** #V 1 on the vertices of its carried shells (glued accessories, gear: they follow their host, not the animation) */
  readonly carried: Uint8Array;
  /**
   * With self-contact: per baked frame index, the final contact check of the welded output against itself (what the
   * export's replay check starts from instead of checking the same positions again); empty otherwise
   */
  readonly checkedOutputs: ReadonlyArray<CheckedOutput | undefined>;
}

/**
 * A baked frame's welded output as the final contact check saw it: its fingerprint and its self-intersections, a
 * single-mesh check's total and pairList (edge, triangle: app/intersection's `since`).
 */
export interface CheckedOutput {
  /** positionsFingerprint of the #V×3 welded output */
  fingerprint: string;
  total: number;
  pairList: number[];
}

/** One mesh's part of a session snapshot (and of a bake checkpoint). */
export interface SessionMeshSnapshot {
  name: string;
  simulation: MeshSimulationSnapshot;
  previousInput: Float32Array;
  inputMin: Float64Array;
  inputMax: Float64Array;
  stats: BakedMeshStats;
  sums: { residualSum: number; residualCount: number; correctionSum: number; correctionCount: number };
  /** with contact: its state between frames (its statistics are in `stats.contact`) */
  contact?: BakeContactSnapshot;
  /** with --repair: the repaired input frames so far and where the next repair starts (statistics in `stats.repair`) */
  repair?: BakeRepairSnapshot;
}

/** A session's whole state between two frames: restore() continues from it to the same numbers. */
export interface SessionSnapshot {
  /** the last simulated frame index */
  frame: number;
  meshes: SessionMeshSnapshot[];
}

/** How many expensive things a session has built: updates that keep what they can leave these unchanged. */
export interface SessionCounters {
  /** simulation meshes built: a lattice embedding with its factorizations (volume), or a surface model (cloth) */
  simulations: number;
  /** attachment compliances solved again by a material change (one factorization of the elasticity matrix each) */
  complianceSolves: number;
}

/**
 * One live simulation of an imported scene with resolved settings: the one way the engine runs (bakeAnimation loops
 * over one; the app's live preview and lattice view read one). Frame index k runs from −preroll to frameCount − 1
 * (baked frame firstFrame + k); advance(k) steps every mesh forward to k, surface(m, out) writes mesh m's output at
 * its current frame. Deterministic: the same scene, settings and sequence of calls give the same numbers, so a
 * preview read from a session equals a bake of the same settings bit for bit.
 */
export interface SimulationSession {
  readonly settings: ResolvedBakeSettings;
  readonly meshes: readonly SessionMesh[];
  readonly backend: BakeBackend;
  /** warnings of the set-up and of the frames so far (the bake adds its own after the loop) */
  readonly warnings: BakeWarning[];
  readonly counters: SessionCounters;
  /** whether snapshot() works (every session today: contact and repair save what the next frame depends on) */
  readonly restorable: boolean;
  /** baked frames (lastFrame − firstFrame + 1) */
  readonly frameCount: number;
  /** the input time of frame index k [s] (wrapped for loops, clamped to the clip otherwise) */
  inputTime(k: number): number;
  /** the smallest frame index every mesh has reached */
  readonly frame: number;
  /**
   * Steps every mesh forward to frame index k (−preroll ≤ k < frameCount); a mesh already at k does nothing. To go
   * back, restore a snapshot or restart().
   * @throws RangeError for k outside the bake or behind a mesh's frame; SimulationError on a diverged frame
   */
  advance(k: number): Promise<void>;
  /** Writes mesh m's render positions (#R×3 world [file units]) at its current frame (≥ 0): the baked frame. */
  surface(m: number, out: Float32Array): void;
  /** The state between frames (throws BakeError with contact or repair: their detection caches are not saved). */
  snapshot(): SessionSnapshot;
  restore(snapshot: SessionSnapshot): void;
  /** Back to before the first frame (the next advance starts the state on the animated surface). */
  restart(): void;
  /**
   * New base weights for a mesh (#V in [0, 1]): the blend, pins and surface guard change from the next frame on; no
   * embedding or factorization is rebuilt (counters do not change).
   */
  setWeights(name: string, weights: ArrayLike<number>): void;
  /**
   * Takes new settings, keeping what it can. Per simulated mesh: substeps, iterations and gravity act from the next
   * frame; a new material goes to the simulation (setMaterial: no new embedding, κ rescaled or solved again); a new
   * lattice resolution, model kind (volume or cloth), κ override, or a material change on a mesh with contact
   * rebuilds that mesh alone and restarts the session. Anything else (clip, frame rate, range, pre-roll, loop, units,
   * contact, repair, roles) needs a new session.
   * @returns 'same' (nothing to do), 'updated' (continues from the current state), 'rebuilt' (meshes rebuilt, the
   *          session restarted) or 'incompatible' (nothing changed: build a new session)
   */
  update(settings: ResolvedBakeSettings): 'same' | 'updated' | 'rebuilt' | 'incompatible';
  /** Seconds per stage so far. */
  timings(): Record<BakeStage, number>;
  /** Frees the step backend's buffers. */
  dispose(): void;
}

/** What a session's caller resolved already (createSimulationSession): built here when absent. */
export interface SessionInputs {
  /** the input's animation evaluator (bake(): one that keeps its frames, shared with the export) */
  evaluator?: AnimationEvaluator;
  /** by mesh index, each simulated mesh's weights (meshWeights) */
  weights?: ReadonlyMap<number, MeshWeights>;
}

/**
 * The share of a cloth mesh's surface that must enclose space for the bake to warn (cloth-on-volume): more than half,
 * so a garment with closed buttons or a closed collar tube is not flagged, a blob or a body (1.0) is.
 */
const CLOSED_CLOTH_SHARE = 0.5;

/** Weights below this are ramped toward exact input on the output surface: w = 0 follows the animation exactly. */
const GUARD_WEIGHT = 0.05;

/**
 * The spacing of the input samples a bake that starts in motion reads its first velocity and acceleration from [s]
 * (initialMotion): fixed in time, so 24, 30 and 60 fps bakes start alike; 1/30 s is the key spacing of most clips.
 */
const START_SPACING = 1 / 30;

/** The most of a cyclic clip the gear swings through before a bake that starts mid-cycle (prerollGear) [s]. */
const GEAR_PREROLL_SECONDS = 2;

/** How far past the animation a vertex may move, in mesh sizes (bounding-box diagonals), before a frame counts as diverged. */
const DIVERGENCE_SIZES = 10;

interface Job extends SessionMesh {
  resolved: ResolvedMesh;
  simulation: MeshSimulation;
  weights: Float32Array;
  weightsSource: WeightsSource;
  weightsRegions: WeightsRegion[];
  frame: number;
  /** the simulation was built after the first frame (a following mesh's weights left 0): start it at the next frame */
  needsStart: boolean;
  /** #V 1 on the vertices its carried shells move (glued accessories and gear: carriedShells); the lattice pins them */
  carried: Uint8Array;
  /** #V the weights the simulation and the surface guard see: the frame's weights, 0 on carried vertices */
  latticeWeights: Float32Array;
  /** the input around the first frame, for the carried shells' start (null for a loop, whose pre-roll settles them) */
  startMotion: CarrierStart | null;
  /** the input before the first frame (a loop's start) */
  startPrevious: Float32Array | null;
  guard: Float32Array;
  input: Float32Array;
  previousInput: Float32Array;
  nextInput: Float32Array;
  output: Float32Array;
  raw: Float32Array;
  renderInput: Float32Array;
  /** the input time renderInput holds (NaN: none): the render vertices evaluated for the step are reused by surface */
  renderInputTime: number;
  stats: BakedMeshStats;
  residualSum: number;
  residualCount: number;
  contact: BakeContact | null;
  checkedOutputs: Array<CheckedOutput | undefined>;
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
  /** collider indices (into the session's colliders) this mesh meets: every collider but itself */
  own: number[];
  /** substeps, iterations, gravity, κ as the simulation reads them each frame (update changes them in place) */
  controls: SimulationControls;
  /** corrects a frame's output where it turns triangles inside out against the input (flipGuard) */
  flips: FlipGuard;
  /** scratch of prefetchInputs: an input frame ahead and the colliders at that frame */
  ahead?: { input: Float32Array; colliders: Float32Array[] };
}

/**
 * Builds a simulation session: resolves every simulated mesh's weights (project, file, uniform, default), builds its
 * simulation (lattice embedding and fitter for volumes, the surface for cloth), its contact and repair, and its
 * authoring (weight layers, max distances, pose corrections). See bakeAnimation for the physics and the time line.
 *
 * @param scene     the imported scene (not modified)
 * @param settings  resolved settings (resolveBakeSettings)
 * @param options   the weight sources and the project, the step backend
 * @param inputs    what the caller resolved already: the input's evaluator (a bake's keeps its frames, so the export
 *                  reuses the session's skinning) and the meshes' weights (meshWeights, resolved with the settings)
 * @throws BakeError for weights or meshes that cannot be simulated
 */
export function createSimulationSession(scene: ImportedScene, settings: ResolvedBakeSettings, options: BakeOptions = {}, inputs: SessionInputs = {}): SimulationSession {
  const evaluator = inputs.evaluator ?? createAnimationEvaluator(scene);
  const stageSeconds = Object.fromEntries(BAKE_STAGES.map((s) => [s, 0])) as Record<BakeStage, number>;
  const stageTimes: MeshSimulationTimings = { fitting: 0, simulation: 0, transfer: 0 };
  const warnings: BakeWarning[] = [];
  const counters: SessionCounters = { simulations: 0, complianceSolves: 0 };
  const clip = scene.clips[settings.clipIndex];
  const dt = 1 / settings.fps;
  const frameCount = settings.lastFrame - settings.firstFrame + 1;
  const inputTime = (k: number): number => {
    const t = (settings.firstFrame + k) / settings.fps;
    if (settings.loop && clip.duration > 0) return ((t % clip.duration) + clip.duration) % clip.duration;
    return Math.min(Math.max(t, 0), clip.duration);
  };
  // The simulation runs in file units: an asset of s meters per unit behaves like its physical size when
  // its density is ρ·s² and gravity g/s (substitute x = s·x_u in M ẍ = −∇Π + M g; E, ν, β and κ are unchanged).
  const s = settings.metersPerUnit;
  // Where the VBD step runs; a GPU that fails mid-bake hands over to the CPU from the last completed frame.
  const stepBackend = options.stepBackend ?? cpuVbdStepBackend();
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

  // Colliders: every mesh with role collider, moving with its own animation, exported unchanged (app/contact).
  const colliders = settings.meshes
    .filter((m) => m.role === 'collider')
    .map((m) => ({ meshIndex: m.meshIndex, name: m.name, triangles: scene.meshes[m.meshIndex].topology.triangles, vertexCount: scene.meshes[m.meshIndex].topology.vertexCount }));
  const colliderStart = colliders.map((c) => new Float32Array(3 * c.vertexCount));
  const colliderEnd = colliders.map((c) => new Float32Array(3 * c.vertexCount));
  /** the frame index colliderStart/colliderEnd hold (they are shared by every mesh stepping that frame) */
  let colliderFrame = Number.NaN;
  const selfContact = settings.bake.selfContact;

  /** A mesh's welded rest positions [file units]. */
  const restOf = (meshIndex: number, vertexCount: number): Float32Array => {
    const positions = new Float32Array(3 * vertexCount);
    evaluator.evaluateSimulationPositions(meshIndex, null, 0, positions);
    return positions;
  };
  // A bake with contact checks its input frames on the pool while it simulates: its workers start loading now, while
  // the meshes are set up.
  if (options.checkPool && (selfContact || colliders.length > 0)) options.checkPool.start();

  /**
   * A mesh's simulation: its lattice embedding and factorizations (volume), or its surface model (cloth). A volume's
   * carried shells (pinned, moved by their host) are left out of its lattice, on the whole mesh's grid
   * (createPartialSimulation); contact sees them as kinematic points (bakeContact's embeddedVertices).
   */
  function buildSimulation(resolved: ResolvedMesh, rest: Float32Array, weights: Float32Array, controls: SimulationControls, carried: Uint8Array | null): MeshSimulation {
    const mesh = scene.meshes[resolved.meshIndex];
    let simulation: MeshSimulation;
    try {
      if (resolved.material.model === 'stvk') {
        simulation = createSurfaceSimulation(mesh.topology, rest, weights, physical(resolved), controls);
      } else if (carried && carried.some((c) => c !== 0)) {
        const vertexCount = mesh.topology.vertexCount;
        const kept = keptVertices(carried);
        const compact = new Int32Array(vertexCount).fill(-1);
        kept.forEach((v, i) => (compact[v] = i));
        const triangles: number[] = [];
        const all = mesh.topology.triangles;
        for (let t = 0; t < all.length; t += 3) if (compact[all[t]] >= 0 && compact[all[t + 1]] >= 0 && compact[all[t + 2]] >= 0) triangles.push(compact[all[t]], compact[all[t + 1]], compact[all[t + 2]]);
        const min = [Infinity, Infinity, Infinity];
        const max = [-Infinity, -Infinity, -Infinity];
        for (let i = 0; i < rest.length; i += 3) {
          for (let c = 0; c < 3; c++) {
            min[c] = Math.min(min[c], rest[i + c]);
            max[c] = Math.max(max[c], rest[i + c]);
          }
        }
        const compactRest = new Float32Array(3 * kept.length);
        kept.forEach((v, i) => compactRest.set(rest.subarray(3 * v, 3 * v + 3), 3 * i));
        const topology = { ...mesh.topology, vertexCount: kept.length, positions: compactRest, triangles: Uint32Array.from(triangles) };
        const inner = createVolumeSimulation(topology, compactRest, Float32Array.from(kept, (v) => weights[v]), physical(resolved), resolved.latticeResolution, controls, restSkeleton(scene, evaluator, resolved.meshIndex), true, { min, max });
        simulation = createPartialSimulation(inner, kept, vertexCount);
      } else {
        simulation = createVolumeSimulation(mesh.topology, rest, weights, physical(resolved), resolved.latticeResolution, controls, restSkeleton(scene, evaluator, resolved.meshIndex));
      }
    } catch (error) {
      throw new BakeError(`mesh "${mesh.name}" cannot be simulated: ${error instanceof Error ? error.message : String(error)}`);
    }
    counters.simulations++;
    return simulation;
  }

  /** The vertices a volume's lattice embeds: all but its carried shells'. */
  const keptVertices = (carried: Uint8Array): Uint32Array => Uint32Array.from({ length: carried.length }, (_, v) => v).filter((v) => !carried[v]);

  // Separate shells (one rule for pieces and meshes) and the shells the project sets back to rigid.
  const shells = sceneShells(scene);
  // The weights are resolved with the settings (bake() does it before anything is built; a session on its own here).
  const weightsClock = performance.now();
  const weightsOf = inputs.weights ?? meshWeights(scene, settings, options);
  if (!inputs.weights) stageSeconds.weights += (performance.now() - weightsClock) / 1000;

  /** Builds one simulated mesh: weights, simulation (embedding and factorizations), contact, repair, authoring. */
  function buildJob(resolved: ResolvedMesh): Job {
    options.signal?.throwIfAborted();
    const mesh = scene.meshes[resolved.meshIndex];
    let clock = performance.now();
    // Every simulated mesh's (a rebuild keeps the meshes; a new simulated mesh needs a new session: update()).
    const resolvedWeights = weightsOf.get(resolved.meshIndex);
    if (!resolvedWeights) throw new Error(`simulation session: no weights resolved for mesh "${resolved.name}"`);
    const { source: weightsSource, regions: weightsRegions } = resolvedWeights;
    const weights = resolvedWeights.values;
    // Glued accessories and gear ride their host (carriedShells): the simulation pins them.
    const carried = new Uint8Array(weights.length);
    // Each carried shell is one rigid piece (the final contact check corrects it as one: bakeContact's rigidPieces).
    const rigidPieces = new Int32Array(weights.length).fill(-1);
    let pieceCount = 0;
    for (const shell of shells.meshes[resolved.meshIndex]) {
      if (shell.role === 'part' || !shell.host) continue;
      for (const v of shell.vertices) {
        carried[v] = 1;
        rigidPieces[v] = pieceCount;
      }
      pieceCount++;
    }
    const latticeWeights = Float32Array.from(weights, (w, v) => (carried[v] ? 0 : w));
    stageSeconds.weights += (performance.now() - clock) / 1000;
    clock = performance.now();
    const vertexCount = mesh.topology.vertexCount;
    const rest = new Float32Array(3 * vertexCount);
    evaluator.evaluateSimulationPositions(resolved.meshIndex, null, 0, rest);
    const controls = controlsOf(resolved);
    const others = colliders.filter((c) => c.meshIndex !== resolved.meshIndex);
    // A mesh whose weights are all 0 (a rigid part of a rig at its default, a backpack or a visor carried by its host)
    // is its animation: nothing to simulate, unless its weights can change in time (layers). Contact cannot move it
    // either (every lattice vertex is pinned), so it has none of its own: the simulated meshes' final checks count their
    // crossings with it (neighbours). Building its lattice and contact for nothing cost the layered character's
    // self-contact Jump 0:20 a 1,296-vertex lattice for the Pack and 224 for the Visor: 5.7 s of simulation against 0.6.
    const authoring = meshAuthoring(options.project, mesh.name, weights, rest, mesh.topology.triangles, s);
    const follows = !authoring?.layered && latticeWeights.every((w) => w === 0);
    const simulation = follows ? createFollowingSimulation(vertexCount) : buildSimulation(resolved, rest, latticeWeights, controls, carried);
    stageSeconds.embedding += (performance.now() - clock) / 1000;
    const contact =
      !follows && (selfContact || others.length > 0)
        ? bakeContact({
            triangles: mesh.topology.triangles,
            surfaceVertexCount: vertexCount,
            embedding: simulation.embedding ?? null,
            simulationVertexCount: simulation.model.vertexCount,
            masses: simulation.model.masses,
            timeStep: dt / resolved.substeps,
            restSurface: rest,
            selfContact,
            colliders: others.map((c) => ({ name: c.name, triangles: c.triangles, vertexCount: c.vertexCount, restPositions: options.checkPool ? restOf(c.meshIndex, c.vertexCount) : undefined })),
            checkPool: options.checkPool,
            frameDuration: dt,
            rigidPieces: pieceCount > 0 ? rigidPieces : undefined,
            // The lattice embeds the surface less its carried shells (buildSimulation).
            embeddedVertices: simulation.embedding && pieceCount > 0 ? keptVertices(carried) : undefined,
            // The other simulated meshes: their crossings with this one count in its final check (finishFrames).
            neighbours: settings.meshes
              .filter((m) => m.role === 'simulated' && m.meshIndex !== resolved.meshIndex)
              .map((m) => ({ name: m.name, triangles: scene.meshes[m.meshIndex].topology.triangles, vertexCount: scene.meshes[m.meshIndex].topology.vertexCount })),
          })
        : null;
    if (contact) controls.contact = contact;
    const repair = settings.bake.repair
      ? bakeRepair({
          triangles: mesh.topology.triangles,
          vertexCount,
          restPositions: rest,
          signal: options.signal,
          colliders: others.map((c) => ({ name: c.name, triangles: c.triangles, vertexCount: c.vertexCount })),
          colliderRestPositions: others.map((c) => {
            const positions = new Float32Array(3 * c.vertexCount);
            evaluator.evaluateSimulationPositions(c.meshIndex, null, 0, positions);
            return positions;
          }),
        })
      : null;
    const guard = Float32Array.from(latticeWeights, (w) => Math.min(1, w / GUARD_WEIGHT));
    // Max distances: clamped inside every substep (and once more on the exported surface, finishFrame).
    if (authoring?.maxDistances) simulation.setMaxDistances(authoring.maxDistances);
    const size = boundingBoxDiagonal(rest) * s;
    if (size > 20 || size < 0.01) {
      warnings.push(
        bakeWarning(
          'scale',
          `mesh "${mesh.name}" spans ${size.toPrecision(3)} m (glTF is in meters${s !== 1 ? `, at ${s} m per unit` : ''}); ` +
            `if it was modelled in ${size > 20 ? 'centimeters, bake with metersPerUnit 0.01' : 'other units, set metersPerUnit'} (--meters-per-unit) so it moves like its real size`,
          mesh.name,
        ),
      );
    }
    // Cloth is a membrane: on a closed surface nothing keeps the volume it encloses (closedSurfaceShare).
    if (resolved.material.model === 'stvk') {
      const closed = closedSurfaceShare(mesh.topology.triangles, rest);
      if (closed > CLOSED_CLOTH_SHARE) {
        warnings.push(
          bakeWarning(
            'cloth-on-volume',
            `mesh "${mesh.name}" is a closed volume (${Math.round(100 * closed)}% of its surface encloses space) baked with the cloth preset: a membrane keeps no volume, so it folds into itself under the motion and does not spring back; give a body flesh, jelly or stiffRubber, and keep cloth for open garments, capes and flags`,
            mesh.name,
          ),
        );
      }
    }
    const { unpinnedPieces, pieces } = simulation.stats;
    if (unpinnedPieces) {
      warnings.push(
        bakeWarning(
          'no-driver',
          settings.freeBody
            ? `mesh "${mesh.name}": ${unpinnedPieces} of its ${pieces} lattice pieces have no weight-0 vertex and move as free bodies (freeBody): nothing holds them to the animation but their blending springs`
            : `mesh "${mesh.name}": ${unpinnedPieces} of its ${pieces} lattice pieces have no weight-0 vertex; each is held at its skeleton core instead (where its bones run deep, or where it sits in a larger part), so it cannot hover or collapse. Paint weight 0 where it should follow the animation exactly`,
          mesh.name,
        ),
      );
    }
    return {
      meshIndex: resolved.meshIndex,
      name: resolved.name,
      resolved,
      simulation,
      weights,
      weightsSource,
      weightsRegions,
      frame: -settings.preroll - 1,
      needsStart: false,
      carried,
      latticeWeights,
      startMotion: null,
      startPrevious: null,
      guard,
      input: new Float32Array(3 * vertexCount),
      previousInput: new Float32Array(3 * vertexCount),
      nextInput: new Float32Array(3 * vertexCount),
      output: new Float32Array(3 * vertexCount),
      raw: new Float32Array(3 * vertexCount),
      renderInput: new Float32Array(3 * mesh.renderVertexCount),
      renderInputTime: NaN,
      stats: freshStats(simulation.stats, boundingBoxDiagonal(rest)),
      residualSum: 0,
      residualCount: 0,
      contact,
      checkedOutputs: [],
      inputMin: new Float64Array(3).fill(Infinity),
      inputMax: new Float64Array(3).fill(-Infinity),
      correctionSum: 0,
      correctionCount: 0,
      rest,
      repair,
      rawInput: new Float32Array(3 * vertexCount),
      authoring,
      frameWeights: authoring?.layered ? Float32Array.from(weights) : weights,
      own: colliders.map((c, i) => (c.meshIndex === resolved.meshIndex ? -1 : i)).filter((i) => i >= 0),
      controls,
      flips: flipGuard(mesh.topology.triangles, rest, vertexCount),
    };
  }
  const jobs: Job[] = settings.meshes.filter((m) => m.role === 'simulated').map(buildJob);
  const carriedShells = createCarriedShells(
    jobs.map((job) => shells.meshes[job.meshIndex]),
    jobs.map((job, m) => ({
      meshIndex: job.meshIndex,
      rest: job.rest,
      // (a session's update may rebuild the job or change its material)
      get material() {
        return jobs[m].resolved.material;
      },
    })),
    shells.restPositions,
    (meshIndex) => jobs.findIndex((job) => job.meshIndex === meshIndex),
    s,
    MAX_STEP,
  );
  /** The frame's weights of a mesh with its carried vertices at 0: what its simulation and surface guard see. */
  const latticeWeightsOf = (job: Job, weights: ArrayLike<number>): void => {
    for (let v = 0; v < weights.length; v++) job.latticeWeights[v] = job.carried[v] ? 0 : weights[v];
  };

  /**
   * A mesh's input at frame index k (clip time inputTime(k)): with the project's pose corrections active at that
   * frame applied, then repaired when the bake repairs (colliders: null evaluates them at that time). job.rawInput
   * keeps the file's own input of the current frame (the render vertices move by the departure from it).
   */
  const inputAt = (job: Job, k: number, out: Float32Array, colliderPositions: Float32Array[] | null): void => {
    const at = inputTime(k);
    if (out === job.input) {
      // The frame's render vertices, kept for surface(): the welded input is their representatives, as
      // evaluateSimulationPositions gathers them (one skinning per frame instead of two).
      evaluator.evaluateSimulationPositions(job.resolved.meshIndex, settings.clipIndex, at, out, job.renderInput);
      job.renderInputTime = at;
      job.rawInput.set(out);
    } else {
      evaluator.evaluateSimulationPositions(job.resolved.meshIndex, settings.clipIndex, at, out);
    }
    job.authoring?.correct(settings.firstFrame + k, out);
    if (!job.repair) return;
    const frame =
      colliderPositions ??
      job.own.map((i) => {
        const positions = new Float32Array(3 * colliders[i].vertexCount);
        evaluator.evaluateSimulationPositions(colliders[i].meshIndex, settings.clipIndex, at, positions);
        return positions;
      });
    job.repair.apply(at, out, frame);
  };

  const collidersAt = (k: number): void => {
    if (colliderFrame === k) return;
    colliders.forEach((c, i) => {
      evaluator.evaluateSimulationPositions(c.meshIndex, settings.clipIndex, inputTime(k - 1), colliderStart[i]);
      evaluator.evaluateSimulationPositions(c.meshIndex, settings.clipIndex, inputTime(k), colliderEnd[i]);
    });
    colliderFrame = k;
  };

  // On a GPU backend the meshes of a frame run side by side: while one mesh's step and readback run on the device, the
  // next mesh's input, fitting and encoding run on the CPU. No mesh reads another's state (colliders are inputs), so
  // every mesh computes what it computes alone, bit for bit; only the stage times overlap (their sum can exceed the
  // frame's wall time). Contact and repair keep the meshes in turn.
  const overlapMeshes = backend.kind !== 'cpu' && jobs.length > 1 && jobs.every((job) => !job.contact && !job.repair);

  /**
   * With a check pool: frame index j's input checks start now, on the pool, while this frame simulates (setFrame at
   * j checks the input at j and at j + 1 with the colliders at j; finishFrame the input at j again). Not with
   * --repair: its inputs are repaired in time order as the frames come.
   */
  const prefetchInputs = (job: Job, j: number): void => {
    // (Nothing to evaluate ahead for a surface the pool leaves to this thread.)
    if (!job.contact?.prefetches || job.repair || j > frameCount - 1) return;
    const ahead = (job.ahead ??= { input: new Float32Array(job.input.length), colliders: job.own.map((i) => new Float32Array(3 * colliders[i].vertexCount)) });
    job.own.forEach((i, n) => evaluator.evaluateSimulationPositions(colliders[i].meshIndex, settings.clipIndex, inputTime(j), ahead.colliders[n]));
    for (const frame of [j, j + 1]) {
      inputAt(job, frame, ahead.input, ahead.colliders);
      job.contact.prefetchInput(ahead.input, ahead.colliders);
    }
  };

  let contactPrepared: Promise<void> | undefined;
  /** One frame of one mesh: input, step (or start), the divergence check, and for baked frames the output surface. */
  async function step(job: Job, k: number): Promise<void> {
    collidersAt(k);
    const start = job.own.map((i) => colliderStart[i]);
    const end = job.own.map((i) => colliderEnd[i]);
    const clock = performance.now();
    const first = k === -settings.preroll;
    // With --repair each input frame is repaired in time order before the simulation sees it (app/contact).
    if (first) inputAt(job, k - 1, job.previousInput, start);
    inputAt(job, k, job.input, end);
    if (job.authoring?.layered) {
      // Weight layers keyed in time: this frame's blend, pins and surface guard (no new embedding or factorization).
      job.authoring.weightsAt(settings.firstFrame + k, job.frameWeights);
      latticeWeightsOf(job, job.frameWeights);
      job.simulation.setBlendWeights(job.latticeWeights);
      for (let v = 0; v < job.guard.length; v++) job.guard[v] = Math.min(1, job.latticeWeights[v] / GUARD_WEIGHT);
    }
    stageSeconds.evaluation += (performance.now() - clock) / 1000;
    const { input, inputMin, inputMax } = job;
    for (let c = 0; c < 3; c++) {
      let low = inputMin[c];
      let high = inputMax[c];
      for (let i = c; i < input.length; i += 3) {
        low = Math.min(low, input[i]);
        high = Math.max(high, input[i]);
      }
      inputMin[c] = low;
      inputMax[c] = high;
    }
    if (first || job.needsStart) {
      job.needsStart = false;
      job.startMotion = null;
      job.startPrevious = Float32Array.from(job.previousInput);
      if (first) prefetchInputs(job, k + 1);
      // A loop's pre-roll is a whole cycle and settles by itself; any other start continues the input's motion (its
      // velocity and the lag of its acceleration, from the next two frames), so its first frames are not kicked.
      // (Not with --repair: it repairs the input frames in time order.)
      let motion: StartMotion | undefined;
      let spacing = dt;
      if (!settings.loop && !job.repair) {
        // Sampled START_SPACING apart whatever the frame rate (an input keyed at 30 fps, sampled a frame apart at 60
        // fps, looks unaccelerated between its keys), so every rate starts from the same motion.
        const clock = performance.now();
        spacing = START_SPACING;
        const step = spacing * settings.fps;
        const previousKnown = (settings.firstFrame + k) / settings.fps - spacing >= 0;
        const previous = new Float32Array(job.input.length);
        const next = new Float32Array(job.input.length);
        const afterNext = new Float32Array(job.input.length);
        const later = new Float32Array(job.input.length);
        if (previousKnown) inputAt(job, k - step, previous, null);
        inputAt(job, k + step, next, null);
        inputAt(job, k + 2 * step, afterNext, null);
        inputAt(job, k + 3 * step, later, null);
        motion = { previous: previousKnown ? previous : null, next, afterNext, later };
        job.startMotion = { ...motion, spacing };
        stageSeconds.evaluation += (performance.now() - clock) / 1000;
      }
      await job.simulation.start(job.input, job.previousInput, dt, stageTimes, motion, spacing);
      job.simulation.surface(job.input, job.raw, stageTimes);
    } else {
      if (job.contact) {
        // A device's contact (WebGPU: OGC's detection kernels) is compiled once, before its first stepper with contact.
        contactPrepared ??= backend.prepareContact?.();
        await contactPrepared;
        // The next frame's input too: pairs the animation is about to cross are left alone a frame early (app/contact).
        // Its evaluation and the exact checks of both inputs count as evaluation, like the final check (they were in
        // no stage, so the stages summed to less than the bake).
        const checks = performance.now();
        inputAt(job, k + 1, job.nextInput, null);
        await job.contact.inputReady(job.input, end);
        await job.contact.inputReady(job.nextInput, end);
        job.contact.setFrame(job.previousInput, job.input, start, end, job.nextInput);
        prefetchInputs(job, k + 1);
        stageSeconds.evaluation += (performance.now() - checks) / 1000;
      }
      // Every substep follows the input at its own time (not with --repair, which repairs the frames in time order).
      const within: SubframeInput | undefined = job.repair ? undefined : { previous: job.previousInput, at: (fraction, out) => inputAt(job, k - 1 + fraction, out, null) };
      const diagnostics = await job.simulation.advance(job.input, dt, job.raw, stageTimes, within);
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
    job.frame = k;
    const { stats } = job;
    stats.residualMean = job.residualCount > 0 ? job.residualSum / job.residualCount : 0;
    stats.correctionMean = job.correctionCount > 0 ? job.correctionSum / job.correctionCount : 0;
    // The simulation counts clamped rest shapes as it runs; the copy taken at set-up is stale by now.
    if (job.simulation.stats.clampedRestTets !== undefined) stats.clampedRestTets = job.simulation.stats.clampedRestTets;
    if (job.contact) stats.contact = job.contact.stats;
    if (job.repair) stats.repair = job.repair.stats;
  }

  /**
   * A frame of every mesh after their steps: the surface guard (weights below GUARD_WEIGHT ramped to the input), the
   * carried shells (glued accessories and gear on their hosts, across meshes), and for a baked frame the rest of the
   * exported surface (finishFrame).
   */
  function finishFrames(k: number): void {
    const collect = performance.now();
    for (const job of jobs) {
      const { input, raw, output, guard } = job;
      for (let v = 0; v < guard.length; v++) {
        const b = guard[v];
        for (let c = 3 * v; c < 3 * v + 3; c++) output[c] = b === 1 ? raw[c] : b === 0 ? input[c] : input[c] + b * (raw[c] - input[c]);
      }
    }
    const starting = jobs.some((job) => job.startPrevious !== null);
    if (starting && !settings.loop && carriedShells.gear.some((list) => list.length > 0)) prerollGear(k);
    carriedShells.apply(
      jobs.map((job) => job.input),
      jobs.map((job) => job.output),
      jobs.map((job) => job.frameWeights),
      dt,
      starting ? jobs.map((job) => job.startPrevious ?? job.previousInput) : undefined,
      starting ? jobs.map((job) => job.startMotion) : undefined,
    );
    // With contact and several simulated meshes each mesh's final check sees the others: the ones finished before it
    // as they will be exported, the rest at their input (what their own check falls back to), so no two simulated
    // meshes end a frame with a new crossing (each is its own simulation, with no contact between them).
    const withNeighbours = jobs.length > 1 && jobs.some((job) => job.contact);
    jobs.forEach((job, i) => {
      job.startPrevious = null;
      job.startMotion = null;
      if (k >= 0) {
        const others = jobs.filter((other) => other !== job);
        const neighbours = withNeighbours ? { inputs: others.map((other) => other.input), now: others.map((other) => (jobs.indexOf(other) < i ? other.output : other.input)) } : undefined;
        finishFrame(job, k, job.own.map((c) => colliderEnd[c]), neighbours);
        if (job.contact) job.stats.contact = job.contact.stats;
      }
      job.previousInput.set(job.input);
    });
    stageSeconds.evaluation += (performance.now() - collect) / 1000;
  }

  /**
   * Gear near the frequency of a cyclic clip's motion (a pouch at 2 Hz on a 2 Hz walk) is far from the steady swing of
   * its first acceleration when a bake starts mid-cycle; the cycle before the first frame is known, though: the gear
   * alone (its host held as displaced at the first frame) swings through up to GEAR_PREROLL_SECONDS of it first, ending in the state
   * the cycle leaves it in. A clip is cyclic when its last pose is its first (within 1e-4 of each mesh's size).
   */
  function prerollGear(k: number): void {
    if (!(clip.duration > 0)) return;
    const ends = jobs.map(() => [new Float32Array(0), new Float32Array(0)]);
    const cyclic = jobs.every((job, m) => {
      ends[m] = [new Float32Array(job.input.length), new Float32Array(job.input.length)];
      evaluator.evaluateSimulationPositions(job.meshIndex, settings.clipIndex, 0, ends[m][0]);
      evaluator.evaluateSimulationPositions(job.meshIndex, settings.clipIndex, clip.duration, ends[m][1]);
      let largest = 0;
      for (let i = 0; i < job.input.length; i += 3) largest = Math.max(largest, hypot3(ends[m][0][i] - ends[m][1][i], ends[m][0][i + 1] - ends[m][1][i + 1], ends[m][0][i + 2] - ends[m][1][i + 2]));
      return largest <= 1e-4 * job.stats.diagonal;
    });
    if (!cyclic) return;
    const frames = Math.max(1, Math.round(Math.min(clip.duration, GEAR_PREROLL_SECONDS) * settings.fps));
    const wrapped = (j: number): number => ((((settings.firstFrame + j) / settings.fps) % clip.duration) + clip.duration) % clip.duration;
    const inputs = jobs.map((job) => new Float32Array(job.input.length));
    const previous = jobs.map((job) => new Float32Array(job.input.length));
    const outputs = jobs.map((job) => new Float32Array(job.input.length));
    const frameWeights = jobs.map((job) => job.frameWeights);
    for (let j = k - frames; j < k; j++) {
      jobs.forEach((job, m) => {
        if (j === k - frames) evaluator.evaluateSimulationPositions(job.meshIndex, settings.clipIndex, wrapped(j - 1), previous[m]);
        evaluator.evaluateSimulationPositions(job.meshIndex, settings.clipIndex, wrapped(j), inputs[m]);
      });
      // The hosts displaced as at the first frame (their lattice's first state), so the gear meets them there.
      // (A plain loop: Float32Array.from with a map callback cost more than the gear's swing itself, measured.)
      jobs.forEach((job, m) => {
        const input = inputs[m];
        const output = outputs[m];
        for (let i = 0; i < input.length; i++) output[i] = input[i] + job.output[i] - job.input[i];
      });
      carriedShells.apply(inputs, outputs, frameWeights, dt, j === k - frames ? previous : undefined, j === k - frames ? jobs.map(() => null) : undefined);
    }
  }

  /** The exported surface of a baked frame: the weight-0 statistics, max distances and backstop, the final contact check. */
  function finishFrame(job: Job, k: number, colliderPositions: Float32Array[], neighbours?: NeighbourFrame): void {
    const { input, raw, output, stats, carried } = job;
    const weights = job.frameWeights;
    for (let v = 0; v < weights.length; v++) {
      // Carried shells follow their host, not the animation: a belt on a belly that jiggles moves with weight 0.
      if (weights[v] === 0 && !carried[v]) {
        stats.weightZeroDriftBeforeGuard = Math.max(stats.weightZeroDriftBeforeGuard, distance(raw, input, v));
        stats.weightZeroDeviation = Math.max(stats.weightZeroDeviation, distance(output, input, v));
      }
    }
    // Max distances and the backstop around the (corrected) input, the flip guard, then the final contact check.
    job.authoring?.clamp(output, input);
    const flips = job.flips.correct(output, input);
    if (flips.flipped > 0) {
      const guard = stats.flipGuard;
      guard.framesCorrected++;
      guard.flippedMax = Math.max(guard.flippedMax, flips.flipped);
      guard.correctedVerticesMax = Math.max(guard.correctedVerticesMax, flips.correctedVertices);
    }
    // The final check: a frame whose output adds an intersection is corrected toward the input (app/contact).
    const checked = job.contact?.finishFrame(output, input, colliderPositions, true, neighbours);
    if (checked && selfContact) {
      // Its self pairs (mesh 0 against itself) are a check of the surface alone: the export replays the frame's
      // compact shapes and checks only what they move (compactReplayIntersections).
      const pairList: number[] = [];
      const list = checked.pairList;
      for (let i = 0; i < list.length; i += 4) if (list[i] === 0 && list[i + 2] === 0) pairList.push(0, list[i + 1], 0, list[i + 3]);
      job.checkedOutputs[k] = { fingerprint: positionsFingerprint(output), total: pairList.length / 4, pairList };
    }
  }

  const session: SimulationSession = {
    get settings() {
      return settings;
    },
    meshes: jobs,
    backend: backendReport,
    warnings,
    counters,
    restorable: true,
    frameCount,
    inputTime,
    get frame() {
      return jobs.reduce((least, job) => Math.min(least, job.frame), frameCount - 1);
    },
    async advance(k) {
      if (!(Number.isInteger(k) && k >= -settings.preroll && k < frameCount)) throw new RangeError(`advance: frame index ${k} is outside this session (${-settings.preroll} to ${frameCount - 1})`);
      for (const job of jobs) {
        if (job.frame > k) throw new RangeError(`advance: mesh "${job.name}" is at frame index ${job.frame}, past ${k}: restore a snapshot or restart to go back`);
      }
      for (let frame = Math.min(...jobs.map((job) => job.frame)) + 1; frame <= k; frame++) {
        const due = jobs.filter((job) => job.frame < frame);
        if (!overlapMeshes || due.length < 2) {
          for (const job of due) await step(job, frame);
        } else {
          const results = await Promise.allSettled(due.map((job) => step(job, frame)));
          const failed = results.find((result) => result.status === 'rejected');
          if (failed) throw (failed as PromiseRejectedResult).reason;
        }
        finishFrames(frame);
      }
    },
    surface(m, out) {
      const job = jobs[m];
      if (job.frame < 0) throw new RangeError(`surface: mesh "${job.name}" has no baked frame yet (frame index ${job.frame})`);
      const mesh = scene.meshes[job.meshIndex];
      // Render vertices take their welded vertex's displacement; a vertex that did not move stays bit-identical.
      const at = inputTime(job.frame);
      if (job.renderInputTime !== at) {
        evaluator.evaluateMesh(job.meshIndex, settings.clipIndex, at, job.renderInput);
        job.renderInputTime = at;
      }
      const { renderToSimulation } = mesh.topology;
      // Render vertices move by the departure from the file's own input (a repaired or corrected input departs from it).
      const base = job.repair || job.authoring?.corrected ? job.rawInput : job.input;
      const { output, renderInput } = job;
      for (let r = 0; r < mesh.renderVertexCount; r++) {
        const v = renderToSimulation[r];
        for (let c = 0; c < 3; c++) {
          const displacement = output[3 * v + c] - base[3 * v + c];
          out[3 * r + c] = displacement === 0 ? renderInput[3 * r + c] : renderInput[3 * r + c] + displacement;
        }
      }
    },
    snapshot() {
      const frame = session.frame;
      if (jobs.some((job) => job.frame !== frame)) throw new RangeError('snapshot: the meshes are at different frames; advance them to the same frame first');
      return {
        frame,
        meshes: jobs.map((job, m) => ({
          name: job.name,
          simulation: { ...job.simulation.snapshot(), carried: carriedShells.snapshot(m) },
          previousInput: Float32Array.from(job.previousInput),
          inputMin: Float64Array.from(job.inputMin),
          inputMax: Float64Array.from(job.inputMax),
          stats: structuredClone(job.stats),
          sums: { residualSum: job.residualSum, residualCount: job.residualCount, correctionSum: job.correctionSum, correctionCount: job.correctionCount },
          ...(job.contact ? { contact: job.contact.snapshot() } : {}),
          ...(job.repair ? { repair: job.repair.snapshot() } : {}),
        })),
      };
    },
    restore(snapshot) {
      if (snapshot.meshes.length !== jobs.length || snapshot.meshes.some((saved, m) => saved.name !== jobs[m].name)) throw new BakeError('this snapshot belongs to another simulation (other meshes)', 'options');
      if (!(Number.isInteger(snapshot.frame) && snapshot.frame >= -settings.preroll - 1 && snapshot.frame < frameCount)) throw new BakeError(`the snapshot is at frame index ${snapshot.frame}, outside this simulation`, 'options');
      jobs.forEach((job, m) => {
        const saved = snapshot.meshes[m];
        // A snapshot taken while the mesh followed its animation (before its simulation was built) holds no state:
        // the simulation starts on the animation at the next frame.
        const followed = saved.simulation.positions.length === 0 && job.simulation.stats.kind !== 'none';
        if (followed) job.needsStart = snapshot.frame >= -settings.preroll;
        else job.simulation.restore(saved.simulation);
        if (saved.simulation.carried) carriedShells.restore(m, saved.simulation.carried);
        job.previousInput.set(saved.previousInput);
        job.inputMin.set(saved.inputMin);
        job.inputMax.set(saved.inputMax);
        Object.assign(job.stats, structuredClone(saved.stats));
        // Field by field: a snapshot's sums set these four numbers of the job, never another of its fields.
        job.residualSum = saved.sums.residualSum;
        job.residualCount = saved.sums.residualCount;
        job.correctionSum = saved.sums.correctionSum;
        job.correctionCount = saved.sums.correctionCount;
        // Contact and repair continue from their own state, their statistics the snapshot's (the live objects stay).
        if (job.contact) {
          if (!saved.contact || !saved.stats.contact) throw new BakeError(`this snapshot has no contact state for mesh "${job.name}"`, 'options');
          job.contact.restore(saved.contact, saved.stats.contact);
          job.stats.contact = job.contact.stats;
        }
        if (job.repair) {
          if (!saved.repair || !saved.stats.repair) throw new BakeError(`this snapshot has no repair state for mesh "${job.name}"`, 'options');
          job.repair.restore(saved.repair, saved.stats.repair);
          job.stats.repair = job.repair.stats;
        }
        job.frame = snapshot.frame;
      });
    },
    restart() {
      carriedShells.restart();
      for (const job of jobs) {
        job.frame = -settings.preroll - 1;
        job.needsStart = false;
        job.stats = freshStats(job.simulation.stats, job.stats.diagonal);
        job.residualSum = job.residualCount = job.correctionSum = job.correctionCount = 0;
        job.checkedOutputs.length = 0;
        job.inputMin.fill(Infinity);
        job.inputMax.fill(-Infinity);
        job.contact?.restore(null);
        job.repair?.restore(null);
      }
    },
    setWeights(name, values) {
      const job = jobs.find((j) => j.name === name);
      if (!job) throw new BakeError(`no simulated mesh "${name}"`, 'options');
      if (values.length !== job.weights.length) throw new BakeError(`mesh "${name}": ${values.length} weights for ${job.weights.length} vertices`, 'options');
      for (let v = 0; v < values.length; v++) {
        if (!(values[v] >= 0 && values[v] <= 1)) throw new BakeError(`mesh "${name}": weight ${v} is ${values[v]}, not in [0, 1]`, 'options');
      }
      job.weights.set(pinnedWeights(values, options.project, name));
      const mesh = scene.meshes[job.meshIndex];
      latticeWeightsOf(job, job.weights);
      if (job.simulation.stats.kind === 'none' && job.latticeWeights.some((w) => w !== 0)) {
        // A following mesh gets its simulation when a weight leaves 0; it starts on the animation at the next frame.
        const clock = performance.now();
        job.simulation.dispose();
        job.simulation = buildSimulation(job.resolved, job.rest, job.latticeWeights, job.controls, job.carried);
        stageSeconds.embedding += (performance.now() - clock) / 1000;
        Object.assign(job.stats, freshSimulationStats(job.simulation.stats));
        job.needsStart = job.frame >= -settings.preroll;
      }
      // Layers and limits are painted over the base weights: rebuilt from them (cheap; nothing geometric).
      job.authoring = meshAuthoring(options.project, name, job.weights, job.rest, mesh.topology.triangles, s);
      job.frameWeights = job.authoring?.layered ? Float32Array.from(job.weights) : job.weights;
      job.simulation.setMaxDistances(job.authoring?.maxDistances ?? null);
      if (!job.authoring?.layered) {
        job.simulation.setBlendWeights(job.latticeWeights);
        for (let v = 0; v < job.guard.length; v++) job.guard[v] = Math.min(1, job.latticeWeights[v] / GUARD_WEIGHT);
      }
    },
    update(next) {
      const global = (value: ResolvedBakeSettings) =>
        JSON.stringify([
          value.clipIndex,
          value.fps,
          value.firstFrame,
          value.lastFrame,
          value.preroll,
          value.loop,
          value.metersPerUnit,
          value.freeBody,
          value.bake.selfContact,
          value.bake.repair,
          value.bake.backend,
          value.meshes.map((m) => [m.meshIndex, m.role]),
        ]);
      if (global(next) !== global(settings)) return 'incompatible';
      let result: 'same' | 'updated' | 'rebuilt' = 'same';
      const rebuild: number[] = [];
      jobs.forEach((job, m) => {
        const before = job.resolved;
        const after = next.meshes.find((mesh) => mesh.meshIndex === job.meshIndex)!;
        if (JSON.stringify(before) === JSON.stringify(after)) return;
        const materialChanged = JSON.stringify(before.material) !== JSON.stringify(after.material);
        if (
          after.latticeResolution !== before.latticeResolution ||
          after.material.model !== before.material.model ||
          after.attachmentStiffness !== before.attachmentStiffness ||
          (materialChanged && job.contact)
        ) {
          rebuild.push(m);
          return;
        }
        const fresh = controlsOf(after);
        job.controls.substeps = fresh.substeps;
        job.controls.iterations = fresh.iterations;
        job.controls.gravity = fresh.gravity;
        if (materialChanged && job.simulation.setMaterial(physical(after))) counters.complianceSolves++;
        job.resolved = after;
        if (result === 'same') result = 'updated';
      });
      settings = next;
      if (rebuild.length === 0) return result;
      for (const m of rebuild) {
        const name = jobs[m].name;
        for (let w = warnings.length - 1; w >= 0; w--) if (warnings[w].mesh === name && (warnings[w].code === 'scale' || warnings[w].code === 'no-driver' || warnings[w].code === 'cloth-on-volume')) warnings.splice(w, 1);
        const old = jobs[m];
        old.simulation.dispose();
        jobs[m] = buildJob(next.meshes.find((mesh) => mesh.meshIndex === old.meshIndex)!);
        // Weights set on the session (painted in the app) carry over to the rebuilt mesh.
        session.setWeights(name, old.weights);
      }
      session.restart();
      return 'rebuilt';
    },
    timings() {
      return { ...stageSeconds, fitting: stageSeconds.fitting + stageTimes.fitting, simulation: stageSeconds.simulation + stageTimes.simulation, transfer: stageSeconds.transfer + stageTimes.transfer };
    },
    dispose() {
      for (const job of jobs) job.simulation.dispose();
    },
  };
  return session;
}

/** The simulation's own statistics, every optional one present (undefined when the simulation has none). */
function freshSimulationStats(simulation: MeshSimulationStats): MeshSimulationStats {
  return { meanEdge: undefined, clampedRestTets: undefined, driverVertices: undefined, pieces: undefined, unpinnedPieces: undefined, embedding: undefined, ...simulation };
}

function freshStats(simulation: MeshSimulationStats, diagonal: number): BakedMeshStats {
  return {
    ...simulation,
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
    flipGuard: { framesCorrected: 0, flippedMax: 0, correctedVerticesMax: 0 },
    loopSeam: 0,
    diagonal,
  };
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
  return hypot3(a[3 * v] - b[3 * v], a[3 * v + 1] - b[3 * v + 1], a[3 * v + 2] - b[3 * v + 2]);
}
