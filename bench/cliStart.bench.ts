/**
 * `npm run bench -- cliStart`: how long the `overlap` command takes before it does anything, and what a short bake
 * pays for starting. bin/overlap.mjs runs the engine from a cached esbuild bundle (bin/cliBundle.mjs); the baseline,
 * measured in the same run, is the same command with the sources loaded through tsx (OVERLAP_CLI_TSX=1), as before
 * the bundle. Rows: `--version` (loading the engine: about 430 modules), `inspect` of the sample (reads a glTF), and a
 * three-frame bake of the sample (a worker thread starts on the bake task). Wall and CPU milliseconds, medians of 5
 * after a warm-up run (which also builds the bundle when a source changed). On a shared machine the wall times wander
 * with the load; the CPU times (the child's user + system) do not, so both ratios are given. Goal: the bundled start
 * at least 3× cheaper than tsx's for `--version`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin', 'overlap.mjs');
const REPEATS = 5;

/** CPU seconds of this process's reaped children (user + system; Linux's /proc, clock ticks of 10 ms), or NaN. */
function childrenCpuMs(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // After the command's name: state is field 3, so cutime (16) and cstime (17) are at 13 and 14.
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return NaN;
  }
}

/** Median wall and CPU (user + system of the child) milliseconds of `args`, after one warm-up run. */
function measure(args: string[], env: Record<string, string>): { wallMs: number; cpuMs: number } {
  const once = () => {
    const cpuBefore = childrenCpuMs();
    const start = performance.now();
    const result = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, ...env } });
    const wallMs = performance.now() - start;
    if (result.status !== 0) throw new Error(`overlap ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
    return { wallMs, cpuMs: childrenCpuMs() - cpuBefore };
  };
  once();
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const { wallMs, cpuMs } = once();
    walls.push(wallMs);
    cpus.push(cpuMs);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return { wallMs: median(walls), cpuMs: median(cpus) };
}

export async function run(): Promise<object> {
  const folder = mkdtempSync(join(tmpdir(), 'overlap-clistart-'));
  try {
    const sample = join(root, 'assets', 'sample.glb');
    const commands: Record<string, string[]> = {
      version: ['--version'],
      inspect: ['inspect', sample],
      bake3: ['bake', sample, '--clip', 'Bounce', '--frames', '0:3', '--out', join(folder, 'out.glb'), '--no-progress'],
    };
    const rows: Record<string, object> = {};
    for (const [name, args] of Object.entries(commands)) {
      const bundled = measure(args, {});
      const tsx = measure(args, { OVERLAP_CLI_TSX: '1' });
      rows[name] = {
        bundled: { wallMs: Math.round(bundled.wallMs), cpuMs: bundled.cpuMs },
        tsx: { wallMs: Math.round(tsx.wallMs), cpuMs: tsx.cpuMs },
        speedup: Number((tsx.wallMs / bundled.wallMs).toFixed(2)),
        cpuSpeedup: Number((tsx.cpuMs / bundled.cpuMs).toFixed(2)),
      };
    }
    return { repeats: REPEATS, rows, goal: 'version: speedup and cpuSpeedup >= 3' };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
