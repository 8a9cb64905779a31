import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

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
