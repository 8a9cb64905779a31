/**
 * Union–find (disjoint-set forest) on a flat parent array, with path halving (Tarjan & van Leeuwen 1984): the
 * connected components of welded surfaces, of lattice pieces and of glued cell corners. Start with
 * parent[x] = x for every element.
 *
 * \note The smaller root always becomes the parent, so roots (and any numbering derived from them, such as the
 * order of lattice copies) do not depend on the order in which unions are made.
 *
 * @param parent  #N parent of each element (a root is its own parent); compressed in place
 * @param x       element index in [0, #N)
 * @returns the root of x's set (its smallest-index member once every union went through unionFindMerge)
 */
export function unionFindRoot(parent: Int32Array, x: number): number {
  while (parent[x] !== x) {
    parent[x] = parent[parent[x]];
    x = parent[x];
  }
  return x;
}

/**
 * Merges the sets of a and b (see unionFindRoot); the smaller of the two roots becomes the new root.
 *
 * @param parent  #N parent array, updated in place
 * @param a       element index
 * @param b       element index
 */
export function unionFindMerge(parent: Int32Array, a: number, b: number): void {
  const ra = unionFindRoot(parent, a);
  const rb = unionFindRoot(parent, b);
  if (ra === rb) return;
  if (ra < rb) parent[rb] = ra;
  else parent[ra] = rb;
}
