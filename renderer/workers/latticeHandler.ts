/**
 * The engine worker's lattice overlay: `lattice` builds the lattice view of one mesh (app/embedding's latticeEmbedding
 * on the world-space rest surface, exactly as the bake embeds it) and keeps it as the worker's lattice session;
 * `latticePose` poses that session's lattice at a clip time by fitting it to the animated surface (tetTargetFitter,
 * factored once per lattice, warm-started from the last pose). With the workspace's bake options the lattice is the
 * bake's own instead: the preview runner's session's embedding and its simulated lattice at the pose's frame
 * (sessionLattice), read from what the live preview recorded or simulated in turn with it (`exclusively`).
 *
 * Failures throw; the registry (engineWorkerCore.ts) answers them as `failed`.
 */
import { resolveBakeSettings } from '../../app/bake/index.ts';
import { createAnimationEvaluator } from '../../app/animation/index.ts';
import { embeddedSurfacePositions, latticeEdges, latticeEmbedding, type LatticeEmbedding, tetTargetFitter } from '../../app/embedding/index.ts';
import type { ImportedScene } from '../../app/io/index.ts';
import type { BakeRequestOptions, LatticePose } from './protocol.ts';
import {
  type EngineWorkerState,
  exclusively,
  type LatticeSession,
  type LoadedDocument,
  type RequestOf,
  type Send,
  sceneOf,
  stepBackendOf,
} from './engineWorkerState.ts';

interface PosedLattice {
  /** #N×3 lattice vertex positions [m] */
  positions: Float32Array;
  /** #S×3 embedded surface points [m] */
  surface: Float32Array;
}

/** Embeds mesh `request.mesh` (posed at `request.pose` when given) as the worker's lattice session; answers `lattice`. */
export async function buildLattice(state: EngineWorkerState, request: RequestOf<'lattice'>, send: Send): Promise<void> {
  const { scene, document } = await sceneOf(state, request.documentId);
  const meshIndex = scene.meshes.findIndex((mesh) => mesh.name === request.mesh);
  if (meshIndex < 0) throw new Error(`no mesh "${request.mesh}" in ${document.fileName}`);
  const mesh = scene.meshes[meshIndex];
  document.evaluator ??= createAnimationEvaluator(scene);
  // The bake embeds the world-space rest surface of the welded vertices (app/bake/bakeAnimation.ts): so do we.
  const rest = new Float32Array(3 * mesh.topology.vertexCount);
  document.evaluator.evaluateSimulationPositions(meshIndex, null, 0, rest);
  // With the workspace's bake options, the lattice is the bake's own (its session's embedding and simulated state).
  const simulated = request.options ? await sessionLattice(state, document, scene, request.options, request.mesh, request.pose?.time ?? 0) : null;
  const embedding = simulated?.embedding ?? latticeEmbedding(rest, mesh.topology.triangles, { resolution: request.resolution });
  const session: LatticeSession = {
    simulated: simulated && request.options ? { options: request.options, mesh: request.mesh } : null,
    documentId: request.documentId,
    meshIndex,
    embedding,
    fitter: null,
    targets: Float64Array.from(embedding.positions),
    surface: new Float32Array(3 * embedding.surfaceVertexCount),
  };
  state.lattice = session;
  const { positions, surface } = simulated && request.pose ? simulated : await posedLattice(state, session, document, scene, request.pose);
  const { stats } = embedding;
  send({
    kind: 'lattice',
    id: request.id,
    geometry: {
      mesh: request.mesh,
      resolution: stats.resolution,
      vertexCount: embedding.vertexCount,
      tetCount: embedding.tetCount,
      positions,
      edges: latticeEdges(embedding),
      surface,
      stats: { seconds: stats.seconds, cells: stats.cells, duplicatedCells: stats.duplicatedCells, pieces: stats.pieces, cellSize: embedding.cellSize },
    },
  });
}

/** Poses the lattice session's lattice at `request.pose`; answers `latticePose`. */
export async function poseLattice(state: EngineWorkerState, request: RequestOf<'latticePose'>, send: Send): Promise<void> {
  const session = state.lattice;
  if (!session) throw new Error('no lattice has been built');
  const { scene, document } = await sceneOf(state, session.documentId);
  send({ kind: 'latticePose', id: request.id, ...(await posedLattice(state, session, document, scene, request.pose)) });
}

/**
 * The lattice at `pose`: with a simulation session, the simulated lattice of the bake's session at the pose's frame
 * (clamped to the bake's range; what the bake simulates, strain limits and all); otherwise a fit of the lattice to the
 * surface at the pose (rest pose: the rest lattice itself).
 */
async function posedLattice(
  state: EngineWorkerState,
  session: LatticeSession,
  document: LoadedDocument,
  scene: ImportedScene,
  pose: LatticePose | null,
): Promise<PosedLattice> {
  const { embedding } = session;
  if (session.simulated && pose && pose.clipIndex !== null) {
    const { options, mesh } = session.simulated;
    const simulated = await sessionLattice(state, document, scene, options, mesh, pose.time);
    if (simulated) return simulated;
  }
  if (pose && pose.clipIndex !== null && pose.clipIndex >= 0 && pose.clipIndex < scene.clips.length) {
    document.evaluator ??= createAnimationEvaluator(scene);
    document.evaluator.evaluateSimulationPositions(session.meshIndex, pose.clipIndex, pose.time, session.surface);
    session.fitter ??= tetTargetFitter(embedding, { surfaceTriangles: scene.meshes[session.meshIndex].topology.triangles });
    session.fitter.fit(session.surface, session.targets, session.targets);
  } else {
    session.targets.set(embedding.positions);
  }
  const positions = Float32Array.from(session.targets);
  const surface = embeddedSurfacePositions(embedding, session.targets, new Float32Array(3 * embedding.surfaceVertexCount)) as Float32Array;
  return { positions, surface };
}

/**
 * Mesh `name`'s simulated lattice and embedded surface at the frame at `time`, from the worker's one simulation
 * session (the preview runner's, which the live preview advances): the lattice the live preview recorded at that
 * frame when it has simulated it with these options (nothing simulated twice), else the session advanced to the frame,
 * queued behind the live preview's requests. Null when that mesh is not a simulated volume of the session.
 */
async function sessionLattice(
  state: EngineWorkerState,
  document: LoadedDocument,
  scene: ImportedScene,
  options: BakeRequestOptions,
  name: string,
  time: number,
): Promise<(PosedLattice & { embedding: LatticeEmbedding }) | null> {
  const { preview } = state;
  const settings = resolveBakeSettings(scene, options);
  const frame = Math.min(Math.max(Math.round(time * settings.fps + 1e-6), settings.firstFrame), settings.lastFrame);
  const recorded = preview.recordedLattice(document.documentId, options, name, frame);
  const recordedEmbedding = preview.session?.meshes.find((entry) => entry.name === name)?.simulation.embedding;
  if (recorded && recordedEmbedding) {
    return {
      positions: Float32Array.from(recorded),
      surface: embeddedSurfacePositions(recordedEmbedding, recorded, new Float32Array(3 * recordedEmbedding.surfaceVertexCount)) as Float32Array,
      embedding: recordedEmbedding,
    };
  }
  return exclusively(state, async () => {
    const abort = new AbortController();
    await preview.run(document.documentId, scene, options, frame, frame, {
      signal: abort.signal,
      frame: () => undefined,
      stepBackend: await stepBackendOf(state),
    });
    const mesh = preview.session?.meshes.find((entry) => entry.name === name);
    const embedding = mesh?.simulation.embedding;
    if (!mesh || !embedding) return null;
    const lattice = mesh.simulation.positions();
    return {
      positions: Float32Array.from(lattice),
      surface: embeddedSurfacePositions(embedding, lattice, new Float32Array(3 * embedding.surfaceVertexCount)) as Float32Array,
      embedding,
    };
  });
}
