// A bake that stops and resumes from a checkpoint (app/bake bakeCheckpoint.ts) writes the bytes of a bake that never
// stopped: the sample and Fox, CPU, with the default model (adaptive iterations, equilibrium, driver core), a
// checkpoint every 4 frames, resumed from one taken mid-way and from the one written when the bake is cancelled; and
// the bakes with state beyond the simulation's: gear, self-contact, repair.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bake, BakeCheckpointError, BakeError, type BakeCheckpoint, type BakeOptions } from '../../../app/bake/index.ts';
import { readGltf } from '../../../app/io/index.ts';
import { deserialize, serialize } from 'node:v8';
import { testCharacterGlb } from '../../helpers/testCharacter.ts';
import { dataFolder, samplePath } from './bakeTestKit.ts';

const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

describe('bake checkpoints', () => {
  const cases: Array<[string, string, BakeOptions]> = [
    ['the sample (Bounce 0:20, pre-roll 3)', samplePath, { clip: 'Bounce', frames: [0, 20], preroll: 3, meshes: [{ mesh: 'Blob', latticeResolution: 8 }] }],
    [
      'Fox at real size (Walk, weight layer and limits from a project would ride along; defaults here)',
      join(dataFolder, 'Fox.glb'),
      { clip: 'Walk', frames: [0, 12], metersPerUnit: 0.01 },
    ],
  ];
  for (const [label, path, options] of cases) {
    it(`${label}: resumed from a mid-bake checkpoint, the output is byte for byte the uninterrupted bake`, async () => {
      const scene = await readGltf(new Uint8Array(readFileSync(path)), { fileName: path });
      const whole = await bake(scene, options);
      const saved: BakeCheckpoint[] = [];
      const again = await bake(scene, { ...options, checkpoint: { every: 4, save: (c) => void saved.push(structuredClone(c)) } });
      expect(same(again.bytes, whole.bytes), 'checkpointing does not change the bake').toBe(true);
      expect(saved.length, 'checkpoints every 4 frames').toBeGreaterThanOrEqual(3);
      const middle = saved[Math.floor(saved.length / 2)];
      const resumed = await bake(scene, { ...options, resume: middle });
      expect(same(resumed.bytes, whole.bytes), `resumed at frame index ${middle.next}: same bytes`).toBe(true);
    });
  }

  // Contact, repair and gear carry state from frame to frame (issue 33 item 8): the contact's warm rotations and the
  // final check's hold, the repair's last repaired frame and the frames it repaired, the gear's swing. Their caches
  // (box trees, the search's lists, the exact input checks) are not saved: their answers do not depend on them.
  const stateful: Array<[string, () => Promise<Uint8Array>, BakeOptions]> = [
    ['the layered character (Walk 0:12, gear swinging on its belt)', () => testCharacterGlb({ gear: true }), { clip: 'Walk', frames: [0, 12] }],
    ['the layered character with self-contact (Jump 0:12)', () => testCharacterGlb({ gear: true }), { clip: 'Jump', frames: [0, 12], selfContact: true }],
    [
      'the sample with self-contact and --repair (Bounce 0:10)',
      async () => new Uint8Array(readFileSync(samplePath)),
      { clip: 'Bounce', frames: [0, 10], selfContact: true, repair: true, meshes: [{ mesh: 'Blob', latticeResolution: 6 }] },
    ],
  ];
  for (const [label, bytesOf, options] of stateful) {
    it(`${label}: resumed from a mid-bake checkpoint, the output is byte for byte the uninterrupted bake`, async () => {
      const scene = await readGltf(await bytesOf(), { fileName: 'input.glb' });
      const whole = await bake(scene, options);
      const saved: BakeCheckpoint[] = [];
      const again = await bake(scene, { ...options, checkpoint: { every: 4, save: (c) => void saved.push(structuredClone(c)) } });
      expect(same(again.bytes, whole.bytes), 'checkpointing does not change the bake').toBe(true);
      const middle = saved[Math.floor(saved.length / 2)];
      expect(middle.next, 'a checkpoint after some baked frames').toBeGreaterThan(0);
      // Through the file format: node:v8 serialize, as --checkpoint writes it.
      const resumed = await bake(scene, { ...options, resume: deserialize(serialize(middle)) as BakeCheckpoint });
      expect(same(resumed.bytes, whole.bytes), `resumed at frame index ${middle.next}: same bytes`).toBe(true);
      const strip = (report: unknown) => JSON.stringify(report, (key, value) => (/seconds|Seconds|timings|pooledChecks/.test(key) ? undefined : value));
      expect(strip(resumed.report), 'the same report (timings aside)').toBe(strip(whole.report));
    }, 600_000);
  }

  it('a cancelled bake saves the last completed frame, and resuming from it gives the same bytes', async () => {
    const scene = await readGltf(new Uint8Array(readFileSync(samplePath)), { fileName: 'sample.glb' });
    const options: BakeOptions = { clip: 'Bounce', frames: [0, 16], meshes: [{ mesh: 'Blob', latticeResolution: 8 }] };
    const whole = await bake(scene, options);
    const controller = new AbortController();
    let last: BakeCheckpoint | null = null;
    const cancelled = await bake(scene, {
      ...options,
      signal: controller.signal,
      checkpoint: { every: 100, save: (c) => void (last = structuredClone(c)) },
      onProgress: (p) => {
        if (p.stage === 'simulation' && p.frame === 7) controller.abort();
      },
    }).then(
      () => null,
      (error: unknown) => error,
    );
    expect((cancelled as Error)?.name, 'the bake was cancelled').toBe('AbortError');
    expect(last, 'a checkpoint was written on the way out').not.toBeNull();
    expect(last!.next, 'at the frame after the last completed one').toBe(7);
    const resumed = await bake(scene, { ...options, resume: last! });
    expect(same(resumed.bytes, whole.bytes), 'same bytes').toBe(true);
  });

  it('a checkpoint of another bake is refused, not resumed', async () => {
    const scene = await readGltf(new Uint8Array(readFileSync(samplePath)), { fileName: 'sample.glb' });
    const saved: BakeCheckpoint[] = [];
    await bake(scene, {
      clip: 'Bounce',
      frames: [0, 8],
      meshes: [{ mesh: 'Blob', latticeResolution: 6 }],
      checkpoint: { every: 4, save: (c) => void saved.push(structuredClone(c)) },
    });
    const other = bake(scene, { clip: 'Bounce', frames: [0, 8], preset: 'jelly', meshes: [{ mesh: 'Blob', latticeResolution: 6 }], resume: saved[0] });
    await expect(other, 'other settings').rejects.toThrow(BakeError);
    await expect(other, 'says why').rejects.toThrow(/belongs to another bake/);
  });
});

// A checkpoint is untrusted input (issue 35, item 2): with its fingerprint kept (it is stored in the file), an edited
// checkpoint gave exit 0 with garbage (a zero-filled tail, positions at 1e30) or an internal error (`offset is out of
// bounds`, `Cannot read properties of null`): Object.assign(job, saved.sums) let the file set any field of the state.
describe('a checkpoint is checked field by field against the bake it resumes', () => {
  const options: BakeOptions = { clip: 'Bounce', frames: [0, 8], preroll: 2, meshes: [{ mesh: 'Blob', latticeResolution: 6 }] };
  type Edit = (c: BakeCheckpoint & Record<string, unknown>) => void;
  const mesh = (c: BakeCheckpoint) => c.meshes[0] as BakeCheckpoint['meshes'][number] & Record<string, unknown>;
  const edits: Array<[string, Edit, RegExp]> = [
    ['next far past the bake', (c) => void (c.next = 1e9), /^next$/],
    ['next not whole', (c) => void (c.next = 2.5), /^next$/],
    ['next as text', (c) => void ((c as Record<string, unknown>).next = '3'), /^next$/],
    ['no meshes', (c) => void (c.meshes = []), /^meshes$/],
    ['a null mesh', (c) => void ((c.meshes as unknown[])[0] = null), /^meshes\[0\]$/],
    ['another mesh name', (c) => void (mesh(c).name = 'Body'), /^meshes\[0\]\.name$/],
    ['baked positions cut short (a zero-filled tail)', (c) => void (mesh(c).positions = mesh(c).positions.slice(0, 30)), /^meshes\[0\]\.positions$/],
    ['baked positions at 1e30', (c) => void mesh(c).positions.fill(1e30, 0, 3), /^meshes\[0\]\.positions \(baked frame index 0\)$/],
    ['a NaN baked position', (c) => void (mesh(c).positions[4] = Number.NaN), /^meshes\[0\]\.positions \(baked frame index 0\)$/],
    ['a frame filled after next', (c) => void (mesh(c).positions[mesh(c).positions.length - 1] = 0.5), /^meshes\[0\]\.positions$/],
    [
      'positions of the wrong type',
      (c) => void (mesh(c).positions = new Float64Array(mesh(c).positions) as unknown as Float32Array),
      /^meshes\[0\]\.positions$/,
    ],
    ['the simulation null', (c) => void (mesh(c).simulation = null as never), /^meshes\[0\]\.simulation$/],
    ['a lattice vertex at 1e30', (c) => void (mesh(c).simulation.positions[0] = 1e30), /^meshes\[0\]\.simulation\.positions$/],
    [
      'lattice positions cut short',
      (c) => void (mesh(c).simulation.positions = mesh(c).simulation.positions.subarray(3)),
      /^meshes\[0\]\.simulation\.positions$/,
    ],
    ['a velocity at 1e30', (c) => void (mesh(c).simulation.velocities[7] = 1e30), /^meshes\[0\]\.simulation\.velocities$/],
    ['no fitted targets', (c) => void delete mesh(c).simulation.targets, /^meshes\[0\]\.simulation\.targets$/],
    ['a zero rotation', (c) => void mesh(c).simulation.quaternions!.fill(0, 0, 4), /^meshes\[0\]\.simulation\.quaternions$/],
    [
      'the warm start as text',
      (c) => void ((mesh(c).simulation as unknown as Record<string, unknown>).fitterColdStart = 'no'),
      /^meshes\[0\]\.simulation\.fitterColdStart$/,
    ],
    ['previous input at 1e30', (c) => void (mesh(c).previousInput[0] = 1e30), /^meshes\[0\]\.previousInput$/],
    ['the input box inside out', (c) => void (mesh(c).inputMin[1] = mesh(c).inputMax[1] + 1e-3), /^meshes\[0\]\.inputMin$/],
    ['negative iterations', (c) => void (mesh(c).stats.iterations = -1), /^meshes\[0\]\.stats\.iterations$/],
    ['another lattice size', (c) => void (mesh(c).stats.vertexCount += 1), /^meshes\[0\]\.stats\.vertexCount$/],
    ['a NaN residual', (c) => void (mesh(c).stats.residualMax = Number.NaN), /^meshes\[0\]\.stats\.residualMax$/],
    ['contact statistics', (c) => void ((mesh(c).stats as unknown as Record<string, unknown>).contact = {}), /^meshes\[0\]\.stats\.contact$/],
    ['a mean that is not its sums', (c) => void (mesh(c).stats.residualMean *= 2), /^meshes\[0\]\.stats\.residualMean$/],
    ['sums null', (c) => void (mesh(c).sums = null as never), /^meshes\[0\]\.sums$/],
    ['a negative count', (c) => void (mesh(c).sums.residualCount = -3), /^meshes\[0\]\.sums\.residualCount$/],
  ];

  it(`refuses ${edits.length} edits with a BakeCheckpointError naming the field, before any frame is simulated`, async () => {
    const scene = await readGltf(new Uint8Array(readFileSync(samplePath)), { fileName: 'sample.glb' });
    const saved: BakeCheckpoint[] = [];
    await bake(scene, { ...options, checkpoint: { every: 5, save: (c) => void saved.push(structuredClone(c)) } });
    const original = saved[0];
    expect(original.next, 'a checkpoint after the pre-roll and a few baked frames').toBeGreaterThan(0);
    for (const [label, edit, field] of edits) {
      const tampered = structuredClone(original) as BakeCheckpoint & Record<string, unknown>;
      edit(tampered);
      let frames = 0;
      const error = await bake(scene, { ...options, resume: tampered, onProgress: (p) => void (p.stage === 'simulation' && frames++) }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, `${label}: refused`).toBeInstanceOf(BakeCheckpointError);
      expect((error as BakeCheckpointError).field, `${label}: names the field`).toMatch(field);
      expect((error as Error).message, `${label}: says it is not this bake's`).toMatch(/it was not written by this bake/);
      expect(frames, `${label}: refused before simulating`).toBe(0);
    }
  }, 240_000);

  it('with contact and repair: refuses edits of their state and statistics, naming the field', async () => {
    const scene = await readGltf(new Uint8Array(readFileSync(samplePath)), { fileName: 'sample.glb' });
    const contactOptions: BakeOptions = { ...options, selfContact: true, repair: true };
    const saved: BakeCheckpoint[] = [];
    await bake(scene, { ...contactOptions, checkpoint: { every: 5, save: (c) => void saved.push(structuredClone(c)) } });
    const original = saved[0];
    const contactEdits: Array<[string, Edit, RegExp]> = [
      ['no contact state', (c) => void delete mesh(c).contact, /^meshes\[0\]\.contact$/],
      ['a hold share above 1', (c) => void (mesh(c).contact!.held[0] = 2), /^meshes\[0\]\.contact\.held$/],
      ['a zero warm rotation', (c) => void mesh(c).contact!.quaternions.fill(0, 0, 4), /^meshes\[0\]\.contact\.quaternions$/],
      ['a per-frame list cut short', (c) => void mesh(c).stats.contact!.newRegions.pop(), /^meshes\[0\]\.stats\.contact\.newRegions$/],
      ['a negative count', (c) => void (mesh(c).stats.contact!.framesCorrected = -1), /^meshes\[0\]\.stats\.contact\.framesCorrected$/],
      ['the repair’s start at 1e30', (c) => void (mesh(c).repair!.safe[0] = 1e30), /^meshes\[0\]\.repair\.safe$/],
      ['a repaired frame missing its surface', (c) => void mesh(c).repair!.repaired.pop(), /^meshes\[0\]\.repair\.repaired$/],
      ['repair statistics as text', (c) => void ((mesh(c).stats as unknown as Record<string, unknown>).repair = 'none'), /^meshes\[0\]\.stats\.repair$/],
    ];
    for (const [label, edit, field] of contactEdits) {
      const tampered = structuredClone(original) as BakeCheckpoint & Record<string, unknown>;
      edit(tampered);
      const error = await bake(scene, { ...contactOptions, resume: tampered }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, `${label}: refused`).toBeInstanceOf(BakeCheckpointError);
      expect((error as BakeCheckpointError).field, `${label}: names the field`).toMatch(field);
    }
  }, 240_000);

  it('fields the file adds are not copied into the state: the resumed bake writes the uninterrupted bytes', async () => {
    const scene = await readGltf(new Uint8Array(readFileSync(samplePath)), { fileName: 'sample.glb' });
    const whole = await bake(scene, options);
    const saved: BakeCheckpoint[] = [];
    await bake(scene, { ...options, checkpoint: { every: 5, save: (c) => void saved.push(structuredClone(c)) } });
    const tampered = structuredClone(saved[0]);
    // What Object.assign(job, saved.sums) would have set on the session's job: its mesh index, its frame, its weights.
    Object.assign(tampered.meshes[0].sums, { meshIndex: 7, frame: 99, weights: null, residualSum: tampered.meshes[0].sums.residualSum });
    Object.assign(tampered.meshes[0], { extra: new Float64Array(3) });
    Object.assign(tampered.meshes[0].stats, { junk: 'x' });
    const resumed = await bake(scene, { ...options, resume: tampered });
    expect(same(resumed.bytes, whole.bytes), 'the same bytes as the bake that never stopped').toBe(true);
    expect(JSON.stringify(resumed.report), 'nothing the file added reaches the report').not.toMatch(/junk|"extra"/);
  }, 120_000);
});
