/** Worker side of content/scan.ts: plans the walk of the content directory it is sent, then walks its share (content/scan-walk.ts). */
import { parentPort } from 'node:worker_threads';
import type { ScanMessage, ScanRequest } from './scan.ts';
import { planWalk, statted, walkChunks } from './scan-walk.ts';

parentPort!.once('message', ({ root, listings }: ScanRequest) => {
  const { plan, outside } = planWalk(root, listings);
  parentPort!.postMessage({ plan } satisfies ScanMessage);
  const walked = statted(root, outside);
  const chunks = walkChunks(plan);
  parentPort!.postMessage({ outside: walked, chunks } satisfies ScanMessage);
});
