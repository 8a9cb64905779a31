/**
 * `npm run bench`: runs every `bench/*.bench.ts` (or those named on the command line) and prints one
 * JSON object on stdout, also written to bench/results/latest.json. Each bench module exports
 * `run(): Promise<object>` and reports medians of repeated runs, with speed given as ratios to a
 * baseline measured in the same run (timings on this machine are CPU timings, not GPU timings).
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';

const here = new URL('.', import.meta.url);
const wanted = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)))
  .sort();

const results: Record<string, unknown> = {};
for (const file of files) {
  const name = file.replace(/\.bench\.ts$/, '');
  process.stderr.write(`bench: ${name}\n`);
  const module = (await import(new URL(file, here).href)) as { run: () => Promise<unknown> };
  results[name] = await module.run();
}
const report = {
  date: new Date().toISOString(),
  node: process.version,
  cpu: cpus()[0]?.model ?? 'unknown',
  cores: cpus().length,
  results,
};
const text = JSON.stringify(report, null, 2);
mkdirSync(new URL('results/', here), { recursive: true });
writeFileSync(new URL('results/latest.json', here), text);
process.stdout.write(text + '\n');
