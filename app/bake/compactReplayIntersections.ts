import type { AnimationEvaluator } from '../animation/index.ts';
import { blendedSkinMatrix, type ShapeChunk } from '../export/index.ts';
import { intersectionChecker, type IntersectionChecker, type IntersectionCheckPool } from '../intersection/index.ts';
import type { ImportedMesh } from '../io/index.ts';
import { positionsFingerprint } from './positionsFingerprint.ts';
import type { CheckedOutput } from './simulationSession.ts';

/**
 * The frames at which a mesh's compact corrective shapes, replayed as a player does, hold more edge–triangle
 * self-intersections (app/intersection, the exact checker) than the baked positions they approximate. Compact shapes
 * replay each frame within shapeError, and for a bake with contact that is enough to push a touching pair through
 * (issue 10's rule: a bake never adds an intersection its input does not have); the caller then keeps that mesh exact.
 *
 * The replay: frame f's bind-space delta d′ = Σ_k w_fk S_k (the shapes of the part that holds the vertex), and since
 * linear blend skinning is affine in the bind-space point, the played position is p + A_i (d′ − d) with p the baked
 * position, d the exact delta and A_i the vertex's blended skin matrix at that frame (correctiveDeltas' identity). A
 * vertex in several parts takes the last part's shapes (parts are written as separate meshes; the check does not see
 * the seam between them). Checked on the welded topology, so render seams do not read as touching triangles.
 *
 * @param mesh          the imported mesh (renderVertexCount #R, triangles, topology, skin)
 * @param evaluator     the input's animation evaluator (the skin matrices of each frame)
 * @param clipIndex     the baked clip
 * @param frameTimes    #F clip time of each baked frame [s]
 * @param positions     #F×#R×3 baked world positions [m]
 * @param deltas        #F×#R×3 exact bind-space deltas (correctiveFrames)
 * @param chunks        the compact fit, one or more parts (shapeChunks)
 * @param checked       per frame, the bake's final contact check of the same welded positions (SessionMesh
 *                      checkedOutputs), used where the fingerprint says the positions are those it checked (a loop's
 *                      closure moves them after the check); the frame's positions are checked here otherwise
 * @param checkPool     where the frames' checks may run at once (BakeOptions.checkPool; a few frames in flight per
 *                      worker); without one, or if it fails, they run here in turn. The answer is the same
 * @returns per frame with more intersections in the replay: the frame, and both counts
 */
export async function compactReplayIntersections(
  mesh: ImportedMesh,
  evaluator: AnimationEvaluator,
  clipIndex: number,
  frameTimes: readonly number[],
  positions: Float32Array,
  deltas: Float32Array,
  chunks: readonly ShapeChunk[],
  checked: ReadonlyArray<CheckedOutput | undefined> = [],
  checkPool?: IntersectionCheckPool,
): Promise<{ frame: number; baked: number; replayed: number }[]> {
  const R = mesh.renderVertexCount;
  const stride = 3 * R;
  const topology = mesh.topology;
  const V = topology.vertexCount;
  const meshIndex = evaluator.scene.meshes.indexOf(mesh);
  const skin = mesh.skin;
  // The part whose shapes play each render vertex (−1: in no part, it does not move and replays exactly).
  const part = new Int32Array(R).fill(-1);
  chunks.forEach((chunk, c) => {
    if (chunk.triangles === null) part.fill(c);
    else for (const t of chunk.triangles) for (let k = 0; k < 3; k++) part[mesh.triangles[3 * t + k]] = c;
  });
  const meshes = [{ name: mesh.name, triangles: topology.triangles, vertexCount: V }];
  let local: IntersectionChecker | null = null;
  const checker = (): IntersectionChecker => (local ??= intersectionChecker(meshes));
  const pooled = checkPool && topology.triangles.length / 3 >= checkPool.minTriangles ? checkPool.open(meshes) : null;
  /** One frame's counts: the baked frame's (kept or checked) and the replay's (checked since the baked frame's pairs). */
  const counts = async (
    baked: Float64Array,
    replayed: Float64Array,
    kept: CheckedOutput | undefined,
    here: boolean,
  ): Promise<{ before: number; after: number }> => {
    if (pooled && !here) {
      try {
        const bakedResult = kept ?? (await pooled.check([baked], { listPairs: true }));
        const after = (await pooled.check([replayed], { since: { positions: [baked], result: bakedResult } })).total;
        return { before: bakedResult.total, after };
      } catch {
        // The pool failed: this frame is checked here.
      }
    }
    const bakedResult = kept ?? checker().check([baked], { listPairs: true });
    return { before: bakedResult.total, after: checker().check([replayed], { since: { positions: [baked], result: bakedResult } }).total };
  };
  const matrix = new Float64Array(16);
  const added: { frame: number; baked: number; replayed: number }[] = [];
  // With a pool, a few frames per worker in flight (each holds two copies of the surface), and every (size + 1)-th
  // frame checked here meanwhile (this thread would only wait); in turn without one.
  const window = pooled ? 2 * checkPool!.size : 1;
  const share = pooled ? checkPool!.size + 1 : 1;
  const inFlight: Array<Promise<void>> = [];
  for (let f = 0; f < frameTimes.length; f++) {
    const baked = new Float64Array(3 * V);
    const replayed = new Float64Array(3 * V);
    const parts = evaluator.evaluateMeshParts(meshIndex, clipIndex, frameTimes[f]);
    const matrices = parts.skinMatrices ?? parts.worldMatrix;
    for (let v = 0; v < V; v++) {
      const i = topology.simulationToRender[v];
      const o = f * stride + 3 * i;
      baked[3 * v] = replayed[3 * v] = positions[o];
      baked[3 * v + 1] = replayed[3 * v + 1] = positions[o + 1];
      baked[3 * v + 2] = replayed[3 * v + 2] = positions[o + 2];
      const c = part[i];
      if (c < 0) continue;
      const fit = chunks[c].fit;
      const T = fit.shapeCount;
      let ex = -deltas[o],
        ey = -deltas[o + 1],
        ez = -deltas[o + 2];
      for (let k = 0; k < T; k++) {
        const w = fit.frameWeights[f * T + k];
        if (w === 0) continue;
        const s = k * stride + 3 * i;
        ex += w * fit.shapes[s];
        ey += w * fit.shapes[s + 1];
        ez += w * fit.shapes[s + 2];
      }
      blendedSkinMatrix(skin ? skin.joints : null, skin ? skin.weights : null, skin ? skin.influencesPerVertex : 0, matrices, i, matrix);
      replayed[3 * v] += matrix[0] * ex + matrix[4] * ey + matrix[8] * ez;
      replayed[3 * v + 1] += matrix[1] * ex + matrix[5] * ey + matrix[9] * ez;
      replayed[3 * v + 2] += matrix[2] * ex + matrix[6] * ey + matrix[10] * ez;
    }
    // The replay differs from the baked frame only where a part's shapes do not land exactly: the replay is checked
    // against the baked frame's pairs (`since`), testing only the pairs with a vertex that moved.
    const kept = checked[f];
    const frame = f;
    const task = counts(baked, replayed, kept && kept.fingerprint === positionsFingerprint(baked) ? kept : undefined, f % share === share - 1).then(
      ({ before, after }) => {
        if (after > before) added.push({ frame, baked: before, replayed: after });
      },
    );
    inFlight.push(task);
    if (inFlight.length >= window) await inFlight.shift();
  }
  await Promise.all(inFlight);
  pooled?.close();
  return added.sort((a, b) => a.frame - b.frame);
}
