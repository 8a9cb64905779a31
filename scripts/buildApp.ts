/** Runs `electron-vite build` (main, preload, renderer into out/) and resolves when it succeeds. */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

export function buildApp(repositoryRoot: string): Promise<void> {
  const require = createRequire(path.join(repositoryRoot, 'package.json'));
  const cli = path.join(path.dirname(require.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'build'], { cwd: repositoryRoot, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`electron-vite build exited with ${code}`))));
  });
}
