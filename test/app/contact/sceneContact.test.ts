// The scene format's contact field (docs/scene-format.md): a cloth dropped on a sphere collider and a floor plane never
// passes through either (the exact checker every frame), an animated collider moves frame by frame, and bad fields
// are named.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sceneContact } from '../../../app/contact/index.ts';
import { intersectionChecker } from '../../../app/intersection/index.ts';
import { step, vbdSceneFromJson } from '../../../app/solvers/vbd/index.ts';

const fixture = JSON.parse(readFileSync(new URL('../../fixtures/scenes/cloth-on-sphere.json', import.meta.url), 'utf8')) as Record<string, unknown> & {
  contact: { colliders: Array<{ vertices: number[][]; triangles: number[][] }> };
};

describe('sceneContact', () => {
  it('cloth-on-sphere.json: no frame where the cloth crosses the sphere, itself or the floor', () => {
    const scene = vbdSceneFromJson(fixture);
    const { contact, setFrame } = sceneContact(scene.contact, scene.model, scene.timeStep / scene.controls.substeps!);
    const sphere = fixture.contact.colliders[0];
    const spherePositions = sphere.vertices.flat();
    const checker = intersectionChecker([
      { name: 'cloth', triangles: scene.model.triangleVertices, vertexCount: scene.model.vertexCount },
      { name: 'sphere', triangles: sphere.triangles.flat(), vertexCount: sphere.vertices.length },
    ]);
    for (let frame = 1; frame <= 30; frame++) {
      setFrame(frame);
      step(scene.model, scene.state, scene.state, { ...scene.controls, contact }, scene.timeStep);
      expect(checker.check([scene.state.positions, spherePositions]).total, `frame ${frame}: intersections`).toBe(0);
      for (let v = 0; v < scene.model.vertexCount; v++)
        expect(scene.state.positions[3 * v + 1], `frame ${frame}: vertex ${v} above the floor`).toBeGreaterThan(-0.2);
    }
    expect(contact.stats.contacts, 'contacts found').toBeGreaterThan(0);
  });

  it('an animated collider takes its poses frame by frame', () => {
    const scene = vbdSceneFromJson(fixture);
    const box = {
      vertices: [
        [0, 0, 0],
        [1, 0, 0],
        [0, 1, 0],
      ],
      triangles: [[0, 1, 2]],
      animation: [
        [
          [0, 0, 0],
          [1, 0, 0],
          [0, 1, 0],
        ],
        [
          [0, 0, 1],
          [1, 0, 1],
          [0, 1, 1],
        ],
      ],
    };
    const { contact, setFrame } = sceneContact({ colliders: [box] }, scene.model, 0.01);
    setFrame(1);
    contact.beginSubstep(
      Float64Array.from(scene.state.positions),
      Float64Array.from(scene.state.positions),
      0.01,
      1,
      new Uint8Array(scene.model.vertexCount),
      scene.model.restPositions,
      scene.model.restPositions,
    );
    expect(Array.from(contact.data.obstacleStartPositions.subarray(0, 3)), 'pose 0 at the start').toEqual([0, 0, 0]);
    expect(Array.from(contact.data.obstaclePositions.subarray(0, 3)), 'pose 1 at the end').toEqual([0, 0, 1]);
  });

  it('names what is wrong in a contact field', () => {
    const scene = vbdSceneFromJson(fixture);
    const bad = (json: unknown) => () => sceneContact(json, scene.model, 0.01);
    expect(bad({ radius: -1 }), 'negative radius').toThrow(/"contact.radius" must be a positive number/);
    expect(bad({ bounce: 1 }), 'unknown field').toThrow(/unknown field "contact.bounce"/);
    expect(bad({ planes: [[0, 0, 0, 1]] }), 'zero normal').toThrow(/"contact.planes\[0\]" has a zero normal/);
    expect(bad({ colliders: [{ vertices: [[0, 0, 0]], triangles: [[0, 1, 2]] }] }), 'bad index').toThrow(
      /"contact.colliders\[0\].triangles\[0\]" uses vertex 1, but there are 1 vertices/,
    );
  });
});
