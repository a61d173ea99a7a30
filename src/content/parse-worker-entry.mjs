// Worker bootstrap: workers start with empty execArgv, so TypeScript support is registered
// here, however the parent was started (tsx CLI, vitest, node --import).
import { register } from 'tsx/esm/api';

register();
await import('./parse-worker.ts');
