import { vertexNeighbours } from '../../geometry/index.ts';
import { intersectionChecker, regionTopology, type IntersectionChecker, type PooledChecker } from '../../intersection/index.ts';
import { contactDefaults } from '../contactDefaults.ts';
import { ogcContact, type OgcContact } from '../ogcContact.ts';
import { vertexContactPoints } from '../vertexContactPoints.ts';
import { bakeContactStats } from './bakeContactStats.ts';
import { latticeContactPoints } from './latticeContactPoints.ts';
import { CORRECTION_RELEASE_SECONDS } from './releaseHold.ts';
import { surfaceFlaws } from './surfaceFlaws.ts';
import type { BakeContactOptions, BakeContactState } from './types.ts';

/** Rings of an embedded surface whose pairs are left to the lattice (ogcContact's localRings). */
const LOCAL_RINGS = 3;

/**
 * A fresh BakeContactState for `options` (checked here: the embedding against the surface, the rigid pieces' length,
 * the frame duration): the contact points (the cloth's vertices, or lattice barycentrics), the OGC contact with the
 * default radius and stiffness (contactDefaults) unless given, the exact checkers of the surface with its colliders and
 * with its neighbours, the input-region topology, the statistics with the set-up's figures, and every array the steps
 * write, with identity rotations and nothing held.
 *
 * @param options  the mesh, its colliders, neighbours and rigid pieces, optional radius, stiffness, friction (SI units)
 * @returns the state
 */
export function bakeContactState(options: BakeContactOptions): BakeContactState {
  const S = options.surfaceVertexCount;
  const embedding = options.embedding;
  // The embedded surface's vertices (K of the S: the lattice may leave carried shells out).
  const embedded = embedding ? (options.embeddedVertices ?? Uint32Array.from({ length: S }, (_, s) => s)) : new Uint32Array(0);
  const K = embedded.length;
  if (embedding && (embedding.surfaceVertexCount !== K || embedded.some((s) => s >= S))) {
    throw new Error(`bakeContact: the embedding has ${embedding.surfaceVertexCount} surface vertices, ${K} are named among the surface's ${S}`);
  }
  const points = embedding ? latticeContactPoints(embedding, embedded, S) : vertexContactPoints(null, S);
  // The masses of the points' vertices decide the default stiffness; the surface's own edges decide the radius.
  const defaults = contactDefaults(options.restSurface, options.triangles, options.masses, options.timeStep);
  const radius = options.radius ?? defaults.radius;
  const stiffness = options.stiffness ?? defaults.stiffness;
  const obstacleTriangles: number[] = [];
  let obstacleVertexCount = 0;
  const colliderOffsets: number[] = [];
  for (const collider of options.colliders) {
    colliderOffsets.push(obstacleVertexCount);
    for (const v of collider.triangles) obstacleTriangles.push(v + obstacleVertexCount);
    obstacleVertexCount += collider.vertexCount;
  }
  const ogc: OgcContact = ogcContact({
    simulationVertexCount: options.simulationVertexCount,
    ...points,
    triangles: options.triangles,
    selfContact: options.selfContact,
    obstacleVertexCount,
    obstacleTriangles,
    planes: options.planes,
    radius,
    stiffness,
    friction: options.friction ?? 0.3,
    // A surface embedded in the lattice leaves pairs within three rings to the lattice (ogcContact, "Local pairs").
    // Measured on the bench's character (Jump, 24 frames at 24 fps, self-contact, level 3, three rings against none,
    // alternated runs, with the walks' local node pairs): 1 084–1 194 → 809–917 ms a frame, re-detections 12.4 → 8.2 a
    // frame, truncations 103 → 57, one frame corrected by the final check in both, 0 added intersections.
    localRings: embedding ? LOCAL_RINGS : 0,
  });
  const surfaceMesh = { name: 'mesh', triangles: options.triangles, vertexCount: S };
  const colliderMeshes = options.colliders.map((c) => ({ name: c.name, triangles: c.triangles, vertexCount: c.vertexCount }));
  const checker: IntersectionChecker = intersectionChecker([surfaceMesh, ...colliderMeshes]);
  const setupStats = {
    selfContact: options.selfContact,
    colliders: options.colliders.map((c) => c.name),
    surface: surfaceFlaws(options.restSurface, options.triangles, S, checker.nonManifoldEdges[0]),
    radius,
    stiffness,
  };
  // The neighbours' own checker: between this mesh and each of them only (mesh 0 numbers its edges as `checker` does).
  const neighbourMeshes = options.neighbours ?? [];
  const neighbourChecker: IntersectionChecker | null =
    neighbourMeshes.length > 0
      ? intersectionChecker([surfaceMesh, ...neighbourMeshes.map((m) => ({ name: m.name, triangles: m.triangles, vertexCount: m.vertexCount }))])
      : null;
  // The input-region rule (inputRegions) over the surface, the colliders and the neighbours.
  const topology = regionTopology([
    { triangles: options.triangles, vertexCount: S, edges: checker.edges[0] },
    ...options.colliders.map((c, i) => ({ triangles: c.triangles, vertexCount: c.vertexCount, edges: checker.edges[i + 1] })),
    ...neighbourMeshes.map((m, i) => ({ triangles: m.triangles, vertexCount: m.vertexCount, edges: neighbourChecker!.edges[i + 1] })),
  ]);
  // Rigid pieces take their largest share (options.rigidPieces): a uniform blend between two rigid poses of a piece
  // turns no triangle of it inside out (their rotations differ by less than a half turn).
  const pieces = options.rigidPieces ?? null;
  if (pieces && pieces.length !== S) throw new Error(`bakeContact: rigidPieces has ${pieces.length} entries for ${S} surface vertices`);
  let pieceCount = 0;
  if (pieces) for (let v = 0; v < S; v++) pieceCount = Math.max(pieceCount, pieces[v] + 1);
  const release = (options.frameDuration ?? 1 / 30) / CORRECTION_RELEASE_SECONDS;
  if (!(release > 0)) throw new RangeError(`bakeContact: frameDuration must be > 0, got ${options.frameDuration}`);
  const { offsets: neighbourOffsets, neighbours } = vertexNeighbours(options.triangles, S);
  const pooled: PooledChecker | null =
    options.checkPool && options.triangles.length / 3 >= options.checkPool.minTriangles
      ? options.checkPool.open(
          [surfaceMesh, ...colliderMeshes],
          options.colliders.every((c) => c.restPositions) ? [options.restSurface, ...options.colliders.map((c) => c.restPositions!)] : undefined,
        )
      : null;
  const colliderPairs: number[] = [];
  for (let b = 1; b <= options.colliders.length; b++) colliderPairs.push(0, b);
  const quaternions = new Float64Array(4 * K);
  for (let i = 0; i < K; i++) quaternions[4 * i + 3] = 1;
  return {
    options,
    surfaceVertexCount: S,
    embedding,
    embedded,
    ogc,
    checker,
    checkOptions: { self: [options.selfContact, ...options.colliders.map(() => false)], pairs: (a: number, b: number) => a === 0 && b > 0 },
    colliderCount: options.colliders.length,
    colliderOffsets,
    neighbourChecker,
    neighbourOptions: { self: [false, ...neighbourMeshes.map(() => false)], pairs: (a: number, b: number) => a === 0 && b > 0, listPairs: true },
    topology,
    neighbourOffsets,
    neighbours,
    pieces,
    pieceCount,
    release,
    pooled,
    colliderPairs,
    setupStats,
    stats: bakeContactStats(setupStats),
    obstacleStart: new Float64Array(3 * obstacleVertexCount),
    obstacleEnd: new Float64Array(3 * obstacleVertexCount),
    subStart: new Float64Array(3 * obstacleVertexCount),
    subEnd: new Float64Array(3 * obstacleVertexCount),
    referenceStart: new Float64Array(3 * S),
    referenceEnd: new Float64Array(3 * S),
    subReferenceStart: new Float64Array(3 * S),
    subReferenceEnd: new Float64Array(3 * S),
    collidersAtStart: [],
    offsets: new Float64Array(3 * S),
    current: new Float64Array(3 * S),
    exported: new Float64Array(3 * K),
    quaternions,
    embeddedReference: K < S ? new Float64Array(3 * K) : null,
    frameRegions: undefined,
    checkRegions: undefined,
    regions: new Uint32Array(S),
    untangle: new Uint8Array(S),
    untangleSurface: new Float64Array(3 * S),
    untangledPoints: 0,
    raw: new Float32Array(3 * S),
    core: new Uint8Array(S),
    falloff: new Float32Array(S),
    pieceShare: new Float32Array(pieceCount),
    held: new Float32Array(S),
    holding: false,
    inputChecks: [],
    prefetched: [],
  };
}
