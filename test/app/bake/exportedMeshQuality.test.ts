// exportedMeshQuality: the report's quality figures are the file's as a player draws it. The sample baked with jelly
// (the run: a soft body whose compact shapes replay within 1e-4 of the diagonal): the report's largest
// motion, weight-0 deviation and flipped triangles (worst frame, frames with any) are three.js's, playing the file
// against the input it plays, with the same definitions (flippedTriangleCount, the rig's crushed triangles left out).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bake } from '../../../app/bake/index.ts';
import { flippedTriangleCount } from '../../../app/geometry/index.ts';
import { readGltf } from '../../../app/io/index.ts';
import { threeReference } from '../../helpers/threeGltf.ts';
import { samplePath } from './bakeTestKit.ts';

describe('exportedMeshQuality', () => {
  it('the report of the sample baked with jelly says what three.js shows playing its file', async () => {
    const input = await readGltf(new Uint8Array(readFileSync(samplePath)), { fileName: 'sample.glb' });
    const output = await bake(input, { clip: 'Bounce', preset: 'jelly' });
    const folder = mkdtempSync(join(tmpdir(), 'overlap-file-quality-'));
    const outPath = join(folder, 'jelly.glb');
    writeFileSync(outPath, output.bytes);
    const fileThree = await threeReference(outPath);
    const inputThree = await threeReference(samplePath);
    const { settings } = output.result;
    const baked = output.result.meshes[0];
    const mesh = input.meshes[baked.meshIndex];
    const node = input.document.getRoot().listNodes().indexOf(mesh.node);
    const rest = inputThree.evaluate(null, 0).get(node)!.positions;
    let maxDisplacement = 0;
    let weightZeroDeviation = 0;
    let flippedTriangles = 0;
    let flippedFrames = 0;
    for (let f = 0; f < output.result.inputTimes.length; f++) {
      const played = fileThree.evaluate(0, f / settings.fps).get(node)!.positions;
      const original = inputThree.evaluate(settings.clipIndex, output.result.inputTimes[f]).get(node)!.positions;
      for (let r = 0; r < mesh.renderVertexCount; r++) {
        const d = Math.hypot(played[3 * r] - original[3 * r], played[3 * r + 1] - original[3 * r + 1], played[3 * r + 2] - original[3 * r + 2]);
        maxDisplacement = Math.max(maxDisplacement, d);
        if (baked.weights[mesh.topology.renderToSimulation[r]] === 0 && !baked.carried[mesh.topology.renderToSimulation[r]])
          weightZeroDeviation = Math.max(weightZeroDeviation, d);
      }
      const flipped = flippedTriangleCount(mesh.triangles, original, played, rest);
      flippedTriangles = Math.max(flippedTriangles, flipped);
      if (flipped > 0) flippedFrames++;
    }
    const stats = output.report.meshes.find((m) => m.simulation)!.simulation!;
    const diagonal = stats.diagonal;
    expect(
      Math.abs(stats.maxDisplacement - maxDisplacement) / diagonal,
      `largest motion: report ${stats.maxDisplacement}, three.js ${maxDisplacement}`,
    ).toBeLessThan(1e-6);
    expect(
      Math.abs(stats.weightZeroDeviation - weightZeroDeviation) / diagonal,
      `weight-0 deviation: report ${stats.weightZeroDeviation}, three.js ${weightZeroDeviation}`,
    ).toBeLessThan(1e-6);
    expect(stats.flippedTriangles, 'flipped triangles in the worst frame').toBe(flippedTriangles);
    expect(stats.flippedFrames, 'frames with a flipped triangle').toBe(flippedFrames);
    expect(maxDisplacement / diagonal, 'the jelly moves').toBeGreaterThan(0.01);
  }, 200_000);
});
