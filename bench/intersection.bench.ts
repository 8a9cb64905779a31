/**
 * The exact intersection checker (app/intersection, `overlap check`, the contact bake's input/untangle/output checks
 * and the export's compact-shape replay): milliseconds per `check` (median of 5 runs over the frames, after a
 * warm-up) at growing sizes, against the previous implementation measured in the same run.
 *
 * - Meshes: the generated character's welded surface (test/helpers/testCharacter.ts, mesh "Critter", body and eyes)
 *   at Catmull-Clark levels 2 and 3 (3.3k and 12.8k vertices, 6.7k and 25.7k triangles), 8 frames of its Jump clip;
 *   the wavy cloth of bench/contactMeshes.ts (the contact bench's broad-phase sheet) at 100 and 158 cells per side.
 * - full: `check(positions)` (the tree built at the first frame, refit at later ones, as the bake uses it).
 * - since: `check(moved, { since: { positions, result } })`, where `moved` is the frame with the half of its
 *   vertices beyond the median along its longest axis (the character's upper body, one side of the cloth) displaced
 *   by 1 mm and `result` the frame's check with listPairs: like the bake's output against its input, whose weight-0
 *   part is bit-identical. `sinceAgrees`: its answer equals a full check of `moved`.
 * - previous: the checker's method as it was before (previousIntersectionChecker below, the baseline: a median-split
 *   tree rebuilt per check, one root query per edge), built from the engine's own parts (checkerMeshData, zeroArea,
 *   boxBvh rebuilt at every build) rather than a copy of the old code; `sameTotals`: both count the same pairs on
 *   every frame. Ratios are previous / ours.
 *
 * Sizes: OVERLAP_BENCH_INTERSECTION_LEVELS (character levels, default "2,3"), OVERLAP_BENCH_INTERSECTION_CELLS
 * (cloth cells per side, default "100,158").
 */
import { createAnimationEvaluator } from '../app/animation/index.ts';
import { intersectionChecker, segmentTriangleIntersection, SegmentTriangleContact, type CheckedMesh } from '../app/intersection/index.ts';
import { boxBvh } from '../app/geometry/index.ts';
import { checkerMeshData } from '../app/intersection/checker/checkerMeshData.ts';
import { zeroArea } from '../app/intersection/checker/zeroArea.ts';
import { readGltf } from '../app/io/index.ts';
import { testCharacterGlb } from '../test/helpers/testCharacter.ts';
import { clothSquare } from './contactMeshes.ts';
import { medianMilliseconds } from './timing.ts';

const LEVELS = (process.env.OVERLAP_BENCH_INTERSECTION_LEVELS ?? '2,3').split(',').map(Number);
const CELLS = (process.env.OVERLAP_BENCH_INTERSECTION_CELLS ?? '100,158').split(',').map(Number);
const FRAMES = 8;

const round = (x: number, digits = 2) => Number(x.toFixed(digits));

/** Times one mesh's frames: previous, full and since, and checks that the answers agree. */
async function measure(name: string, mesh: CheckedMesh, frames: Float32Array[]) {
  const checker = intersectionChecker([mesh]);
  const previous = previousIntersectionChecker([mesh]);
  const totals = frames.map((P) => checker.check([P]).total);
  const sameTotals = frames.every((P, f) => previous.check([P]).total === totals[f]);
  // The half of the vertices beyond the median along the frame's longest axis moved by 1 mm, the rest bit-identical.
  const moved = frames.map((P) => {
    const extent = [0, 1, 2].map((axis) => {
      let lo = Infinity,
        hi = -Infinity;
      for (let v = 0; v < mesh.vertexCount; v++) {
        lo = Math.min(lo, P[3 * v + axis]);
        hi = Math.max(hi, P[3 * v + axis]);
      }
      return hi - lo;
    });
    const axis = extent.indexOf(Math.max(...extent));
    const sorted = Array.from({ length: mesh.vertexCount }, (_, v) => P[3 * v + axis]).sort((a, b) => a - b);
    const median = sorted[mesh.vertexCount >> 1];
    const out = Float32Array.from(P);
    for (let v = 0; v < mesh.vertexCount; v++) if (P[3 * v + axis] >= median) out[3 * v + ((axis + 1) % 3)] += 0.001;
    return out;
  });
  const earlier = frames.map((P) => checker.check([P], { listPairs: true }));
  const sinceAgrees = moved.every((P, f) => {
    const full = checker.check([P], { listPairs: true });
    const since = checker.check([P], { listPairs: true, since: { positions: [frames[f]], result: earlier[f] } });
    return full.total === since.total && full.pairList.join() === since.pairList.join() && full.triangles[0].join() === since.triangles[0].join();
  });
  const perCheck = async (fn: (f: number) => unknown) => (await medianMilliseconds(() => frames.forEach((_, f) => fn(f)))) / frames.length;
  const previousMs = await perCheck((f) => previous.check([frames[f]]));
  const fullMs = await perCheck((f) => checker.check([frames[f]]));
  const sinceMs = await perCheck((f) => checker.check([moved[f]], { since: { positions: [frames[f]], result: earlier[f] } }));
  return {
    name,
    vertices: mesh.vertexCount,
    triangles: mesh.triangles.length / 3,
    edges: checker.edges[0].length / 2,
    intersectionsPerFrame: Math.max(...totals),
    previousMillisecondsPerCheck: round(previousMs),
    fullMillisecondsPerCheck: round(fullMs),
    sinceHalfMovedMillisecondsPerCheck: round(sinceMs),
    fullRatio: round(previousMs / fullMs),
    sinceRatio: round(previousMs / sinceMs),
    sameTotals,
    sinceAgrees,
  };
}

export async function run() {
  const sizes = [];
  for (const level of LEVELS) {
    const scene = await readGltf(await testCharacterGlb({ subdivisions: level }), { fileName: 'character.glb' });
    const m = scene.meshes.findIndex((mesh) => mesh.name === 'Critter');
    const { topology } = scene.meshes[m];
    const clip = scene.clips.findIndex((c) => c.name === 'Jump');
    const evaluator = createAnimationEvaluator(scene);
    const frames = Array.from({ length: FRAMES }, (_, f) => {
      const out = new Float32Array(3 * topology.vertexCount);
      evaluator.evaluateSimulationPositions(m, clip, (f * scene.clips[clip].duration) / FRAMES, out);
      return out;
    });
    sizes.push(
      await measure(`character, ${level} subdivisions, Jump`, { name: 'Critter', triangles: topology.triangles, vertexCount: topology.vertexCount }, frames),
    );
  }
  for (const cells of CELLS) {
    const { positions, triangles } = clothSquare(cells, 1, 0);
    const frames = Array.from({ length: FRAMES }, (_, f) => {
      const out = new Float32Array(positions.length);
      for (let v = 0; v < positions.length / 3; v++) {
        out[3 * v] = positions[3 * v];
        out[3 * v + 1] = 0.02 * Math.sin(160 * positions[3 * v] + f) * Math.cos(120 * positions[3 * v + 2]);
        out[3 * v + 2] = positions[3 * v + 2];
      }
      return out;
    });
    sizes.push(await measure(`wavy cloth, ${cells}×${cells} cells`, { name: 'cloth', triangles, vertexCount: positions.length / 3 }, frames));
  }
  return {
    note: "ms per check, median of 5 runs over the frames; previous = the method before the refit tree and leaf-pair traversal (a tree rebuilt per check, a query per edge, from the engine's parts); since = half of the vertices moved",
    sizes,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The baseline: the checker's method as it was before the refit tree and the leaf-pair traversal (commit 6b898f4:
// a median-split tree rebuilt at every check, one root query per edge), made of the engine's own parts (the mesh's
// edges from checkerMeshData, the degenerate test zeroArea, the median-split tree boxBvh rebuilt at every build) so
// that the bench measures the method, not a copy of the code.
// ---------------------------------------------------------------------------------------------------------------

function previousIntersectionChecker(meshes: readonly CheckedMesh[]) {
  const data = meshes.map(checkerMeshData);
  // rebuildEvery 1: a fresh median-split topology at every build, as the old tree was made anew per check.
  const trees = meshes.map(() => boxBvh(1));
  const boxes = data.map((d) => new Float64Array(6 * d.repeated.length));
  const order = data.map((d) => new Uint32Array(d.repeated.length));
  const edgeBox = new Float64Array(6);
  return {
    check(positions: readonly ArrayLike<number>[]) {
      const involved: Set<number>[] = meshes.map(() => new Set<number>());
      data.forEach((d, m) => {
        const P = positions[m];
        for (let k = 0; k < 3 * d.vertexCount; k++) if (!Number.isFinite(P[k])) throw new RangeError('non-finite');
        const B = boxes[m];
        let count = 0;
        for (let t = 0; t < d.repeated.length; t++) {
          const a = d.triangles[3 * t],
            b = d.triangles[3 * t + 1],
            c = d.triangles[3 * t + 2];
          if (d.repeated[t] === 1 || zeroArea(P, a, b, c)) continue;
          for (let axis = 0; axis < 3; axis++) {
            B[6 * count + axis] = Math.min(P[3 * a + axis], P[3 * b + axis], P[3 * c + axis]);
            B[6 * count + 3 + axis] = Math.max(P[3 * a + axis], P[3 * b + axis], P[3 * c + axis]);
          }
          order[m][count++] = t;
        }
        trees[m].build(B, count);
      });
      const countPairs = (em: number, tm: number): number => {
        const P = positions[em];
        const T = positions[tm];
        const { edges: e, edgeTriangleOffsets: offsets, edgeTriangles } = data[em];
        const triangles = data[tm].triangles;
        const tree = trees[tm];
        const same = em === tm;
        let count = 0;
        for (let k = 0; k < e.length; k += 2) {
          const p = e[k];
          const q = e[k + 1];
          if (P[3 * p] === P[3 * q] && P[3 * p + 1] === P[3 * q + 1] && P[3 * p + 2] === P[3 * q + 2]) continue;
          for (let axis = 0; axis < 3; axis++) {
            edgeBox[axis] = Math.min(P[3 * p + axis], P[3 * q + axis]);
            edgeBox[3 + axis] = Math.max(P[3 * p + axis], P[3 * q + axis]);
          }
          const found = tree.query(edgeBox[0], edgeBox[1], edgeBox[2], edgeBox[3], edgeBox[4], edgeBox[5]);
          for (let i = 0; i < found; i++) {
            const t = order[tm][tree.candidates[i]];
            const a = triangles[3 * t],
              b = triangles[3 * t + 1],
              c = triangles[3 * t + 2];
            if (same && (p === a || p === b || p === c || q === a || q === b || q === c)) continue;
            const result = segmentTriangleIntersection(P, p, q, a, b, c, T);
            if (result === SegmentTriangleContact.Crossing || result === SegmentTriangleContact.Coplanar) {
              count++;
              involved[tm].add(t);
              for (let j = offsets[k >>> 1]; j < offsets[(k >>> 1) + 1]; j++) involved[em].add(edgeTriangles[j]);
            }
          }
        }
        return count;
      };
      const self = meshes.map((_, m) => countPairs(m, m));
      let total = self.reduce((s, x) => s + x, 0);
      for (let a = 0; a < meshes.length; a++) for (let b = a + 1; b < meshes.length; b++) total += countPairs(a, b) + countPairs(b, a);
      return { total, triangles: involved.map((set) => Uint32Array.from(set).sort()) };
    },
  };
}
