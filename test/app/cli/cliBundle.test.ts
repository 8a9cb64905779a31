// The CLI's bundle (bin/cliBundle.mjs): a bundled module sees its source's import.meta.url, so relative URLs resolve
// as from the sources; a build is reused until an input changes, and rebuilt then, and a copy of the project with the
// same mtimes gets its own; every module the CLI starts by URL
// (a worker's entry, a task, the WebGPU backend) is an entry, so a bundled process never meets a .ts it cannot load;
// a worker started on a twin answers as the source does; the bundled CLI and the one run through tsx say the same.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLI_ENTRIES, cliBundle } from '../../../bin/cliBundle.mjs';
import {} from '../bake/bakeTestKit.ts';
import { scratchFolder } from '../../helpers/scratchFolder.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const bin = join(root, 'bin', 'overlap.mjs');

describe('the CLI bundle', () => {
  const { folder } = scratchFolder('overlap-bake-');

  it('keeps each source file’s import.meta.url, reuses a build until an input changes, then rebuilds', async () => {
    const project = join(folder, 'project');
    mkdirSync(join(project, 'lib'), { recursive: true });
    writeFileSync(join(project, 'lib', 'b.ts'), 'export const value: number = 1;\nexport const here: string = import.meta.url;\n');
    writeFileSync(
      join(project, 'a.ts'),
      "import { here as hereB, value } from './lib/b.ts';\nexport { hereB, value };\nexport const here = import.meta.url;\nexport const worker = new URL('./w.ts', import.meta.url).href;\n",
    );
    writeFileSync(join(project, 'w.ts'), 'export const answer: number = 42;\n');
    const cache = join(folder, 'cache');
    const entries = ['a.ts', 'w.ts'];
    const first = await cliBundle({ root: project, entries, cache });
    expect(first, 'a bundle was built').not.toBeNull();
    const sourceA = pathToFileURL(join(project, 'a.ts')).href;
    const sourceW = pathToFileURL(join(project, 'w.ts')).href;
    expect(Object.keys(first!.twins).sort(), 'one twin per entry, keyed by the source URL').toEqual([sourceA, sourceW].sort());
    const a = await import(first!.twins[sourceA]);
    expect(a.here, 'import.meta.url is the source file’s, not the bundle’s').toBe(sourceA);
    expect(a.hereB, 'in an inlined module too').toBe(pathToFileURL(join(project, 'lib', 'b.ts')).href);
    expect(a.worker, 'a module named relative to the source resolves to the source').toBe(sourceW);
    expect(a.value).toBe(1);
    expect((await import(first!.twins[sourceW])).answer).toBe(42);

    const again = await cliBundle({ root: project, entries, cache });
    expect(again!.manifestPath, 'no input changed: the same build').toBe(first!.manifestPath);

    writeFileSync(join(project, 'lib', 'b.ts'), 'export const value: number = 22;\nexport const here: string = import.meta.url;\n');
    const changed = await cliBundle({ root: project, entries, cache });
    expect(changed!.manifestPath, 'an inlined input changed: a new build').not.toBe(first!.manifestPath);
    expect((await import(changed!.twins[sourceA])).value, 'the new build has the new source').toBe(22);
    expect(readFileSync(first!.manifestPath, 'utf8').length, 'the old build stays for a process that runs from it').toBeGreaterThan(0);

    // A copy that keeps the mtimes (cp -a), or a worktree sharing node_modules: the same stamps, another root. Its
    // bundle must name its own files, not the original's.
    const copy = join(folder, 'copy');
    cpSync(project, copy, { recursive: true, preserveTimestamps: true });
    const copied = await cliBundle({ root: copy, entries, cache });
    expect(copied!.manifestPath, 'another root: another build').not.toBe(changed!.manifestPath);
    expect((await import(copied!.twins[pathToFileURL(join(copy, 'a.ts')).href])).here, 'the copy’s bundle names the copy’s files').toBe(
      pathToFileURL(join(copy, 'a.ts')).href,
    );

    writeFileSync(join(project, 'w.ts'), 'export const answer: number = ;\n');
    expect(
      await cliBundle({ root: project, entries, cache }),
      'a source that does not compile: no bundle (the CLI runs tsx, which names the error)',
    ).toBeNull();
  }, 60_000);

  it('has every module the CLI starts by URL as an entry (new URL(…ts, import.meta.url) in any file of the bundle, and the WebGPU backend)', async () => {
    const bundle = await cliBundle({ root });
    expect(bundle, 'the project bundles').not.toBeNull();
    const manifest = JSON.parse(readFileSync(bundle!.manifestPath, 'utf8')) as { inputs: [string, number, number][] };
    const named = new Set<string>();
    for (const [path] of manifest.inputs) {
      if (!path.endsWith('.ts')) continue;
      const text = readFileSync(join(root, path), 'utf8');
      for (const match of text.matchAll(/new URL\('([^']+\.ts)', import\.meta\.url\)/g)) named.add(resolve(root, path, '..', match[1]));
    }
    named.add(join(root, 'kernels', 'node', 'requestNodeVbdStepBackend.ts'));
    expect(named.size, 'the bake task, the worker entry, the check worker… are found').toBeGreaterThanOrEqual(5);
    for (const path of named) expect(bundle!.twins[pathToFileURL(path).href], `${path} is started by URL: it must be in CLI_ENTRIES`).toBeDefined();
    for (const entry of CLI_ENTRIES) expect(bundle!.twins[pathToFileURL(join(root, entry)).href], `${entry} has a twin`).toBeDefined();
  }, 60_000);

  it('a check worker started on its twin answers as the checker on this thread', async () => {
    const bundle = await cliBundle({ root });
    process.env.OVERLAP_CLI_BUNDLE = bundle!.manifestPath;
    try {
      const { bundledTwin } = await import('../../../app/io/node/index.ts');
      const { nodeCheckPool } = await import('../../../app/intersection/node/index.ts');
      const { intersectionChecker } = await import('../../../app/intersection/index.ts');
      expect(bundledTwin(pathToFileURL(join(root, 'app/intersection/node/checkWorker.ts')).href), 'the worker starts on the bundle').toBeDefined();
      // Two crossing quads (each two triangles): the first's diagonal plane is pierced by the second.
      const meshes = [
        { name: 'a', triangles: Uint32Array.of(0, 1, 2, 0, 2, 3), vertexCount: 4 },
        { name: 'b', triangles: Uint32Array.of(0, 1, 2, 0, 2, 3), vertexCount: 4 },
      ];
      const positions = [Float64Array.of(-1, 0, -1, 1, 0, -1, 1, 0, 1, -1, 0, 1), Float64Array.of(-0.5, -1, 0, 0.5, -1, 0, 0.5, 1, 0, -0.5, 1, 0)];
      const local = intersectionChecker(meshes).check(positions, { listPairs: true });
      expect(local.total, 'the quads cross').toBeGreaterThan(0);
      const pool = nodeCheckPool(1);
      try {
        const pooled = await pool.open(meshes).check(positions, { listPairs: true });
        expect(pooled, 'the bundled worker’s answer').toEqual(local);
      } finally {
        await pool.close();
      }
    } finally {
      delete process.env.OVERLAP_CLI_BUNDLE;
    }
  }, 60_000);

  it('the bundled CLI and the CLI run through tsx print the same help and refuse a missing file alike', () => {
    for (const args of [['--help'], ['inspect', join(folder, 'missing.glb')]]) {
      const bundled = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 60_000 });
      const tsx = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, OVERLAP_CLI_TSX: '1' } });
      expect(bundled.status, `${args[0]}: exit code`).toBe(tsx.status);
      expect(bundled.stdout, `${args[0]}: stdout`).toBe(tsx.stdout);
      expect(bundled.stderr, `${args[0]}: stderr`).toBe(tsx.stderr);
      expect(bundled.status, `${args[0]}: ran`).not.toBeNull();
    }
  }, 120_000);
});
