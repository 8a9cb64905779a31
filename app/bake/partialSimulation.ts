import type { MeshSimulation, MeshSimulationTimings, SubframeInput } from './meshSimulation.ts';
import type { StartMotion } from './initialMotion.ts';

/**
 * A mesh simulation of some of a mesh's vertices: `inner` simulates the vertices `kept` (in that order); the others
 * are not simulated, and their output is their input (the session sets them afterwards: its carried shells). Every
 * array in and out is the whole mesh's (#V×3); this gathers the kept vertices for `inner` and scatters its output back.
 *
 * Why: a carried shell (a pouch, a belt, a visor: carriedShells) is pinned in the lattice and moved by its host, so its
 * own duplicated cells only cost fitting, stepping and transfer. On the layered character its gear made 276 of the
 * body mesh's 684 lattice vertices and 345 of its 1145 tets.
 *
 * @param inner        the simulation of the kept vertices (its arrays are #K×3)
 * @param kept         #K indices of the kept vertices, ascending
 * @param vertexCount  #V, the mesh's welded vertices
 * @returns the simulation of the whole mesh
 */
export function createPartialSimulation(inner: MeshSimulation, kept: Uint32Array, vertexCount: number): MeshSimulation {
  const K = kept.length;
  const gather = <T extends Float32Array | Float64Array>(full: ArrayLike<number>, out: T): T => {
    for (let i = 0; i < K; i++) {
      const v = 3 * kept[i];
      out[3 * i] = full[v];
      out[3 * i + 1] = full[v + 1];
      out[3 * i + 2] = full[v + 2];
    }
    return out;
  };
  const scatter = (compact: ArrayLike<number>, input: ArrayLike<number>, out: Float32Array): void => {
    out.set(input);
    for (let i = 0; i < K; i++) {
      const v = 3 * kept[i];
      out[v] = compact[3 * i];
      out[v + 1] = compact[3 * i + 1];
      out[v + 2] = compact[3 * i + 2];
    }
  };
  const input = new Float32Array(3 * K);
  const other = new Float32Array(3 * K);
  const output = new Float32Array(3 * K);
  const full = new Float32Array(3 * vertexCount);
  const scalars = (values: ArrayLike<number>): Float64Array => Float64Array.from(kept, (v) => values[v]);
  const check = (array: ArrayLike<number>): void => {
    if (array.length !== 3 * vertexCount) throw new Error(`partial simulation: ${array.length / 3} vertices given, the mesh has ${vertexCount}`);
  };
  return {
    get stats() {
      return inner.stats;
    },
    get model() {
      return inner.model;
    },
    get embedding() {
      return inner.embedding;
    },
    async start(fullInput, previousInput, dt, timings: MeshSimulationTimings, motion?: StartMotion, spacing?: number) {
      check(fullInput);
      const compactMotion: StartMotion | undefined = motion && {
        previous: motion.previous ? gather(motion.previous, new Float32Array(3 * K)) : null,
        next: gather(motion.next, new Float32Array(3 * K)),
        afterNext: gather(motion.afterNext, new Float32Array(3 * K)),
        later: gather(motion.later, new Float32Array(3 * K)),
      };
      await inner.start(gather(fullInput, new Float32Array(3 * K)), gather(previousInput, new Float32Array(3 * K)), dt, timings, compactMotion, spacing);
    },
    async advance(fullInput, dt, out, timings, within?: SubframeInput) {
      check(fullInput);
      gather(fullInput, input);
      const compactWithin: SubframeInput | undefined = within && {
        previous: gather(within.previous, other),
        at: (fraction, compact) => {
          within.at(fraction, full);
          gather(full, compact);
        },
      };
      const diagnostics = await inner.advance(input, dt, output, timings, compactWithin);
      scatter(output, fullInput, out);
      return diagnostics;
    },
    setBlendWeights(weights) {
      inner.setBlendWeights(scalars(weights));
    },
    setMaterial(material) {
      return inner.setMaterial(material);
    },
    setMaxDistances(limits) {
      inner.setMaxDistances(limits ? scalars(limits) : null);
    },
    positions() {
      return inner.positions();
    },
    surface(fullInput, out, timings) {
      check(fullInput);
      inner.surface(gather(fullInput, input), output, timings);
      scatter(output, fullInput, out);
    },
    snapshot() {
      return inner.snapshot();
    },
    restore(snapshot) {
      inner.restore(snapshot);
    },
    dispose() {
      inner.dispose();
    },
  };
}
