/**
 * The bake: the Simulation panel's settings, the running bake (progress, cancelling), the last
 * finished bake's summary, what the viewport shows (input, output, or both with the input as a
 * ghost), the lattice overlay's state and the intersection overlay's filter and counts. The baked GLB, its three.js scene and the lattice geometry
 * live outside the store (renderer/document/sceneRegistry.ts, the viewport), keyed by ids here.
 *
 * A bake changes the store in exactly two ways: `bakeJob` while it runs, and `baked` + `viewMode`
 * when it finishes. Cancelling or failing puts `bakeJob` back to the very same IDLE_JOB object, so
 * a cancelled bake leaves the store as it was before (test/renderer/store/bakeSlice.test.ts).
 */
import type { BakeProgress } from '../../app/bake/index.ts';
import type { ExportMode } from '../../app/document/index.ts';
import type { SliceCreator } from './types.ts';

/**
 * The Simulation panel's settings of the bake (document settings: saved, undoable). The frame rate is
 * the timeline's (one rate for playback and bake); materials, weights and the lattice are per mesh.
 */
export interface BakePanelSettings {
  /** inclusive baked frame range at the timeline's fps; null: the whole clip */
  frames: [number, number] | null;
  /** frames simulated before the first baked frame; null: automatic (0, or one cycle when looping) */
  preroll: number | null;
  /** cyclic clip: the pre-roll wraps around it and the seam is closed */
  loop: boolean;
  mode: ExportMode;
  /** OGC self-contact of the simulated meshes (app/contact): no surface passes through itself; slower */
  selfContact: boolean;
  /** remove the input's own intersections (those its rest pose does not have) frame by frame before simulating */
  repair: boolean;
}

export const DEFAULT_BAKE_SETTINGS: Readonly<BakePanelSettings> = Object.freeze({
  frames: null,
  preroll: null,
  loop: false,
  mode: 'corrective',
  selfContact: false,
  repair: false,
});

/** Bounds the panel and the store accept for the lattice resolution (app/bake accepts 1..256). */
export const LATTICE_RESOLUTION_RANGE = [2, 64] as const;

/** What a bake moved one mesh, in the mesh's own size. */
export interface BakedMeshSummary {
  mesh: string;
  /** largest distance of a vertex of this mesh from the input [m] */
  maxDisplacement: number;
  /** the same relative to this mesh's bounding-box diagonal */
  relative: number;
}

export type BakeJob =
  | { kind: 'idle' }
  | {
      kind: 'running';
      jobId: number;
      documentId: number;
      clip: string;
      /** the last progress event; null until the first arrives */
      progress: BakeProgress | null;
      /** Date.now() at the start [ms] */
      startedAt: number;
      cancelling: boolean;
    };

/** The one idle value: after a cancel `bakeJob` is this same object again. */
export const IDLE_JOB: BakeJob = Object.freeze({ kind: 'idle' });

/** What the UI shows of a finished bake; the bytes and scene are in the registry under `bakeId`. */
export interface BakedSummary {
  bakeId: number;
  documentId: number;
  clip: string;
  clipIndex: number;
  fps: number;
  frames: [number, number];
  preroll: number;
  mode: ExportMode;
  /** wall time of the bake [s] */
  seconds: number;
  outputBytes: number;
  /** largest distance of any simulated vertex from the input [m], over meshes and frames */
  maxDisplacement: number;
  /** the largest of the meshes' own relative displacements */
  maxDisplacementRelative: number;
  /** per simulated mesh, each measured against its own size */
  meshes: BakedMeshSummary[];
  warnings: string[];
  /** the bake has been exported (Export glTF) since it finished */
  exported: boolean;
}

export type ViewMode = 'input' | 'output' | 'both';

export type LatticeStatus =
  | { kind: 'off' }
  | { kind: 'computing'; mesh: string; resolution: number }
  | {
      kind: 'ready';
      mesh: string;
      resolution: number;
      vertexCount: number;
      tetCount: number;
      edgeCount: number;
      surfacePoints: number;
      duplicatedCells: number;
      seconds: number;
    }
  | { kind: 'failed'; mesh: string; message: string };

export const LATTICE_OFF: LatticeStatus = Object.freeze({ kind: 'off' });

/**
 * Which intersections the overlay draws in red while the bake's output is shown: `added`, what the bake added (the
 * output's new intersection regions at the frame: its intersecting triangles farther than INPUT_REGION_RINGS rings
 * from every triangle that intersects in the input, app/contact newIntersectionRegions); `input`, every triangle that
 * intersects in the input; `output`, every triangle that intersects in the output. With only the input shown the
 * overlay draws the input's (shownIntersectionFilter). On an input that does not intersect itself `added` and `output`
 * draw the same triangles: every intersection of the output is new.
 */
export type IntersectionFilter = 'added' | 'input' | 'output';

/** The filter a bake starts with: a layered character's own crossings are not what the user is looking for. */
export const DEFAULT_INTERSECTION_FILTER: IntersectionFilter = 'added';

/**
 * The intersection overlay's counts at the current frame, for the filter it drew (shownIntersectionFilter):
 * intersecting triangles (over all meshes) and edge–triangle pairs of the input and, while the bake's output is
 * shown, of the output, and the output's new intersection regions against the input at the output's frame.
 */
export type IntersectionStatus =
  | { kind: 'off' }
  | { kind: 'computing' }
  | {
      kind: 'ready';
      frame: number;
      /** the set drawn in red */
      filter: IntersectionFilter;
      /** the input's intersecting triangles and pairs at the playhead's frame */
      input: number;
      inputPairs: number;
      /** the output's at its frame, null while the output is not shown */
      output: number | null;
      outputPairs: number | null;
      /** the output's new intersection regions and their triangles, null while the output is not shown */
      newRegions: number | null;
      added: number | null;
    }
  | { kind: 'failed'; message: string };

export const INTERSECTIONS_OFF: IntersectionStatus = Object.freeze({ kind: 'off' });

export interface BakeSlice {
  bakeSettings: BakePanelSettings;
  bakeJob: BakeJob;
  baked: BakedSummary | null;
  viewMode: ViewMode;
  showLattice: boolean;
  lattice: LatticeStatus;
  showIntersections: boolean;
  /** what the overlay draws while the output is shown; a view switch, not a document setting (reset on open) */
  intersectionFilter: IntersectionFilter;
  intersections: IntersectionStatus;

  /** Changes settings (ignored while a bake runs: the running bake keeps what it started with). */
  setBakeSettings(change: Partial<BakePanelSettings>): void;
  /**
   * Sets the bake's frame range; refuses first > last or a negative frame.
   * @returns null when set, else why it was refused (for the user)
   */
  setBakeRange(first: number, last: number): string | null;
  bakeExported(bakeId: number): void;
  bakeStarted(job: { jobId: number; documentId: number; clip: string }): void;
  bakeProgressed(jobId: number, progress: BakeProgress): void;
  bakeCancelRequested(jobId: number): void;
  /** The bake ended without a result (cancelled or failed): back to IDLE_JOB, nothing else changes. */
  bakeEnded(jobId: number): void;
  /** The bake finished and its output is registered: show it. */
  bakeFinished(jobId: number, summary: BakedSummary): void;
  setViewMode(mode: ViewMode): void;
  setShowLattice(show: boolean): void;
  setLatticeStatus(status: LatticeStatus): void;
  setShowIntersections(show: boolean): void;
  setIntersectionFilter(filter: IntersectionFilter): void;
  /** Ignored while the overlay is off (a late answer after switching it off). */
  setIntersectionStatus(status: IntersectionStatus): void;
}

const clampInteger = (value: number, low: number, high: number): number => Math.min(high, Math.max(low, Math.round(value)));

/** Settings with out-of-range values fixed (NaN fields keep the previous value). */
function validSettings(previous: BakePanelSettings, change: Partial<BakePanelSettings>): BakePanelSettings {
  const next = { ...previous, ...change };
  if (next.preroll !== null) next.preroll = Number.isFinite(next.preroll) ? clampInteger(next.preroll, 0, 100_000) : previous.preroll;
  if (next.frames !== null) {
    const [a, b] = next.frames;
    if (!Number.isFinite(a) || !Number.isFinite(b)) next.frames = previous.frames;
    else {
      const first = clampInteger(a, 0, 100_000);
      next.frames = [first, Math.max(first, clampInteger(b, 0, 100_000))];
    }
  }
  return next;
}

export const createBakeSlice: SliceCreator<BakeSlice> = (set, get) => ({
  bakeSettings: DEFAULT_BAKE_SETTINGS,
  bakeJob: IDLE_JOB,
  baked: null,
  viewMode: 'input',
  showLattice: false,
  lattice: LATTICE_OFF,
  showIntersections: false,
  intersectionFilter: DEFAULT_INTERSECTION_FILTER,
  intersections: INTERSECTIONS_OFF,

  setBakeSettings(change) {
    if (get().bakeJob.kind === 'running') return;
    const next = validSettings(get().bakeSettings, change);
    if (JSON.stringify(next) !== JSON.stringify(get().bakeSettings)) set({ bakeSettings: next });
  },
  setBakeRange(first, last) {
    if (get().bakeJob.kind === 'running') return 'the bake range is locked while a bake runs';
    if (!Number.isFinite(first) || !Number.isFinite(last)) return 'frames must be numbers';
    const [a, b] = [Math.round(first), Math.round(last)];
    if (a < 0) return `frame ${a} is before the clip's start (0)`;
    if (a > b) return `the first frame (${a}) is after the last (${b}): not changed`;
    get().setBakeSettings({ frames: [a, b] });
    return null;
  },
  bakeExported(bakeId) {
    const baked = get().baked;
    if (baked && baked.bakeId === bakeId && !baked.exported) set({ baked: { ...baked, exported: true } });
  },
  bakeStarted({ jobId, documentId, clip }) {
    if (get().bakeJob.kind === 'running') return;
    set({ bakeJob: { kind: 'running', jobId, documentId, clip, progress: null, startedAt: Date.now(), cancelling: false } });
  },
  bakeProgressed(jobId, progress) {
    const job = get().bakeJob;
    if (job.kind !== 'running' || job.jobId !== jobId) return;
    set({ bakeJob: { ...job, progress } });
  },
  bakeCancelRequested(jobId) {
    const job = get().bakeJob;
    if (job.kind !== 'running' || job.jobId !== jobId || job.cancelling) return;
    set({ bakeJob: { ...job, cancelling: true } });
  },
  bakeEnded(jobId) {
    const job = get().bakeJob;
    if (job.kind !== 'running' || job.jobId !== jobId) return;
    set({ bakeJob: IDLE_JOB });
  },
  bakeFinished(jobId, summary) {
    const job = get().bakeJob;
    if (job.kind !== 'running' || job.jobId !== jobId) return;
    // A bake of a document that was closed meanwhile has nothing to show.
    if (summary.documentId !== get().documentId) return set({ bakeJob: IDLE_JOB });
    set({ bakeJob: IDLE_JOB, baked: summary, viewMode: 'output' });
  },
  setViewMode(mode) {
    if (mode !== 'input' && !get().baked) return;
    set({ viewMode: mode });
  },
  setShowLattice(show) {
    set(show ? { showLattice: true } : { showLattice: false, lattice: LATTICE_OFF });
  },
  setLatticeStatus(status) {
    if (!get().showLattice && status.kind !== 'off') return;
    set({ lattice: status });
  },
  setShowIntersections(show) {
    set(show ? { showIntersections: true } : { showIntersections: false, intersections: INTERSECTIONS_OFF });
  },
  setIntersectionFilter(filter) {
    if (filter !== get().intersectionFilter) set({ intersectionFilter: filter });
  },
  setIntersectionStatus(status) {
    if (!get().showIntersections && status.kind !== 'off') return;
    set({ intersections: status });
  },
});

/** What the viewport shows now: the chosen view when a bake of the timeline's clip exists, else the input. */
export function effectiveViewMode(state: Pick<BakeSlice, 'baked' | 'viewMode'> & { activeClip: number }): ViewMode {
  return state.baked && state.baked.clipIndex === state.activeClip ? state.viewMode : 'input';
}

/**
 * What the intersection overlay draws now: the chosen filter while the bake's output is shown (Output or Both), the
 * input's intersections while only the input is.
 */
export function shownIntersectionFilter(state: Pick<BakeSlice, 'baked' | 'viewMode' | 'intersectionFilter'> & { activeClip: number }): IntersectionFilter {
  return effectiveViewMode(state) === 'input' ? 'input' : state.intersectionFilter;
}

/** The bake's overall completion in [0, 1] for the progress bar: simulation frames make up most of it. */
export function bakeFraction(progress: BakeProgress | null): number {
  if (!progress) return 0;
  const within = progress.frameCount > 0 ? Math.min(1, progress.frame / progress.frameCount) : 0;
  switch (progress.stage) {
    case 'import':
    case 'weights':
      return 0.02 * within;
    case 'embedding':
      return 0.02 + 0.03 * within;
    case 'export':
      return 0.96 + 0.04 * within;
    default:
      // min: 0.05 + 0.91 rounds above 0.96, which would make the bar step back when the export starts.
      return Math.min(0.96, 0.05 + 0.91 * within);
  }
}
