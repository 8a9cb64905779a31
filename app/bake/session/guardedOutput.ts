/**
 * The surface guard applied: per vertex the input blended toward the simulation's surface by its guard b, exactly the
 * input at b = 0 and exactly the simulation's surface at b = 1 (no rounding through the blend at either end).
 *
 * @param input   #V×3 the frame's input [file units]
 * @param raw     #V×3 the simulation's surface
 * @param guard   #V blend in [0, 1] (surfaceGuard)
 * @param output  #V×3 written
 */
export function guardedOutput(input: Float32Array, raw: Float32Array, guard: Float32Array, output: Float32Array): void {
  for (let v = 0; v < guard.length; v++) {
    const b = guard[v];
    for (let c = 3 * v; c < 3 * v + 3; c++) output[c] = b === 1 ? raw[c] : b === 0 ? input[c] : input[c] + b * (raw[c] - input[c]);
  }
}
