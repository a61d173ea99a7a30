// Worker bootstrap: workers start with empty execArgv, so TypeScript support is registered
// here, however the parent was started (tsx CLI, vitest, node --import); then the worker's
// own module (workerData.module, a file URL) runs. Started by tsWorker() in ts-worker.ts.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.module);
