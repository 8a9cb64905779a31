/**
 * `npm run web`: builds the renderer and serves it on http://127.0.0.1:$PORT/ (default 5199).
 * `--no-build` serves the existing out/renderer (Playwright's webServer uses it after `npm run build`).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './buildApp.ts';
import { staticServer } from './staticServer.ts';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rendererDir = path.join(repositoryRoot, 'out', 'renderer');
const port = Number(process.env.PORT ?? 5199);
const host = '127.0.0.1';

if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`overlap: PORT must be an integer 0-65535, got "${process.env.PORT}"`);
  process.exit(2);
}

if (!process.argv.includes('--no-build') || !existsSync(path.join(rendererDir, 'index.html'))) {
  await buildApp(repositoryRoot);
}

const server = staticServer(rendererDir);
server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(error.code === 'EADDRINUSE' ? `overlap: port ${port} is in use; pick another with PORT=<port> npm run web` : `overlap: ${error.message}`);
  process.exit(1);
});
server.listen(port, host, () => {
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  console.log(`Overlap (web build) at http://${host}:${actualPort}/  — open it in Chromium with WebGPU (Linux: --enable-unsafe-webgpu); Ctrl+C stops.`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
