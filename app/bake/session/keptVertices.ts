/**
 * The vertices a volume's lattice embeds: all but its carried shells' (they ride their host: carriedShells).
 *
 * @param carried  #V 1 on carried vertices
 * @returns the other vertices' indices, ascending
 */
export function keptVertices(carried: Uint8Array): Uint32Array {
  return Uint32Array.from({ length: carried.length }, (_, v) => v).filter((v) => !carried[v]);
}
