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
 * - previous: a copy of the checker as it was before (previousIntersectionChecker below, kept only here as the
 *   baseline: a median-split tree of number[] and closures rebuilt per check, one root query per edge with a
 *   closure); `sameTotals`: both count the same pairs on every frame. Ratios are previous / ours.
 *
 * Sizes: OVERLAP_BENCH_INTERSECTION_LEVELS (character levels, default "2,3"), OVERLAP_BENCH_INTERSECTION_CELLS
 * (cloth cells per side, default "100,158").
 */
import { createAnimationEvaluator } from '../app/animation/index.ts';
import { intersectionChecker, segmentTriangleIntersection, SegmentTriangleContact, type CheckedMesh } from '../app/intersection/index.ts';
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
    note: 'ms per check, median of 5 runs over the frames; previous = the checker before the refit tree and leaf-pair traversal (a copy in this file); since = half of the vertices moved',
    sizes,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The baseline: the checker as it was before (app/intersection/intersectionChecker.ts and triangleBoxTree.ts at
// commit 6b898f4), trimmed to what check() does without options. Kept only here, to measure the ratio in one run.
// ---------------------------------------------------------------------------------------------------------------

function previousIntersectionChecker(meshes: readonly CheckedMesh[]) {
  const edges: Uint32Array[] = [];
  const edgeTriangleOffsets: Uint32Array[] = [];
  const edgeTriangles: Uint32Array[] = [];
  const repeated: Uint8Array[] = [];
  for (const mesh of meshes) {
    const triangleCount = Math.floor(mesh.triangles.length / 3);
    const flags = new Uint8Array(triangleCount);
    const map = new Map<number, number[]>();
    const V = mesh.vertexCount;
    for (let t = 0; t < triangleCount; t++) {
      const a = mesh.triangles[3 * t],
        b = mesh.triangles[3 * t + 1],
        c = mesh.triangles[3 * t + 2];
      if (a === b || b === c || c === a) {
        flags[t] = 1;
        continue;
      }
      for (const [i, j] of [
        [a, b],
        [b, c],
        [c, a],
      ]) {
        const key = Math.min(i, j) * V + Math.max(i, j);
        let list = map.get(key);
        if (!list) map.set(key, (list = []));
        list.push(t);
      }
    }
    const keys = [...map.keys()].sort((x, y) => x - y);
    const e = new Uint32Array(2 * keys.length);
    const offsets = new Uint32Array(keys.length + 1);
    let total = 0;
    keys.forEach((key, k) => {
      e[2 * k] = Math.floor(key / V);
      e[2 * k + 1] = key % V;
      total += map.get(key)!.length;
      offsets[k + 1] = total;
    });
    const list = new Uint32Array(total);
    keys.forEach((key, k) => list.set(map.get(key)!, offsets[k]));
    edges.push(e);
    edgeTriangleOffsets.push(offsets);
    edgeTriangles.push(list);
    repeated.push(flags);
  }
  return {
    check(positions: readonly ArrayLike<number>[]) {
      const trees: PreviousTree[] = [];
      const involved: Set<number>[] = meshes.map(() => new Set<number>());
      meshes.forEach((mesh, m) => {
        const P = positions[m];
        for (let k = 0; k < 3 * mesh.vertexCount; k++) if (!Number.isFinite(P[k])) throw new RangeError('non-finite');
        const flags = Uint8Array.from(repeated[m]);
        for (let t = 0; t < flags.length; t++) {
          if (flags[t] === 0 && previousZeroArea(P, mesh.triangles[3 * t], mesh.triangles[3 * t + 1], mesh.triangles[3 * t + 2])) flags[t] = 1;
        }
        // (it counted zero-length edges here, as ours does)
        let shortEdges = 0;
        const e = edges[m];
        for (let k = 0; k < e.length; k += 2) if (previousSamePoint(P, e[k], e[k + 1])) shortEdges++;
        if (shortEdges < 0) throw new RangeError('unreachable');
        trees.push(previousTriangleBoxTree(P, mesh.triangles, flags));
      });
      const countPairs = (em: number, tm: number): number => {
        const P = positions[em];
        const T = positions[tm];
        const e = edges[em];
        const triangles = meshes[tm].triangles;
        const same = em === tm;
        let count = 0;
        for (let k = 0; k < e.length; k += 2) {
          const p = e[k];
          const q = e[k + 1];
          if (previousSamePoint(P, p, q)) continue;
          const px = P[3 * p],
            py = P[3 * p + 1],
            pz = P[3 * p + 2];
          const qx = P[3 * q],
            qy = P[3 * q + 1],
            qz = P[3 * q + 2];
          trees[tm].query(Math.min(px, qx), Math.min(py, qy), Math.min(pz, qz), Math.max(px, qx), Math.max(py, qy), Math.max(pz, qz), (t) => {
            const a = triangles[3 * t],
              b = triangles[3 * t + 1],
              c = triangles[3 * t + 2];
            if (same && (p === a || p === b || p === c || q === a || q === b || q === c)) return;
            const result = segmentTriangleIntersection(P, p, q, a, b, c, T);
            if (result === SegmentTriangleContact.Crossing || result === SegmentTriangleContact.Coplanar) {
              count++;
              involved[tm].add(t);
              const offsets = edgeTriangleOffsets[em];
              for (let i = offsets[k >>> 1]; i < offsets[(k >>> 1) + 1]; i++) involved[em].add(edgeTriangles[em][i]);
            }
          });
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

function previousSamePoint(P: ArrayLike<number>, i: number, j: number): boolean {
  return P[3 * i] === P[3 * j] && P[3 * i + 1] === P[3 * j + 1] && P[3 * i + 2] === P[3 * j + 2];
}

function previousZeroArea(P: ArrayLike<number>, a: number, b: number, c: number): boolean {
  const ax = P[3 * a],
    ay = P[3 * a + 1],
    az = P[3 * a + 2];
  const ux = P[3 * b] - ax,
    uy = P[3 * b + 1] - ay,
    uz = P[3 * b + 2] - az;
  const vx = P[3 * c] - ax,
    vy = P[3 * c + 1] - ay,
    vz = P[3 * c + 2] - az;
  return uy * vz - uz * vy === 0 && uz * vx - ux * vz === 0 && ux * vy - uy * vx === 0;
}

interface PreviousTree {
  query(minX: number, minY: number, minZ: number, maxX: number, maxY: number, maxZ: number, visit: (triangle: number) => boolean | void): void;
}

function previousTriangleBoxTree(positions: ArrayLike<number>, triangles: ArrayLike<number>, skip: Uint8Array): PreviousTree {
  const LEAF_SIZE = 4;
  const triangleCount = Math.floor(triangles.length / 3);
  const order: number[] = [];
  for (let t = 0; t < triangleCount; t++) if (skip[t] === 0) order.push(t);
  const count = order.length;
  const triangleBoxes = new Float64Array(6 * triangleCount);
  const centroids = new Float64Array(3 * triangleCount);
  for (const t of order) {
    for (let axis = 0; axis < 3; axis++) {
      const a = positions[3 * triangles[3 * t] + axis];
      const b = positions[3 * triangles[3 * t + 1] + axis];
      const c = positions[3 * triangles[3 * t + 2] + axis];
      triangleBoxes[6 * t + axis] = Math.min(a, b, c);
      triangleBoxes[6 * t + 3 + axis] = Math.max(a, b, c);
      centroids[3 * t + axis] = (a + b + c) / 3;
    }
  }
  const items = Uint32Array.from(order);
  const maxNodes = Math.max(1, 2 * Math.ceil(count / LEAF_SIZE) + 1);
  let boxes = new Float64Array(6 * maxNodes);
  let firstChild = new Int32Array(maxNodes);
  let itemStart = new Uint32Array(maxNodes);
  let itemCount = new Uint32Array(maxNodes);
  let nodeCount = 0;
  const grow = (): void => {
    const size = 2 * firstChild.length;
    const b = new Float64Array(6 * size);
    b.set(boxes);
    boxes = b;
    const f = new Int32Array(size);
    f.set(firstChild);
    firstChild = f;
    const s = new Uint32Array(size);
    s.set(itemStart);
    itemStart = s;
    const c = new Uint32Array(size);
    c.set(itemCount);
    itemCount = c;
  };
  const makeNode = (start: number, n: number): number => {
    if (nodeCount >= firstChild.length) grow();
    const node = nodeCount++;
    let x0 = Infinity,
      y0 = Infinity,
      z0 = Infinity,
      x1 = -Infinity,
      y1 = -Infinity,
      z1 = -Infinity;
    for (let k = start; k < start + n; k++) {
      const o = 6 * items[k];
      x0 = Math.min(x0, triangleBoxes[o]);
      y0 = Math.min(y0, triangleBoxes[o + 1]);
      z0 = Math.min(z0, triangleBoxes[o + 2]);
      x1 = Math.max(x1, triangleBoxes[o + 3]);
      y1 = Math.max(y1, triangleBoxes[o + 4]);
      z1 = Math.max(z1, triangleBoxes[o + 5]);
    }
    boxes.set([x0, y0, z0, x1, y1, z1], 6 * node);
    itemStart[node] = start;
    itemCount[node] = n;
    firstChild[node] = -1;
    return node;
  };
  if (count > 0) {
    const stack: number[] = [makeNode(0, count)];
    while (stack.length > 0) {
      const node = stack.pop()!;
      const start = itemStart[node];
      const n = itemCount[node];
      if (n <= LEAF_SIZE) continue;
      let lo0 = Infinity,
        lo1 = Infinity,
        lo2 = Infinity,
        hi0 = -Infinity,
        hi1 = -Infinity,
        hi2 = -Infinity;
      for (let k = start; k < start + n; k++) {
        const o = 3 * items[k];
        lo0 = Math.min(lo0, centroids[o]);
        hi0 = Math.max(hi0, centroids[o]);
        lo1 = Math.min(lo1, centroids[o + 1]);
        hi1 = Math.max(hi1, centroids[o + 1]);
        lo2 = Math.min(lo2, centroids[o + 2]);
        hi2 = Math.max(hi2, centroids[o + 2]);
      }
      const e0 = hi0 - lo0,
        e1 = hi1 - lo1,
        e2 = hi2 - lo2;
      const axis = e0 >= e1 && e0 >= e2 ? 0 : e1 >= e2 ? 1 : 2;
      const half = n >>> 1;
      previousSelectNth(items, start, start + n - 1, start + half, centroids, axis);
      const left = makeNode(start, half);
      makeNode(start + half, n - half);
      firstChild[node] = left;
      stack.push(left, left + 1);
    }
  }
  const stack = new Int32Array(128);
  return {
    query(minX, minY, minZ, maxX, maxY, maxZ, visit) {
      if (nodeCount === 0) return;
      let top = 0;
      stack[top++] = 0;
      while (top > 0) {
        const node = stack[--top];
        const o = 6 * node;
        if (boxes[o] > maxX || boxes[o + 1] > maxY || boxes[o + 2] > maxZ || boxes[o + 3] < minX || boxes[o + 4] < minY || boxes[o + 5] < minZ) continue;
        const child = firstChild[node];
        if (child >= 0) {
          stack[top++] = child;
          stack[top++] = child + 1;
          continue;
        }
        for (let k = itemStart[node], end = k + itemCount[node]; k < end; k++) {
          const t = items[k];
          const b = 6 * t;
          if (triangleBoxes[b] > maxX || triangleBoxes[b + 1] > maxY || triangleBoxes[b + 2] > maxZ) continue;
          if (triangleBoxes[b + 3] < minX || triangleBoxes[b + 4] < minY || triangleBoxes[b + 5] < minZ) continue;
          if (visit(t) === true) return;
        }
      }
    },
  };
}

function previousSelectNth(items: Uint32Array, lo: number, hi: number, nth: number, centroids: Float64Array, axis: number): void {
  while (hi > lo) {
    const pivot = centroids[3 * items[(lo + hi) >>> 1] + axis];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (centroids[3 * items[i] + axis] < pivot) i++;
      while (centroids[3 * items[j] + axis] > pivot) j--;
      if (i <= j) {
        const swap = items[i];
        items[i] = items[j];
        items[j] = swap;
        i++;
        j--;
      }
    }
    if (nth <= j) hi = j;
    else if (nth >= i) lo = i;
    else return;
  }
}
