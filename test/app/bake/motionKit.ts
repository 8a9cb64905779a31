// What an animator sees in a baked file, measured on the output as an engine plays it: both files are played by
// three.js (test/helpers/threeGltf.ts), the input's clip at each baked frame's input time and the output's baked clip
// (its first animation) at the frame's own time. Regions are chosen by skin joint names, or by welded components.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BakeOutput } from '../../../app/bake/index.ts';
import type { ImportedMesh, ImportedScene } from '../../../app/io/index.ts';
import { threeReference } from '../../helpers/threeGltf.ts';
import { meshNodeIndex, temporaryFolder } from './bakeTestKit.ts';

/** Per baked frame, the render positions of one mesh in the input and in the output, as three.js plays them. */
export interface PlayedMesh {
  mesh: ImportedMesh;
  input: Float32Array[];
  output: Float32Array[];
  /** the mesh's rest positions (three.js, no clip) */
  rest: Float32Array;
}

/**
 * Plays the input and the baked output of a bake in three.js at every baked frame.
 *
 * @param inputPath  the input glTF file
 * @param scene      its import (for mesh names and skins)
 * @param output     bake()'s result
 * @param meshNames  the meshes to play (default: every simulated mesh)
 * @returns one PlayedMesh per name
 */
export async function playBake(inputPath: string, scene: ImportedScene, output: BakeOutput, meshNames?: string[]): Promise<PlayedMesh[]> {
  const outPath = join(temporaryFolder(), 'baked.glb');
  writeFileSync(outPath, output.bytes);
  const input = await threeReference(inputPath);
  const baked = await threeReference(outPath);
  const { settings, inputTimes } = output.result;
  const inputClip = input.gltf.animations.findIndex((a) => a.name === settings.clipName);
  const names = meshNames ?? output.result.meshes.map((m) => m.name);
  const inputNodes = await Promise.all(names.map(async (name) => scene.meshes.find((m) => m.name === name)!.nodeIndex));
  const outputNodes = await Promise.all(names.map((name) => meshNodeIndex(output.bytes, name)));
  const played: PlayedMesh[] = names.map((name) => ({ mesh: scene.meshes.find((m) => m.name === name)!, input: [], output: [], rest: new Float32Array(0) }));
  const restPose = input.evaluate(null, 0);
  names.forEach((_, i) => (played[i].rest = Float32Array.from(restPose.get(nodeIndexIn(input, scene, inputNodes[i]))!.positions)));
  for (let f = 0; f < inputTimes.length; f++) {
    const before = input.evaluate(inputClip, inputTimes[f]);
    names.forEach((_, i) => played[i].input.push(Float32Array.from(before.get(nodeIndexIn(input, scene, inputNodes[i]))!.positions)));
    const after = baked.evaluate(0, (settings.firstFrame + f) / settings.fps);
    names.forEach((_, i) => played[i].output.push(Float32Array.from(after.get(outputNodes[i])!.positions)));
  }
  return played;
}

/** The glTF node index three.js uses for an imported hierarchy node (the importer keeps the document's order). */
function nodeIndexIn(reference: Awaited<ReturnType<typeof threeReference>>, scene: ImportedScene, hierarchyIndex: number): number {
  const node = scene.hierarchy.nodes[hierarchyIndex];
  const index = scene.document.getRoot().listNodes().indexOf(node);
  if (!reference.meshesByNode.has(index)) throw new Error(`three.js has no mesh on node ${index}`);
  return index;
}

/** Render vertices whose largest skin weight belongs to a joint whose name matches. */
export function jointRegion(scene: ImportedScene, mesh: ImportedMesh, pattern: RegExp): Uint8Array {
  const skin = mesh.skin!;
  const k = skin.influencesPerVertex;
  const names = Array.from(skin.jointNodeIndices, (n) => scene.hierarchy.nodes[n].getName());
  const region = new Uint8Array(mesh.renderVertexCount);
  for (let r = 0; r < mesh.renderVertexCount; r++) {
    let best = 0;
    for (let i = 1; i < k; i++) if (skin.weights[r * k + i] > skin.weights[r * k + best]) best = i;
    region[r] = pattern.test(names[skin.joints[r * k + best]]) ? 1 : 0;
  }
  return region;
}

/** Render vertices of the welded components (separate shells) listed. */
export function componentRegion(mesh: ImportedMesh, components: number[]): Uint8Array {
  const { componentOfVertex, renderToSimulation } = mesh.topology;
  return Uint8Array.from({ length: mesh.renderVertexCount }, (_, r) => (components.includes(componentOfVertex[renderToSimulation[r]]) ? 1 : 0));
}

/** Largest distance of a region's vertices between output and input over frames [first, last] [m]. */
export function regionDrift(played: PlayedMesh, region: Uint8Array | null, first = 0, last = played.input.length - 1): number {
  let worst = 0;
  for (let f = first; f <= last; f++) {
    const a = played.input[f];
    const b = played.output[f];
    for (let v = 0; v < a.length / 3; v++) {
      if (region && !region[v]) continue;
      worst = Math.max(worst, Math.hypot(a[3 * v] - b[3 * v], a[3 * v + 1] - b[3 * v + 1], a[3 * v + 2] - b[3 * v + 2]));
    }
  }
  return worst;
}

/** Centroid of a region at each frame, #F×3, of the output (which = 'output') or the input. */
export function regionCentroids(played: PlayedMesh, region: Uint8Array, which: 'input' | 'output'): Float64Array {
  const frames = played[which];
  const out = new Float64Array(3 * frames.length);
  frames.forEach((p, f) => {
    let count = 0;
    for (let v = 0; v < p.length / 3; v++) {
      if (!region[v]) continue;
      count++;
      for (let c = 0; c < 3; c++) out[3 * f + c] += p[3 * v + c];
    }
    for (let c = 0; c < 3; c++) out[3 * f + c] /= Math.max(1, count);
  });
  return out;
}

/**
 * Whether a region's offset from its input answers the input's accelerations the way inertia does, later: the peak,
 * over delays τ of 0…maxDelay frames, of the correlation Σ_f d(f)·(−a(f − τ)) / √(Σ‖d‖² Σ‖a‖²) between the centroid
 * offset d = c_out − c_in and the input centroid's acceleration a (second differences). A body that lags its driver
 * trails every acceleration: quasi-statically d ≈ −a/ω² (τ = 0), and as a damped oscillator its response to a jolt
 * peaks about a quarter period later. Near 0 means the offset is unrelated to the motion.
 *
 * @returns the peak correlation and its delay [frames]
 */
export function lagCorrelation(input: Float64Array, output: Float64Array, maxDelay: number): { correlation: number; delay: number } {
  const frames = input.length / 3;
  const acceleration = new Float64Array(3 * frames);
  for (let f = 1; f < frames - 1; f++) {
    for (let c = 0; c < 3; c++) acceleration[3 * f + c] = input[3 * (f + 1) + c] - 2 * input[3 * f + c] + input[3 * (f - 1) + c];
  }
  let best = { correlation: -Infinity, delay: 0 };
  for (let delay = 0; delay <= maxDelay; delay++) {
    let dot = 0;
    let offsets = 0;
    let accelerations = 0;
    for (let f = 1 + delay; f < frames - 1; f++) {
      for (let c = 0; c < 3; c++) {
        const a = acceleration[3 * (f - delay) + c];
        const d = output[3 * f + c] - input[3 * f + c];
        dot -= d * a;
        offsets += d * d;
        accelerations += a * a;
      }
    }
    const correlation = offsets > 0 && accelerations > 0 ? dot / Math.sqrt(offsets * accelerations) : 0;
    if (correlation > best.correlation) best = { correlation, delay };
  }
  return best;
}

export { dampedMode } from '../../helpers/signalMeasures.ts';
