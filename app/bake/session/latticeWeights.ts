/**
 * The weights a mesh's simulation and surface guard see: the frame's weights with its carried vertices at 0 (the
 * lattice pins them; their carried shell moves them).
 *
 * @param carried  #V 1 on carried vertices
 * @param weights  #V the frame's weights in [0, 1]
 * @param out      #V written
 */
export function latticeWeights(carried: Uint8Array, weights: ArrayLike<number>, out: Float32Array): void {
  for (let v = 0; v < weights.length; v++) out[v] = carried[v] ? 0 : weights[v];
}
