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
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAnimationEvaluator } from '../app/animation/index.ts';
import { bake, type BakeOptions } from '../app/bake/index.ts';
import { contactDefaults, ogcContact, surfaceRepair, vertexContactPoints } from '../app/contact/index.ts';
import { boxBvh, boxSpatialHash, indexedPointsBox, type BoxBroadPhase } from '../app/geometry/index.ts';
import { intersectionChecker, type IntersectionChecker } from '../app/intersection/index.ts';
import { DEFAULT_CHECK_WORKERS, nodeCheckPool } from '../app/intersection/node/index.ts';
import { createVbdModel, createVbdState, step, type VbdContact, type VbdStepBackend } from '../app/solvers/vbd/index.ts';
import { readGltf } from '../app/io/index.ts';
import { GpuBoxSpatialHash } from '../kernels/geometry/gpuBoxSpatialHash.ts';
import { GATE_MODE, GpuOgcDetection } from '../kernels/contact/gpuOgcDetection.ts';
import { describeComputeBackend } from '../kernels/gpu/describeComputeBackend.ts';
import { requestComputeBackend } from '../kernels/gpu/gpuContext.ts';
import { nodeGpu, SWIFTSHADER_VULKAN_ICD } from '../kernels/node/nodeGpu.ts';
import { requestNodeVbdStepBackend } from '../kernels/node/requestNodeVbdStepBackend.ts';
import { testCharacterGlb } from '../test/helpers/testCharacter.ts';
import { clothSquare, uvSphere } from './contactMeshes.ts';
import { positionMatch } from './positionMatch.ts';
import { medianMilliseconds } from './timing.ts';

const SIZES = (process.env.OVERLAP_BENCH_CONTACT_SIZES ?? '70,140,223').split(',').map(Number);
const FRAMES = Number(process.env.OVERLAP_BENCH_CONTACT_FRAMES ?? 24);
const CHARACTER_LEVELS = (process.env.OVERLAP_BENCH_CONTACT_CHARACTER ?? '2,3,4').split(',').map(Number);
const CHARACTER_CLIP = process.env.OVERLAP_BENCH_CONTACT_CLIP ?? 'Jump';
const SECTIONS = (process.env.OVERLAP_BENCH_CONTACT_SECTIONS ?? 'broadPhase,detection,clothSelfContact,characterSelfContact,layeredCharacter').split(',');
const LAYERED_LEVELS = (process.env.OVERLAP_BENCH_CONTACT_LAYERED ?? '2').split(',').map(Number);
const FPS = 30;
const SUBSTEPS = 4;
const ITERATIONS = 6; // the bake's default (MESH_DEFAULTS)
const CLOTH_SIZE = 1;
const SPHERE = { radius: 0.25, center: [0, 0, 0] as const };
const DROP_HEIGHT = 0.3;
const cloth = { youngsModulus: 1e5, poissonRatio: 0.3, density: 200, damping: 1e-4, thickness: 1e-3 };

const round = (x: number, digits = 2) => Number(x.toFixed(digits));

/** Broad phase: one detection's worth of work on a wavy sheet (points and edges against grown boxes). */
export async function broadPhase(cells: number, gpuHash?: GpuBoxSpatialHash) {
  const { positions, triangles } = clothSquare(cells, CLOTH_SIZE, 0);
  // Waves of 2 cm at 4 cm: layers of the sheet come within a few edge lengths of each other, as in a fold.
  for (let v = 0; v < positions.length / 3; v++) positions[3 * v + 1] = 0.02 * Math.sin(160 * positions[3 * v]) * Math.cos(120 * positions[3 * v + 2]);
  const { radius } = contactDefaults(positions, triangles, [1], 1);
  const rq = 2 * radius;
  const T = triangles.length / 3;
  const edgeSet = new Set<number>();
  const V = positions.length / 3;
  for (let t = 0; t < T; t++)
    for (let k = 0; k < 3; k++) {
      const a = triangles[3 * t + k],
        b = triangles[3 * t + ((k + 1) % 3)];
      edgeSet.add(Math.min(a, b) * V + Math.max(a, b));
    }
  const edges = Uint32Array.from([...edgeSet].flatMap((key) => [Math.floor(key / V), key % V]));
  const E = edges.length / 2;
  const triangleBoxes = new Float64Array(6 * T);
  const edgeBoxes = new Float64Array(6 * E);
  const fill = (list: Uint32Array, size: number, boxes: Float64Array) => {
    for (let i = 0; i < list.length / size; i++) indexedPointsBox(positions, list, size * i, size, rq, boxes, 6 * i);
  };
  let phase = 0;
  const detection = (triangleBroad: BoxBroadPhase, edgeBroad: BoxBroadPhase, move = true) => {
    // A small motion per detection, as between two substeps.
    if (move) phase += 1;
    for (let v = 0; v < V && move; v++) positions[3 * v + 1] += 1e-4 * Math.sin(phase + v);
    fill(triangles, 3, triangleBoxes);
    fill(edges, 2, edgeBoxes);
    triangleBroad.build(triangleBoxes, T);
    edgeBroad.build(edgeBoxes, E);
    let candidates = 0;
    for (let v = 0; v < V; v++)
      candidates += triangleBroad.query(
        positions[3 * v],
        positions[3 * v + 1],
        positions[3 * v + 2],
        positions[3 * v],
        positions[3 * v + 1],
        positions[3 * v + 2],
      );
    for (let e = 0; e < E; e++) {
      const o = 6 * e;
      candidates += edgeBroad.query(
        edgeBoxes[o] + rq,
        edgeBoxes[o + 1] + rq,
        edgeBoxes[o + 2] + rq,
        edgeBoxes[o + 3] - rq,
        edgeBoxes[o + 4] - rq,
        edgeBoxes[o + 5] - rq,
      );
    }
    return candidates;
  };
  // The same detection as pair traversals (boxBvh.overlapPairs, what ogcContact uses): points against triangle boxes
  // grown by r_q, edge boxes grown by r_q/2 against themselves (each unordered edge pair once).
  const pointBoxes = new Float64Array(6 * V);
  const halfEdgeBoxes = new Float64Array(6 * E);
  const pairTrees = [boxBvh(), boxBvh(), boxBvh()] as const;
  const pairDetection = () => {
    phase += 1;
    for (let v = 0; v < V; v++) positions[3 * v + 1] += 1e-4 * Math.sin(phase + v);
    fill(triangles, 3, triangleBoxes);
    fill(edges, 2, edgeBoxes);
    for (let v = 0; v < V; v++) for (let axis = 0; axis < 3; axis++) pointBoxes[6 * v + axis] = pointBoxes[6 * v + 3 + axis] = positions[3 * v + axis];
    for (let k = 0; k < 6 * E; k++) halfEdgeBoxes[k] = edgeBoxes[k] + (k % 6 < 3 ? 0.5 * rq : -0.5 * rq);
    pairTrees[0].build(pointBoxes, V);
    pairTrees[1].build(triangleBoxes, T);
    pairTrees[2].build(halfEdgeBoxes, E);
    return pairTrees[0].overlapPairs(pairTrees[1]) + pairTrees[2].overlapPairs(pairTrees[2]);
  };
  const hash = [boxSpatialHash(T), boxSpatialHash(E)] as const;
  const bvh = [boxBvh(), boxBvh()] as const;
  const candidates = detection(hash[0], hash[1], false);
  const bvhCandidates = detection(bvh[0], bvh[1], false);
  const hashMs = await medianMilliseconds(() => detection(hash[0], hash[1]), 7);
  const bvhMs = await medianMilliseconds(() => detection(bvh[0], bvh[1]), 7);
  const pairCandidates = pairDetection();
  const pairMs = await medianMilliseconds(pairDetection, 7);
  // The same queries as `detection`, built and answered in two batches on the GPU (boxSpatialHash.wgsl), uploads and
  // readbacks included; on SwiftShader a CPU emulation, so only a GPU's run says what the GPU gives.
  let gpu: Record<string, number> = {};
  if (gpuHash) {
    const pointQueries = new Float64Array(6 * V);
    const edgeQueries = new Float64Array(6 * E);
    const gpuDetection = async (): Promise<number> => {
      phase += 1;
      for (let v = 0; v < V; v++) positions[3 * v + 1] += 1e-4 * Math.sin(phase + v);
      fill(triangles, 3, triangleBoxes);
      fill(edges, 2, edgeBoxes);
      for (let v = 0; v < V; v++) for (let axis = 0; axis < 3; axis++) pointQueries[6 * v + axis] = pointQueries[6 * v + 3 + axis] = positions[3 * v + axis];
      for (let k = 0; k < 6 * E; k++) edgeQueries[k] = edgeBoxes[k] + (k % 6 < 3 ? rq : -rq);
      const [points, edgePairs] = [await gpuHash.query(triangleBoxes, pointQueries), await gpuHash.query(edgeBoxes, edgeQueries)];
      return points.offsets[V] + edgePairs.offsets[E];
    };
    // at the positions of the CPU's first detection: gpuCandidatesPerDetection differs from candidatesPerDetection
    // only by the f32 boxes' rounding at their faces (136 082 vs 136 080 at 5k triangles)
    const saved = Float64Array.from(positions);
    const gpuCandidates = await gpuDetection();
    positions.set(saved);
    const gpuMs = await medianMilliseconds(gpuDetection, 7);
    gpu = { gpuCandidatesPerDetection: gpuCandidates, gpuHashMilliseconds: round(gpuMs), gpuOverHash: round(gpuMs / hashMs) };
  }
  return {
    triangles: T,
    edges: E,
    vertices: V,
    candidatesPerDetection: candidates,
    sameCandidates: candidates === bvhCandidates,
    spatialHashMilliseconds: round(hashMs),
    refittedBvhMilliseconds: round(bvhMs),
    bvhOverHash: round(bvhMs / hashMs),
    pairCandidatesPerDetection: pairCandidates,
    bvhPairTraversalMilliseconds: round(pairMs),
    pairTraversalOverQueries: round(pairMs / bvhMs),
    ...gpu,
  };
}

/** A VbdContact that times the two host-side moments (detection and bounds) of the one it wraps. */
function timedContact(inner: VbdContact): VbdContact & { milliseconds: number } {
  const timed = {
    milliseconds: 0,
    get data() {
      return inner.data;
    },
    beginSubstep(...args: Parameters<VbdContact['beginSubstep']>) {
      const start = performance.now();
      inner.beginSubstep(...args);
      timed.milliseconds += performance.now() - start;
    },
    endIteration(...args: Parameters<VbdContact['endIteration']>) {
      const start = performance.now();
      inner.endIteration(...args);
      timed.milliseconds += performance.now() - start;
    },
  };
  return timed;
}

/** Our cloth: VBD StVK + bending with OGC self-contact and the sphere as a collider, every frame checked. */
export function ourCloth(cells: number) {
  const square = clothSquare(cells, CLOTH_SIZE, DROP_HEIGHT);
  const sphere = uvSphere(SPHERE.radius, 24, 48, SPHERE.center);
  const h = 1 / FPS / SUBSTEPS;
  const model = createVbdModel({ restPositions: square.positions, triangles: { vertices: square.triangles, materials: cloth } });
  const defaults = contactDefaults(square.positions, square.triangles, model.masses, h);
  const ogc = ogcContact({
    simulationVertexCount: model.vertexCount,
    ...vertexContactPoints(null, model.vertexCount),
    triangles: square.triangles,
    obstacleVertexCount: sphere.positions.length / 3,
    obstacleTriangles: sphere.triangles,
    ...defaults,
    friction: 0.3,
    ...(process.env.OVERLAP_BENCH_CONTACT_MARGIN ? { searchMargin: Number(process.env.OVERLAP_BENCH_CONTACT_MARGIN) * defaults.radius } : {}),
  });
  ogc.setFrame({ obstacleStart: sphere.positions, obstacleEnd: sphere.positions });
  const contact = timedContact(ogc);
  const state = createVbdState(model);
  const checker = intersectionChecker([
    { name: 'cloth', triangles: square.triangles, vertexCount: model.vertexCount },
    { name: 'sphere', triangles: sphere.triangles, vertexCount: sphere.positions.length / 3 },
  ]);
  let simulation = 0;
  let cpu = 0;
  const intersections: number[] = [];
  for (let f = 0; f < FRAMES; f++) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    step(model, state, state, { substeps: SUBSTEPS, iterations: ITERATIONS, gravity: [0, -9.81, 0], contact }, 1 / FPS);
    simulation += performance.now() - start;
    cpu += process.cpuUsage(cpuStart).user / 1000;
    intersections.push(checker.check([state.positions, sphere.positions]).total);
  }
  return {
    vertices: model.vertexCount,
    triangles: square.triangles.length / 3,
    frames: FRAMES,
    setup: `${FPS} fps, ${SUBSTEPS} substeps × ${ITERATIONS} iterations, r = ${round(1000 * defaults.radius, 2)} mm`,
    millisecondsPerFrame: round(simulation / FRAMES, 1),
    cpuMillisecondsPerFrame: round(cpu / FRAMES, 1),
    proximityShare: round(contact.milliseconds / simulation, 3),
    redetections: ogc.stats.redetections,
    detections: ogc.stats.detections,
    searches: ogc.stats.searches,
    partialSearches: ogc.stats.partialSearches,
    maxIntersectionsPerFrame: Math.max(...intersections),
  };
}

const BLENDER_SCRIPT = String.raw`
import bpy, sys, time, struct
argv = sys.argv[sys.argv.index('--') + 1:]
cells, frames, fps, size, drop, radius, out = int(argv[0]), int(argv[1]), int(argv[2]), float(argv[3]), float(argv[4]), float(argv[5]), argv[6]
bpy.ops.wm.read_factory_settings(use_empty=True)
scene = bpy.context.scene
scene.render.fps = fps
scene.frame_start = 1
scene.frame_end = frames
# Blender is Z-up: the cloth lies in x-y at height z = drop, the sphere at the origin.
bpy.ops.mesh.primitive_grid_add(x_subdivisions=cells, y_subdivisions=cells, size=size, location=(0, 0, drop))
cloth = bpy.context.object
bpy.ops.mesh.primitive_uv_sphere_add(segments=48, ring_count=24, radius=radius, location=(0, 0, 0))
sphere = bpy.context.object
sphere.modifiers.new('Collision', 'COLLISION')
modifier = cloth.modifiers.new('Cloth', 'CLOTH')
settings = modifier.settings
settings.mass = 0.2 * size * size / len(cloth.data.vertices)
settings.quality = 5
collision = modifier.collision_settings
collision.use_collision = True
collision.use_self_collision = True
collision.distance_min = 0.005
collision.self_distance_min = 0.005
modifier.point_cache.frame_start = 1
modifier.point_cache.frame_end = frames
start = time.perf_counter()
for f in range(1, frames + 1):
    scene.frame_set(f)
seconds = time.perf_counter() - start
depsgraph = bpy.context.evaluated_depsgraph_get()
with open(out, 'wb') as file:
    file.write(struct.pack('<dii', seconds, frames, len(cloth.data.vertices)))
    polygons = [list(p.vertices) for p in cloth.data.polygons]
    file.write(struct.pack('<i', len(polygons)))
    for p in polygons:
        file.write(struct.pack('<4i', *p))
    for f in range(1, frames + 1):
        scene.frame_set(f)
        evaluated = cloth.evaluated_get(bpy.context.evaluated_depsgraph_get())
        mesh = evaluated.to_mesh()
        world = cloth.matrix_world
        for v in mesh.vertices:
            p = world @ v.co
            file.write(struct.pack('<3d', p.x, p.z, -p.y))
        evaluated.to_mesh_clear()
`;

/** Blender 3.4's cloth with self-collision on the same cloth, sphere and frames; its own bake timing. */
export function blenderCloth(cells: number) {
  const folder = mkdtempSync(join(tmpdir(), 'overlap-bench-contact-'));
  try {
    const script = join(folder, 'cloth.py');
    const out = join(folder, 'cloth.bin');
    writeFileSync(script, BLENDER_SCRIPT);
    const run = spawnSync(
      'blender',
      [
        '-b',
        '--factory-startup',
        '--python',
        script,
        '--',
        String(cells),
        String(FRAMES),
        String(FPS),
        String(CLOTH_SIZE),
        String(DROP_HEIGHT),
        String(SPHERE.radius),
        out,
      ],
      { encoding: 'utf8', timeout: 3_600_000 },
    );
    if (run.status !== 0) throw new Error(`blender failed (${run.status}): ${run.stderr}\n${run.stdout.slice(-2000)}`);
    const bytes = readFileSync(out);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const seconds = view.getFloat64(0, true);
    const vertexCount = view.getInt32(12, true);
    const polygonCount = view.getInt32(16, true);
    let offset = 20;
    const triangles = new Uint32Array(6 * polygonCount);
    for (let p = 0; p < polygonCount; p++) {
      const [a, b, c, d] = [0, 1, 2, 3].map((k) => view.getInt32(offset + 4 * k, true));
      triangles.set([a, b, c, a, c, d], 6 * p);
      offset += 16;
    }
    const sphere = uvSphere(SPHERE.radius, 24, 48, SPHERE.center);
    const checker = intersectionChecker([
      { name: 'cloth', triangles, vertexCount },
      { name: 'sphere', triangles: sphere.triangles, vertexCount: sphere.positions.length / 3 },
    ]);
    const intersections: number[] = [];
    for (let f = 0; f < FRAMES; f++) {
      const positions = new Float64Array(3 * vertexCount);
      for (let k = 0; k < 3 * vertexCount; k++) positions[k] = view.getFloat64(offset + 8 * k, true);
      offset += 24 * vertexCount;
      intersections.push(checker.check([positions, sphere.positions]).total);
    }
    return {
      vertices: vertexCount,
      millisecondsPerFrame: round((1000 * seconds) / FRAMES, 1),
      maxIntersectionsPerFrame: Math.max(...intersections),
      framesWithIntersections: intersections.filter((n) => n > 0).length,
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

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

/**
 * One detection of OGC contact on two wavy sheets of cells² cells each, the upper one at a gap from 0.4 r to 1.6 r
 * above the lower (every kind of contact; about a third of the points within r): ogcContact's detection as a bake
 * runs it (the first search, then detections after a small motion reuse it: `incremental`), the same with a full
 * search each time (`fullSearch`, searchMargin 0, what the GPU twin does), and the GPU twin (GpuOgcDetection: the
 * points from the positions, the broad phase, the pairs, the bounds and the gather lists; the positions' upload and
 * the totals' readback included), with one more detection split into its stages (gpuPhaseMilliseconds). Medians of 7
 * detections, each after moving the points by up to 0.1 r.
 */
export async function detection(cells: number, device?: GPUDevice) {
  const lower = clothSquare(cells, CLOTH_SIZE, 0);
  const upper = clothSquare(cells, CLOTH_SIZE, 0);
  const { radius } = contactDefaults(lower.positions, lower.triangles, [1], 1);
  const half = lower.positions.length / 3;
  const V = 2 * half;
  const positions = new Float64Array(3 * V);
  const wave = (x: number, z: number): number => 0.02 * Math.sin(16 * x) * Math.cos(12 * z);
  for (let v = 0; v < half; v++) {
    const x = lower.positions[3 * v],
      z = lower.positions[3 * v + 2];
    positions.set([x, wave(x, z), z], 3 * v);
    const gap = radius * (1.6 - 1.2 * Math.max(0, Math.cos(40 * x) * Math.cos(33 * z)));
    positions.set([x + 0.3 * radius, wave(x + 0.3 * radius, z) + gap, z + 0.2 * radius], 3 * (half + v));
  }
  const triangles = Uint32Array.from([...lower.triangles, ...Array.from(upper.triangles, (t) => t + half)]);
  const options = { simulationVertexCount: V, ...vertexContactPoints(null, V), triangles, radius, stiffness: 1e4 };
  const pinned = new Uint8Array(V);
  let phase = 0;
  const move = () => {
    phase += 1;
    for (let v = 0; v < V; v++) positions[3 * v + 1] += 0.1 * radius * Math.sin(phase + 0.37 * v);
  };
  const cpuDetection = (searchMargin?: number) => {
    const contact = ogcContact({ ...options, searchMargin });
    return () => {
      move();
      contact.beginSubstep(positions, Float64Array.from(positions), 1 / 120, 1, pinned, positions, positions);
      return contact.data.contactCount;
    };
  };
  const saved = Float64Array.from(positions);
  const incremental = cpuDetection();
  const contacts = incremental();
  const incrementalMs = await medianMilliseconds(incremental, 7);
  positions.set(saved);
  const fullSearchMs = await medianMilliseconds(cpuDetection(0), 7);
  let gpu: Record<string, unknown> = {};
  if (device) {
    // from the same positions as the CPU's first detection: gpuContacts is the CPU's `contacts` up to f32 rounding
    positions.set(saved);
    phase = 0;
    const twin = await GpuOgcDetection.create(device, { ...options, vertexColors: new Uint32Array(V) });
    try {
      const detect = async () => {
        move();
        return (await twin.detect({ positions, pinned })).contactCount;
      };
      const gpuContacts = await detect(); // also grows the capacities
      const gpuMs = await medianMilliseconds(detect, 7);
      // where the time goes: each stage submitted alone and waited for (so their sum exceeds the one-buffer time)
      move();
      const phases = (await twin.detect({ positions, pinned }, { phaseTimes: true })).phaseTimes!;
      const gpuPhaseMilliseconds = Object.fromEntries(Object.entries(phases).map(([name, ms]) => [name, round(ms)]));
      // A gate that stays closed (an iteration that needs no re-detection): the copies, the gate and the empty
      // dispatches every iteration of a step with contact pays (kernels/vbd createGpuVbdStepper), with the gated
      // dispatches indirect (the default, software adapters) and direct (hardware adapters: Dawn validates each
      // indirect dispatch with a hidden pass, docs/contact.md "Measured on a GPU").
      const closedGateMilliseconds = async (gated: GpuOgcDetection) => {
        gated.setCall({ pinned, cellPositions: positions, control: new Uint32Array([GATE_MODE.mark, 0, 0, 0]) });
        return medianMilliseconds(async () => {
          const encoder = device.createCommandEncoder({ label: 'bench closed gate' });
          gated.encodeGate(encoder, 0);
          gated.encodeDetection(encoder, false);
          device.queue.submit([encoder.finish()]);
          await device.queue.onSubmittedWorkDone();
        }, 7);
      };
      const gpuClosedGateMs = await closedGateMilliseconds(twin);
      const direct = await GpuOgcDetection.create(device, { ...options, vertexColors: new Uint32Array(V), gatedDispatch: 'direct' });
      let gpuClosedGateDirectMs: number;
      try {
        await direct.detect({ positions, pinned }); // the same capacities as the twin's
        gpuClosedGateDirectMs = await closedGateMilliseconds(direct);
      } finally {
        direct.destroy();
      }
      gpu = {
        gpuContacts,
        gpuMilliseconds: round(gpuMs),
        gpuOverFullSearch: round(gpuMs / fullSearchMs),
        gpuPhaseMilliseconds,
        gpuClosedGateMilliseconds: round(gpuClosedGateMs, 3),
        gpuClosedGateDirectMilliseconds: round(gpuClosedGateDirectMs, 3),
      };
    } finally {
      twin.destroy();
    }
  }
  return {
    vertices: V,
    triangles: triangles.length / 3,
    radius: round(radius, 5),
    contacts,
    incrementalMilliseconds: round(incrementalMs),
    fullSearchMilliseconds: round(fullSearchMs),
    ...gpu,
  };
}

/**
 * The layered character (issue 33): ours with and without self-contact on the same frames, and the repair of its
 * MoveAndHold frames in time order, timed beside the self-contact bake (see the header).
 */
export async function layeredCharacter(level: number) {
  const bytes = await testCharacterGlb({ subdivisions: level, gear: true });
  const scene = await readGltf(bytes, { fileName: 'layered.glb' });
  const options: BakeOptions = { clip: CHARACTER_CLIP, frames: [0, FRAMES - 1], fps: FPS, selfContact: true };
  const timed = async (bakeOptions: BakeOptions) => {
    const checkPool = DEFAULT_CHECK_WORKERS > 0 ? nodeCheckPool(DEFAULT_CHECK_WORKERS) : undefined;
    const start = performance.now();
    try {
      const output = await bake(scene, { ...bakeOptions, checkPool });
      return { output, milliseconds: performance.now() - start };
    } finally {
      await checkPool?.close();
    }
  };
  const withContact = await timed(options);
  const without = await timed({ ...options, selfContact: false });
  const perFrame = (ms: number) => round(ms / FRAMES, 1);
  const meshes = withContact.output.report.meshes.map((m) => {
    const contact = m.simulation!.contact!;
    return {
      mesh: m.name,
      newRegionsPerFrame: { simulated: Math.max(...contact.simulatedNewRegions), exported: Math.max(...contact.newRegions) },
      framesCorrected: contact.framesCorrected,
      proximitySeconds: round(contact.seconds.proximity, 2),
      checkSeconds: round(contact.seconds.checks, 2),
      searches: contact.searches,
      partialSearches: contact.partialSearches,
    };
  });
  // The repair on MoveAndHold, frames in time order from frame 0 (as a bake asks for them).
  const clip = scene.clips.findIndex((c) => c.name === 'MoveAndHold');
  const meshIndex = scene.meshes.findIndex((m) => m.name === 'Critter');
  const { topology } = scene.meshes[meshIndex];
  const evaluator = createAnimationEvaluator(scene);
  const rest = new Float32Array(3 * topology.vertexCount);
  evaluator.evaluateSimulationPositions(meshIndex, null, 0, rest);
  const repair = surfaceRepair({ triangles: topology.triangles, vertexCount: topology.vertexCount, restPositions: rest });
  const frame = new Float32Array(3 * topology.vertexCount);
  let repairMs = 0,
    added = 0,
    left = 0,
    repaired = 0;
  for (let f = 0; f < FRAMES; f++) {
    evaluator.evaluateSimulationPositions(meshIndex, clip, f / FPS, frame);
    const start = performance.now();
    const report = repair.repair(frame);
    repairMs += performance.now() - start;
    added += report.before;
    left += report.after;
    if (report.before > 0) repaired++;
  }
  const contactPerFrame = withContact.milliseconds / FRAMES;
  return {
    level,
    vertices: scene.meshes.reduce((n, m) => n + m.topology.vertexCount, 0),
    millisecondsPerFrame: perFrame(withContact.milliseconds),
    millisecondsPerFrameWithoutContact: perFrame(without.milliseconds),
    contactOverWithout: round(withContact.milliseconds / without.milliseconds),
    meshes,
    repair: {
      clip: 'MoveAndHold',
      millisecondsPerFrame: round(repairMs / FRAMES, 1),
      framesRepaired: repaired,
      millisecondsPerRepairedFrame: repaired > 0 ? round(repairMs / repaired, 1) : 0,
      pairsAdded: added,
      pairsLeft: left,
      removedShare: added > 0 ? round((added - left) / added, 3) : 1,
      overContactBakeFrame: round(repairMs / FRAMES / contactPerFrame),
      repairedFrameOverContactBakeFrame: repaired > 0 ? round(repairMs / repaired / contactPerFrame) : 0,
    },
  };
}

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
