// Worker bootstrap: workers start with empty execArgv, so TypeScript support is registered
// here, however the parent was started (tsx CLI, vitest, node --import); then the worker's
// own module (workerData.module, a file URL) runs. Started by tsWorker() in ts-worker.ts.
// Packages in workerData.preload are loaded first, by Node's own loader: through tsx's, a
// large one stays far larger in memory (ts-worker.ts).
import { workerData } from 'node:worker_threads';

for (const specifier of workerData.preload ?? []) await import(specifier);
const { register } = await import('tsx/esm/api');
register();
await import(workerData.module);
