import type { AnimationEvaluator } from '../animation/index.ts';
import type { BakeContactSnapshot, BakeContactStats, BakeRepairSnapshot, BakeRepairStats } from '../contact/index.ts';
import type { ImportedScene } from '../io/index.ts';
import type { VbdAdapterDescription } from '../solvers/vbd/index.ts';
import type { WeightsRegion, WeightsSource } from '../weights/index.ts';
import { MAX_STEP, type BakeOptions, type BakeStage, type ResolvedBakeSettings, type ResolvedMesh } from './bakeSettings.ts';
import type { BakeWarning } from './bakeWarning.ts';
import { createCarriedShells } from './carriedShells.ts';
import type { MeshSimulation, MeshSimulationSnapshot, MeshSimulationStats } from './meshSimulation.ts';
import type { MeshWeights } from './meshWeights.ts';
import { advanceSession } from './session/advanceSession.ts';
import { inputTime } from './session/inputTime.ts';
import { renderSurface } from './session/renderSurface.ts';
import { restartSession } from './session/restartSession.ts';
import { restoreSession } from './session/restoreSession.ts';
import { sessionJob } from './session/sessionJob.ts';
import { sessionSetup } from './session/sessionSetup.ts';
import { sessionSnapshot } from './session/sessionSnapshot.ts';
import type { SessionState } from './session/sessionState.ts';
import { setSessionWeights } from './session/setSessionWeights.ts';
import { updateSession } from './session/updateSession.ts';

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
 * Builds a simulation session: resolves every simulated mesh's weights (project, file, uniform, default), builds its
 * simulation (lattice embedding and fitter for volumes, the surface for cloth), its contact and repair, and its
 * authoring (weight layers, max distances, pose corrections). See bakeAnimation for the physics and the time line.
 *
 * The session is plain data (SessionState, app/bake/session/sessionState.ts) and one step per file in
 * app/bake/session/, in the order of the method:
 * - set-up: sessionSetup (evaluator, backend, colliders, shells, weights), then per simulated mesh sessionJob
 *   (carriedPieces, jobSimulation, jobContact, jobRepair, surfaceGuard, setupWarnings), then the carried shells
 *   across meshes (createCarriedShells);
 * - advance, frame by frame (advanceSession): per mesh stepMesh (collidersAt, meshInputAt, then startSimulation or
 *   advanceSimulation with prefetchInputs, the divergence check), then across meshes finishFrames (guardedOutput,
 *   prerollGear, the carried shells, finishFrame: max distances, flip guard, final contact check);
 * - read: renderSurface; keep and go back: sessionSnapshot, restoreSession, restartSession;
 * - edit: setSessionWeights, updateSession.
 *
 * @param scene     the imported scene (not modified)
 * @param settings  resolved settings (resolveBakeSettings)
 * @param options   the weight sources and the project, the step backend
 * @param inputs    what the caller resolved already: the input's evaluator (a bake's keeps its frames, so the export
 *                  reuses the session's skinning) and the meshes' weights (meshWeights, resolved with the settings)
 * @throws BakeError for weights or meshes that cannot be simulated
 */
export function createSimulationSession(
  scene: ImportedScene,
  settings: ResolvedBakeSettings,
  options: BakeOptions = {},
  inputs: SessionInputs = {},
): SimulationSession {
  // Set-up: the evaluator, the backend, the colliders, the shells and every simulated mesh's weights; then the meshes.
  const setup = sessionSetup(scene, settings, options, inputs);
  const jobs = settings.meshes.filter((m) => m.role === 'simulated').map((resolved) => sessionJob(setup, resolved));
  // Glued accessories and gear ride their hosts across meshes (carriedShells).
  const carriedShells = createCarriedShells(
    jobs.map((job) => setup.shells.meshes[job.meshIndex]),
    jobs.map((job, m) => ({
      meshIndex: job.meshIndex,
      rest: job.rest,
      // (a session's update may rebuild the job or change its material)
      get material() {
        return jobs[m].resolved.material;
      },
    })),
    setup.shells.restPositions,
    (meshIndex) => jobs.findIndex((job) => job.meshIndex === meshIndex),
    setup.metersPerUnit,
    MAX_STEP,
  );
  const state: SessionState = {
    ...setup,
    jobs,
    carriedShells,
    colliderFrame: Number.NaN,
    // On a GPU backend the meshes of a frame run side by side (advanceSession); contact and repair keep them in turn.
    overlapMeshes: setup.backend.kind !== 'cpu' && jobs.length > 1 && jobs.every((job) => !job.contact && !job.repair),
    contactPrepared: undefined,
  };
  const session: SimulationSession = {
    get settings() {
      return state.settings;
    },
    meshes: jobs,
    backend: state.backendReport,
    warnings: state.warnings,
    counters: state.counters,
    restorable: true,
    frameCount: state.frameCount,
    inputTime: (k) => inputTime(state.settings, state.clip.duration, k),
    get frame() {
      return jobs.reduce((least, job) => Math.min(least, job.frame), state.frameCount - 1);
    },
    advance: (k) => advanceSession(state, k),
    surface: (m, out) => renderSurface(state, m, out),
    snapshot: () => sessionSnapshot(state),
    restore: (snapshot) => restoreSession(state, snapshot),
    restart: () => restartSession(state),
    setWeights: (name, weights) => setSessionWeights(state, name, weights),
    update: (next) => updateSession(state, next),
    timings() {
      const { stageSeconds, stageTimes } = state;
      return {
        ...stageSeconds,
        fitting: stageSeconds.fitting + stageTimes.fitting,
        simulation: stageSeconds.simulation + stageTimes.simulation,
        transfer: stageSeconds.transfer + stageTimes.transfer,
      };
    },
    dispose() {
      for (const job of jobs) job.simulation.dispose();
    },
  };
  return session;
}
