/**
 * The contact bench's broadPhase section (bench/contact.bench.ts, see its header): spatial hash, BVH and the GPU
 * hash on a wavy sheet.
 */
import { contactDefaults } from '../app/contact/index.ts';
import { boxBvh, boxSpatialHash, indexedPointsBox, type BoxBroadPhase } from '../app/geometry/index.ts';
import { GpuBoxSpatialHash } from '../kernels/geometry/gpuBoxSpatialHash.ts';
import { clothSquare } from './contactMeshes.ts';
import { medianMilliseconds } from './timing.ts';
import { CLOTH_SIZE, round } from './contactBenchSettings.ts';

/** Broad phase: one detection's worth of work on a wavy sheet (points and edges against grown boxes). */
export async function broadPhase(cells: number, gpuHash?: GpuBoxSpatialHash) {
  const { positions, triangles } = clothSquare(cells, CLOTH_SIZE, 0);
  // Waves of 2 cm at 4 cm: layers of the sheet come within a few edge lengths of each other, as in a fold.
  for (let v = 0; v < positions.length / 3; v++) positions[3 * v + 1] = 0.02 * Math.sin(160 * positions[3 * v]) * Math.cos(120 * positions[3 * v + 2]);
  const { radius } = contactDefaults(positions, triangles, [1], 1);
  const rq = 2 * radius;
  const T = triangles.length / 3;
  const edgeSet = new Set<number>();
  const V = positions.length / 3;
  for (let t = 0; t < T; t++)
    for (let k = 0; k < 3; k++) {
      const a = triangles[3 * t + k],
        b = triangles[3 * t + ((k + 1) % 3)];
      edgeSet.add(Math.min(a, b) * V + Math.max(a, b));
    }
  const edges = Uint32Array.from([...edgeSet].flatMap((key) => [Math.floor(key / V), key % V]));
  const E = edges.length / 2;
  const triangleBoxes = new Float64Array(6 * T);
  const edgeBoxes = new Float64Array(6 * E);
  const fill = (list: Uint32Array, size: number, boxes: Float64Array) => {
    for (let i = 0; i < list.length / size; i++) indexedPointsBox(positions, list, size * i, size, rq, boxes, 6 * i);
  };
  let phase = 0;
  const detection = (triangleBroad: BoxBroadPhase, edgeBroad: BoxBroadPhase, move = true) => {
    // A small motion per detection, as between two substeps.
    if (move) phase += 1;
    for (let v = 0; v < V && move; v++) positions[3 * v + 1] += 1e-4 * Math.sin(phase + v);
    fill(triangles, 3, triangleBoxes);
    fill(edges, 2, edgeBoxes);
    triangleBroad.build(triangleBoxes, T);
    edgeBroad.build(edgeBoxes, E);
    let candidates = 0;
    for (let v = 0; v < V; v++)
      candidates += triangleBroad.query(
        positions[3 * v],
        positions[3 * v + 1],
        positions[3 * v + 2],
        positions[3 * v],
        positions[3 * v + 1],
        positions[3 * v + 2],
      );
    for (let e = 0; e < E; e++) {
      const o = 6 * e;
      candidates += edgeBroad.query(
        edgeBoxes[o] + rq,
        edgeBoxes[o + 1] + rq,
        edgeBoxes[o + 2] + rq,
        edgeBoxes[o + 3] - rq,
        edgeBoxes[o + 4] - rq,
        edgeBoxes[o + 5] - rq,
      );
    }
    return candidates;
  };
  // The same detection as pair traversals (boxBvh.overlapPairs, what ogcContact uses): points against triangle boxes
  // grown by r_q, edge boxes grown by r_q/2 against themselves (each unordered edge pair once).
  const pointBoxes = new Float64Array(6 * V);
  const halfEdgeBoxes = new Float64Array(6 * E);
  const pairTrees = [boxBvh(), boxBvh(), boxBvh()] as const;
  const pairDetection = () => {
    phase += 1;
    for (let v = 0; v < V; v++) positions[3 * v + 1] += 1e-4 * Math.sin(phase + v);
    fill(triangles, 3, triangleBoxes);
    fill(edges, 2, edgeBoxes);
    for (let v = 0; v < V; v++) for (let axis = 0; axis < 3; axis++) pointBoxes[6 * v + axis] = pointBoxes[6 * v + 3 + axis] = positions[3 * v + axis];
    for (let k = 0; k < 6 * E; k++) halfEdgeBoxes[k] = edgeBoxes[k] + (k % 6 < 3 ? 0.5 * rq : -0.5 * rq);
    pairTrees[0].build(pointBoxes, V);
    pairTrees[1].build(triangleBoxes, T);
    pairTrees[2].build(halfEdgeBoxes, E);
    return pairTrees[0].overlapPairs(pairTrees[1]) + pairTrees[2].overlapPairs(pairTrees[2]);
  };
  const hash = [boxSpatialHash(T), boxSpatialHash(E)] as const;
  const bvh = [boxBvh(), boxBvh()] as const;
  const candidates = detection(hash[0], hash[1], false);
  const bvhCandidates = detection(bvh[0], bvh[1], false);
  const hashMs = await medianMilliseconds(() => detection(hash[0], hash[1]), 7);
  const bvhMs = await medianMilliseconds(() => detection(bvh[0], bvh[1]), 7);
  const pairCandidates = pairDetection();
  const pairMs = await medianMilliseconds(pairDetection, 7);
  // The same queries as `detection`, built and answered in two batches on the GPU (boxSpatialHash.wgsl), uploads and
  // readbacks included; on SwiftShader a CPU emulation, so only a GPU's run says what the GPU gives.
  let gpu: Record<string, number> = {};
  if (gpuHash) {
    const pointQueries = new Float64Array(6 * V);
    const edgeQueries = new Float64Array(6 * E);
    const gpuDetection = async (): Promise<number> => {
      phase += 1;
      for (let v = 0; v < V; v++) positions[3 * v + 1] += 1e-4 * Math.sin(phase + v);
      fill(triangles, 3, triangleBoxes);
      fill(edges, 2, edgeBoxes);
      for (let v = 0; v < V; v++) for (let axis = 0; axis < 3; axis++) pointQueries[6 * v + axis] = pointQueries[6 * v + 3 + axis] = positions[3 * v + axis];
      for (let k = 0; k < 6 * E; k++) edgeQueries[k] = edgeBoxes[k] + (k % 6 < 3 ? rq : -rq);
      const [points, edgePairs] = [await gpuHash.query(triangleBoxes, pointQueries), await gpuHash.query(edgeBoxes, edgeQueries)];
      return points.offsets[V] + edgePairs.offsets[E];
    };
    // at the positions of the CPU's first detection: gpuCandidatesPerDetection differs from candidatesPerDetection
    // only by the f32 boxes' rounding at their faces (136 082 vs 136 080 at 5k triangles)
    const saved = Float64Array.from(positions);
    const gpuCandidates = await gpuDetection();
    positions.set(saved);
    const gpuMs = await medianMilliseconds(gpuDetection, 7);
    gpu = { gpuCandidatesPerDetection: gpuCandidates, gpuHashMilliseconds: round(gpuMs), gpuOverHash: round(gpuMs / hashMs) };
  }
  return {
    triangles: T,
    edges: E,
    vertices: V,
    candidatesPerDetection: candidates,
    sameCandidates: candidates === bvhCandidates,
    spatialHashMilliseconds: round(hashMs),
    refittedBvhMilliseconds: round(bvhMs),
    bvhOverHash: round(bvhMs / hashMs),
    pairCandidatesPerDetection: pairCandidates,
    bvhPairTraversalMilliseconds: round(pairMs),
    pairTraversalOverQueries: round(pairMs / bvhMs),
    ...gpu,
  };
}
