// The layer rule (CONTRIBUTING.md: renderer/main -> kernels -> app, never upward) and the module rule (another engine
// module only through its index.ts) are held by lint: each violation
// below is planted, as source text at a path inside its layer, and eslint must report it with the rule named; the
// same layers' legitimate code passes. Nothing is written to disk (ESLint.lintText with a filePath).
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The rule ids eslint reports for `code` as if it were the file `path` (relative to the repository root). */
async function ruleIds(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return result.messages.map((message) => message.ruleId ?? `fatal: ${message.message}`);
}

const violations: Array<[string, string, string, string]> = [
  ['a Node global in the engine', 'app/bake/probe.ts', 'export const cwd = process.cwd();\n', 'no-restricted-globals'],
  ['a DOM global in the engine', 'app/weights/probe.ts', 'export const title = window.name;\n', 'no-restricted-globals'],
  ['the DOM document in the engine', 'app/export/probe.ts', 'export const body = document.body;\n', 'no-restricted-globals'],
  ['IO from the engine', 'app/io/probe.ts', "export const bytes = fetch('x.glb');\n", 'no-restricted-globals'],
  ['a dynamic import of kernels/ from the engine', 'app/bake/probe.ts', "export const gpu = import('../../kernels/vbd/index.ts');\n", 'no-restricted-syntax'],
  ['a dynamic import of node:fs from the engine', 'app/bake/probe.ts', "export const fs = import('node:fs');\n", 'no-restricted-syntax'],
  [
    'a static import of kernels/ from the engine',
    'app/bake/probe.ts',
    "export { requestVbdStepBackend } from '../../kernels/vbd/requestVbdStepBackend.ts';\n",
    'no-restricted-imports',
  ],
  [
    'node:fs in the engine outside node/',
    'app/weights/probe.ts',
    "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
    'no-restricted-imports',
  ],
  ['a DOM global in the CLI', 'app/cli/probe.ts', 'export const body = document.body;\n', 'no-restricted-globals'],
  ['the DOM document in kernels/', 'kernels/vbd/probe.ts', "export const canvas = document.createElement('canvas');\n", 'no-restricted-globals'],
  ['a Node global in kernels/', 'kernels/gpu/probe.ts', 'export const argv = process.argv;\n', 'no-restricted-globals'],
  ['a dynamic import of the renderer from kernels/', 'kernels/gpu/probe.ts', "export const ui = import('../../renderer/App.tsx');\n", 'no-restricted-syntax'],
  [
    'node:fs in the renderer',
    'renderer/probe.ts',
    "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
    '@typescript-eslint/no-restricted-imports',
  ],
  [
    'electron in the renderer',
    'renderer/probe.ts',
    "import { ipcRenderer } from 'electron';\nexport const ipc = ipcRenderer;\n",
    '@typescript-eslint/no-restricted-imports',
  ],
  [
    'Node-only engine code in the renderer',
    'renderer/probe.ts',
    "import { writeFileAtomic } from '../app/io/node/writeFileAtomic.ts';\nexport const write = writeFileAtomic;\n",
    '@typescript-eslint/no-restricted-imports',
  ],
  [
    'a dynamic import of node/ engine code in the renderer',
    'renderer/workers/probe.ts',
    "export const cli = import('../../app/cli/main.ts');\n",
    'no-restricted-syntax',
  ],
  ['a Node global in the renderer', 'renderer/probe.ts', 'export const env = process.env;\n', 'no-restricted-globals'],
  [
    'main/ code (not types) in the renderer',
    'renderer/probe.ts',
    "import { contentType } from '../main/contentType.ts';\nexport const type = contentType;\n",
    '@typescript-eslint/no-restricted-imports',
  ],
  [
    'a file inside another engine module (not its index.ts) from the engine',
    'app/bake/probe.ts',
    "import { hypot3 } from '../math/hypot3.ts';\nexport const h = hypot3;\n",
    'overlap/module-entries',
  ],
  [
    'a re-export of a file inside another engine module',
    'app/export/probe.ts',
    "export { closestRotation } from '../embedding/closestRotation.ts';\n",
    'overlap/module-entries',
  ],
  [
    'a dynamic import of a file inside an engine module',
    'app/bake/probe.ts',
    "export const m = import('../contact/ogcContact.ts');\n",
    'overlap/module-entries',
  ],
  [
    'a file inside kernels/ from the renderer',
    'renderer/workers/probe.ts',
    "import { requestVbdStepBackend } from '../../kernels/vbd/requestVbdStepBackend.ts';\nexport const r = requestVbdStepBackend;\n",
    'overlap/module-entries',
  ],
  [
    'a file inside an engine module from kernels/',
    'kernels/vbd/probe.ts',
    "import { closestRotation } from '../../app/embedding/closestRotation.ts';\nexport const c = closestRotation;\n",
    'overlap/module-entries',
  ],
  [
    'a file inside an engine module from main/',
    'main/probe.ts',
    "import { writeFileAtomic } from '../app/io/node/writeFileAtomic.ts';\nexport const w = writeFileAtomic;\n",
    'overlap/module-entries',
  ],
  ['the renderer in main/', 'main/probe.ts', "import { App } from '../renderer/App.tsx';\nexport const app = App;\n", 'no-restricted-imports'],
];

const allowed: Array<[string, string, string]> = [
  [
    'a glTF Document named `document` in the engine (a local, not the global)',
    'app/export/probe.ts',
    "import type { Document } from '@gltf-transform/core';\nexport const nodes = (document: Document) => document.getRoot().listNodes();\n",
  ],
  ['engine code through an index in the renderer', 'renderer/probe.ts', "import { readGltf } from '../app/io/index.ts';\nexport const read = readGltf;\n"],
  [
    'another engine module through its index, and a nested public entry (node/)',
    'app/bake/probe.ts',
    "import { hypot3 } from '../math/index.ts';\nimport { readGltfFile } from '../io/node/index.ts';\nexport const h = [hypot3, readGltfFile];\n",
  ],
  [
    'a file of the same module, and folders inside kernels/ directly',
    'kernels/vbd/probe.ts',
    "import { GpuOgcDetection } from '../contact/gpuOgcDetection.ts';\nimport { packVbdContact } from './packVbdContact.ts';\nexport const k = [GpuOgcDetection, packVbdContact];\n",
  ],
  ['main/ types in the renderer', 'renderer/probe.ts', "import type { OverlapBridge } from '../main/ipcContract.ts';\nexport type Bridge = OverlapBridge;\n"],
  [
    'Node in app/**/node',
    'app/io/node/probe.ts',
    "import { readFileSync } from 'node:fs';\nexport const read = (path: string) => readFileSync(path, process.platform === 'win32' ? undefined : undefined);\n",
  ],
  ['the webgpu package in kernels/**/node', 'kernels/node/probe.ts', "export const gpu = import('webgpu');\n"],
];

describe('lint holds the layers', () => {
  it.each(violations)(
    'reports %s',
    async (_label, path, code, rule) => {
      expect(await ruleIds(path, code), `${path}: ${code.trim()}`).toContain(rule);
    },
    60_000,
  );

  it.each(allowed)(
    'allows %s',
    async (_label, path, code) => {
      expect(await ruleIds(path, code), `${path}: ${code.trim()}`).toEqual([]);
    },
    60_000,
  );
});
