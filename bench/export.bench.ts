/**
 * The export modes side by side (issue 14): output bytes, export seconds and replay error of per-frame corrective
 * targets, compact corrective shapes (the default) and helper bones, on the built-in sample (Bounce, 61 frames) and
 * Fox.glb (Survey, 82 frames), for 100 and 300 baked frames (past the clip's end the pose holds and the jiggle
 * settles). Each asset and length is
 * simulated once (bakeAnimation); only the export (bakedDocument + bakedBytes) is timed, median of 3 runs after a
 * warm-up for the shape modes, 1 run for bones (its fit takes seconds). Per-frame targets past 256 frames are
 * refused (players cap morph targets), so they are measured at 100 frames only.
 *
 * Baseline in the same run: writing the input document as a GLB (`inputGlbSeconds`, `inputBytes`); ratios are to it.
 * Replay error: the largest distance of the file's playback from the baked positions over every frame and vertex,
 * relative to the mesh's bounding-box diagonal (per-frame targets are exact: 0).
 */
import { readFileSync } from 'node:fs';
import { WebIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { bakeAnimation, bakedBytes, bakedDocument, bakeReport, resolveBakeSettings, type BakeOptions } from '../app/bake/index.ts';
import type { ExportMode, ShapeStorage } from '../app/document/index.ts';
import { readGltf } from '../app/io/index.ts';
import { medianMilliseconds } from './timing.ts';

const sample = new URL('../assets/sample.glb', import.meta.url).pathname;
const fox = new URL('../../shared/data/Fox.glb', import.meta.url).pathname;

interface Variant {
  label: string;
  mode: ExportMode;
  shapes: ShapeStorage;
}

const VARIANTS: Variant[] = [
  { label: 'perFrameTargets', mode: 'corrective', shapes: 'per-frame' },
  { label: 'compactShapes', mode: 'corrective', shapes: 'compact' },
  { label: 'bones', mode: 'bones', shapes: 'compact' },
];

async function measureAsset(path: string, options: BakeOptions, frameCounts: number[]) {
  const scene = await readGltf(new Uint8Array(readFileSync(path)), { fileName: path });
  const io = new WebIO().registerExtensions(ALL_EXTENSIONS);
  const inputGlbSeconds = (await medianMilliseconds(() => io.writeBinary(scene.document), 3)) / 1000;
  const inputBytes = (await io.writeBinary(scene.document)).byteLength;
  const lengths: Record<string, unknown> = {};
  for (const frames of frameCounts) {
    const settings = resolveBakeSettings(scene, { ...options, frames: [0, frames - 1] });
    const clock = performance.now();
    const result = await bakeAnimation(scene, settings);
    const simulationSeconds = (performance.now() - clock) / 1000;
    const modes: Record<string, unknown> = {};
    for (const variant of VARIANTS) {
      if (variant.shapes === 'per-frame' && frames + scene.meshes[0].morphTargetCount > 256) {
        modes[variant.label] = { refused: 'more than 256 morph targets' };
        continue;
      }
      const run = async () => {
        const variantResult = { ...result, settings: { ...settings, mode: variant.mode, shapes: variant.shapes } };
        const { document, meshes } = await bakedDocument(scene, variantResult, null);
        const bytes = await bakedBytes(document, 'none');
        return { bytes, report: bakeReport(variantResult, path, bytes.byteLength, meshes) };
      };
      const repeats = variant.mode === 'bones' ? 1 : 3;
      let last: Awaited<ReturnType<typeof run>> | null = null;
      const exportSeconds = (await medianMilliseconds(async () => (last = await run()), repeats)) / 1000;
      const { report } = last!;
      const [mesh] = report.export.meshes;
      modes[variant.label] = {
        outputBytes: report.outputBytes,
        bytesRatioToInput: report.outputBytes / inputBytes,
        exportSeconds,
        exportRatioToInputGlb: exportSeconds / inputGlbSeconds,
        runs: repeats,
        targets: mesh.targets,
        chunks: mesh.chunks,
        helperBones: mesh.helperBones,
        replayErrorRelative: mesh.maxErrorRelative,
        replayRmsRelative: mesh.rmsErrorRelative,
      };
    }
    lengths[`frames${frames}`] = { simulationSeconds, ...modes };
  }
  return { inputBytes, inputGlbSeconds, renderVertices: scene.meshes[0].renderVertexCount, ...lengths };
}

export async function run(): Promise<object> {
  return {
    sampleBounce: await measureAsset(sample, { clip: 'Bounce' }, [100, 300]),
    foxSurvey: await measureAsset(fox, { clip: 'Survey' }, [100, 300]),
  };
}
