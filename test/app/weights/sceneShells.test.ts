// sceneShells: one rule for separate shells within a mesh and for whole meshes. On the layered character the rings
// (belt, straps) and what is fastened to them (the buckle) are glued, the visor and eyes are glued to the head, the
// pouches, plates, pads, holster and pack are gear; the sample's arms are parts of its body; RobotExpressive's skinned
// hands are parts of its rig. A piece gets the same role whether it is its own mesh or a primitive of the body's mesh.
import { NodeIO, type Document } from '@gltf-transform/core';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readGltf, type ImportedScene } from '../../../app/io/index.ts';
import { sceneShells, type SceneShell } from '../../../app/weights/index.ts';
import { testCharacterDocument, TEST_CHARACTER_GEAR } from '../../helpers/testCharacter.ts';

const samplePath = new URL('../../../assets/sample.glb', import.meta.url).pathname;
const robotPath = new URL('../../../../shared/data/RobotExpressive.glb', import.meta.url).pathname;

const read = async (document: Document, name: string): Promise<ImportedScene> => readGltf(await new NodeIO().writeBinary(document), { fileName: name });

/** The shell of the scene that holds vertex `v` of mesh `mesh` (a component's first vertex, or any of a whole mesh). */
function shellOf(scene: ImportedScene, meshName: string, primitive = 0): SceneShell | undefined {
  const m = scene.meshes.findIndex((mesh) => mesh.name === meshName);
  const range = scene.meshes[m].primitives[primitive];
  const v = scene.meshes[m].topology.renderToSimulation[range.firstVertex];
  return sceneShells(scene).meshes[m].find((shell) => shell.vertices.includes(v));
}

describe('sceneShells', () => {
  it('the layered character: rings and what is fastened to them glued, head accessories glued, the rest gear', async () => {
    const scene = await read(testCharacterDocument({ gear: true }), 'layered.glb');
    const expected: Record<string, string> = {
      belt: 'glued',
      buckle: 'glued',
      'pouch.front.L': 'gear',
      'pouch.front.R': 'gear',
      'pouch.hip.L': 'gear',
      'pouch.back.R': 'gear',
      'plate.chest': 'gear',
      'plate.back': 'gear',
      'pad.L': 'gear',
      'pad.R': 'gear',
      'strap.chest': 'glued',
      'strap.thigh.R': 'glued',
      'holster.R': 'gear',
    };
    TEST_CHARACTER_GEAR.forEach((part, i) => {
      if (part.mesh !== 'Critter') return;
      const shell = shellOf(scene, 'Critter', i + 2);
      expect(shell?.role, `${part.name}: ${shell?.reason}`).toBe(expected[part.name]);
    });
    expect(shellOf(scene, 'Critter', 0), 'the body is no shell').toBeUndefined();
    expect(shellOf(scene, 'Critter', 1)?.role, 'the eyes').toBe('glued');
    expect(shellOf(scene, 'Visor')?.role, 'the visor mesh').toBe('glued');
    expect(shellOf(scene, 'Pack')?.role, 'the pack mesh').toBe('gear');
    expect(shellOf(scene, 'Critter', 2 + TEST_CHARACTER_GEAR.findIndex((p) => p.name === 'buckle'))?.reason, 'the buckle rides its belt').toMatch(
      /fastened to piece/,
    );
    const gear = sceneShells(scene)
      .meshes.flat()
      .filter((shell) => shell.role === 'gear');
    expect(
      gear.every((shell) => shell.host !== null && Math.hypot(...shell.restingNormal) > 0.99),
      'every piece of gear has a host and a surface it rests on',
    ).toBe(true);
  }, 30_000);

  it('classifies a piece the same as its own mesh or as a primitive of the body mesh (the visor, the pack)', async () => {
    const whole = await read(testCharacterDocument({ gear: true }), 'meshes.glb');
    const merged = testCharacterDocument({ gear: true });
    const root = merged.getRoot();
    const critter = root.listNodes().find((node) => node.getName() === 'Critter')!;
    for (const name of ['Visor', 'Pack']) {
      const node = root.listNodes().find((n) => n.getName() === name)!;
      for (const primitive of node.getMesh()!.listPrimitives()) critter.getMesh()!.addPrimitive(primitive);
      node.dispose();
    }
    const inMesh = await read(merged, 'merged.glb');
    const primitives = inMesh.meshes.find((mesh) => mesh.name === 'Critter')!.primitives.length;
    // The visor and the pack are now the last two primitives of "Critter".
    for (const [name, primitive] of [
      ['Visor', primitives - 2],
      ['Pack', primitives - 1],
    ] as const) {
      const own = shellOf(whole, name)!;
      const inside = shellOf(inMesh, 'Critter', primitive)!;
      expect(inside.role, `${name}: ${inside.reason} / as its own mesh: ${own.reason}`).toBe(own.role);
      expect(inside.reason.replace(/piece \d+|"[^"]+"/g, 'P'), `${name}: the same reason`).toBe(own.reason.replace(/piece \d+|"[^"]+"/g, 'P'));
    }
  }, 30_000);

  it('the sample: its arm shells are parts of its body, its ears and eyes glued to its head', async () => {
    const scene = await readGltf(new Uint8Array(readFileSync(samplePath)), { fileName: 'sample.glb' });
    const roles = sceneShells(scene).meshes[0].map((shell) => shell.role);
    expect(roles, 'arms, arms, ears, ears, eyes, eyes').toEqual(['part', 'part', 'glued', 'glued', 'glued', 'glued']);
  });

  it('RobotExpressive: its skinned hands are parts of its rig (its body is its node-driven rigid parts)', async () => {
    const scene = await readGltf(new Uint8Array(readFileSync(robotPath)), { fileName: 'RobotExpressive.glb' });
    const hands = sceneShells(scene).meshes.flatMap((shells, m) => (scene.meshes[m].skin ? shells : []));
    expect(hands.length, "the hands' pieces").toBeGreaterThan(0);
    expect(
      hands.every((shell) => shell.role === 'part'),
      hands.map((shell) => `${scene.meshes[shell.meshIndex].name}: ${shell.role}`).join(', '),
    ).toBe(true);
    const skinnedVertices = scene.meshes.reduce((n, mesh) => n + (mesh.skin ? mesh.topology.vertexCount : 0), 0);
    expect(
      hands.reduce((n, shell) => n + shell.vertices.length, 0),
      'every skinned vertex',
    ).toBe(skinnedVertices);
  });
});
