/**
 * Keeps each `kernels/**\/NAME.wgsl` importable as a string everywhere (Vite, vitest, plain Node via tsx) by
 * writing a sibling module `NAME.wgsl.ts` that exports it as `NAMEWgsl`. The `.wgsl` file is the source of truth
 * (editor highlighting, naga/tint tooling); the module is generated and checked in.
 * test/kernels/node/embedWgsl.test.ts fails when a module is stale.
 *
 * Usage: `node --import tsx kernels/node/embedWgsl.ts` (rewrites every stale module, prints what it wrote).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The TypeScript module text for WGSL `source` read from `file`. */
export function embedWgsl(file: string, source: string): string {
  const name = basename(file, '.wgsl');
  const escaped = source.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
  return (
    `// Generated from ${name}.wgsl by kernels/node/embedWgsl.ts; do not edit. Edit the .wgsl and run\n` +
    `// \`node --import tsx kernels/node/embedWgsl.ts\` (test/kernels/node/embedWgsl.test.ts checks they agree).\n` +
    `export const ${name}Wgsl = \`${escaped}\`;\n`
  );
}

/** Every `.wgsl` file under `folder`, recursively, as absolute paths in sorted order. */
export function listWgslFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.wgsl'))
    .map((f) => join(folder, f))
    .sort();
}

const kernelsFolder = fileURLToPath(new URL('../', import.meta.url));

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  for (const file of listWgslFiles(kernelsFolder)) {
    const module = embedWgsl(file, readFileSync(file, 'utf8'));
    const target = `${file}.ts`;
    let current = '';
    try {
      current = readFileSync(target, 'utf8');
    } catch {
      current = '';
    }
    if (current !== module) {
      writeFileSync(target, module);
      process.stderr.write(`embedWgsl: wrote ${relative(process.cwd(), target)}\n`);
    }
  }
}
