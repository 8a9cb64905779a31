/**
 * Contact (app/contact, docs/contact.md).
 *
 * - broadPhase: the two broad phases OGC's detection can use, a spatial hash rebuilt per detection (boxSpatialHash)
 *   and a BVH refitted per detection (boxBvh, rebuilt every 16), on a wavy cloth of about 5k, 20k and 50k triangles:
 *   one detection's build (or refit) plus every point query and every edge query, boxes grown by r_q = 2r; and the
 *   same detection as BVH pair traversals (boxBvh.overlapPairs: points × triangles, edges × edges once), which
 *   ogcContact uses; and, where WebGPU has an adapter (printed), the same queries answered by the GPU twin of the
 *   spatial hash (kernels/geometry/boxSpatialHash.wgsl) in two batches, transfers included.
 * - detection: one OGC detection on two wavy sheets of about 2.5k, 10k and 24k vertices each: ogcContact's
 *   (incremental, as a bake runs it, and with a full search each time) and, where WebGPU has an adapter, its GPU twin
 *   (kernels/contact/ogcDetection.wgsl with the hash's tables: points, broad phase, pairs, bounds, gather lists).
 * - clothSelfContact: a square cloth of about 5k, 20k and 50k vertices dropped onto a sphere so that it folds onto
 *   itself, simulated with VBD and OGC self-contact: ms per frame and the share spent in proximity search (detection,
 *   bounds, gather lists), intersections added per frame (the exact checker, app/intersection).
 * - blender: the same cloth, sphere and frames in Blender 3.4's cloth solver with self-collision (`blender -b`), its
 *   bake time per frame (measured inside Blender), the ratio to ours, and its intersections per frame counted by the
 *   same checker. Skipped, saying so, when Blender is not on PATH.
 * - characterSelfContact: the product's case. The generated character (test/helpers/testCharacter.ts, meters) at
 *   Catmull-Clark levels 2, 3, 4 (3 342 and 12 846 welded surface vertices at 2 and 3, eyes included; about ×4 again at 4), its Jump clip (crouch and
 *   take-off: the belly folds onto the thighs, the tail swings), frames 0 … N−1. Ours: bake() with self-contact and
 *   default settings (a 12-cell tet lattice with the surface embedded, default weights), the scene imported once
 *   before, run as the CLI runs it (with checkWorkers > 0, a pool of worker threads for the exact checks, nodeCheckPool,
 *   started and closed inside the timed bake; 0 on two cores); ms per frame of the whole bake (weights, embedding, evaluation, fitting, simulation, detail transfer,
 *   the contact's exact checks, export; import excluded), the proximity share (the report's contact.seconds),
 *   intersections per frame of the input, of ours and of Blender's (the exact checker on the welded surface, as
 *   `overlap check`). Blender 3.4: the same GLB imported (merge vertices on), a Cloth modifier after the Armature
 *   modifier on the body with a pin group of 1 − our weights (weight 0 = follows the animation), quality = our
 *   substeps, self-collision at our contact radius, no gravity (ours has none by default), cloth material defaults;
 *   the same frames baked into the point cache and timed inside Blender. Its vertices are matched to ours by rest
 *   position (positionMatch). The Visor mesh is left out on both sides (role ignored; it only follows the head).
 *   And ours again without contact (the same bake, selfContact off): Blender's time over it is the most any speed-up
 *   of contact alone can reach on the machine that runs the bench (blenderOverOursWithoutContact). And ours on the
 *   WebGPU step where a hardware adapter exists (oursGpu: OGC in the step, kernels/contact; the adapter, ms per frame,
 *   intersections added, distance from the CPU bake; blenderOverOursGpu), else the reason it was skipped.
 *
 * - layeredCharacter: the layered test character (gear: a belt, pouches, plates, pads, straps, a visor and a pack that
 *   already cut into the body and each other, issue 33) at OVERLAP_BENCH_CONTACT_LAYERED levels (default "2": 6k welded
 *   vertices): ours with self-contact and default settings against the same bake without contact, ms per frame of the
 *   whole bake but the import, their ratio (issue 33's goal: at most 2), new intersection regions per frame (the
 *   report's, before and after the final check) and the proximity seconds; and the repair on its MoveAndHold (the belly
 *   through the chest plate, frames 0 … N−1 in time order: ms per frame, the frames that needed it, pairs removed of
 *   those added), over the self-contact bake's ms per frame (the goal: at most 2).
 *
 * Sizes and frames: OVERLAP_BENCH_CONTACT_SIZES (cells per side, default "70,140,223"),
 * OVERLAP_BENCH_CONTACT_CHARACTER (subdivision levels, default "2,3,4"), OVERLAP_BENCH_CONTACT_FRAMES (default 24),
 * OVERLAP_BENCH_CONTACT_CLIP (default Jump); OVERLAP_BENCH_CONTACT_SECTIONS picks sections (default
 * "broadPhase,detection,clothSelfContact,characterSelfContact,layeredCharacter"); OVERLAP_BENCH_CONTACT_BLENDER=0 leaves Blender out (ours only,
 * for comparing two versions of ours back to back); OVERLAP_BENCH_CONTACT_GPU=webgpu runs the WebGPU rows on any
 * adapter (SwiftShader too: an emulation's time), =off leaves them out.
 */
import { spawnSync } from 'node:child_process';
import { bake, type BakeOptions } from '../app/bake/index.ts';
import { readGltf } from '../app/io/index.ts';
import { GpuBoxSpatialHash } from '../kernels/geometry/gpuBoxSpatialHash.ts';
import { describeComputeBackend } from '../kernels/gpu/describeComputeBackend.ts';
import { requestComputeBackend } from '../kernels/gpu/gpuContext.ts';
import { nodeGpu, SWIFTSHADER_VULKAN_ICD } from '../kernels/node/nodeGpu.ts';
import { requestNodeVbdStepBackend } from '../kernels/node/requestNodeVbdStepBackend.ts';
import { testCharacterGlb } from '../test/helpers/testCharacter.ts';
import {
  CHARACTER_CLIP,
  CHARACTER_LEVELS,
  CLOTH_SIZE,
  DROP_HEIGHT,
  FPS,
  FRAMES,
  LAYERED_LEVELS,
  round,
  SECTIONS,
  SIZES,
  SPHERE,
} from './contactBenchSettings.ts';
import { broadPhase } from './contactBroadPhase.ts';
import { characterSelfContact } from './contactCharacter.ts';
import { blenderCloth, ourCloth } from './contactCloth.ts';
import { detection } from './contactDetection.ts';
import { layeredCharacter } from './contactLayered.ts';

// The sections, as contact.bench.ts exported them before they moved to their own files.
export { blenderCloth, broadPhase, characterSelfContact, detection, layeredCharacter, ourCloth };

export async function run() {
  const blenderAvailable = process.env.OVERLAP_BENCH_CONTACT_BLENDER !== '0' && spawnSync('blender', ['--version'], { encoding: 'utf8' }).status === 0;
  const results: Record<string, unknown> = {};
  if (SECTIONS.includes('broadPhase')) {
    const broad = [];
    // The GPU hash runs where WebGPU has an adapter (SwiftShader here; the adapter is printed).
    const compute = await requestComputeBackend(nodeGpu({ vulkanIcd: SWIFTSHADER_VULKAN_ICD }));
    const gpuHash = compute.kind === 'webgpu' ? await GpuBoxSpatialHash.create(compute.device) : undefined;
    for (const cells of [50, 100, 158]) broad.push(await broadPhase(cells, gpuHash));
    results.broadPhase = {
      note: 'one detection: build/refit + a query per point and per edge, boxes grown by r_q = 2r; ms are medians of 7; gpu*: the hash built and queried on WebGPU in two batches, transfers included',
      adapter: describeComputeBackend(compute),
      sizes: broad,
    };
    if (compute.kind === 'webgpu') compute.device.destroy();
  }
  if (SECTIONS.includes('detection')) {
    const compute = await requestComputeBackend(nodeGpu({ vulkanIcd: SWIFTSHADER_VULKAN_ICD }));
    const device = compute.kind === 'webgpu' ? compute.device : undefined;
    const sizes = [];
    for (const cells of [35, 70, 110]) sizes.push(await detection(cells, device));
    results.detection = {
      note: 'one OGC detection on two wavy sheets (a gap of 0.4–1.6 r): ogcContact incremental (the bake’s) and with a full search each time (searchMargin 0), and its GPU twin GpuOgcDetection (positions uploaded, totals read back); medians of 7',
      adapter: describeComputeBackend(compute),
      sizes,
    };
    if (device) device.destroy();
  }
  if (SECTIONS.includes('clothSelfContact')) {
    const clothRuns = [];
    for (const cells of SIZES) {
      const ours = ourCloth(cells);
      const blender = blenderAvailable ? blenderCloth(cells) : null;
      clothRuns.push({
        cells,
        ours,
        blender: blender ?? 'skipped: blender is not on PATH (or OVERLAP_BENCH_CONTACT_BLENDER=0)',
        blenderOverOurs: blender ? round(blender.millisecondsPerFrame / ours.millisecondsPerFrame) : null,
      });
    }
    results.clothSelfContact = {
      note: `a ${CLOTH_SIZE} m square cloth dropped from ${DROP_HEIGHT} m onto a ${SPHERE.radius} m sphere, ${FRAMES} frames; Blender 3.4 cloth (quality 5, self-collision, 5 mm distances) on the same grid, sphere and frames`,
      sizes: clothRuns,
    };
  }
  if (SECTIONS.includes('characterSelfContact')) {
    // The WebGPU rows: a hardware adapter ('auto'; OVERLAP_BENCH_CONTACT_GPU=webgpu takes SwiftShader too, =off none).
    const gpuMode = process.env.OVERLAP_BENCH_CONTACT_GPU ?? 'auto';
    const gpu =
      gpuMode === 'off'
        ? { reason: 'OVERLAP_BENCH_CONTACT_GPU=off' }
        : await requestNodeVbdStepBackend(gpuMode === 'webgpu' ? 'webgpu' : 'auto', { vulkanIcd: SWIFTSHADER_VULKAN_ICD });
    // One short bake first (on each backend), so the JIT and the pipelines are compiled before the first timed one.
    const warm = await readGltf(await testCharacterGlb({ subdivisions: 2 }), { fileName: 'warm-up.glb' });
    const warmOptions: BakeOptions = { clip: CHARACTER_CLIP, frames: [0, 2], fps: FPS, selfContact: true, meshes: [{ mesh: 'Visor', role: 'ignored' }] };
    await bake(warm, warmOptions);
    if ('backend' in gpu) await bake(warm, { ...warmOptions, backend: 'webgpu', stepBackend: gpu.backend });
    const characterRuns = [];
    for (const level of CHARACTER_LEVELS) characterRuns.push(await characterSelfContact(level, blenderAvailable, gpu));
    if ('backend' in gpu) gpu.backend.dispose();
    results.characterSelfContact = {
      note: `the generated character's ${CHARACTER_CLIP}, frames 0-${FRAMES - 1} at ${FPS} fps; ours: bake() with self-contact and default settings, ms/frame of the whole bake but the import, and the same bake without contact; Blender 3.4: Cloth after Armature, pin group 1 − our weights, self-collision, its point-cache bake timed inside Blender; intersections by the exact checker on the welded body, added = above the input at that frame`,
      sizes: characterRuns,
    };
  }
  if (SECTIONS.includes('layeredCharacter')) {
    // A short bake first, so the JIT is warm before the timed ones.
    await bake(await readGltf(await testCharacterGlb({ subdivisions: 2, gear: true }), { fileName: 'warm-up.glb' }), {
      clip: CHARACTER_CLIP,
      frames: [0, 2],
      fps: FPS,
      selfContact: true,
    });
    const runs = [];
    for (const level of LAYERED_LEVELS) runs.push(await layeredCharacter(level));
    results.layeredCharacter = {
      note: `the layered test character (gear), ${CHARACTER_CLIP} frames 0-${FRAMES - 1} at ${FPS} fps: bake() with self-contact and default settings against the same bake without contact, ms/frame of the whole bake but the import; repair: surfaceRepair over MoveAndHold's first ${FRAMES} frames in time order; the goals (issue 33): contactOverWithout ≤ 2, repair ≤ 2× a self-contact bake frame, removedShare ≥ 0.9`,
      sizes: runs,
    };
  }
  return results;
}
