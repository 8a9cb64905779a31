/**
 * `npm start`: builds, then launches Electron on the app (which opens on the built-in sample).
 * When the Electron binary is missing (installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1, no network,
 * or npm skipped install scripts) it first tries Electron's own installer; failing that it prints one line saying so and how to fix it, and exits 1.
 * The decision is main/electronLaunchPlan.ts (unit-tested); this file only does the I/O.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronLaunchPlan } from '../main/electronLaunchPlan.ts';
import { buildApp } from './buildApp.ts';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function electronPackageDir(): string | null {
  try {
    return path.dirname(createRequire(path.join(repositoryRoot, 'package.json')).resolve('electron/package.json'));
  } catch {
    return null;
  }
}

const plan = () =>
  electronLaunchPlan({
    platform: process.platform,
    env: process.env,
    electronPackageDir: electronPackageDir(),
    readText: (filePath) => (existsSync(filePath) ? readFileSync(filePath, 'utf8') : null),
    exists: existsSync,
    appDir: repositoryRoot,
  });

/**
 * npm 11 runs no dependency install scripts unless package.json's `allowScripts` approves them, and
 * Electron's would fail `npm install` on an offline machine; so the first `npm start` fetches the binary
 * with Electron's own installer instead (once; offline it fails in a second and the message below says what to do).
 */
function fetchElectronBinary(): void {
  const packageDir = electronPackageDir();
  if (!packageDir || process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) return;
  console.error('overlap: fetching the Electron binary (first start only)…');
  spawnSync(process.execPath, [path.join(packageDir, 'install.js')], { cwd: packageDir, stdio: 'ignore', timeout: 600_000 });
}

// Check before building too, so a machine without the binary learns it in a second, not after a build.
let early = plan();
if (early.kind === 'missing') {
  fetchElectronBinary();
  early = plan();
}
if (early.kind !== 'launch') {
  console.error(early.message);
  process.exit(1);
}
if (!process.argv.includes('--no-build')) await buildApp(repositoryRoot);
const launch = plan();
if (launch.kind !== 'launch') {
  console.error(launch.message);
  process.exit(1);
}
const child = spawn(launch.executable, launch.args, { cwd: repositoryRoot, stdio: 'inherit' });
child.on('error', (error) => {
  console.error(`overlap: could not start Electron (${error.message}); use: npm run web`);
  process.exit(1);
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
