import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/runCli.ts';
import { scratchFolder } from '../../helpers/scratchFolder.ts';

const bin = new URL('../../../bin/overlap.mjs', import.meta.url).pathname;
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });

describe('overlap CLI', () => {
  it('--help lists every subcommand the product will have', () => {
    const help = execFileSync(process.execPath, [bin, '--help'], { encoding: 'utf8' });
    for (const command of ['inspect', 'eval', 'simulate', 'embed', 'arap', 'bake', 'check']) {
      expect(help, `help lists ${command}`).toMatch(new RegExp(`^\\s+${command}\\b`, 'm'));
    }
  });

  it('--version prints the package version', () => {
    const { version } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
    const result = run('--version');
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(version);
  });

  it('an unknown subcommand is a usage error with exit 2', () => {
    const result = run('frobnicate');
    expect(result.status, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/unknown command/);
  });
});

describe('the exit-code table', () => {
  const { folder } = scratchFolder('overlap-exit-');

  it('our equivalent of the Khronos validator’s invalid_array_elements.gltf, and null elements in every array, exit 2 without "internal error"', async () => {
    const files: Array<[string, unknown]> = [
      ['invalid_array_elements.gltf', { asset: { version: '2.0' }, samplers: ['sampler', null, 0, false], materials: ['material', null, 0, false] }],
      ['null-mesh.gltf', { asset: { version: '2.0' }, meshes: [null], nodes: [{ mesh: 0 }] }],
      ['null-node.gltf', { asset: { version: '2.0' }, nodes: [null], scenes: [{ nodes: [0] }] }],
      ['null-accessor.gltf', { asset: { version: '2.0' }, accessors: [null] }],
      ['null-animation.gltf', { asset: { version: '2.0' }, animations: [null] }],
      ['null-channel.gltf', { asset: { version: '2.0' }, animations: [{ channels: [null], samplers: [] }] }],
      ['null-image.gltf', { asset: { version: '2.0' }, images: [null] }],
      ['null-buffer.gltf', { asset: { version: '2.0' }, buffers: [null] }],
      ['null-primitive.gltf', { asset: { version: '2.0' }, meshes: [{ primitives: [null] }] }],
    ];
    for (const [name, content] of files) {
      const path = join(folder, name);
      writeFileSync(path, JSON.stringify(content));
      const result = await runCli('inspect', path);
      expect(result.status, `${name}: ${result.stderr}`).toBe(2);
      expect(result.stderr, `${name}: names the file`).toMatch(new RegExp(`^overlap: ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: .*\\[0\\]`));
      expect(result.stderr, `${name}: not a bug`).not.toMatch(/internal error/);
    }
  });

  it('an input that is a FIFO is refused at once with the I/O code instead of hanging', async () => {
    const fifo = join(folder, 'pipe.glb');
    spawnSync('mkfifo', [fifo]);
    const result = await runCli('inspect', fifo);
    expect(result.status, result.stderr).toBe(3);
    expect(result.stderr, 'says why').toMatch(/pipe\.glb: is not a regular file/);
  });

  it('SIGTERM cancels a command with exit 4', async () => {
    const child = spawn(
      process.execPath,
      [
        bin,
        'eval',
        new URL('../../../../shared/data/Fox.glb', import.meta.url).pathname,
        '--clip',
        'Walk',
        '--frames',
        '0:200000',
        '--out',
        join(folder, 'long.json'),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // Once the output's temporary file exists the command is running (and its handlers installed).
    for (let waited = 0; waited < 60_000 && !readdirSync(folder).some((f) => f.startsWith('.long.json.')); waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    child.kill('SIGTERM');
    expect(await exit, stderr).toBe(4);
    expect(stderr, 'says so').toMatch(/overlap: cancelled; nothing was written/);
  });
});
