import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Every core: Vitest's default leaves one idle (cores − 1), which on CI's and this 2-core machine ran the files one
    // at a time. Most files are one busy thread; the slow ones have timeouts 5× their time alone.
    maxWorkers: availableParallelism(),
  },
});
