#!/usr/bin/env node
// Entry of the `overlap` CLI. The engine is TypeScript; tsx loads it without a build step,
// so `npx overlap` works straight after `npm install`.
// This is where the layers meet: app/ may not import kernels/, so the WebGPU backend of the VBD step is named
// here by module (kernels/node, loaded only when `bake --backend webgpu|auto` asks for it, in the bake's worker).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../app/cli/main.ts');
const gpuStepBackendModule = new URL('../kernels/node/requestNodeVbdStepBackend.ts', import.meta.url).href;
process.exitCode = await main(process.argv.slice(2), { gpuStepBackendModule });
