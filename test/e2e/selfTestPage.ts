/**
 * A plain page of the served app's origin (a secure context with navigator.gpu, without the app competing for the
 * two cores) with `source` bundled by esbuild (resolved from the project root) loaded into it: how the kernels'
 * self-tests run under Chromium's WebGPU. Returns the page's uncaught errors, collected from then on.
 */
import path from 'node:path';
import { build } from 'esbuild';
import type { Page } from '@playwright/test';

export async function selfTestPage(page: Page, title: string, source: string): Promise<string[]> {
  const bundle = await build({
    stdin: { contents: source, resolveDir: path.resolve('.'), loader: 'ts' },
    bundle: true,
    format: 'iife',
    target: 'es2022',
    // The engine's indexes reach glTF-Transform, whose Node-only file reader imports node:fs and node:path when it is
    // called (never in a page); left external as Vite's build leaves them.
    external: ['node:*'],
    write: false,
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`/${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`);
  await page.setContent(`<!doctype html><title>${title}</title>`);
  await page.addScriptTag({ content: bundle.outputFiles[0].text });
  return errors;
}
