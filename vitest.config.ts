import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Files that change what the next file in the same process would see: module mocks (vi.mock), stubbed globals or
// environment (the renderer's browser globals, vi.stubGlobal/stubEnv), process.env written directly. They run
// isolated, each in a fresh module graph; every other file shares its worker's modules with the files before it
// (isolate: false), which spares each file the import of the engine, three.js and glTF-Transform again: on 41 small
// files 19 s → 7 s here. A new file that mocks, stubs or writes a global belongs in this list (a test in
// test/lint/vitestIsolation.test.ts finds the ones left out).
export const ISOLATED_TEST_FILES = [
  'test/renderer/**/*.test.ts',
  'test/app/bake/frameProblem.test.ts',
  'test/app/bake/meshWeights.test.ts',
  'test/app/cli/cliBundle.test.ts',
];
const EXCLUDED = ['test/e2e/**', 'node_modules/**'];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Every core: Vitest's default leaves one idle (cores − 1), which on CI's and this 2-core machine ran the files one
    // at a time. Most files are one busy thread; the slow ones have timeouts 5× their time alone.
    maxWorkers: availableParallelism(),
    projects: [
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: [...EXCLUDED, ...ISOLATED_TEST_FILES], isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED_TEST_FILES, exclude: EXCLUDED } },
    ],
  },
});
