/**
 * Whether any of `keys` holds another value (by identity) in `state` than in `previous`: what a store subscriber that
 * redraws or recomputes on a few fields asks of each change. Compares in the order given and stops at the first change.
 */
export function anyChanged<S extends object>(state: S, previous: S, keys: readonly (keyof S)[]): boolean {
  return keys.some((key) => state[key] !== previous[key]);
}
