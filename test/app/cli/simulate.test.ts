import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/runCli.ts';

const bin = new URL('../../../bin/overlap.mjs', import.meta.url).pathname;
const scenes = new URL('../../fixtures/scenes/', import.meta.url).pathname;
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
const work = mkdtempSync(join(tmpdir(), 'overlap-simulate-'));

interface Output {
  frames: Array<{ frame: number; time: number; positions: number[] }>;
  stats: Record<string, number>;
}

function simulate(scene: string, ...extra: string[]): { output: Output; scene: { vertices: number[][]; fixed?: number[]; animation?: number[][][] } } {
  const out = join(work, `${scene}.out.json`);
  const result = run('simulate', join(scenes, `${scene}.json`), '--out', out, ...extra);
  expect(result.status, result.stderr).toBe(0);
  return { output: JSON.parse(readFileSync(out, 'utf8')) as Output, scene: JSON.parse(readFileSync(join(scenes, `${scene}.json`), 'utf8')) };
}

describe('overlap simulate', () => {
  it('runs a tet cantilever: every K-th frame plus the last, finite positions, clamped end fixed, tip sagging', () => {
    const { output, scene } = simulate('cantilever', '--every', '7');
    expect(
      output.frames.map((f) => f.frame),
      'frames 7, 14, 21, 28 and the last',
    ).toEqual([7, 14, 21, 28, 30]);
    expect(output.frames[4].time, 'time of the last frame').toBeCloseTo(30 / 60, 12);
    const last = output.frames[4].positions;
    expect(last.length, '#V×3').toBe(3 * scene.vertices.length);
    expect(last.every(Number.isFinite), 'finite').toBe(true);
    for (const v of scene.fixed ?? []) expect(last.slice(3 * v, 3 * v + 3), `fixed vertex ${v}`).toEqual(scene.vertices[v]);
    const tip = scene.vertices.map((p, v) => (p[0] > 0.39 ? last[3 * v + 1] - p[1] : 0));
    expect(Math.min(...tip), 'the free end sags').toBeLessThan(-1e-3);
    expect(output.stats.tetCount, 'stats').toBe(24);
    expect(output.stats.totalIterations, 'frames × substeps × iterations').toBe(30 * 2 * 10);
  });

  it('runs a scene with contact: the cloth drapes over the sphere collider, stays above the floor plane, and the stats count the contacts', () => {
    const { output, scene } = simulate('cloth-on-sphere');
    const last = output.frames[output.frames.length - 1].positions;
    expect(last.every(Number.isFinite), 'finite').toBe(true);
    const stats = output.stats as unknown as { contact: { contacts: number; radius: number } };
    expect(stats.contact.contacts, 'contacts found').toBeGreaterThan(0);
    const ys = last.filter((_, k) => k % 3 === 1);
    expect(Math.min(...ys), 'above the floor plane y = −0.2').toBeGreaterThan(-0.2);
    const center = (scene.vertices.length - 1) / 2;
    expect(last[3 * center + 1], 'the centre rests on the sphere (radius 0.2 m) within 2r').toBeGreaterThan(0.2);
    expect(last[3 * center + 1], 'the centre rests on the sphere, within 2r').toBeLessThan(0.2 + 2 * stats.contact.radius + 0.005);
  });

  it('writes only the last frame without --every; cloth hangs from its pinned corners; chain links keep their length', () => {
    const cloth = simulate('cloth');
    expect(
      cloth.output.frames.map((f) => f.frame),
      'only the last',
    ).toEqual([30]);
    expect(cloth.output.stats.hingeCount, 'bending hinges built').toBeGreaterThan(0);
    const last = cloth.output.frames[0].positions;
    const lowest = Math.min(...last.filter((_, k) => k % 3 === 1));
    expect(lowest, 'the cloth falls below its corners').toBeLessThan(-0.05);
    const chain = simulate('chain');
    const p = chain.output.frames[0].positions;
    for (let i = 0; i + 1 < chain.scene.vertices.length; i++) {
      const length = Math.hypot(p[3 * i + 3] - p[3 * i], p[3 * i + 4] - p[3 * i + 1], p[3 * i + 5] - p[3 * i + 2]);
      expect(Math.abs(length - 0.1) / 0.1, `link ${i} stretch`).toBeLessThan(0.05);
    }
  });

  it('follows the animation where the blend weight is 0', () => {
    const { output, scene } = simulate('animated-jelly');
    const last = output.frames[0].positions;
    const pose = (scene.animation ?? [])[10];
    scene.vertices.forEach((p, v) => {
      if (p[1] !== 0) return;
      for (let k = 0; k < 3; k++) expect(last[3 * v + k], `pinned vertex ${v}`).toBeCloseTo(pose[v][k], 12);
    });
  });

  it('rejects malformed scenes with `overlap: SCENE.json: problem` and exit 2', () => {
    const good = JSON.parse(readFileSync(join(scenes, 'chain.json'), 'utf8')) as Record<string, unknown>;
    // the full list of malformed inputs is in test/app/solvers/vbd/vbdSceneFromJson.test.ts; here the CLI plumbing
    const cases: Array<[string, unknown, RegExp]> = [
      [
        'bad-index',
        {
          ...good,
          edges: [
            [0, 1],
            [1, 99],
          ],
        },
        /"edges\[1\]" uses vertex 99, but there are 8 vertices/,
      ],
    ];
    for (const [name, scene, message] of cases) {
      const file = join(work, `${name}.json`);
      writeFileSync(file, JSON.stringify(scene));
      const result = run('simulate', file, '--out', join(work, 'never.json'));
      expect(result.status, `${name}: exit code`).toBe(2);
      expect(result.stderr.trim(), name).toMatch(new RegExp(`^overlap: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `));
      expect(result.stderr, name).toMatch(message);
    }
    const inverted = run('simulate', join(scenes, 'inverted-tet.json'), '--out', join(work, 'never.json'));
    expect(inverted.status, 'inverted tet exit code').toBe(2);
    expect(inverted.stderr, 'inverted tet').toMatch(/inverted-tet\.json: tetrahedron 0 \(0 1 2 3\) is inverted/);
    const notJson = join(work, 'broken.json');
    writeFileSync(notJson, '{ "vertices": [');
    expect(run('simulate', notJson, '--out', join(work, 'never.json')).stderr, 'invalid JSON').toMatch(/broken\.json: not valid JSON/);
  });
});

describe('overlap simulate on settings that cannot work', () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const scene = (name: string) => JSON.parse(readFileSync(join(scenes, `${name}.json`), 'utf8')) as Record<string, any>;
  const write = (name: string, content: unknown, text?: string) => {
    const path = join(work, name);
    writeFileSync(path, text ?? JSON.stringify(content));
    return path;
  };

  it('refuses configurations no vertex solve survives (E, ρ or κ of 1e308, dt of 1e-300, coordinates × 1e100) instead of exiting 0 frozen', async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const cases: Array<[string, (s: Record<string, any>) => void]> = [
      ['E 1e308', (s) => (s.material.youngsModulus = 1e308)],
      ['density 1e308', (s) => (s.material.density = 1e308)],
      ['κ 1e308', (s) => (s.attachmentStiffness = 1e308)],
      ['dt 1e-300', (s) => (s.timeStep = 1e-300)],
      [
        'coordinates × 1e100',
        (s) => {
          s.vertices = s.vertices.map((p: number[]) => p.map((x) => x * 1e100));
          s.animation = s.animation.map((pose: number[][]) => pose.map((p) => p.map((x) => x * 1e100)));
        },
      ],
    ];
    for (const [name, edit] of cases) {
      const content = scene('animated-jelly');
      edit(content);
      const path = write('unworkable.json', content);
      const result = await runCli('simulate', path, '--out', join(work, 'frozen.json'));
      expect(result.status, `${name}: ${result.stderr}`).toBe(2);
      expect(result.stderr, `${name}: says why`).toMatch(/stiffness is .* too (large|small) for the solver/);
    }
    expect(existsSync(join(work, 'frozen.json')), 'nothing written').toBe(false);
  });

  it('a diverging run (a clamped beam struck at 1000 m/s) stops with the simulation-failure exit code and writes nothing', async () => {
    const content = scene('cantilever');
    content.initialVelocities = content.vertices.map(() => [1000, 0, 0]);
    const out = join(work, 'diverged.json');
    const result = await runCli('simulate', write('struck.json', content), '--out', out);
    expect(result.status, result.stderr).toBe(5);
    expect(result.stderr, 'says where').toMatch(/the simulation diverged at frame \d+: vertex \d+ is .* outside the reach/);
    expect(existsSync(out), 'nothing written').toBe(false);
  });

  it('reports refused vertex solves as a warning and in the stats (a quasistatic spring chain: rank-one Hessians at its free end)', async () => {
    const content = scene('chain');
    content.quasistatic = true;
    content.gravity = [0, 0, 0];
    const out = join(work, 'refused.json');
    const result = await runCli('simulate', write('quasistatic-chain.json', content), '--out', out);
    expect(result.status, result.stderr).toBe(0);
    const stats = (JSON.parse(readFileSync(out, 'utf8')) as Output).stats;
    expect(stats.skippedSolves, 'counted').toBeGreaterThan(0);
    expect(result.stderr, 'warned').toMatch(new RegExp(`warning: ${stats.skippedSolves} vertex solves were refused`));
  });

  it('refuses counts the machine cannot finish (frames, substeps or iterations of 1e9) with the estimate, at once', async () => {
    for (const field of ['frames', 'substeps', 'iterations']) {
      const content = scene('chain');
      content[field] = 1e9;
      const started = performance.now();
      const result = await runCli('simulate', write('huge.json', content), '--out', join(work, 'huge.out.json'));
      expect(result.status, `${field}: ${result.stderr}`).toBe(2);
      expect(result.stderr, `${field}: the estimate`).toMatch(/this run would take about [\d.]+ (days|years)/);
      expect(performance.now() - started, `${field}: refused at once`).toBeLessThan(5000);
    }
  });

  it('prints ±Infinity as such, not as null, and refuses --out equal to the scene', async () => {
    const path = write('infinite.json', null, JSON.stringify(scene('chain')).replace(/"youngsModulus":\d+/, '"youngsModulus":-1e999'));
    const infinite = await runCli('simulate', path, '--out', join(work, 'never.json'));
    expect(infinite.stderr, 'Infinity').toMatch(/youngsModulus" must be a finite number, got -Infinity/);
    const own = write('own.json', scene('chain'));
    const before = readFileSync(own, 'utf8');
    const alias = await runCli('simulate', own, '--out', own);
    expect(alias.status, alias.stderr).toBe(2);
    expect(alias.stderr, 'says which').toMatch(/--out is the same file as the scene/);
    expect(readFileSync(own, 'utf8'), 'the scene is untouched').toBe(before);
  });

  it('SIGTERM cancels a long run: exit 4, the previous output intact, no temporary file', async () => {
    const content = scene('cantilever');
    content.frames = 2_000_000; // long enough to be announced: the warning tells the test the run has started
    const path = write('long.json', content);
    const out = join(work, 'long.out.json');
    writeFileSync(out, 'previous');
    const child = spawn(process.execPath, [bin, 'simulate', path, '--out', out], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    for (let waited = 0; waited < 60_000 && !stderr.includes('estimated to take'); waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setTimeout(resolve, 500));
    child.kill('SIGTERM');
    expect(await exit, stderr).toBe(4);
    expect(readFileSync(out, 'utf8'), 'previous output kept').toBe('previous');
    expect(
      readdirSync(work).filter((f) => f.endsWith('.tmp')),
      'no temporary file',
    ).toEqual([]);
  });
});
