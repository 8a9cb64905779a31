/**
 * The live preview's side of the engine worker: one app/bake SimulationSession per document and settings, advanced
 * frame by frame while the app plays, each simulated frame posted as world-space render positions per simulated mesh
 * (no GLB round trip). It is the bake's own session (createSimulationSession, the same step), so a bake with the same
 * settings reproduces the preview bit for bit on the CPU (for loops, before the bake closes the seam).
 *
 * What is kept between requests: the session, and a snapshot every SNAPSHOT_EVERY frames. A request with the same
 * settings continues from where the session is, or restores the last snapshot at or before the frame it starts from
 * (scrubbing back). A request whose only change is painted weights keeps the session (no new embedding or
 * factorization: SimulationSession.setWeights) and drops the snapshots after the frame it starts from, so frames
 * before the change stay valid and those after are simulated again; so does a change of a mesh's material, substeps
 * or iterations (SimulationSession.update), while a new lattice resolution rebuilds that mesh's embedding alone and
 * simulates again from the start. Any other change builds a new session.
 *
 * The lattice view reads the same session (one worker, one session: issue 34 item 7). Each frame the session
 * advances records its volume meshes' lattices (a few floats per lattice vertex), dropped with the states they came
 * from, so the lattice of a frame the live preview simulated is drawn without simulating it again (recordedLattice).
 */
import { bakeFingerprint, createSimulationSession, resolveBakeSettings, type SessionSnapshot, type SimulationSession } from '../../app/bake/index.ts';
import type { ImportedScene } from '../../app/io/index.ts';
import type { VbdStepBackend } from '../../app/solvers/vbd/index.ts';
import type { BakeRequestOptions, PreviewFrame } from './protocol.ts';

/** Frames between two kept snapshots (a lattice state is a few arrays of its vertex count). */
export const SNAPSHOT_EVERY = 8;

/** What the runner reports as it goes. */
export interface PreviewSink {
  /** one simulated frame (the positions move to the receiver) */
  frame(frame: PreviewFrame): void;
  /** stops the run between two frames (the session stays usable) */
  signal: AbortSignal;
  /** where the VBD step runs (the worker's; default the CPU), as for the bake ('auto') */
  stepBackend?: VbdStepBackend;
}

export interface PreviewRunner {
  /**
   * Simulates baked frames `from`..`to` (frame numbers of the clip at the request's fps, inside the bake range) and
   * posts each. Cancelled through sink.signal between frames (the session stays usable).
   * @returns the frames posted
   */
  run(documentId: number, scene: ImportedScene, options: BakeRequestOptions, from: number, to: number, sink: PreviewSink): Promise<number>;
  /** simulation meshes built so far (embeddings and factorizations): a weights-only change adds none */
  readonly simulationsBuilt: number;
  /** the current session (tests and the lattice view read it) */
  readonly session: SimulationSession | null;
  /**
   * The simulated lattice (#N×3) of mesh `mesh` at baked frame `frame`, when the held session is these options' and
   * has simulated that frame since its last change; null otherwise (the caller runs the frame).
   */
  recordedLattice(documentId: number, options: BakeRequestOptions, mesh: string, frame: number): Float64Array | null;
  dispose(): void;
}

interface Held {
  documentId: number;
  /** the settings without the painted weights and the per-mesh settings */
  key: string;
  /** the per-mesh settings (session.update applies a change) */
  meshKey: string;
  /** per mesh name, the fingerprint of its painted weights */
  weights: Map<string, string>;
  session: SimulationSession;
  /** snapshots by frame index, when the session can take them */
  snapshots: Map<number, SessionSnapshot>;
  /** by frame index, each session mesh's simulated lattice at that frame (null: not a volume) */
  lattices: Map<number, Array<Float64Array | null>>;
}

/** What identifies a held session: the settings but the painted weights and per-mesh settings, those, the weights. */
function heldKeys(options: BakeRequestOptions): { key: string; meshKey: string; weights: Map<string, string> } {
  const { project, meshes, ...rest } = options;
  return {
    key: JSON.stringify({ ...rest, project: project ? { ...project, weights: undefined, meshes: undefined } : null }),
    meshKey: JSON.stringify([meshes ?? null, project?.meshes ?? null]),
    weights: new Map((project?.weights ?? []).map((entry) => [entry.mesh, bakeFingerprint('', [entry.values])])),
  };
}

/** Drops what was recorded at frame index `from` and after (snapshots and lattices): the states there are stale. */
function dropFrom(held: Held, from: number): void {
  for (const k of held.snapshots.keys()) if (k >= from) held.snapshots.delete(k);
  for (const k of held.lattices.keys()) if (k >= from) held.lattices.delete(k);
}

export function createPreviewRunner(): PreviewRunner {
  let held: Held | null = null;
  let built = 0;

  const drop = () => {
    if (held) built += held.session.counters.simulations;
    held?.session.dispose();
    held = null;
  };

  return {
    get simulationsBuilt() {
      return built + (held?.session.counters.simulations ?? 0);
    },
    get session() {
      return held?.session ?? null;
    },
    dispose: drop,
    recordedLattice(documentId, options, mesh, frame) {
      if (!held || held.documentId !== documentId) return null;
      const { key, meshKey, weights } = heldKeys(options);
      if (held.key !== key || held.meshKey !== meshKey || held.weights.size !== weights.size) return null;
      for (const [name, fingerprint] of weights) if (held.weights.get(name) !== fingerprint) return null;
      const m = held.session.meshes.findIndex((entry) => entry.name === mesh);
      return (m >= 0 && held.lattices.get(frame - held.session.settings.firstFrame)?.[m]) || null;
    },
    async run(documentId, scene, options, from, to, sink) {
      const { project } = options;
      // What needs a new session: everything but the painted weights and the per-mesh settings (session.update).
      const { key, meshKey, weights } = heldKeys(options);
      if (held && held.documentId === documentId && held.key === key && held.meshKey !== meshKey) {
        // Per-mesh settings: a material or the substeps carry on from the current state; a lattice rebuilds its mesh.
        const change = held.session.update(resolveBakeSettings(scene, options));
        held.meshKey = meshKey;
        if (change === 'incompatible') drop();
        else if (change === 'rebuilt') {
          held.snapshots.clear();
          held.lattices.clear();
        } else if (change === 'updated') {
          const k = from - held.session.settings.firstFrame;
          dropFrom(held, k);
          if (held.session.frame >= k) rewind(held, k - 1);
        }
      }
      if (!held || held.documentId !== documentId || held.key !== key || [...held.weights.keys()].some((name) => !weights.has(name))) {
        drop();
        const settings = resolveBakeSettings(scene, options);
        const session = createSimulationSession(scene, settings, {
          ...options,
          ...(sink.stepBackend ? { backend: 'auto', stepBackend: sink.stepBackend } : {}),
        });
        held = { documentId, key, meshKey, weights, session, snapshots: new Map(), lattices: new Map() };
      }
      const { session } = held;
      const { firstFrame, lastFrame, preroll } = session.settings;
      const first = Math.max(from, firstFrame) - firstFrame;
      const last = Math.min(to, lastFrame) - firstFrame;
      if (!(first <= last)) return 0;
      // Painted weights changed: the session keeps its embeddings; the states after `first` are stale.
      for (const entry of project?.weights ?? []) {
        const fingerprint = weights.get(entry.mesh)!;
        if (held.weights.get(entry.mesh) === fingerprint) continue;
        if (!session.meshes.some((mesh) => mesh.name === entry.mesh)) {
          held.weights.set(entry.mesh, fingerprint); // not simulated here: nothing of the session depends on it
          continue;
        }
        session.setWeights(entry.mesh, entry.values);
        held.weights.set(entry.mesh, fingerprint);
        dropFrom(held, first);
        if (session.frame >= first) rewind(held, first - 1);
      }
      // Start from the state just before `first`: continue, or go back to the last snapshot at or before it.
      if (session.frame > first - 1) rewind(held, first - 1);
      let posted = 0;
      for (let k = Math.max(session.frame + 1, -preroll); k <= last; k++) {
        sink.signal.throwIfAborted();
        await session.advance(k);
        if (session.restorable && k % SNAPSHOT_EVERY === 0 && !held.snapshots.has(k)) held.snapshots.set(k, session.snapshot());
        held.lattices.set(
          k,
          session.meshes.map((mesh) => (mesh.simulation.embedding ? Float64Array.from(mesh.simulation.positions()) : null)),
        );
        if (k < first) continue;
        const meshes = session.meshes.map((mesh, m) => {
          const positions = new Float32Array(3 * scene.meshes[mesh.meshIndex].renderVertexCount);
          session.surface(m, positions);
          return { mesh: mesh.name, meshIndex: mesh.meshIndex, positions };
        });
        sink.frame({
          frame: firstFrame + k,
          time: session.inputTime(k),
          meshes,
          backend: session.backend.fallback ? `${session.backend.description} (fell back: ${session.backend.fallback})` : session.backend.description,
        });
        posted++;
        // Let a cancel (or a newer request) in between frames.
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      return posted;
    },
  };
}

/** Puts the held session at frame index `target` or before it: the last snapshot at or before it, else the start. */
function rewind(held: Held, target: number): void {
  let best: number | null = null;
  for (const k of held.snapshots.keys()) if (k <= target && (best === null || k > best)) best = k;
  if (best === null) held.session.restart();
  else held.session.restore(held.snapshots.get(best)!);
}
