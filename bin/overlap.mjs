#!/usr/bin/env node
// Entry of the `overlap` CLI. The engine is TypeScript; tsx loads it without a build step,
// so `npx overlap` works straight after `npm install`.
// This is where the layers meet: app/ may not import kernels/, so the WebGPU backend of the VBD step
// (kernels/node, loaded only when `bake --backend webgpu|auto` asks for it) is handed to the CLI from here.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../app/cli/main.ts');
const requestGpuStepBackend = async (mode) => (await import('../kernels/node/requestNodeVbdStepBackend.ts')).requestNodeVbdStepBackend(mode);
process.exitCode = await main(process.argv.slice(2), { requestGpuStepBackend });
