// The `overlap bake` command as the CLI tests run it (bake*.test.ts): the built CLI in a child process, on Fox.glb.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { dataFolder } from '../bake/bakeTestKit.ts';

/** The CLI's entry script. */
export const bin = new URL('../../../bin/overlap.mjs', import.meta.url).pathname;
/** Fox.glb of the shared test assets. */
export const fox = join(dataFolder, 'Fox.glb');
/** Runs `overlap bake ARGS` and waits for it (2 minutes at most). */
export const run = (...args: string[]) => spawnSync(process.execPath, [bin, 'bake', ...args], { encoding: 'utf8', timeout: 120_000 });
/** Runs `overlap bake ARGS` with `env` added to the environment. */
export const runWith = (env: Record<string, string>, ...args: string[]) =>
  spawnSync(process.execPath, [bin, 'bake', ...args], { encoding: 'utf8', timeout: 120_000, env: { ...process.env, ...env } });
