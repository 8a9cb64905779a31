// `overlap bake --resume` reads the checkpoint file as untrusted input (issue 35, item 2): an edited checkpoint whose
// fingerprint and input hash were kept (both are stored in the file) exits 2 naming the file and the field, where it
// gave exit 0 with garbage (a zero-filled tail, positions at 1e30 with only a large-motion warning) or exit 1.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import type { BakeCheckpoint } from '../../../app/bake/index.ts';
import { runCli } from '../../helpers/runCli.ts';
import { scratchFolder } from '../../helpers/scratchFolder.ts';

const samplePath = new URL('../../../assets/sample.glb', import.meta.url).pathname;

describe('overlap bake --resume with an edited checkpoint', () => {
  const { folder } = scratchFolder('overlap-checkpoint-file-');
  const checkpoints = join(folder, 'checkpoints');
  const file = join(checkpoints, 'overlap-bake.checkpoint');
  const args = ['--clip', 'Bounce', '--frames', '0:30', '--set', 'meshes.Blob.latticeResolution=6', '--no-progress', '--checkpoint', checkpoints];

  it('exits 2 naming the checkpoint and the field for each edit the issue made, and writes nothing', async () => {
    // A real checkpoint: the CLI stopped by SIGTERM (delivered to its handler in this process) after its first save.
    const stopper = setInterval(() => {
      if (existsSync(file)) {
        clearInterval(stopper);
        process.emit('SIGTERM', 'SIGTERM');
      }
    }, 20);
    const stopped = await runCli('bake', samplePath, ...args, '--checkpoint-every', '2', '--out', join(folder, 'stopped.glb'));
    clearInterval(stopper);
    expect(stopped.status, stopped.stderr).toBe(4);
    const original = readFileSync(file);
    const content = deserialize(original) as { inputHash: string; checkpoint: BakeCheckpoint };
    expect(content.checkpoint.next, 'a checkpoint with baked frames').toBeGreaterThan(0);
    const edits: Array<[string, (c: BakeCheckpoint) => void, string]> = [
      ['a zero-filled tail', (c) => void (c.meshes[0].positions = c.meshes[0].positions.slice(0, 99)), 'meshes[0].positions'],
      ['positions at 1e30', (c) => void c.meshes[0].positions.fill(1e30), 'meshes[0].positions (baked frame index 0)'],
      ['a null simulation', (c) => void ((c.meshes[0] as unknown as Record<string, unknown>).simulation = null), 'meshes[0].simulation'],
      [
        'sums that name other fields of the state',
        (c) => void ((c.meshes[0] as unknown as Record<string, unknown>).sums = { meshIndex: 1e9 }),
        'meshes[0].sums.residualSum',
      ],
      [
        'a lattice cut short (offset is out of bounds)',
        (c) => void (c.meshes[0].simulation.velocities = c.meshes[0].simulation.velocities.subarray(6)),
        'meshes[0].simulation.velocities',
      ],
    ];
    const out = join(folder, 'resumed.glb');
    for (const [label, edit, field] of edits) {
      const tampered = structuredClone(content);
      edit(tampered.checkpoint);
      writeFileSync(file, serialize(tampered));
      const result = await runCli('bake', samplePath, ...args, '--resume', '--out', out);
      expect(result.status, `${label}: exit 2 (${result.stderr})`).toBe(2);
      expect(result.stderr, `${label}: names the checkpoint and the field`).toContain(`overlap: ${file}: the checkpoint's ${field} `);
      expect(result.stderr, `${label}: no internal error`).not.toMatch(/internal error/);
      expect(existsSync(out), `${label}: nothing written`).toBe(false);
    }
    // The untouched checkpoint still resumes.
    writeFileSync(file, original);
    const resumed = await runCli('bake', samplePath, ...args, '--resume', '--out', out);
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(resumed.stderr, 'resumed').toMatch(/resumed from the checkpoint at frame index/);
  }, 240_000);
});
