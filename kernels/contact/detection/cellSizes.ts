import type { GpuOgcDetectionData } from './types.ts';

/**
 * Each table's cell [m], as the CPU hash sizes it: the mean largest extent of its boxes (triangles grown by r_q,
 * edges by r_q/2) at these points (P×3).
 */
export function cellSizes(d: GpuOgcDetectionData, points: ArrayLike<number>): [number, number] {
  const mean = (list: Uint32Array, size: number, grow: number): number => {
    const count = list.length / size;
    if (count === 0) return 1;
    let sum = 0;
    for (let i = 0; i < count; i++) {
      let extent = 0;
      for (let c = 0; c < 3; c++) {
        let low = Infinity,
          high = -Infinity;
        for (let k = 0; k < size; k++) {
          const x = points[3 * list[size * i + k] + c];
          low = Math.min(low, x);
          high = Math.max(high, x);
        }
        extent = Math.max(extent, high - low);
      }
      sum += extent + 2 * grow;
    }
    return sum / count || 1;
  };
  return [mean(d.triangles, 3, d.queryRadius), mean(d.edges, 2, 0.5 * d.queryRadius)];
}
