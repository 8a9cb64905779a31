// Every kernels/**/*.wgsl has a generated NAME.wgsl.ts that is up to date, and the embedding round-trips any text.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { embedWgsl, listWgslFiles } from '../../../kernels/node/embedWgsl.ts';

const kernels = fileURLToPath(new URL('../../../kernels/', import.meta.url));

describe('embedWgsl', () => {
  it('finds the WGSL sources', () => {
    expect(listWgslFiles(kernels).length, 'at least the skinning kernel').toBeGreaterThan(0);
  });

  for (const file of listWgslFiles(kernels)) {
    it(`${file.slice(kernels.length)}.ts is up to date (else run: node --import tsx kernels/node/embedWgsl.ts)`, () => {
      expect(existsSync(`${file}.ts`), 'generated module exists').toBe(true);
      expect(readFileSync(`${file}.ts`, 'utf8'), 'generated module matches the .wgsl').toBe(embedWgsl(file, readFileSync(file, 'utf8')));
    });
  }

  it('round-trips backslashes, backticks and ${ through the generated template literal', async () => {
    const tricky = 'a `b` \\n ${c} $d \\` end\n';
    const module = embedWgsl('/x/tricky.wgsl', tricky);
    const url = `data:text/javascript;base64,${Buffer.from(module).toString('base64')}`;
    const { trickyWgsl } = (await import(/* @vite-ignore */ url)) as { trickyWgsl: string };
    expect(trickyWgsl, 'string value equals the source').toBe(tricky);
  });
});
