// Lint, including the layer rule of CONTRIBUTING.md: renderer/main -> kernels -> app, never upward, by static and
// dynamic import, and the globals each layer may touch (test/lint/layerRules.test.ts plants each violation).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import path from 'node:path';

const uiPackages = ['react', 'react-dom', 'react-dom/*', 'electron', '@react-three/*', 'zustand', 'zustand/*', 'zundo', 'three', 'three/*', 'three-mesh-bvh'];
const upward = (folders) =>
  folders.map((f) => ({ group: [`**/${f}/**`, `../${f}/*`, `../../${f}/*`], message: `layer rule: this folder may not import ${f}/` }));
/** `import(...)` of a module whose path matches `pattern` (a regex source), which no-restricted-imports does not see. */
const dynamicImport = (pattern, message) => ({ selector: `ImportExpression[source.value=/${pattern}/]`, message });
const noOnly = { selector: "CallExpression[callee.property.name='only']", message: 'no .only in committed tests' };
// Node's globals: none in code that runs in a browser or a worker (the engine outside its node/ folders, kernels, the renderer).
const nodeGlobals = ['process', 'Buffer', 'require', 'module', 'exports', '__dirname', '__filename', 'global', 'setImmediate'].map((name) => ({
  name,
  message: 'layer rule: no Node globals here (Node-only code goes in a node/ folder)',
}));
/** The DOM's globals: none in the engine and the kernels, which run in Node, in workers and in the page alike. */
const domGlobals = [
  'window',
  'document',
  'localStorage',
  'sessionStorage',
  'location',
  'history',
  'HTMLElement',
  'HTMLCanvasElement',
  'Image',
  'XMLHttpRequest',
  'alert',
].map((name) => ({ name, message: 'layer rule: no DOM globals in app/ or kernels/' }));
/** IO and threads: the engine reads nothing by itself (the caller hands it bytes) and starts no workers. */
const ioGlobals = ['fetch', 'Worker', 'navigator', 'self', 'postMessage', 'importScripts'].map((name) => ({
  name,
  message: 'layer rule: app/ does no IO and starts no workers (the caller hands it bytes and threads)',
}));

/**
 * Module entries: code enters another engine module (a folder of app/, or kernels/ from outside it) only through an
 * index.ts of that module, so each folder's public surface is its index and the rest can move freely. Inside
 * kernels/ and inside renderer/ folders import each other directly: their folders are one unit to the outside
 * (kernels/contact and kernels/vbd share the contact buffer's layout both ways, renderer/document, paint and viewport
 * each other's stores), and barrels there would turn those links into module cycles.
 */
const moduleOf = (path) => {
  const parts = path.split('/');
  return parts[0] === 'app' && parts.length > 2 ? `app/${parts[1]}` : parts[0];
};
const moduleEntries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { deep: 'module rule: import {{target}} through an index.ts of {{module}} (its public entry), not a file inside it' },
  },
  create(context) {
    const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    const from = moduleOf(file);
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), source.value));
      const into = moduleOf(target);
      if (into === from || !/^(app\/[^/]+|kernels)$/.test(into) || path.posix.basename(target) === 'index.ts') return;
      context.report({ node: source, messageId: 'deep', data: { target: source.value, module: into } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export default tseslint.config(
  { ignores: ['node_modules/**', 'out/**', 'dist/**', 'dist-web/**', 'test-results/**', 'playwright-report/**', 'artifacts/**', '.dev/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { overlap: { rules: { 'module-entries': moduleEntries } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', noOnly],
    },
  },
  {
    files: ['app/**/*.ts', 'kernels/**/*.ts', 'renderer/**/*.ts', 'renderer/**/*.tsx', 'main/**/*.ts'],
    rules: { 'overlap/module-entries': 'error' },
  },
  {
    // The engine: no UI, no shell, no DOM-only libraries, no upward imports. Node built-ins only in app/**/node/ and the CLI.
    files: ['app/**/*.ts'],
    ignores: ['app/**/node/**', 'app/cli/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [],
          patterns: [
            { group: uiPackages, message: 'layer rule: app/ is plain TypeScript (no UI, shell or three.js)' },
            { group: ['node:*', 'fs', 'path', 'os', 'child_process', 'worker_threads'], message: 'layer rule: Node-only IO goes in app/**/node/' },
            ...upward(['kernels', 'renderer', 'main']),
          ],
        },
      ],
      'no-restricted-globals': ['error', ...nodeGlobals, ...domGlobals, ...ioGlobals],
      'no-restricted-syntax': [
        'error',
        noOnly,
        dynamicImport(
          '(^|\\/)(kernels|renderer|main)\\/|^node:|^(fs|path|os|child_process|worker_threads|electron|react|three)$',
          'layer rule: app/ may not import this, dynamically either',
        ),
      ],
    },
  },
  {
    files: ['app/**/node/**/*.ts', 'app/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: uiPackages, message: 'layer rule: app/ is plain TypeScript (no UI, shell or three.js)' },
            ...upward(['kernels', 'renderer', 'main']),
          ],
        },
      ],
      'no-restricted-globals': ['error', ...domGlobals],
      'no-restricted-syntax': [
        'error',
        noOnly,
        dynamicImport(
          '(^|\\/)(renderer|main)\\/|^(electron|react|three)$',
          'layer rule: app/ may not import this, dynamically either (the CLI reaches kernels/ by a module path its entry hands it)',
        ),
      ],
    },
  },
  {
    // Kernels are handed their GPUDevice and depend only on app/.
    files: ['kernels/**/*.ts'],
    ignores: ['kernels/**/node/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: uiPackages, message: 'layer rule: kernels/ may not import UI or shell code' },
            { group: ['node:*', 'fs', 'path', 'os', 'webgpu'], message: 'layer rule: Node-only kernel code goes in kernels/**/node/' },
            ...upward(['renderer', 'main']),
          ],
        },
      ],
      'no-restricted-globals': ['error', ...nodeGlobals, ...domGlobals],
      'no-restricted-syntax': [
        'error',
        noOnly,
        dynamicImport(
          '(^|\\/)(renderer|main|node)\\/|^node:|^(fs|path|os|webgpu|electron|react|three)$',
          'layer rule: kernels/ may not import this, dynamically either',
        ),
      ],
    },
  },
  {
    // Node-only kernel code (the `webgpu` package, WGSL embedding): Node built-ins allowed, still no UI or shell.
    files: ['kernels/**/node/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: uiPackages, message: 'layer rule: kernels/ may not import UI or shell code' }, ...upward(['renderer', 'main'])] },
      ],
    },
  },
  {
    // The renderer is sandboxed: it reaches main/ only through the preload's typed bridge, so it may
    // import main/'s types (the IPC contract) but never its code (Electron, Node).
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/main/**', '../main/*', '../../main/*', '../../../main/*'],
              allowTypeImports: true,
              message: 'layer rule: renderer/ may import main/ only with `import type` (it talks to main through the preload bridge)',
            },
            {
              group: ['node:*', 'fs', 'path', 'os', 'child_process', 'worker_threads', 'electron', 'webgpu'],
              message: 'layer rule: the renderer is sandboxed: no Node or Electron (main/ does that, through the preload bridge)',
            },
            {
              group: ['**/app/**/node/**', '**/kernels/**/node/**', '**/app/cli/**'],
              message: 'layer rule: the renderer may not import Node-only engine code (app/**/node, kernels/**/node, app/cli)',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...nodeGlobals],
      'no-restricted-syntax': [
        'error',
        noOnly,
        dynamicImport(
          '(^|\\/)(main|cli|node)\\/|^node:|^(fs|path|os|child_process|worker_threads|electron|webgpu)$',
          'layer rule: the renderer may not import this, dynamically either',
        ),
      ],
    },
  },
  {
    files: ['main/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', '@react-three/*', '**/renderer/**'],
              message: 'layer rule: main/ talks to the renderer only through typed IPC (import type)',
            },
          ],
        },
      ],
    },
  },
);
