/**
 * Blender 3.4's soft body as an external baseline (bench/bake.bench.ts): the same glTF, the same frames, the same
 * physics-blend weights, headless. Each simulated mesh object gets a Soft Body modifier after its Armature modifier with
 * goal on, its goal vertex group = 1 − w per vertex (w = 0: pinned to the animation, as in a bake; Blender multiplies
 * the group by goal_default, which is set to 1 so a goal of 1 is truly pinned, goal_min 0 and goal_max 1), Blender's
 * default springs and solver otherwise. The frames are stepped in order (frame_set), which runs the soft body; the
 * simulation's own CPU time (time.process_time around the frame loop, import excluded) and the whole process's are
 * reported. Vertices are matched to the weights by their rest position (the importer may reorder and splits nothing).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SCRIPT = `
import sys, json, time
import numpy
numpy.bool = bool
import bpy
from mathutils import kdtree
args = sys.argv[sys.argv.index('--') + 1:]
path, fps, first, last, weights_path, out = args[0], float(args[1]), int(args[2]), int(args[3]), args[4], args[5]
bpy.ops.wm.read_factory_settings(use_empty=True)
scene = bpy.context.scene
scene.render.fps = int(round(fps))
scene.render.fps_base = round(fps) / fps
bpy.ops.import_scene.gltf(filepath=path)
meshes = json.load(open(weights_path))
scene.frame_start = first
scene.frame_end = last
scene.frame_set(first)
depsgraph = bpy.context.evaluated_depsgraph_get()
simulated = []
for o in scene.objects:
    if o.type != 'MESH' or o.name not in meshes:
        continue
    entry = meshes[o.name]
    # Goal per Blender vertex: the weight of the nearest rest point (glTF axes -> Blender's: x, -z, y).
    tree = kdtree.KDTree(len(entry['rest']) // 3)
    for i in range(len(entry['rest']) // 3):
        x, y, z = entry['rest'][3 * i], entry['rest'][3 * i + 1], entry['rest'][3 * i + 2]
        tree.insert((x, -z, y), i)
    tree.balance()
    group = o.vertex_groups.new(name='overlap_goal')
    mw = o.matrix_world
    for v in o.data.vertices:
        co, index, dist = tree.find(mw @ v.co)
        group.add([v.index], 1.0 - entry['weights'][index], 'REPLACE')
    modifier = o.modifiers.new(name='Softbody', type='SOFT_BODY')
    settings = modifier.settings
    settings.use_goal = True
    settings.vertex_group_goal = 'overlap_goal'
    settings.goal_default = 1.0
    settings.goal_min = 0.0
    settings.goal_max = 1.0
    settings.effector_weights.gravity = 0.0
    modifier.point_cache.frame_start = first
    modifier.point_cache.frame_end = last
    simulated.append((o.name, len(o.data.vertices)))
scene.use_gravity = False
start = time.process_time()
wall = time.perf_counter()
for f in range(first, last + 1):
    scene.frame_set(f)
    depsgraph = bpy.context.evaluated_depsgraph_get()
    for name, _ in simulated:
        evaluated = bpy.data.objects[name].evaluated_get(depsgraph)
        evaluated.to_mesh()
        evaluated.to_mesh_clear()
seconds = time.process_time() - start
json.dump({'cpuSeconds': seconds, 'wallSeconds': time.perf_counter() - wall, 'frames': last - first + 1, 'objects': simulated}, open(out, 'w'))
`;

/** What Blender's soft body cost on the bench's bake. */
export interface BlenderSoftBody {
  /** CPU seconds of the frame loop (the soft body's simulation and the armature's deformation, import excluded) */
  cpuSeconds: number;
  wallSeconds: number;
  frames: number;
  /** the objects simulated and their vertex counts */
  objects: Array<[string, number]>;
  /** the whole process's CPU seconds (user + system, import and Python start included) */
  processCpuSeconds: number;
}

/** Whether `blender` runs (the baseline is skipped, saying so, without it). */
export const blenderOnPath = spawnSync('blender', ['--version'], { encoding: 'utf8' }).status === 0;

/**
 * Runs Blender's soft body on a glTF file.
 *
 * @param glb      the input file's bytes
 * @param fps      frame rate
 * @param first    first frame
 * @param last     last frame
 * @param meshes   per mesh object (by node name): its welded rest positions (glTF axes, world) and weights
 * @returns the timings
 */
export function blenderSoftBody(
  glb: Uint8Array,
  fps: number,
  first: number,
  last: number,
  meshes: Record<string, { rest: ArrayLike<number>; weights: ArrayLike<number> }>,
): BlenderSoftBody {
  const folder = mkdtempSync(join(tmpdir(), 'overlap-blender-softbody-'));
  try {
    const input = join(folder, 'input.glb');
    const script = join(folder, 'softbody.py');
    const weights = join(folder, 'weights.json');
    const out = join(folder, 'out.json');
    writeFileSync(input, glb);
    writeFileSync(script, SCRIPT);
    writeFileSync(
      weights,
      JSON.stringify(Object.fromEntries(Object.entries(meshes).map(([name, m]) => [name, { rest: Array.from(m.rest), weights: Array.from(m.weights) }]))),
    );
    const run = spawnSync(
      'bash',
      [
        '-c',
        `TIMEFORMAT='%U %S'; time blender -b --factory-startup --python '${script}' -- '${input}' ${fps} ${first} ${last} '${weights}' '${out}' > /dev/null`,
      ],
      { encoding: 'utf8', timeout: 1_800_000 },
    );
    if (run.status !== 0) throw new Error(`blender failed (${run.status}): ${run.stderr.slice(-2000)}`);
    const [user, system] = run.stderr.trim().split(/\s+/).slice(-2).map(Number);
    const result = JSON.parse(readFileSync(out, 'utf8')) as Omit<BlenderSoftBody, 'processCpuSeconds'>;
    return { ...result, processCpuSeconds: user + system };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
