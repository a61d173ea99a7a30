import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Netlify's CLI: `npm run test:netlify` (vitest.netlify.config.ts), which installs it first.
    exclude: ['test/netlify-cli/**', '**/node_modules/**'],
    // One temp folder for the run, removed at its end (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    // PDF rendering and real HTTP servers are slow on a 2-core CI machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // vitest's default (cores - 1) runs one file at a time on 2 cores, which leaves a core idle
    // through every single-threaded test, server round trip and child-process start. Two
    // files at once there (docs/development.md, Test suite time).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
