import { describe, expect, it } from 'vitest';
import { ogcContactOf } from '../../../../app/contact/index.ts';
import { timedVbdContact } from '../../../../app/contact/bake/timedVbdContact.ts';
import type { BakeContactStats } from '../../../../app/contact/bake/types.ts';
import { step, type VbdContact } from '../../../../app/solvers/vbd/index.ts';
import { clothGrid, clothScene, uvSphere } from '../scenes.ts';

describe('timedVbdContact: the OGC contact with its passes timed', () => {
  it("is an OgcContact by itself (the WebGPU step takes it without a side table), shares the contact's data, and steps exactly as the contact does", () => {
    const sphere = uvSphere(0.2, 8, 16, [0, 0, 0]);
    const h = 1 / 240;
    const run = (timed: boolean) => {
      const scene = clothScene(clothGrid(8, 0.6, 0.22), h, { obstacleVertexCount: sphere.positions.length / 3, obstacleTriangles: sphere.triangles });
      scene.contact.setFrame({ obstacleStart: sphere.positions, obstacleEnd: sphere.positions });
      const stats = { seconds: { proximity: 0 } } as BakeContactStats;
      const contact = timed ? timedVbdContact(scene.contact, stats) : scene.contact;
      for (let frame = 0; frame < 20; frame++)
        step(scene.model, scene.state, scene.state, { substeps: 4, iterations: 6, gravity: [0, -9.81, 0], contact }, 1 / 60);
      return { scene, contact, stats };
    };
    const plain = run(false);
    const timed = run(true);
    expect(ogcContactOf(timed.contact), 'the timed contact is recognised as an OgcContact').toBe(timed.contact);
    expect(ogcContactOf(timed.contact)?.options, "with the contact's own options").toBe(timed.scene.contact.options);
    expect(timed.contact.data, 'the same contact data, not a copy').toBe(timed.scene.contact.data);
    expect(timed.scene.contact.stats.contacts, 'the cloth reached the sphere').toBeGreaterThan(0);
    expect(timed.stats.seconds.proximity, 'the passes were timed').toBeGreaterThan(0);
    expect(Array.from(timed.scene.state.positions), 'timing changes nothing in the motion').toEqual(Array.from(plain.scene.state.positions));
  }, 15_000);

  it('a VbdContact that is not an OgcContact is not taken for one', () => {
    const foreign: VbdContact = { data: null as unknown as VbdContact['data'], beginSubstep() {}, endIteration() {} };
    expect(ogcContactOf(foreign), 'a foreign contact').toBeUndefined();
  });
});
