import type { InputCheck } from './types.ts';

// The input checks are kept by the positions they checked (BakeContactState.inputChecks, .prefetched): an exact check
// of the same positions gives the same answer, so a kept one is reused when the same frame comes again.

/**
 * The key of an input check: the surface's then each collider's positions, one after another, as float64.
 *
 * @param mesh       #S×3 the surface [m]
 * @param colliders  each collider's #V×3 positions [m]
 * @returns the positions concatenated (a new array)
 */
export function inputCheckKey(mesh: ArrayLike<number>, colliders: readonly ArrayLike<number>[]): Float64Array {
  let length = mesh.length;
  for (const c of colliders) length += c.length;
  const positions = new Float64Array(length);
  let k = 0;
  for (const array of [mesh, ...colliders]) for (let i = 0; i < array.length; i++) positions[k++] = array[i];
  return positions;
}

/**
 * The entry of a list whose positions are these, compared value by value (without concatenating them).
 *
 * @param list       kept or prefetched checks
 * @param mesh       #S×3 the surface [m]
 * @param colliders  each collider's #V×3 positions [m]
 * @returns the entry's index, -1 when none matches
 */
export function findInputCheck(list: readonly InputCheck[], mesh: ArrayLike<number>, colliders: readonly ArrayLike<number>[]): number {
  let length = mesh.length;
  for (const c of colliders) length += c.length;
  for (let e = 0; e < list.length; e++) {
    const entry = list[e];
    if (entry.positions.length !== length) continue;
    let same = true;
    let k = 0;
    for (const array of [mesh, ...colliders]) {
      for (let i = 0; i < array.length && same; i++) same = entry.positions[k++] === array[i];
    }
    if (same) return e;
  }
  return -1;
}
