import type { HelperParents } from './helperParents.ts';

/** Which part of its joint's vertices each helper serves. */
export interface HelperClusters {
  /** N×3 cluster centers on the first frame's bind positions [m] */
  centers: Float64Array;
  /** #R the helper whose cluster holds each vertex, −1 for vertices no helper's joint claims */
  cluster: Int32Array;
}

/**
 * Splits each joint's moving vertices among its helpers by weighted k-means (Lloyd's algorithm, 20 rounds, weights =
 * squared motion) on the bind positions of frame 0, with a deterministic k-means++-style seeding: the heaviest
 * vertex, then each next seed the vertex farthest from the seeds by squared distance times squared motion. A joint's
 * helpers are consecutive in `parents` (sorted), so they are numbered from the first index of it.
 *
 * @param bindPositions  #F×#R×3 bind positions (only frame 0 is read) [m]
 * @param motion         #R RMS residual per vertex [m]
 * @param placement      the helpers' parents, count per joint and each joint's moving vertices (helperParents)
 * @returns the N centers and each vertex's helper
 */
export function helperClusters(bindPositions: ArrayLike<number>, motion: Float64Array, placement: HelperParents): HelperClusters {
  const { parents, helpersOf, members } = placement;
  const J = helpersOf.length;
  const R = motion.length;
  const N = parents.length;
  const centers = new Float64Array(3 * N);
  const cluster = new Int32Array(R).fill(-1);
  for (let j = 0; j < J; j++) {
    const first = parents.indexOf(j);
    if (first < 0) continue;
    kMeans(members[j], helpersOf[j], first);
  }
  return { centers, cluster };

  /** Weighted k-means (weights = squared motion) of a joint's vertices into `count` helpers numbered from `first`. */
  function kMeans(vertices: number[], count: number, first: number): void {
    const at = (i: number, d: number) => bindPositions[3 * i + d];
    // k-means++ seeding, deterministic: the heaviest vertex, then the farthest by weighted squared distance.
    const seeds = [vertices.reduce((best, i) => (motion[i] > motion[best] ? i : best), vertices[0])];
    while (seeds.length < count) {
      let best = vertices[0];
      let bestScore = -1;
      for (const i of vertices) {
        let nearest = Infinity;
        for (const s of seeds) nearest = Math.min(nearest, (at(i, 0) - at(s, 0)) ** 2 + (at(i, 1) - at(s, 1)) ** 2 + (at(i, 2) - at(s, 2)) ** 2);
        const score = nearest * motion[i] ** 2;
        if (score > bestScore) {
          bestScore = score;
          best = i;
        }
      }
      seeds.push(best);
    }
    seeds.forEach((s, k) => {
      for (let d = 0; d < 3; d++) centers[3 * (first + k) + d] = at(s, d);
    });
    for (let round = 0; round < 20; round++) {
      const sums = new Float64Array(4 * count);
      for (const i of vertices) {
        let best = 0;
        let bestDistance = Infinity;
        for (let k = 0; k < count; k++) {
          const d =
            (at(i, 0) - centers[3 * (first + k)]) ** 2 + (at(i, 1) - centers[3 * (first + k) + 1]) ** 2 + (at(i, 2) - centers[3 * (first + k) + 2]) ** 2;
          if (d < bestDistance) {
            bestDistance = d;
            best = k;
          }
        }
        cluster[i] = first + best;
        const w = motion[i] ** 2;
        for (let d = 0; d < 3; d++) sums[4 * best + d] += w * at(i, d);
        sums[4 * best + 3] += w;
      }
      for (let k = 0; k < count; k++) if (sums[4 * k + 3] > 0) for (let d = 0; d < 3; d++) centers[3 * (first + k) + d] = sums[4 * k + d] / sums[4 * k + 3];
    }
  }
}
