import { HOST_SAMPLES, type CarriedState, type Glued } from './carriedState.ts';
import { hostDisplacement } from './hostDisplacement.ts';

/**
 * One frame of a glued shell: every vertex takes its host's displacement (output − input) at its HOST_SAMPLES nearest
 * host vertices (hostDisplacement), so a belt stays on a belly that jiggles and a visor on a still head is exact.
 *
 * @param state    the carried shells (scratch.displacement used)
 * @param glued    the shell
 * @param inputs   per simulated mesh, #V×3 input of the frame
 * @param outputs  per simulated mesh, #V×3 output (the shell's vertices written in place)
 */
export function moveGlued(state: CarriedState, glued: Glued, inputs: readonly Float32Array[], outputs: Float32Array[]): void {
  const { displacement } = state.scratch;
  const input = inputs[glued.mesh];
  const output = outputs[glued.mesh];
  for (let i = 0; i < glued.vertices.length; i++) {
    hostDisplacement(glued.host, glued.hostVertices, glued.hostWeights, HOST_SAMPLES * i, HOST_SAMPLES, inputs, outputs, displacement);
    const v = glued.vertices[i];
    for (let c = 0; c < 3; c++) output[3 * v + c] = input[3 * v + c] + displacement[c];
  }
}
