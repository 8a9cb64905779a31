// `overlap eval`: world-space positions written to JSON agree with three.js at a time and over a
// frame range; usage errors and unknown clips exit 2 with a one-line message.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threeReference } from '../../helpers/threeGltf.ts';

const bin = fileURLToPath(new URL('../../../bin/overlap.mjs', import.meta.url));
const dataFolder = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 60_000 });

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'overlap-eval-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function maxDeviation(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
}

describe('overlap eval', () => {
  it('writes Fox.glb at Walk t=0.3 as three.js evaluates it', async () => {
    const path = join(dataFolder, 'Fox.glb');
    const out = join(folder, 'fox.json');
    const result = run('eval', path, '--clip', 'Walk', '--time', '0.3', '--out', out);
    expect(result.status, result.stderr).toBe(0);
    const written = JSON.parse(readFileSync(out, 'utf8'));
    expect(written.clip, 'clip').toBe('Walk');
    expect(written.time, 'time').toBe(0.3);
    expect(
      written.meshes.map((m: { name: string }) => m.name),
      'meshes',
    ).toEqual(['fox']);
    const reference = await threeReference(path);
    const expected = [...reference.evaluate(1, 0.3).values()][0].positions;
    expect(written.meshes[0].positions, 'one xyz per render vertex').toHaveLength(expected.length);
    expect(maxDeviation(written.meshes[0].positions, expected), 'positions').toBeLessThan(1e-3);
  });

  it('writes one entry per frame with --frames A:B --fps F', async () => {
    const path = join(dataFolder, 'MorphStressTest.gltf');
    const out = join(folder, 'frames.json');
    const result = run('eval', path, '--clip', 'Pulse', '--frames', '3:7', '--fps', '12', '--out', out);
    expect(result.status, result.stderr).toBe(0);
    const written = JSON.parse(readFileSync(out, 'utf8'));
    expect(
      written.frames.map((f: { frame: number }) => f.frame),
      'frames 3..7',
    ).toEqual([3, 4, 5, 6, 7]);
    const reference = await threeReference(path);
    for (const entry of written.frames) {
      expect(entry.time, `time of frame ${entry.frame}`).toBeCloseTo(entry.frame / 12, 12);
      const expected = [...reference.evaluate(1, entry.time).values()][0].positions;
      expect(maxDeviation(entry.meshes[0].positions, expected), `positions of frame ${entry.frame}`).toBeLessThan(1e-5);
    }
  });

  it('refuses an unknown clip, listing the clips, and a malformed frame range', () => {
    const path = join(dataFolder, 'Fox.glb');
    const unknown = run('eval', path, '--clip', 'Dance', '--time', '0');
    expect(unknown.status, 'unknown clip exit code').toBe(2);
    expect(unknown.stderr, 'unknown clip message').toBe(`overlap: ${path}: no clip named "Dance" (clips: "Survey", "Walk", "Run")\n`);
    const frames = run('eval', path, '--clip', 'Walk', '--frames', '9:2');
    expect(frames.status, 'bad range exit code').toBe(2);
    expect(frames.stderr, 'bad range message').toMatch(/^overlap: --frames 9:2: the last frame comes before the first\n$/);
    const time = run('eval', path, '--clip', 'Walk', '--time', 'soon');
    expect(time.status, 'bad time exit code').toBe(2);
    expect(time.stderr, 'bad time message').toMatch(/--time must be a number/);
  });
});

describe('overlap eval writes atomically', () => {
  it('SIGTERM while a long output is written: exit 4, the previous file intact, no partial file and no .tmp', async () => {
    const out = join(folder, 'long.json');
    writeFileSync(out, 'previous');
    const child = spawn(process.execPath, [bin, 'eval', join(dataFolder, 'Fox.glb'), '--clip', 'Walk', '--frames', '0:200000', '--out', out], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // Wait until the temporary file has grown: the write is under way.
    for (let waited = 0; waited < 30_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const temporary = readdirSync(folder).find((f) => f.startsWith('.long.json.') && f.endsWith('.tmp'));
      if (temporary && statSync(join(folder, temporary)).size > 1 << 20) break;
    }
    child.kill('SIGTERM');
    expect(await exit, stderr).toBe(4);
    expect(readFileSync(out, 'utf8'), 'previous file intact').toBe('previous');
    expect(
      readdirSync(folder).filter((f) => f.endsWith('.tmp')),
      'no orphan .tmp',
    ).toEqual([]);
  });

  it('a full disk (ulimit -f) exits 3 naming the output and keeps the previous file', () => {
    const out = join(folder, 'full.json');
    writeFileSync(out, 'previous');
    const result = spawnSync(
      'bash',
      ['-c', `ulimit -f 100; exec "${process.execPath}" "${bin}" eval "${join(dataFolder, 'Fox.glb')}" --clip Walk --frames 0:200 --out "${out}"`],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(result.status, result.stderr).toBe(3);
    expect(result.stderr, 'names the output').toMatch(/full\.json: cannot write: the file is too large/);
    expect(readFileSync(out, 'utf8'), 'previous file intact').toBe('previous');
    expect(
      readdirSync(folder).filter((f) => f.endsWith('.tmp')),
      'no orphan .tmp',
    ).toEqual([]);
  });
});
