// `npm run test:netlify` (tools/test-netlify.ts): the tests that run Netlify's own CLI,
// one file at a time (each builds and serves the sample; the CLI alone fills a core).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/netlify-cli/**/*.test.ts'],
    // One temp folder for the run, removed at its end (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 300_000,
    hookTimeout: 600_000,
    pool: 'forks',
    maxWorkers: 1,
  },
});
