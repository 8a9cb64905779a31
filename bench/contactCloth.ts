/**
 * The contact bench's clothSelfContact and blender sections (bench/contact.bench.ts, see its header): our cloth
 * dropped on a sphere, and the same cloth in Blender.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contactDefaults, ogcContact, vertexContactPoints } from '../app/contact/index.ts';
import { intersectionChecker } from '../app/intersection/index.ts';
import { createVbdModel, createVbdState, step, type VbdContact } from '../app/solvers/vbd/index.ts';
import { clothSquare, uvSphere } from './contactMeshes.ts';
import { cloth, CLOTH_SIZE, DROP_HEIGHT, FPS, FRAMES, ITERATIONS, round, SPHERE, SUBSTEPS } from './contactBenchSettings.ts';

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
