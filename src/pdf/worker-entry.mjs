// Worker bootstrap: workers start with empty execArgv (see pool.ts), so TypeScript support is
// registered here, independent of how the parent was started (tsx CLI, vitest, node --import).
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
