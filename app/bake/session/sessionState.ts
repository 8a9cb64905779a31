import type { AnimationEvaluator } from '../../animation/index.ts';
import type { BakeContact, BakeRepair } from '../../contact/index.ts';
import type { ImportedScene, ImportedClip } from '../../io/index.ts';
import type { VbdStepBackend } from '../../solvers/vbd/index.ts';
import type { SceneShells, WeightsRegion, WeightsSource } from '../../weights/index.ts';
import type { BakeOptions, BakeStage, ResolvedBakeSettings, ResolvedMesh } from '../bakeSettings.ts';
import type { BakeWarning } from '../bakeWarning.ts';
import type { CarriedShells, CarrierStart } from '../carriedShells.ts';
import type { FlipGuard } from '../flipGuard.ts';
import type { MeshAuthoring } from '../meshAuthoring.ts';
import type { MeshSimulation, MeshSimulationTimings } from '../meshSimulation.ts';
import type { MeshWeights } from '../meshWeights.ts';
import type { SimulationControls } from '../surfaceSimulation.ts';
import type { BakeBackend, BakedMeshStats, CheckedOutput, SessionCounters, SessionMesh } from '../simulationSession.ts';

/*
 * A simulation session as plain data plus named steps (libigl's `ARAPData` style, the way Newton keeps a state struct
 * and named kernels): SessionSetup is what sessionSetup resolves before any mesh is built, SessionJob one simulated
 * mesh (sessionJob builds it), SessionState the whole session the steps read and write. createSimulationSession
 * (app/bake/simulationSession.ts) is the driver; every step is a file of app/bake/session/.
 *
 * Shapes: #V welded vertices of a mesh, #R its render vertices, #C a collider's welded vertices. Positions are world,
 * row-major xyz, in file units (the simulation runs in file units: sessionSetup's `metersPerUnit` scales density and
 * gravity instead). Frame index k runs from −preroll to frameCount − 1 (baked frame firstFrame + k).
 */

/** A mesh with role collider: it moves with its own animation and is exported unchanged (app/contact). */
export interface SessionCollider {
  /** index into ImportedScene.meshes */
  meshIndex: number;
  name: string;
  /** #T×3 its welded triangles */
  triangles: Uint32Array;
  /** #C */
  vertexCount: number;
}

/** What a session resolves before it builds a mesh (sessionSetup); the steps read it, update() changes `settings`. */
export interface SessionSetup {
  /** the imported scene (never modified) */
  scene: ImportedScene;
  /** the resolved settings; update() replaces them with compatible ones (same clip, range, units, roles) */
  settings: ResolvedBakeSettings;
  /** the weight sources, the project, the step backend, the check pool, the abort signal */
  options: BakeOptions;
  /** the input's animation evaluator (the caller's, or one of the session's own) */
  evaluator: AnimationEvaluator;
  /** the clip baked (settings.clipIndex) */
  clip: ImportedClip;
  /** one frame [s]: 1 / fps */
  dt: number;
  /** baked frames, lastFrame − firstFrame + 1 */
  frameCount: number;
  /** s [m per file unit]: the simulation's density is ρ·s², its gravity g/s (E, ν, β and κ are unchanged) */
  metersPerUnit: number;
  /** seconds per stage spent here (timings() adds stageTimes) [s] */
  stageSeconds: Record<BakeStage, number>;
  /** seconds per stage the simulations report (fitting, simulation, transfer) [s] */
  stageTimes: MeshSimulationTimings;
  /** the set-up's warnings and the frames' (a rebuild removes a rebuilt mesh's set-up warnings) */
  warnings: BakeWarning[];
  /** simulations built and compliances solved again (what an update could keep) */
  counters: SessionCounters;
  /** where the VBD steps run: the caller's backend, handing over to the CPU when a GPU fails (withCpuFallback) */
  backend: VbdStepBackend;
  /** the backend as the report names it (its `fallback` set when the GPU failed) */
  backendReport: BakeBackend;
  /** the scene's colliders, in settings.meshes order */
  colliders: SessionCollider[];
  /** per collider, #C×3 its positions at the start of the frame colliderFrame (input time of k − 1) */
  colliderStart: Float32Array[];
  /** per collider, #C×3 its positions at the end of the frame colliderFrame (input time of k) */
  colliderEnd: Float32Array[];
  /** whether meshes collide with themselves (settings.bake.selfContact) */
  selfContact: boolean;
  /** the separate shells of every mesh and what each does (sceneShells: parts, glued accessories, gear) */
  shells: SceneShells;
  /** by mesh index, every simulated mesh's base weights (meshWeights) */
  weights: ReadonlyMap<number, MeshWeights>;
}

/** One simulated mesh of a session: what callers read (SessionMesh) and what its steps keep between frames. */
export interface SessionJob extends SessionMesh {
  resolved: ResolvedMesh;
  /** its lattice embedding and VBD model (volume), its surface model (cloth), or none (a following mesh) */
  simulation: MeshSimulation;
  /** #V base weights in [0, 1] (setWeights writes them in place) */
  weights: Float32Array;
  weightsSource: WeightsSource;
  weightsRegions: WeightsRegion[];
  /** the last frame index it was advanced to (−preroll − 1 before the first) */
  frame: number;
  /** the simulation was built after the first frame (a following mesh's weights left 0): start it at the next frame */
  needsStart: boolean;
  /** #V 1 on the vertices its carried shells move (glued accessories and gear: carriedShells); the lattice pins them */
  carried: Uint8Array;
  /** #V the weights the simulation and the surface guard see: the frame's weights, 0 on carried vertices */
  latticeWeights: Float32Array;
  /** the input around the first frame, for the carried shells' start (null for a loop, whose pre-roll settles them) */
  startMotion: CarrierStart | null;
  /** #V×3 the input before the first frame (a loop's start); null but on the frame a simulation starts */
  startPrevious: Float32Array | null;
  /** #V surface guard in [0, 1]: 1 takes the lattice's surface, 0 the input, between a blend (surfaceGuard) */
  guard: Float32Array;
  /** #V×3 the input of the current frame (pose-corrected, repaired) */
  input: Float32Array;
  /** #V×3 the input of the frame before */
  previousInput: Float32Array;
  /** #V×3 with contact: the input of the next frame */
  nextInput: Float32Array;
  /** #V×3 the exported surface of the current frame (guarded, carried, clamped, checked) */
  output: Float32Array;
  /** #V×3 the simulation's surface of the current frame, before the guard */
  raw: Float32Array;
  /** #R×3 the render vertices of the input at renderInputTime */
  renderInput: Float32Array;
  /** the input time renderInput holds [s] (NaN: none): the render vertices evaluated for the step are reused by surface */
  renderInputTime: number;
  /** the statistics so far (the report's) */
  stats: BakedMeshStats;
  /** Σ and count of the substeps' relative force residuals (stats.residualMean is their ratio) */
  residualSum: number;
  residualCount: number;
  /** self-contact or colliders (bakeContact), or null */
  contact: BakeContact | null;
  /** with self-contact: per baked frame index, the final check of its output */
  checkedOutputs: Array<CheckedOutput | undefined>;
  /** 3 the box of every input pose so far, for the divergence check [file units] */
  inputMin: Float64Array;
  inputMax: Float64Array;
  /** Σ and count of the frames' remaining corrections (stats.correctionMean is their ratio) */
  correctionSum: number;
  correctionCount: number;
  /** #V×3 welded rest positions */
  rest: Float32Array;
  /** --repair: the input frames' intersection repair (bakeRepair), or null */
  repair: BakeRepair | null;
  /** #V×3 the file's own input of the current frame, where repair or a pose correction changed job.input */
  rawInput: Float32Array;
  /** weight layers, limits and pose corrections from the project (null: none for this mesh) */
  authoring: MeshAuthoring | null;
  /** #V the weights of the current frame (job.weights unless layers change them) */
  frameWeights: Float32Array;
  /** collider indices (into SessionSetup.colliders) this mesh meets: every collider but itself */
  own: number[];
  /** substeps, iterations, gravity, κ as the simulation reads them each frame (update changes them in place) */
  controls: SimulationControls;
  /** corrects a frame's output where it turns triangles inside out against the input (flipGuard) */
  flips: FlipGuard;
  /** scratch of prefetchInputs: #V×3 an input frame ahead and, per own collider, #C×3 the colliders at that frame */
  ahead?: { input: Float32Array; colliders: Float32Array[] };
}

/** A whole session: the set-up, its simulated meshes and what their frames share. */
export interface SessionState extends SessionSetup {
  /** the simulated meshes, in settings.meshes order (update() replaces a rebuilt one in place: the array stays) */
  jobs: SessionJob[];
  /** the carried shells of every simulated mesh, moved across meshes after each frame (createCarriedShells) */
  carriedShells: CarriedShells;
  /** the frame index colliderStart/colliderEnd hold (NaN: none; shared by every mesh stepping that frame) */
  colliderFrame: number;
  /** on a GPU backend without contact or repair: the meshes of a frame step side by side (advanceSession) */
  overlapMeshes: boolean;
  /** the device's contact kernels compiled (backend.prepareContact), once, before the first step with contact */
  contactPrepared: Promise<void> | undefined;
}
