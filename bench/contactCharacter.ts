/**
 * The contact bench's characterSelfContact section (bench/contact.bench.ts, see its header): the generated character
 * baked by ours (CPU and WebGPU) and by Blender.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAnimationEvaluator } from '../app/animation/index.ts';
import { bake, type BakeOptions } from '../app/bake/index.ts';
import { intersectionChecker, type IntersectionChecker } from '../app/intersection/index.ts';
import { DEFAULT_CHECK_WORKERS, nodeCheckPool } from '../app/intersection/node/index.ts';
import { type VbdStepBackend } from '../app/solvers/vbd/index.ts';
import { readGltf } from '../app/io/index.ts';
import { testCharacterGlb } from '../test/helpers/testCharacter.ts';
import { positionMatch } from './positionMatch.ts';
import { CHARACTER_CLIP, FPS, FRAMES, round } from './contactBenchSettings.ts';

const CHARACTER_BLENDER_SCRIPT = String.raw`
import bpy, sys, time, struct
import numpy
numpy.bool = bool  # Blender 3.4's glTF importer uses numpy.bool, gone from numpy >= 1.24
argv = sys.argv[sys.argv.index('--') + 1:]
mode, glb, body, clip, frames, fps, weights_path, quality, distance, out = argv[0], argv[1], argv[2], argv[3], int(argv[4]), int(argv[5]), argv[6], int(argv[7]), float(argv[8]), argv[9]
bpy.ops.wm.read_factory_settings(use_empty=True)
scene = bpy.context.scene
scene.render.fps = fps  # the importer puts a key at time t on frame t * fps
bpy.ops.import_scene.gltf(filepath=glb, merge_vertices=True)
obj = bpy.data.objects[body]
to_gltf = lambda p: (p.x, p.z, -p.y)  # Blender is Z-up, glTF Y-up
if mode == 'rest':
    with open(out, 'wb') as file:
        file.write(struct.pack('<i', len(obj.data.vertices)))
        for v in obj.data.vertices:
            file.write(struct.pack('<3d', *to_gltf(obj.matrix_world @ v.co)))
    sys.exit(0)
armature = obj.find_armature()
data = armature.animation_data
for track in list(data.nla_tracks):
    data.nla_tracks.remove(track)
# Bones a clip does not key keep the pose the importer left (another clip's): glTF keeps their node transform, here the
# bind pose (every joint of the character is unrotated at bind), so they start from the identity pose.
for bone in armature.pose.bones:
    bone.location = (0, 0, 0)
    bone.rotation_mode = 'QUATERNION'
    bone.rotation_quaternion = (1, 0, 0, 0)
    bone.scale = (1, 1, 1)
data.action = bpy.data.actions[clip + '_' + armature.name]
weights = open(weights_path, 'rb').read()
pins = struct.unpack('<%df' % len(obj.data.vertices), weights)
group = obj.vertex_groups.new(name='pin')
for i, w in enumerate(pins):
    group.add([i], w, 'REPLACE')
modifier = obj.modifiers.new('Cloth', 'CLOTH')  # appended: after the Armature modifier
settings = modifier.settings
settings.vertex_group_mass = 'pin'
settings.quality = quality
settings.effector_weights.gravity = 0
collision = modifier.collision_settings
collision.use_self_collision = True
collision.self_distance_min = distance
scene.frame_start = 0
scene.frame_end = frames - 1
modifier.point_cache.frame_start = 0
modifier.point_cache.frame_end = frames - 1
start = time.perf_counter()
for f in range(0, frames):
    scene.frame_set(f)
seconds = time.perf_counter() - start
with open(out, 'wb') as file:
    file.write(struct.pack('<dii', seconds, frames, len(obj.data.vertices)))
    file.write(struct.pack('<i', modifier.point_cache.frame_start))
    for f in range(0, frames):
        scene.frame_set(f)
        evaluated = obj.evaluated_get(bpy.context.evaluated_depsgraph_get())
        mesh = evaluated.to_mesh()
        world = obj.matrix_world
        for v in mesh.vertices:
            file.write(struct.pack('<3d', *to_gltf(world @ v.co)))
        evaluated.to_mesh_clear()
`;

/** Runs the character's Blender script in a mode; returns its output file's bytes. */
function blenderCharacter(folder: string, args: Array<string | number>): Buffer {
  const script = join(folder, 'character.py');
  const out = join(folder, `${args[0]}.bin`);
  writeFileSync(script, CHARACTER_BLENDER_SCRIPT);
  const run = spawnSync('blender', ['-b', '--factory-startup', '--python', script, '--', ...args.map(String), out], { encoding: 'utf8', timeout: 3_600_000 });
  if (run.status !== 0) throw new Error(`blender failed (${run.status}): ${run.stderr}\n${run.stdout.slice(-2000)}`);
  return readFileSync(out);
}

/**
 * The generated character at a subdivision level, baked with self-contact by ours and by Blender 3.4's cloth with
 * self-collision on the same frames (see the header): ms per frame, proximity share, intersections per frame.
 */
export async function characterSelfContact(level: number, blenderAvailable: boolean, gpu: { backend: VbdStepBackend } | { reason: string }) {
  const bytes = await testCharacterGlb({ subdivisions: level });
  const scene = await readGltf(bytes, { fileName: 'character.glb' });
  const meshIndex = scene.meshes.findIndex((m) => m.name === 'Critter');
  const mesh = scene.meshes[meshIndex];
  const clipIndex = scene.clips.findIndex((c) => c.name === CHARACTER_CLIP);
  const { topology } = mesh;
  const V = topology.vertexCount;
  const options: BakeOptions = { clip: CHARACTER_CLIP, frames: [0, FRAMES - 1], fps: FPS, selfContact: true, meshes: [{ mesh: 'Visor', role: 'ignored' }] };
  // Ours, the whole bake but the import (the scene was imported above), as the CLI runs it: with a pool of worker
  // threads for the exact checks (nodeCheckPool, started inside the timed bake, closed after).
  const pooled = async (bakeOptions: BakeOptions) => {
    const checkPool = DEFAULT_CHECK_WORKERS > 0 ? nodeCheckPool(DEFAULT_CHECK_WORKERS) : undefined;
    try {
      return await bake(scene, { ...bakeOptions, checkPool });
    } finally {
      await checkPool?.close();
    }
  };
  const start = performance.now();
  const output = await pooled(options);
  const wall = (performance.now() - start) / 1000;
  const { report, result } = output;
  // The same bake without contact (same scene, frames and settings): what the bake costs when contact costs nothing,
  // so blenderOverOursWithoutContact bounds the ratio any speed-up of contact can reach on this machine.
  const startWithout = performance.now();
  await pooled({ ...options, selfContact: false });
  const wallWithoutContact = (performance.now() - startWithout) / 1000;
  // The same bake on the WebGPU step (OGC in the step, kernels/contact), where a backend was handed in.
  let gpuRun: { wall: number; output: typeof output } | null = null;
  if ('backend' in gpu) {
    const startGpu = performance.now();
    const gpuOutput = await pooled({ ...options, backend: 'webgpu', stepBackend: gpu.backend });
    gpuRun = { wall: (performance.now() - startGpu) / 1000, output: gpuOutput };
  }
  const reportMesh = report.meshes.find((m) => m.name === 'Critter')!;
  const simulation = reportMesh.simulation!;
  const contact = simulation.contact!;
  const baked = result.meshes.find((m) => m.name === 'Critter')!;
  // Welded positions of a render-vertex frame (each welded vertex from its representative render vertex).
  const welded = (render: ArrayLike<number>, offset = 0) => {
    const out = new Float64Array(3 * V);
    for (let v = 0; v < V; v++) for (let c = 0; c < 3; c++) out[3 * v + c] = render[offset + 3 * topology.simulationToRender[v] + c];
    return out;
  };
  const checker = intersectionChecker([{ name: 'body', triangles: topology.triangles, vertexCount: V }]);
  const evaluator = createAnimationEvaluator(scene);
  const frame = new Float32Array(3 * mesh.renderVertexCount);
  const input: number[] = [];
  const ours: number[] = [];
  const inputFrames: Float64Array[] = [];
  // Largest distance of a vertex from the input over the frames [mm], and at frame 0 (where both start on it).
  const deviation = (positions: Float64Array, f: number) => {
    let worst = 0;
    for (let v = 0; v < V; v++)
      worst = Math.max(
        worst,
        Math.hypot(
          positions[3 * v] - inputFrames[f][3 * v],
          positions[3 * v + 1] - inputFrames[f][3 * v + 1],
          positions[3 * v + 2] - inputFrames[f][3 * v + 2],
        ),
      );
    return 1000 * worst;
  };
  let oursDeviation = 0;
  for (let f = 0; f < FRAMES; f++) {
    evaluator.evaluateMesh(meshIndex, clipIndex, result.inputTimes[f], frame);
    inputFrames.push(welded(frame));
    input.push(checker.check([inputFrames[f]]).total);
    const positions = welded(baked.positions, f * 3 * mesh.renderVertexCount);
    ours.push(checker.check([positions]).total);
    oursDeviation = Math.max(oursDeviation, deviation(positions, f));
  }
  const added = (counts: number[]) => counts.map((n, f) => Math.max(0, n - input[f]));
  const perFrame = (seconds: number) => round((1000 * seconds) / FRAMES, 1);
  const oursSummary = {
    millisecondsPerFrame: perFrame(wall),
    millisecondsPerFrameWithoutContact: perFrame(wallWithoutContact),
    contactOverWithout: round(wall / wallWithoutContact),
    millisecondsPerFrameWithoutExport: perFrame(wall - report.timings.seconds.export),
    stagesMillisecondsPerFrame: Object.fromEntries(
      Object.entries(report.timings.seconds)
        .filter(([stage]) => stage !== 'import')
        .map(([stage, seconds]) => [stage, perFrame(seconds)]),
    ),
    proximityShare: round(contact.seconds.proximity / wall, 3),
    exactChecksShare: round(contact.seconds.checks / wall, 3),
    contactSurfaceShare: round(contact.seconds.surface / wall, 3),
    simulates: `a ${reportMesh.latticeResolution}-cell lattice: ${simulation.vertexCount} vertices, ${simulation.tetCount} tets, ${reportMesh.substeps} substeps × ${reportMesh.iterations} iterations; contact on the ${V} embedded surface points, r = ${round(1000 * contact.radius, 2)} mm`,
    contactsPerFrame: Math.max(...contact.contactsPerFrame),
    // Re-detections (more than γ_e = 1% of the free, bounded simulation vertices truncated: of the ~115 free vertices of
    // the 12-cell lattice at levels 2 and 3, 2) and truncations.
    redetectionsPerFrame: round(contact.redetections / FRAMES, 1),
    truncationsPerFrame: round(contact.truncations / FRAMES, 1),
    framesCorrected: contact.framesCorrected,
    maxDeviationFromInputMillimeters: round(oursDeviation, 1),
    maxIntersectionsPerFrame: Math.max(...ours),
    maxAddedPerFrame: Math.max(...added(ours)),
    framesWithAdded: added(ours).filter((n) => n > 0).length,
    reportAgrees: contact.outputIntersections.every((n, f) => n === ours[f]) && contact.inputIntersections.every((n, f) => n === input[f]),
  };
  const oursGpu: object | string = gpuRun
    ? gpuCharacterSummary(gpuRun, baked, { welded, checker, renderVertexCount: mesh.renderVertexCount, added, perFrame })
    : 'reason' in gpu
      ? `skipped: ${gpu.reason}`
      : '';
  const weightRange = { min: Math.min(...baked.weights), max: Math.max(...baked.weights), mean: baked.weights.reduce((a, b) => a + b, 0) / V };
  let blender: object | string = 'skipped: blender is not on PATH (or OVERLAP_BENCH_CONTACT_BLENDER=0)';
  let ratio: number | null = null;
  let ceiling: number | null = null;
  let gpuRatio: number | null = null;
  if (blenderAvailable) {
    const folder = mkdtempSync(join(tmpdir(), 'overlap-bench-character-'));
    try {
      const glb = join(folder, 'character.glb');
      writeFileSync(glb, bytes);
      const weightsPath = join(folder, 'pin.bin');
      writeFileSync(weightsPath, new Uint8Array(0));
      const common = [glb, 'Critter', CHARACTER_CLIP, FRAMES, FPS, weightsPath, reportMesh.substeps!, contact.radius];
      // Blender's vertices in its order at rest, matched to our welded vertices by position (both ways: the pin
      // group is written in Blender's order, its output read back in ours).
      const rest = blenderCharacter(folder, ['rest', ...common]);
      const B = rest.readInt32LE(0);
      const blenderRest = new Float64Array(rest.buffer.slice(rest.byteOffset + 4, rest.byteOffset + 4 + 24 * B));
      const ourRest = new Float32Array(3 * mesh.renderVertexCount);
      evaluator.evaluateMesh(meshIndex, null, 0, ourRest);
      const weldedRest = welded(ourRest);
      const tolerance = 1e-5 * simulation.diagonal;
      const blenderOfOurs = positionMatch(weldedRest, blenderRest, tolerance);
      const oursOfBlender = positionMatch(blenderRest, weldedRest, tolerance);
      writeFileSync(weightsPath, new Uint8Array(Float32Array.from(oursOfBlender, (v) => 1 - baked.weights[v]).buffer));
      const baked2 = blenderCharacter(folder, ['bake', ...common]);
      const view = new DataView(baked2.buffer, baked2.byteOffset, baked2.byteLength);
      const seconds = view.getFloat64(0, true);
      let offset = 20;
      const counts: number[] = [];
      const positions = new Float64Array(3 * V);
      let blenderDeviation = 0;
      let firstFrameDeviation = 0;
      for (let f = 0; f < FRAMES; f++) {
        for (let v = 0; v < V; v++) for (let c = 0; c < 3; c++) positions[3 * v + c] = view.getFloat64(offset + 8 * (3 * blenderOfOurs[v] + c), true);
        offset += 24 * B;
        counts.push(checker.check([positions]).total);
        blenderDeviation = Math.max(blenderDeviation, deviation(positions, f));
        if (f === 0) firstFrameDeviation = deviation(positions, 0);
      }
      blender = {
        millisecondsPerFrame: perFrame(seconds),
        simulates: `every surface vertex (${B}, merged by the importer) as cloth, quality ${reportMesh.substeps}, self-collision distance ${round(1000 * contact.radius, 2)} mm, pin group 1 − our weights`,
        // Frame 0 is the animated pose on both sides: ~0 here checks the vertex matching and the axes.
        frame0DeviationFromInputMillimeters: round(firstFrameDeviation, 3),
        maxDeviationFromInputMillimeters: round(blenderDeviation, 1),
        maxIntersectionsPerFrame: Math.max(...counts),
        maxAddedPerFrame: Math.max(...added(counts)),
        framesWithAdded: added(counts).filter((n) => n > 0).length,
      };
      ratio = round(seconds / wall);
      ceiling = round(seconds / wallWithoutContact);
      if (gpuRun) gpuRatio = round(seconds / gpuRun.wall);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }
  return {
    level,
    surfaceVertices: V,
    triangles: topology.triangles.length / 3,
    frames: FRAMES,
    checkWorkers: DEFAULT_CHECK_WORKERS,
    weights: { min: round(weightRange.min, 3), mean: round(weightRange.mean, 3), max: round(weightRange.max, 3) },
    inputIntersections: { min: Math.min(...input), max: Math.max(...input) },
    ours: oursSummary,
    oursGpu,
    blender,
    blenderOverOurs: ratio,
    blenderOverOursWithoutContact: ceiling,
    blenderOverOursGpu: gpuRatio,
  };
}

/**
 * The WebGPU row of characterSelfContact: the GPU bake's time, stages and contact figures, its intersections per frame
 * against the input's, and its largest distance from the CPU bake.
 */
function gpuCharacterSummary(
  gpuRun: { wall: number; output: Awaited<ReturnType<typeof bake>> },
  baked: Awaited<ReturnType<typeof bake>>['result']['meshes'][number],
  measure: {
    welded: (render: ArrayLike<number>, offset?: number) => Float64Array;
    checker: IntersectionChecker;
    renderVertexCount: number;
    added: (counts: number[]) => number[];
    perFrame: (seconds: number) => number;
  },
): object {
  const { welded, checker, renderVertexCount, added, perFrame } = measure;
  const gpuMesh = gpuRun.output.report.meshes.find((m) => m.name === 'Critter')!;
  const gpuContact = gpuMesh.simulation!.contact!;
  const gpuBaked = gpuRun.output.result.meshes.find((m) => m.name === 'Critter')!;
  const counts: number[] = [];
  let fromCpu = 0;
  for (let f = 0; f < FRAMES; f++) {
    const positions = welded(gpuBaked.positions, f * 3 * renderVertexCount);
    counts.push(checker.check([positions]).total);
    const cpuPositions = welded(baked.positions, f * 3 * renderVertexCount);
    for (let k = 0; k < positions.length; k++) fromCpu = Math.max(fromCpu, Math.abs(positions[k] - cpuPositions[k]));
  }
  return {
    adapter: gpuRun.output.report.backend.adapter,
    fallback: gpuRun.output.report.backend.fallback ?? null,
    millisecondsPerFrame: perFrame(gpuRun.wall),
    stagesMillisecondsPerFrame: Object.fromEntries(
      Object.entries(gpuRun.output.report.timings.seconds)
        .filter(([stage]) => stage !== 'import')
        .map(([stage, seconds]) => [stage, perFrame(seconds)]),
    ),
    exactChecksShare: round(gpuContact.seconds.checks / gpuRun.wall, 3),
    contactSurfaceShare: round(gpuContact.seconds.surface / gpuRun.wall, 3),
    redetectionsPerFrame: round(gpuContact.redetections / FRAMES, 1),
    truncationsPerFrame: round(gpuContact.truncations / FRAMES, 1),
    framesCorrected: gpuContact.framesCorrected,
    maxIntersectionsPerFrame: Math.max(...counts),
    maxAddedPerFrame: Math.max(...added(counts)),
    framesWithAdded: added(counts).filter((n) => n > 0).length,
    maxDistanceFromCpuMillimeters: round(1000 * fromCpu, 4),
  };
}
