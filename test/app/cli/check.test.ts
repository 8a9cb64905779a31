// `overlap check` through the real binary: the JSON report against the library on the same frames, the text summary,
// and usage errors as `overlap: FILE: problem`, exit 2.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readGltf } from '../../../app/io/index.ts';
import { sceneIntersections } from '../../../app/intersection/index.ts';

const bin = fileURLToPath(new URL('../../../bin/overlap.mjs', import.meta.url));
const dataFolder = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 60_000 });

describe('overlap check', () => {
  it('reports Fox.glb Walk frame by frame as the library counts it, with the triangles that take part', async () => {
    const path = join(dataFolder, 'Fox.glb');
    const result = run('check', path, '--clip', 'Walk', '--frames', '0:5', '--fps', '24', '--json');
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(
      report.frames.map((f: { frame: number }) => f.frame),
      'frames 0..5',
    ).toEqual([0, 1, 2, 3, 4, 5]);
    const scene = await readGltf(readFileSync(path), { fileName: 'Fox.glb' });
    const expected = sceneIntersections(
      scene,
      scene.clips.findIndex((c) => c.name === 'Walk'),
      [0, 1, 2, 3, 4, 5],
      24,
    );
    expect(
      report.frames.map((f: { total: number }) => f.total),
      'per-frame totals',
    ).toEqual(expected.map((e) => e.total));
    for (const frame of report.frames) {
      const flagged = frame.self[0].triangles.length;
      expect(flagged > 0, `frame ${frame.frame}: triangles listed exactly when there are intersections`).toBe(frame.total > 0);
    }
    expect(report.summary.total, 'summary').toBe(expected.reduce((s, e) => s + e.total, 0));
  });

  it('checks the rest pose without --clip and prints a summary line', () => {
    const result = run('check', join(dataFolder, 'Fox.glb'));
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout, 'one frame, clean').toMatch(/frame 0 \(t 0\.000 s\): 0 intersections/);
    expect(result.stdout, 'summary').toMatch(/0 of 1 frames intersect/);
  });

  it('refuses an unknown clip and --frames without --clip, naming the problem, exit 2', () => {
    const path = join(dataFolder, 'Fox.glb');
    const clip = run('check', path, '--clip', 'Dance');
    expect(clip.status, 'exit code').toBe(2);
    expect(clip.stderr, 'names the file and the clips').toMatch(/Fox\.glb: no clip named "Dance" \(clips: "Survey", "Walk", "Run"\)/);
    const frames = run('check', path, '--frames', '0:3');
    expect(frames.status, 'exit code').toBe(2);
    expect(frames.stderr, 'says --clip is needed').toMatch(/--frames and --fps need --clip/);
  });
});

describe('overlap check --against', () => {
  it('counts the new intersection regions of a file against its input: none for the input itself, a visor pushed into the face is new', async () => {
    const { NodeIO } = await import('@gltf-transform/core');
    const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { testCharacterGlb } = await import('../../helpers/testCharacter.ts');
    const folder = mkdtempSync(join(tmpdir(), 'overlap-against-'));
    try {
      const bytes = await testCharacterGlb({ gear: true });
      const input = join(folder, 'in.glb');
      writeFileSync(input, bytes);
      // The visor's vertices 4 cm down and 2 cm back: into the brow, far from where it touched the head.
      const io = new NodeIO();
      const document = await io.readBinary(bytes);
      const visor = document
        .getRoot()
        .listMeshes()
        .find((mesh) => mesh.getName() === 'Visor')!;
      const positions = visor.listPrimitives()[0].getAttribute('POSITION')!;
      const moved = Float32Array.from(positions.getArray()!);
      for (let k = 0; k < moved.length; k += 3) {
        moved[k + 1] -= 0.04;
        moved[k + 2] -= 0.02;
      }
      positions.setArray(moved);
      const output = join(folder, 'out.glb');
      writeFileSync(output, await io.writeBinary(document));

      const same = run('check', input, '--against', input, '--json');
      expect(same.status, same.stderr).toBe(0);
      const sameReport = JSON.parse(same.stdout);
      expect(sameReport.rings, "the rule's rings").toBe(2);
      expect([sameReport.frames[0].newRegions, sameReport.frames[0].total], 'the input against itself: no new region, its own count').toEqual([
        0,
        sameReport.frames[0].inputTotal,
      ]);
      expect(sameReport.frames[0].total, 'the layered character intersects itself (gear)').toBeGreaterThan(1000);

      const pushed = run('check', output, '--against', input, '--json');
      expect(pushed.status, pushed.stderr).toBe(0);
      const frame = JSON.parse(pushed.stdout).frames[0];
      expect(frame.newRegions, 'the pushed visor makes new regions').toBeGreaterThan(0);
      // The visor is a narrow band whose every triangle lies within two rings of where it already cut the head: the
      // new triangles are the face's.
      const bodyEntry = frame.added.find((entry: { mesh: string }) => entry.mesh === 'Critter');
      expect(bodyEntry.triangles.length, 'new triangles on the face it cuts').toBeGreaterThan(0);
      expect(bodyEntry.regions, 'counted on the body').toBeGreaterThan(0);
      const text = run('check', output, '--against', input);
      expect(text.stdout, 'the text summary names them').toMatch(/1 of 1 frames have new intersection regions/);

      const other = run('check', join(dataFolder, 'Fox.glb'), '--against', input);
      expect(other.status, 'different meshes: a usage error').toBe(2);
      expect(other.stderr, 'names the file and the mesh').toMatch(/Fox\.glb: cannot be checked against .*: the output has no mesh named "Critter"/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
