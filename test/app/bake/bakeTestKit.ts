// Shared checks of the bake tests: gltf-validator, three.js (test/helpers/threeGltf.ts) and Blender 3.4 as
// independent glTF clients, and the distances the done-when criteria are stated in.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { threeReference } from '../../helpers/threeGltf.ts';
import { validatorIssues } from '../../helpers/validatorIssues.ts';

export const dataFolder = new URL('../../../../shared/data/', import.meta.url).pathname;
export const samplePath = new URL('../../../assets/sample.glb', import.meta.url).pathname;

/** A fresh temporary folder for one test file. */
export function temporaryFolder(): string {
  return mkdtempSync(join(tmpdir(), 'overlap-bake-'));
}

/** gltf-validator's errors (severity 0), as readable lines. */
export const validatorErrors = (bytes: Uint8Array): Promise<string[]> => validatorIssues(bytes, 0);

export { maxDistance } from '../../helpers/maxDistance.ts';

/** Longest bounding-box diagonal of #V×3 positions (the embedding tests' diagonalOf). */
export { diagonalOf as diagonal } from '../embedding/helpers.ts';

/** three.js world positions of a node at each time of a clip (clip index into the file's animations). */
export async function threePositionsAt(path: string, clip: number, times: readonly number[], node: number): Promise<Float32Array[]> {
  const reference = await threeReference(path);
  return times.map((time) => {
    const entry = reference.evaluate(clip, time).get(node);
    if (!entry) throw new Error(`three.js: node ${node} has no triangle mesh in ${path}`);
    return Float32Array.from(entry.positions);
  });
}

/** The glTF index of the node named `name` that has a mesh (a cache replaces the mesh node by a new one). */
export async function meshNodeIndex(bytes: Uint8Array, name: string): Promise<number> {
  const document = await new NodeIO().registerExtensions(ALL_EXTENSIONS).readBinary(bytes);
  return document
    .getRoot()
    .listNodes()
    .findIndex((n) => n.getName() === name && n.getMesh() !== null);
}

const BLENDER_SCRIPT = `
import sys, json
import numpy
numpy.bool = bool
import bpy
args = sys.argv[sys.argv.index('--') + 1:]
path, fps, frames, out = args[0], float(args[1]), [int(x) for x in args[2].split(',')], args[3]
bpy.ops.wm.read_factory_settings(use_empty=True)
scene = bpy.context.scene
scene.render.fps = int(round(fps))
scene.render.fps_base = round(fps) / fps
bpy.ops.import_scene.gltf(filepath=path)
result = {}
for o in scene.objects:
    if o.type != 'MESH':
        continue
    entry = []
    for f in frames:
        scene.frame_set(f)
        ev = o.evaluated_get(bpy.context.evaluated_depsgraph_get())
        m = ev.to_mesh()
        mw = ev.matrix_world
        points = []
        for v in m.vertices:
            p = mw @ v.co
            # Blender is Z-up: its (x, y, z) is glTF's (x, -z, y).
            points.extend([p.x, p.z, -p.y])
        entry.append(points)
        ev.to_mesh_clear()
    result[o.name] = entry
json.dump(result, open(out, 'w'))
`;

/** Whether Blender is on PATH (the Blender checks skip, saying so, when it is not). */
export const blenderAvailable = spawnSync('blender', ['--version'], { encoding: 'utf8' }).status === 0;

/**
 * Blender 3.4's own glTF importer, headless: world positions (glTF axes) of every mesh object at the
 * given frames, the scene's frame rate set to `fps` first so frame f is the time f/fps.
 */
export function blenderPositionsAt(path: string, fps: number, frames: readonly number[]): Record<string, Float64Array[]> {
  const folder = temporaryFolder();
  const script = join(folder, 'positions.py');
  const out = join(folder, 'positions.json');
  writeFileSync(script, BLENDER_SCRIPT);
  const run = spawnSync('blender', ['-b', '--factory-startup', '--python', script, '--', path, String(fps), frames.join(','), out], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (run.status !== 0) throw new Error(`blender failed (${run.status}): ${run.stderr}\n${run.stdout.slice(-2000)}`);
  const json = JSON.parse(readFileSync(out, 'utf8')) as Record<string, number[][]>;
  rmSync(folder, { recursive: true, force: true });
  return Object.fromEntries(Object.entries(json).map(([name, list]) => [name, list.map((p) => Float64Array.from(p))]));
}
