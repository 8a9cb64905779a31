// Lint, including the layer rule of DEVELOPERS.md: renderer/main -> kernels -> app, never upward.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const uiPackages = ['react', 'react-dom', 'react-dom/*', 'electron', '@react-three/*', 'zustand', 'zustand/*', 'zundo', 'three', 'three/*', 'three-mesh-bvh'];
const upward = (folders) => folders.map((f) => ({ group: [`**/${f}/**`, `../${f}/*`, `../../${f}/*`], message: `layer rule: this folder may not import ${f}/` }));

export default tseslint.config(
  { ignores: ['node_modules/**', 'out/**', 'dist/**', 'dist-web/**', 'test-results/**', 'playwright-report/**', 'artifacts/**', '.dev/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: "CallExpression[callee.property.name='only']", message: 'no .only in committed tests' }],
    },
  },
  {
    // The engine: no UI, no shell, no DOM-only libraries, no upward imports. Node built-ins only in app/**/node/ and the CLI.
    files: ['app/**/*.ts'],
    ignores: ['app/**/node/**', 'app/cli/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [], patterns: [
        { group: uiPackages, message: 'layer rule: app/ is plain TypeScript (no UI, shell or three.js)' },
        { group: ['node:*', 'fs', 'path', 'os', 'child_process', 'worker_threads'], message: 'layer rule: Node-only IO goes in app/**/node/' },
        ...upward(['kernels', 'renderer', 'main']),
      ] }],
    },
  },
  {
    files: ['app/**/node/**/*.ts', 'app/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: uiPackages, message: 'layer rule: app/ is plain TypeScript (no UI, shell or three.js)' },
        ...upward(['kernels', 'renderer', 'main']),
      ] }],
    },
  },
  {
    // Kernels are handed their GPUDevice and depend only on app/.
    files: ['kernels/**/*.ts'],
    ignores: ['kernels/**/node/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: uiPackages, message: 'layer rule: kernels/ may not import UI or shell code' },
        { group: ['node:*', 'fs', 'path', 'os', 'webgpu'], message: 'layer rule: Node-only kernel code goes in kernels/**/node/' },
        ...upward(['renderer', 'main']),
      ] }],
    },
  },
  {
    // Node-only kernel code (the `webgpu` package, WGSL embedding): Node built-ins allowed, still no UI or shell.
    files: ['kernels/**/node/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: uiPackages, message: 'layer rule: kernels/ may not import UI or shell code' },
        ...upward(['renderer', 'main']),
      ] }],
    },
  },
  {
    // The renderer is sandboxed: it reaches main/ only through the preload's typed bridge, so it may
    // import main/'s types (the IPC contract) but never its code (Electron, Node).
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group: ['**/main/**', '../main/*', '../../main/*', '../../../main/*'], allowTypeImports: true, message: 'layer rule: renderer/ may import main/ only with `import type` (it talks to main through the preload bridge)' }] }],
    },
  },
  {
    files: ['main/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['react', 'react-dom', '@react-three/*', '**/renderer/**'], message: 'layer rule: main/ talks to the renderer only through typed IPC (import type)' }] }] },
  },
);
