/**
 * The host's displacement (output − input) at a sampling: Σ wᵢ (outputᵤᵢ − inputᵤᵢ) over `count` sampled host vertices
 * from `first`; 0 for a host that is not simulated (host < 0).
 *
 * @param host      simulated mesh index of the host, or −1
 * @param vertices  sampled host vertices (nearestHostVertices)
 * @param weights   their weights
 * @param first     the first sample read
 * @param count     how many samples
 * @param inputs    per simulated mesh, #V×3 input of the frame
 * @param outputs   per simulated mesh, #V×3 output of the frame
 * @param out       out: the displacement (3)
 */
export function hostDisplacement(
  host: number,
  vertices: Uint32Array,
  weights: Float64Array,
  first: number,
  count: number,
  inputs: readonly Float32Array[],
  outputs: Float32Array[],
  out: Float64Array,
): void {
  out.fill(0);
  if (host < 0) return;
  const input = inputs[host];
  const output = outputs[host];
  for (let i = first; i < first + count; i++) {
    const u = vertices[i];
    for (let c = 0; c < 3; c++) out[c] += weights[i] * (output[3 * u + c] - input[3 * u + c]);
  }
}
