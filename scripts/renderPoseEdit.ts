/**
 * The Pose tool's result as an animator would look at it: the layered test character (test/helpers/testCharacter.ts,
 * gear on) loaded in the engine worker's core, its left arm with the shoulder pad raised 25 cm in drag events and
 * released, exactly as the app sends the requests; the released positions written as an OBJ, then rendered front on
 * by Blender 3.4 (workbench, studio light) next to the input, so a piece nobody grabbed that moved (a pad off its
 * shoulder, a plate, the eyes) or a torn arm shows at a glance. Writes OUT-input.png and OUT-released.png (and the OBJs).
 *
 *   node --import tsx scripts/renderPoseEdit.ts OUT [--level 2|3] [--self] [--reduced] [--events 10]
 *
 * --reduced asks for the subspace (reducedFrom 0); the tool itself drags in full space at every size.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createEngineWorkerCore } from '../renderer/workers/engineWorkerCore.ts';
import type { EngineResponse } from '../renderer/workers/protocol.ts';
import { arapBeginRequest } from '../test/helpers/arapBeginRequest.ts';
import { critterAtRest } from '../test/helpers/critterAtRest.ts';
import { layeredArmVertices, testCharacterGlb } from '../test/helpers/testCharacter.ts';

const args = process.argv.slice(2);
const out = args.find((a) => !a.startsWith('--') && !/^\d+$/.test(a));
if (!out) throw new Error('usage: renderPoseEdit.ts OUT [--level 2|3] [--self] [--reduced] [--events N]');
const option = (name: string, fallback: number): number => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const level = option('--level', 2);
const events = option('--events', 10);
const self = args.includes('--self');
const reduced = args.includes('--reduced');

const bytes = await testCharacterGlb({ gear: true, subdivisions: level });
const { input, topology } = await critterAtRest(bytes, 'layered.glb');
const selected = layeredArmVertices(input);
const messages: EngineResponse[] = [];
const core = createEngineWorkerCore((message) => messages.push(message));
await core.handle({ kind: 'load', document: { documentId: 1, fileName: 'layered.glb', bytes, resources: {} } });
await core.handle(arapBeginRequest('Critter', selected, { contact: self ? { self: true } : {}, ...(reduced ? { reducedFrom: 0 } : {}) }));
const lift = [-0.025, 0.25, 0.05];
for (let k = 1; k <= events; k++)
  await core.handle({ kind: 'arapDrag', id: 1 + k, translation: [(lift[0] * k) / events, (lift[1] * k) / events, (lift[2] * k) / events] });
await core.handle({ kind: 'arapEnd', id: 100, translation: [lift[0], lift[1], lift[2]] });
const end = messages.at(-1)!;
if (end.kind !== 'arapEnded') throw new Error(`release answered ${JSON.stringify(end).slice(0, 200)}`);

const obj = (positions: ArrayLike<number>): string => {
  const lines: string[] = [];
  for (let v = 0; v < positions.length / 3; v++) lines.push(`v ${positions[3 * v]} ${positions[3 * v + 1]} ${positions[3 * v + 2]}`);
  const T = topology.triangles;
  for (let t = 0; t < T.length; t += 3) lines.push(`f ${T[t] + 1} ${T[t + 1] + 1} ${T[t + 2] + 1}`);
  return lines.join('\n');
};
// Blender's glTF-free path: an OBJ per pose, imported Y-up, the camera 3.2 m in front at 0.9 m.
const blender = `
import bpy, sys, mathutils
src, png = sys.argv[sys.argv.index('--') + 1:]
bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.ops.import_scene.obj(filepath=src, axis_forward='-Z', axis_up='Y')
bpy.ops.object.shade_flat()
scene = bpy.context.scene
scene.render.engine = 'BLENDER_WORKBENCH'
scene.display.shading.light = 'STUDIO'
scene.display.shading.show_cavity = True
scene.render.resolution_x = scene.render.resolution_y = 700
camera = bpy.data.objects.new('camera', bpy.data.cameras.new('camera'))
scene.collection.objects.link(camera)
scene.camera = camera
target = mathutils.Vector((0.0, 0.0, 0.9))
camera.location = target + mathutils.Vector((0.0, -3.2, 0.4))
camera.rotation_euler = (target - camera.location).to_track_quat('-Z', 'Y').to_euler()
scene.render.filepath = png
bpy.ops.render.render(write_still=True)
`;
writeFileSync(`${out}-render.py`, blender);
for (const [name, positions] of [
  ['input', input],
  ['released', end.positions],
] as const) {
  writeFileSync(`${out}-${name}.obj`, obj(positions));
  execFileSync(
    'blender',
    [
      '-b',
      '--factory-startup',
      '--python-expr',
      'import numpy; numpy.bool = bool',
      '--python',
      `${out}-render.py`,
      '--',
      `${out}-${name}.obj`,
      `${out}-${name}.png`,
    ],
    {
      stdio: 'ignore',
    },
  );
}
console.log(`renderPoseEdit: ${out}-input.png, ${out}-released.png (reverted ${end.reverted}, intersections ${end.intersections})`);
