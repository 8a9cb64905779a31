/**
 * One build for the three Electron processes (electron-vite 6 on Vite 8), output in out/:
 *   out/main/index.js        main process (ES module; Electron ≥ 28 loads ESM main scripts)
 *   out/preload/preload.cjs  preload; CommonJS because sandboxed preloads cannot be ES modules
 *   out/renderer/            the UI; `base: './'` so the same bundle runs from app://overlap/ in
 *                            Electron and from any http(s) folder as a plain web page (npm run web)
 *
 * The Content-Security-Policy lives in renderer/index.html (and is repeated as a header by main/);
 * the dev server needs inline scripts for React refresh, so `serve` swaps in a relaxed policy.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { contentSecurityPolicy } from './main/contentSecurityPolicy.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Writes the production CSP into index.html, or the dev one under `electron-vite dev`. */
function cspPlugin(): Plugin {
  let development = false;
  return {
    name: 'overlap:csp',
    configResolved(config) {
      development = config.command === 'serve';
    },
    transformIndexHtml(html) {
      return html.replace('%OVERLAP_CSP%', contentSecurityPolicy({ development }));
    },
  };
}

/**
 * The build of one of Electron's Node-side bundles: main/NAME.ts into out/FOLDER/NAME.EXT, as ES modules (the main
 * process) or CommonJS (the sandboxed preload, which cannot load ES modules).
 */
function nodeBundle(folder: string, name: string, format: 'es' | 'cjs', extension: string) {
  return {
    build: {
      outDir: resolve(root, `out/${folder}`),
      rolldownOptions: {
        input: { [name]: resolve(root, `main/${name}.ts`) },
        output: { format, entryFileNames: `[name].${extension}` },
      },
    },
  };
}

export default defineConfig({
  main: nodeBundle('main', 'index', 'es', 'js'),
  preload: nodeBundle('preload', 'preload', 'cjs', 'cjs'),
  renderer: {
    root: resolve(root, 'renderer'),
    base: './',
    plugins: [react(), cspPlugin()],
    // glTF-Transform's texture helpers pull in ndarray-ops, which evaluates code at load; the CSP forbids
    // that, so the engine worker (renderer/workers/) gets a stub (its header says why).
    resolve: { alias: { 'ndarray-pixels': resolve(root, 'renderer/workers/ndarrayPixelsStub.ts') } },
    // The sample lives in assets/ (outside the renderer root): let the dev server read it.
    server: { fs: { allow: [root] } },
    build: {
      outDir: resolve(root, 'out/renderer'),
      // glTF samples are binary; never inline them as data: URLs into the bundle.
      assetsInlineLimit: 0,
      minify: true,
      chunkSizeWarningLimit: 4096,
      rolldownOptions: {
        input: { index: resolve(root, 'renderer/index.html') },
        onLog(level, log, handler) {
          // glTF-Transform's NodeIO imports node:fs/node:path; the renderer uses WebIO and never reaches them.
          if (/"node:(fs|path)" has been externalized for browser compatibility/.test(log.message)) return;
          handler(level, log);
        },
      },
    },
  },
});
