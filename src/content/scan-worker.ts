/** Worker side of content/scan.ts: walks and stats the content directory it is sent. */
import { parentPort } from 'node:worker_threads';
import { underRoot } from './disk.ts';
import { scanArrays } from './scan.ts';

parentPort!.once('message', (root: string) => {
  parentPort!.postMessage(scanArrays(root, underRoot(root)));
});
