import { createAnimationEvaluator, type AnimationEvaluator } from '../animation/index.ts';
import { flippedTriangleCount } from '../geometry/index.ts';
import { readGltf, type ImportedMesh, type ImportedScene } from '../io/index.ts';
import type { BakedMeshQuality } from './bakedMeshQuality.ts';
import { qualityTally, talliedQuality, tallyDisplacement, tallyFlips } from './qualityTally.ts';
import { surfacePartSizes } from './surfacePartSizes.ts';
import { hypot3 } from '../math/index.ts';

/** What exportedMeshQuality needs of one baked mesh. */
export interface ExportedMeshInput {
  /** index into the input scene's meshes */
  meshIndex: number;
  /** #V welded weights; a vertex whose weight is exactly 0 counts for the weight-0 deviation (NaN: it does not) */
  weights: ArrayLike<number>;
  /** #V×3 welded rest positions, world [file units] (the part sizes) */
  rest: ArrayLike<number>;
  /** #F×#R×3 the baked positions (a cache's base is its first frame) */
  positions: Float32Array;
}

/**
 * The quality figures of baked meshes measured on the exported file as a player evaluates it: the GLB is read back
 * (readGltf) and its first animation, the baked clip, is evaluated (createAnimationEvaluator: skins, morph weights,
 * LINEAR keys, as glTF 2.0 specifies and three.js plays it, tested) at every baked frame's time; each output mesh
 * node that carries a baked mesh (the node of the same name, its `NAME part c` chunks, a cache's new node) gives the
 * positions of the triangles it draws, with its own morph targets (a chunk's seam vertices as each chunk draws them).
 * The figures are then those of bakedMeshQuality on what is drawn: the largest displacement from the input, the
 * weight-0 deviation, triangles turned inside out against the input (flippedTriangleCount, the rig's own crushed
 * triangles not counted) in the worst frame and the frames with any, and per surface part its largest displacement.
 * Before this the report measured the baked positions, not the file: the jelly run's report said 0 flipped triangles
 * where three.js playing its file had 3 (issue 37; the compact shapes replay within 1e-4 of the diagonal, enough to
 * turn a sliver).
 *
 * Output primitives are matched to the input's by their POSITION accessor (the corrective and bones modes keep the
 * input's; a cache's base is the first baked frame) with the same vertex count and values; a file whose vertex order
 * was changed (meshopt compression reorders vertices) is not readable this way: measure the document written
 * uncompressed.
 *
 * @param scene      the input scene
 * @param bytes      the output GLB (uncompressed or quantized)
 * @param meshes     the baked meshes
 * @param frameTimes #F input time of each baked frame [s] (the clip is evaluated there)
 * @param outputTimes #F time of each baked frame in the output's baked clip [s]
 * @param clipIndex  the input clip
 * @param inputEvaluator the input's evaluator (the bake's, which kept the frames it skinned)
 * @returns per baked mesh, its quality as drawn from the file; null for a mesh the file does not show (none found)
 */
export async function exportedMeshQuality(
  scene: ImportedScene,
  bytes: Uint8Array,
  meshes: readonly ExportedMeshInput[],
  frameTimes: Float64Array,
  outputTimes: Float64Array,
  clipIndex: number,
  inputEvaluator: AnimationEvaluator = createAnimationEvaluator(scene),
): Promise<Array<BakedMeshQuality | null>> {
  if (meshes.length === 0) return [];
  const output = await readGltf(bytes, { fileName: 'output.glb' });
  const outputEvaluator = createAnimationEvaluator(output);
  return meshes.map((baked) => {
    const mesh = scene.meshes[baked.meshIndex];
    const stride = 3 * mesh.renderVertexCount;
    const frameCount = baked.positions.length / stride;
    // The input's primitives: their first render vertex, count and the values a matching output accessor holds.
    const primitives = mesh.primitives.map((range) => ({
      firstVertex: range.firstVertex,
      vertexCount: range.vertexCount,
      bind: mesh.restPositions.subarray(3 * range.firstVertex, 3 * (range.firstVertex + range.vertexCount)),
    }));
    const cacheBase = baked.positions.subarray(0, stride);
    const parts: Array<{ outputMesh: number; vertexMap: Int32Array; triangles: Uint32Array }> = [];
    output.meshes.forEach((candidate, o) => {
      if (!(candidate.name === mesh.name || candidate.name.startsWith(`${mesh.name} part `))) return;
      const vertexMap = new Int32Array(candidate.renderVertexCount).fill(-1);
      for (const range of candidate.primitives) {
        const values = range.primitive.getAttribute('POSITION')?.getArray();
        if (!values) continue;
        const match = primitives.find(
          (p) =>
            p.vertexCount === range.vertexCount &&
            (same(values, p.bind) || same(values, cacheBase.subarray(3 * p.firstVertex, 3 * (p.firstVertex + p.vertexCount)))),
        );
        if (!match) continue;
        for (let r = 0; r < range.vertexCount; r++) vertexMap[range.firstVertex + r] = match.firstVertex + r;
      }
      const triangles: number[] = [];
      for (let t = 0; t < candidate.triangles.length; t += 3) {
        const a = vertexMap[candidate.triangles[t]],
          b = vertexMap[candidate.triangles[t + 1]],
          c = vertexMap[candidate.triangles[t + 2]];
        if (a >= 0 && b >= 0 && c >= 0) triangles.push(a, b, c);
      }
      if (triangles.length > 0) parts.push({ outputMesh: o, vertexMap, triangles: Uint32Array.from(triangles) });
    });
    if (parts.length === 0) return null;
    return measure(
      mesh,
      baked,
      parts,
      frameCount,
      (f, out) => inputEvaluator.evaluateMesh(baked.meshIndex, clipIndex, frameTimes[f], out),
      (part, f, out) => outputEvaluator.evaluateMesh(part, 0, outputTimes[f], out),
      output.meshes,
    );
  });
}

/** Whether two float arrays hold the same values (float32 compare). */
function same(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (Math.fround(a[i]) !== Math.fround(b[i])) return false;
  return true;
}

function measure(
  mesh: ImportedMesh,
  baked: ExportedMeshInput,
  parts: Array<{ outputMesh: number; vertexMap: Int32Array; triangles: Uint32Array }>,
  frameCount: number,
  inputAt: (frame: number, out: Float32Array) => void,
  outputAt: (outputMesh: number, frame: number, out: Float32Array) => void,
  outputMeshes: readonly ImportedMesh[],
): BakedMeshQuality {
  const { topology } = mesh;
  const R = mesh.renderVertexCount;
  const partSizes = surfacePartSizes(topology, baked.rest, baked.weights);
  const renderRest = new Float32Array(3 * R);
  for (let r = 0; r < R; r++) for (let c = 0; c < 3; c++) renderRest[3 * r + c] = baked.rest[3 * topology.renderToSimulation[r] + c];
  const input = new Float32Array(3 * R);
  const drawn = new Float32Array(3 * R);
  const evaluated = parts.map((part) => new Float32Array(3 * outputMeshes[part.outputMesh].renderVertexCount));
  const used = parts.map((part) => {
    const flags = new Uint8Array(R);
    for (const r of part.triangles) flags[r] = 1;
    return flags;
  });
  const tally = qualityTally(topology.componentCount);
  for (let f = 0; f < frameCount; f++) {
    inputAt(f, input);
    let flipped = 0;
    parts.forEach((part, k) => {
      outputAt(part.outputMesh, f, evaluated[k]);
      drawn.set(input);
      const { vertexMap } = part;
      for (let o = 0; o < vertexMap.length; o++) {
        const r = vertexMap[o];
        if (r < 0 || !used[k][r]) continue;
        drawn[3 * r] = evaluated[k][3 * o];
        drawn[3 * r + 1] = evaluated[k][3 * o + 1];
        drawn[3 * r + 2] = evaluated[k][3 * o + 2];
        const d = hypot3(drawn[3 * r] - input[3 * r], drawn[3 * r + 1] - input[3 * r + 1], drawn[3 * r + 2] - input[3 * r + 2]);
        const v = topology.renderToSimulation[r];
        tallyDisplacement(tally, d, baked.weights[v], topology.componentOfVertex[v]);
      }
      flipped += flippedTriangleCount(part.triangles, input, drawn, renderRest);
    });
    tallyFlips(tally, flipped);
  }
  return talliedQuality(tally, partSizes);
}
