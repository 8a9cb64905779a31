/**
 * A local correction toward the input, the one the bake's guards share (the final contact check,
 * app/contact/bakeContact.ts; the flip guard, app/bake/flipGuard.ts): vertex v keeps 1 − a_v·(1 − kept) of its
 * departure from the input, a_v its falloff (ringFalloff: 1 on the offenders, 1/2 and 1/4 on their rings, 0 elsewhere,
 * where it keeps all of it, bit for bit).
 *
 * @param raw      #V×3 the uncorrected output
 * @param input    #V×3 the input at the same frame
 * @param falloff  #V in [0, 1]
 * @param kept     the share of the departure the offenders keep (0: onto the input)
 * @param output   #V×3 written where the falloff is not 0
 * @returns the vertices moved (falloff not 0)
 */
export function pullTowardInput(raw: ArrayLike<number>, input: ArrayLike<number>, falloff: Float32Array, kept: number, output: Float32Array): number {
  let moved = 0;
  for (let v = 0; v < falloff.length; v++) {
    const a = falloff[v];
    if (a === 0) continue;
    moved++;
    const keep = 1 - a * (1 - kept);
    for (let c = 3 * v; c < 3 * v + 3; c++) output[c] = input[c] + keep * (raw[c] - input[c]);
  }
  return moved;
}
