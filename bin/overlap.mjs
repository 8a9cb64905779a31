#!/usr/bin/env node
// Entry of the `overlap` CLI. The engine is TypeScript; tsx loads it without a build step,
// so `npx overlap` works straight after `npm install`.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../app/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
