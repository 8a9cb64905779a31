/**
 * A local correction toward the input, the one the bake's guards share (the final contact check,
 * app/contact/bakeContact.ts; the flip guard, app/bake/flipGuard.ts): vertex v keeps 1 − a_v·(1 − kept) of its
 * departure from the input, a_v its falloff (ringFalloff: 1 on the offenders, 1/2 and 1/4 on their rings, 0 elsewhere,
 * where it keeps all of it, bit for bit). With `held` (the final check's hold of earlier corrections), v keeps at most
 * 1 − held_v of it: the stronger of the two pulls.
 *
 * @param raw      #V×3 the uncorrected output
 * @param input    #V×3 the input at the same frame
 * @param falloff  #V in [0, 1]
 * @param kept     the share of the departure the offenders keep (0: onto the input)
 * @param output   #V×3 written where the falloff (or held) is not 0
 * @param held     #V in [0, 1]: the share of the departure each vertex gives up in any case (default none)
 * @returns the vertices moved (falloff or held not 0)
 */
export function pullTowardInput(
  raw: ArrayLike<number>,
  input: ArrayLike<number>,
  falloff: Float32Array,
  kept: number,
  output: Float32Array,
  held?: Float32Array,
): number {
  let moved = 0;
  for (let v = 0; v < falloff.length; v++) {
    const a = falloff[v];
    const h = held === undefined ? 0 : held[v];
    if (a === 0 && h === 0) continue;
    moved++;
    const keep = Math.min(1 - a * (1 - kept), 1 - h);
    for (let c = 3 * v; c < 3 * v + 3; c++) output[c] = input[c] + keep * (raw[c] - input[c]);
  }
  return moved;
}
