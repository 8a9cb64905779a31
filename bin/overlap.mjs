#!/usr/bin/env node
// Entry of the `overlap` CLI. The engine is TypeScript; `npx overlap` works straight after `npm install`, without a
// build step: the engine runs from an esbuild bundle of its sources, cached and rebuilt when a source changes
// (bin/cliBundle.mjs: a start in ~0.3 s instead of tsx's 2–3 s), or through tsx where no bundle can be had.
// This is where the layers meet: app/ may not import kernels/, so the WebGPU backend of the VBD step is named
// here by module (kernels/node, loaded only when `bake --backend webgpu|auto` asks for it, in the bake's worker).
import { fileURLToPath } from 'node:url';
import { BUNDLE_VARIABLE, cliBundle } from './cliBundle.mjs';

// Stacks name the source files and lines, not the bundle's.
process.setSourceMapsEnabled(true);
const bundle = await cliBundle({ root: fileURLToPath(new URL('..', import.meta.url)) });
const mainModule = new URL('../app/cli/main.ts', import.meta.url).href;
let main;
if (bundle?.twins[mainModule]) {
  process.env[BUNDLE_VARIABLE] = bundle.manifestPath;
  ({ main } = await import(bundle.twins[mainModule]));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import(mainModule));
}
const gpuStepBackendModule = new URL('../kernels/node/requestNodeVbdStepBackend.ts', import.meta.url).href;
process.exitCode = await main(process.argv.slice(2), { gpuStepBackendModule });
