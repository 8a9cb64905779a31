import { CONTINUES, isLateral, type JointRolesData } from './types.ts';

/**
 * The main chain of a branch: from its first joint into the heaviest child; a central chain stays central (a head's
 * ears branch off it, they do not continue it), and a chain ends at a joint whose children together carry little
 * next to it (a jaw or an eye bone hangs off a skull; it does not continue it).
 *
 * @param data   the skeleton's tree rooted at the core and its surface
 * @param first  the branch's first joint
 * @returns the chain's joints, outward
 */
export function mainChain(data: JointRolesData, first: number): number[] {
  const { children, subtreeArea, area } = data;
  const lateral = (j: number): boolean => isLateral(data, j);
  const chain = [first];
  for (;;) {
    const last = chain[chain.length - 1];
    const next = (lateral(last) ? children[last] : children[last].filter((c) => !lateral(c))).filter((c) => subtreeArea[c] >= CONTINUES * area[last]);
    if (next.length === 0) return chain;
    chain.push(heaviest(next, subtreeArea));
  }
}

/**
 * The chain as a polyline from its host through its joints, to where its last joint's surface reaches (its bone tip)
 * when that continues outward.
 *
 * @returns the points [m], each [x, y, z]
 */
export function chainPolyline(data: JointRolesData, host: number, chain: number[]): number[][] {
  const { skeleton } = data;
  const P = skeleton.positions;
  const points = [[P[3 * host], P[3 * host + 1], P[3 * host + 2]], ...chain.map((j) => [P[3 * j], P[3 * j + 1], P[3 * j + 2]])];
  const last = chain[chain.length - 1];
  const end = [skeleton.tips[3 * last], skeleton.tips[3 * last + 1], skeleton.tips[3 * last + 2]];
  const a = points[points.length - 2];
  const b = points[points.length - 1];
  const outward = (end[0] - b[0]) * (b[0] - a[0]) + (end[1] - b[1]) * (b[1] - a[1]) + (end[2] - b[2]) * (b[2] - a[2]);
  if (outward > 0) points.push(end);
  return points;
}

/** Arc length at each point of a polyline (0 at the first) [m]. */
export function arcLengths(points: number[][]): number[] {
  const along = [0];
  for (let i = 1; i < points.length; i++)
    along.push(along[i - 1] + Math.hypot(points[i][0] - points[i - 1][0], points[i][1] - points[i - 1][1], points[i][2] - points[i - 1][2]));
  return along;
}

function heaviest(list: number[], subtreeArea: Float64Array): number {
  let best = list[0];
  for (const j of list) if (subtreeArea[j] > subtreeArea[best] || (subtreeArea[j] === subtreeArea[best] && j < best)) best = j;
  return best;
}
