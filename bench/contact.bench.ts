/**
 * Contact (app/contact, docs/contact.md).
 *
 * - broadPhase: the two broad phases OGC's detection can use, a spatial hash rebuilt per detection (boxSpatialHash)
 *   and a BVH refitted per detection (boxBvh, rebuilt every 16), on a wavy cloth of about 5k, 20k and 50k triangles:
 *   one detection's build (or refit) plus every point query and every edge query, boxes grown by r_q = 2r; and the
 *   same detection as BVH pair traversals (boxBvh.overlapPairs: points × triangles, edges × edges once), which
 *   ogcContact uses.
 * - clothSelfContact: a square cloth of about 5k, 20k and 50k vertices dropped onto a sphere so that it folds onto
 *   itself, simulated with VBD and OGC self-contact: ms per frame and the share spent in proximity search (detection,
 *   bounds, gather lists), intersections added per frame (the exact checker, app/intersection).
 * - blender: the same cloth, sphere and frames in Blender 3.4's cloth solver with self-collision (`blender -b`), its
 *   bake time per frame (measured inside Blender), the ratio to ours, and its intersections per frame counted by the
 *   same checker. Skipped, saying so, when Blender is not on PATH.
 *
 * Sizes and frames: OVERLAP_BENCH_CONTACT_SIZES (cells per side, default "70,140,223") and
 * OVERLAP_BENCH_CONTACT_FRAMES (default 24).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { boxBvh, boxSpatialHash, contactDefaults, ogcContact, vertexContactPoints, type BoxBroadPhase } from '../app/contact/index.ts';
import { intersectionChecker } from '../app/intersection/index.ts';
import { createVbdModel, createVbdState, step, type VbdContact } from '../app/solvers/vbd/index.ts';
import { clothSquare, uvSphere } from './contactMeshes.ts';
import { medianMilliseconds } from './timing.ts';

const SIZES = (process.env.OVERLAP_BENCH_CONTACT_SIZES ?? '70,140,223').split(',').map(Number);
const FRAMES = Number(process.env.OVERLAP_BENCH_CONTACT_FRAMES ?? 24);
const FPS = 30;
const SUBSTEPS = 4;
const ITERATIONS = 6; // the bake's default (MESH_DEFAULTS)
const CLOTH_SIZE = 1;
const SPHERE = { radius: 0.25, center: [0, 0, 0] as const };
const DROP_HEIGHT = 0.3;
const cloth = { youngsModulus: 1e5, poissonRatio: 0.3, density: 200, damping: 1e-4, thickness: 1e-3 };

const round = (x: number, digits = 2) => Number(x.toFixed(digits));

/** Broad phase: one detection's worth of work on a wavy sheet (points and edges against grown boxes). */
export async function broadPhase(cells: number) {
  const { positions, triangles } = clothSquare(cells, CLOTH_SIZE, 0);
  // Waves of 2 cm at 4 cm: layers of the sheet come within a few edge lengths of each other, as in a fold.
  for (let v = 0; v < positions.length / 3; v++) positions[3 * v + 1] = 0.02 * Math.sin(160 * positions[3 * v]) * Math.cos(120 * positions[3 * v + 2]);
  const { radius } = contactDefaults(positions, triangles, [1], 1);
  const rq = 2 * radius;
  const T = triangles.length / 3;
  const edgeSet = new Set<number>();
  const V = positions.length / 3;
  for (let t = 0; t < T; t++) for (let k = 0; k < 3; k++) {
    const a = triangles[3 * t + k], b = triangles[3 * t + ((k + 1) % 3)];
    edgeSet.add(Math.min(a, b) * V + Math.max(a, b));
  }
  const edges = Uint32Array.from([...edgeSet].flatMap((key) => [Math.floor(key / V), key % V]));
  const E = edges.length / 2;
  const triangleBoxes = new Float64Array(6 * T);
  const edgeBoxes = new Float64Array(6 * E);
  const fill = (list: Uint32Array, size: number, boxes: Float64Array) => {
    for (let i = 0; i < list.length / size; i++) {
      for (let axis = 0; axis < 3; axis++) {
        let lo = Infinity, hi = -Infinity;
        for (let k = 0; k < size; k++) {
          const x = positions[3 * list[size * i + k] + axis];
          lo = Math.min(lo, x);
          hi = Math.max(hi, x);
        }
        boxes[6 * i + axis] = lo - rq;
        boxes[6 * i + 3 + axis] = hi + rq;
      }
    }
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
    for (let v = 0; v < V; v++) candidates += triangleBroad.query(positions[3 * v], positions[3 * v + 1], positions[3 * v + 2], positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]);
    for (let e = 0; e < E; e++) {
      const o = 6 * e;
      candidates += edgeBroad.query(edgeBoxes[o] + rq, edgeBoxes[o + 1] + rq, edgeBoxes[o + 2] + rq, edgeBoxes[o + 3] - rq, edgeBoxes[o + 4] - rq, edgeBoxes[o + 5] - rq);
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
  const checker = intersectionChecker([{ name: 'cloth', triangles: square.triangles, vertexCount: model.vertexCount }, { name: 'sphere', triangles: sphere.triangles, vertexCount: sphere.positions.length / 3 }]);
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
    const run = spawnSync('blender', ['-b', '--factory-startup', '--python', script, '--', String(cells), String(FRAMES), String(FPS), String(CLOTH_SIZE), String(DROP_HEIGHT), String(SPHERE.radius), out], { encoding: 'utf8', timeout: 3_600_000 });
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
    const checker = intersectionChecker([{ name: 'cloth', triangles, vertexCount }, { name: 'sphere', triangles: sphere.triangles, vertexCount: sphere.positions.length / 3 }]);
    const intersections: number[] = [];
    for (let f = 0; f < FRAMES; f++) {
      const positions = new Float64Array(3 * vertexCount);
      for (let k = 0; k < 3 * vertexCount; k++) positions[k] = view.getFloat64(offset + 8 * k, true);
      offset += 24 * vertexCount;
      intersections.push(checker.check([positions, sphere.positions]).total);
    }
    return { vertices: vertexCount, millisecondsPerFrame: round((1000 * seconds) / FRAMES, 1), maxIntersectionsPerFrame: Math.max(...intersections), framesWithIntersections: intersections.filter((n) => n > 0).length };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export async function run() {
  const broad = [];
  for (const cells of [50, 100, 158]) broad.push(await broadPhase(cells));
  const blenderAvailable = spawnSync('blender', ['--version'], { encoding: 'utf8' }).status === 0;
  const clothRuns = [];
  for (const cells of SIZES) {
    const ours = ourCloth(cells);
    const blender = blenderAvailable ? blenderCloth(cells) : null;
    clothRuns.push({
      cells,
      ours,
      blender: blender ?? 'skipped: blender is not on PATH',
      blenderOverOurs: blender ? round(blender.millisecondsPerFrame / ours.millisecondsPerFrame) : null,
    });
  }
  return {
    broadPhase: { note: 'one detection: build/refit + a query per point and per edge, boxes grown by r_q = 2r; ms are medians of 7', sizes: broad },
    clothSelfContact: { note: `a ${CLOTH_SIZE} m square cloth dropped from ${DROP_HEIGHT} m onto a ${SPHERE.radius} m sphere, ${FRAMES} frames; Blender 3.4 cloth (quality 5, self-collision, 5 mm distances) on the same grid, sphere and frames`, sizes: clothRuns },
  };
}
