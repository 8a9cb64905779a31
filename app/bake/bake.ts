import { PROJECT_VERSION, projectSourceWarnings, sourceDigest, type OverlapProject } from '../document/index.ts';
import { createAnimationEvaluator, type AnimationEvaluator } from '../animation/index.ts';
import { readGltf, type ImportedScene, type ReadGltfOptions } from '../io/index.ts';
import { bakeAnimation, type BakeResult } from './bakeAnimation.ts';
import { bakedBytes } from './bakedBytes.ts';
import { bakedDocument, type ExportedMesh } from './bakedDocument.ts';
import { bakeReport, type BakeReport } from './bakeReport.ts';
import { SolverSettingsError } from '../solvers/vbd/index.ts';
import { bakeCost } from './bakeCost.ts';
import { bakeWarning } from './bakeWarning.ts';
import { BakeError, resolveBakeSettings, type BakeOptions, type ResolvedBakeSettings } from './bakeSettings.ts';
import { ignoredInputWarnings } from './ignoredInputWarnings.ts';
import { meshWeights } from './meshWeights.ts';
import { exportedMeshQuality } from './exportedMeshQuality.ts';
import { qualityWarnings } from './qualityWarnings.ts';
import { cloneDocument } from '@gltf-transform/functions';

/** A glTF file in memory, for bake() to import. */
export interface BakeInputBytes {
  bytes: Uint8Array;
  /** name or path, for messages and the project's `source` */
  fileName: string;
  /** reads external resources of a .gltf, at most limit.maxBytes (see ReadGltfOptions) */
  readResource?: ReadGltfOptions['readResource'];
  /** decoders for compressed files (Draco), as ReadGltfOptions */
  dependencies?: Record<string, unknown>;
}

/** What bake() returns. */
export interface BakeOutput {
  /** the output GLB */
  bytes: Uint8Array;
  report: BakeReport;
  /** the authoring data written into the output's extras */
  project: OverlapProject;
  /** the baked positions, per mesh, in world space */
  result: BakeResult;
}

/**
 * The whole bake, bytes to bytes: import (when given bytes), resolve settings, simulate
 * (bakeAnimation), export (bakedDocument) and write the GLB (bakedBytes). This is the engine API the
 * CLI and the app's worker call; it touches no file and no global state, so a cancelled bake
 * (options.signal) leaves nothing behind, and the same input and options give the same bytes.
 *
 * Example (in a worker):
 * ```ts
 * const controller = new AbortController();
 * const { bytes, report } = await bake({ bytes, fileName: 'fox.glb' }, { clip: 'Walk', signal: controller.signal, onProgress });
 * ```
 *
 * @param input    an imported scene (not modified), or a file's bytes to import
 * @param options  clip, frames, weights, materials, mode…; see BakeOptions
 * @returns the output bytes, the report, the project data and the baked positions
 * @throws GltfImportError for a bad file, Error for bad options, the signal's reason when cancelled
 */
export async function bake(input: ImportedScene | BakeInputBytes, options: BakeOptions): Promise<BakeOutput> {
  options.signal?.throwIfAborted();
  let clock = performance.now();
  const scene =
    'bytes' in input ? await readGltf(input.bytes, { fileName: input.fileName, readResource: input.readResource, dependencies: input.dependencies }) : input;
  const importSeconds = (performance.now() - clock) / 1000;
  options.signal?.throwIfAborted();
  const sourceName = options.sourceName ?? ('fileName' in input ? input.fileName.split(/[\\/]/).pop()! : '');
  const settings = resolveBakeSettings(scene, { ...options, sourceName });
  // The weights with the settings, before anything is built: a bad weights file or project is refused at once.
  clock = performance.now();
  const weights = meshWeights(scene, settings, options);
  const weightsSeconds = (performance.now() - clock) / 1000;
  // The input's SHA-256 when its bytes are at hand: recorded in the output's project, and checked against the one the
  // project recorded (a project saved with another version of the glTF is worth a warning: projectSourceWarnings).
  const sourceSha256 = 'bytes' in input ? await sourceDigest(input.bytes) : options.project?.sourceSha256;
  if (options.project)
    for (const message of projectSourceWarnings(options.project, 'the project', { name: sourceName || 'the glTF', sha256: sourceSha256 }))
      settings.warnings.push(bakeWarning('source-changed', message));
  const cost = bakeCost(scene, settings);
  if (options.memoryLimitBytes !== undefined && cost.bytes > options.memoryLimitBytes) {
    const origin = options.meshes?.some((m) => m.latticeResolution !== undefined) || !options.project ? 'options' : 'project';
    throw new BakeError(
      `this bake needs about ${gibibytes(cost.bytes)} of memory (${cost.details.join('; ')}), more than the ${gibibytes(options.memoryLimitBytes)} it may use here: ` +
        'lower latticeResolution or bake fewer frames',
      origin,
    );
  }
  options.onProgress?.({ stage: 'import', frame: 1, frameCount: 1, etaSeconds: cost.seconds });
  // One evaluator for the bake, keeping what it skins: the session, the quality measures, the export and the file's
  // measure read each input frame from one skinning (issue 34 item 7).
  const evaluator = createAnimationEvaluator(scene, { keepFrames: true });
  let result: Awaited<ReturnType<typeof bakeAnimation>>;
  try {
    result = await bakeAnimation(scene, settings, options, { evaluator, weights });
  } catch (error) {
    // Settings no vertex solve can work with (step() refuses them before solving): the user's to change.
    if (error instanceof SolverSettingsError)
      throw new BakeError(`the simulation cannot work with these settings: ${error.message.replace(/^step: /, '')}`, 'options');
    throw error;
  }
  result.timings.import += importSeconds;
  result.timings.weights += weightsSeconds;
  // What the importer said about the file (glTF-Transform's own warnings, renamed meshes, a file without a scene) comes
  // first: the report is the one place a farm reads, and the app showed them when it opened the file.
  const imported = scene.warnings.map((text) => bakeWarning('import', `${sourceName || 'the glTF'}: ${text}`));
  result.warnings.unshift(...imported, ...settings.warnings, ...ignoredInputWarnings(scene, options, result));
  // Nothing simulated shows in the output (no mesh, none simulated, or weights 0 everywhere): say so, and what to do.
  if (!result.meshes.some((mesh) => mesh.stats.maxDisplacement > 0)) {
    const why =
      scene.meshes.length === 0
        ? 'the file has no mesh: nothing was simulated, and the output plays the input'
        : result.meshes.length === 0
          ? 'no mesh is simulated (each is a collider, ignored, or not animated): the output plays the input'
          : result.meshes.some((mesh) => mesh.weights.some((w) => w > 0))
            ? 'no simulated mesh moves away from its animation in these frames: nothing in them accelerates it enough to show'
            : 'every mesh follows its animation exactly at these weights; paint weights above 0 where you want secondary motion';
    result.warnings.push(bakeWarning('nothing-simulated', why));
  }
  options.signal?.throwIfAborted();

  clock = performance.now();
  options.onProgress?.({ stage: 'export', frame: 0, frameCount: 1, etaSeconds: null });
  const project = bakedProject(options.project ?? null, settings, result, sourceName, sourceSha256);
  const { document, meshes: exported, warnings } = await bakedDocument(scene, result, project, options.checkPool, evaluator);
  result.warnings.push(...warnings);
  // The report's quality figures are the file's, as a player draws it (exportedMeshQuality); a compressed file is
  // measured as written before its compression (meshopt reorders the vertices).
  const plain = settings.compression === 'none' ? null : await bakedBytes(cloneDocument(document), 'none');
  const bytes = await bakedBytes(document, settings.compression);
  result.timings.export += (performance.now() - clock) / 1000;
  clock = performance.now();
  await measureFile(scene, result, plain ?? bytes, exported, evaluator);
  result.timings.export += (performance.now() - clock) / 1000;
  options.signal?.throwIfAborted();
  options.onProgress?.({ stage: 'export', frame: 1, frameCount: 1, etaSeconds: 0 });
  return { bytes, report: bakeReport(result, sourceName, bytes.byteLength, exported), project, result };
}

/**
 * The project the output's extras carry (projectExtras), so the file says what made it: `overlap bake IN --project
 * OUT.glb` bakes it again to the same bytes, and the app opens it with the same settings. Settings are the resolved
 * ones (flags and `--set` included); the authoring the project had (layers, limits, pose corrections, handles, the
 * timeline following the clip's rate) is kept as it was; weights are the project's own where they came from it
 * (painted, before pins zero them), the values used where the caller gave them (a weights file, a uniform weight), and
 * absent where the bake derived them from the glTF (its _PHYSICS_WEIGHT, or the engine's default), as in the app.
 */
function bakedProject(
  authored: OverlapProject | null,
  settings: ResolvedBakeSettings,
  result: BakeResult,
  sourceName: string,
  sourceSha256: string | undefined,
): OverlapProject {
  const weights: OverlapProject['weights'] = [];
  for (const mesh of result.meshes) {
    if (mesh.weightsSource === 'project') {
      const entry = authored?.weights.find((w) => w.mesh === mesh.name);
      if (entry) weights.push({ mesh: mesh.name, values: entry.values, ...(entry.constraints ? { constraints: entry.constraints } : {}) });
    } else if (mesh.weightsSource === 'file' || mesh.weightsSource === 'uniform') {
      weights.push({ mesh: mesh.name, values: mesh.weights });
    }
  }
  const project: OverlapProject = {
    format: 'overlap-project',
    version: PROJECT_VERSION as 2,
    source: sourceName,
    ...(sourceSha256 ? { sourceSha256 } : {}),
    scene: { metersPerUnit: settings.metersPerUnit },
    meshes: settings.meshes.map((m) => m.settings),
    weights,
    weightLayers: authored?.weightLayers ?? [],
    limits: authored?.limits ?? [],
    handles: authored?.handles ?? [],
    bake: { ...settings.bake, ...(authored?.bake?.fpsFromClip ? { fpsFromClip: true } : {}) },
  };
  if (authored?.poseCorrections && authored.poseCorrections.length > 0) project.poseCorrections = authored.poseCorrections;
  return project;
}

/**
 * Replaces each baked mesh's quality figures (largest motion, weight-0 deviation, flipped triangles) and their warnings
 * with those of the file (exportedMeshQuality): what the report says is what a player shows.
 */
async function measureFile(
  scene: ImportedScene,
  result: BakeResult,
  bytes: Uint8Array,
  exported: readonly ExportedMesh[],
  evaluator: AnimationEvaluator,
): Promise<void> {
  const { settings } = result;
  // The baked clip keys frame f at (firstFrame + f) / fps, as bakedDocument writes it.
  const outputTimes = Float64Array.from(result.inputTimes, (_, f) => (settings.firstFrame + f) / settings.fps);
  // A mesh the export gave nothing (no target, no helper bone: it did not move) plays its input: nothing to measure.
  const measuredMeshes = result.meshes.filter((mesh) => {
    const entry = exported.find((e) => e.name === mesh.name);
    return !entry || entry.mode === 'cache' || entry.targets > 0 || entry.helperBones > 0;
  });
  const measured = await exportedMeshQuality(
    scene,
    bytes,
    measuredMeshes.map((mesh) => ({
      meshIndex: mesh.meshIndex,
      weights: Float32Array.from(mesh.weights, (w, v) => (mesh.carried[v] ? Number.NaN : w)),
      rest: mesh.rest,
      positions: mesh.positions,
    })),
    result.inputTimes,
    outputTimes,
    settings.clipIndex,
    evaluator,
  );
  measuredMeshes.forEach((mesh, m) => {
    const quality = measured[m];
    if (!quality) return;
    const { stats } = mesh;
    stats.maxDisplacement = quality.maxDisplacement;
    stats.weightZeroDeviation = quality.weightZeroDeviation;
    stats.flippedTriangles = quality.flippedTriangles;
    stats.flippedFrames = quality.flippedFrames;
    const replaced = result.warnings.filter((w) => w.mesh === mesh.name && (w.code === 'flipped-triangles' || w.code === 'large-motion'));
    const at = replaced.length > 0 ? result.warnings.indexOf(replaced[0]) : result.warnings.length;
    result.warnings = result.warnings.filter((w) => !replaced.includes(w));
    result.warnings.splice(
      Math.min(at, result.warnings.length),
      0,
      ...qualityWarnings(mesh.name, quality, stats.flipGuard, result.inputTimes.length, settings.metersPerUnit),
    );
  });
}

function gibibytes(bytes: number): string {
  return `${(bytes / 2 ** 30).toFixed(1)} GiB`;
}
