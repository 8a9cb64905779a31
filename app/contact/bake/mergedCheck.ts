import type { FrameIntersections, RegionCheck } from '../../intersection/index.ts';

/**
 * One check over the surface, its colliders and its neighbours (the final check's measure): the main check (surface
 * and colliders, meshes 0..C) and the neighbours' (surface and neighbours, meshes 0 and 1..N, between pairs only), the
 * neighbours renumbered C + 1.. and the surface's triangles united.
 *
 * @param main     the check of the surface and its colliders (listPairs on)
 * @param between  the check of the surface against its neighbours (listPairs on)
 * @param C        the number of colliders
 * @returns the merged check (meshes: surface, colliders, neighbours)
 */
export function mergedCheck(main: FrameIntersections, between: FrameIntersections, C: number): RegionCheck {
  const surface = new Set<number>(main.triangles[0]);
  for (const t of between.triangles[0]) surface.add(t);
  const pairList = main.pairList.slice();
  const list = between.pairList;
  for (let i = 0; i + 3 < list.length; i += 4)
    pairList.push(list[i] === 0 ? 0 : list[i] + C, list[i + 1], list[i + 2] === 0 ? 0 : list[i + 2] + C, list[i + 3]);
  return {
    total: main.total + between.total,
    triangles: [Uint32Array.from([...surface].sort((a, b) => a - b)), ...main.triangles.slice(1), ...between.triangles.slice(1)],
    pairList,
  };
}
