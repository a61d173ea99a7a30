/** Worker side of content/scan.ts: walks the content directory it is sent, then stats files of it beside the main thread. */
import { parentPort } from 'node:worker_threads';
import { underRoot } from './disk.ts';
import { statFiles, walkShared } from './scan.ts';

parentPort!.once('message', (root: string) => {
  const scan = walkShared(root);
  parentPort!.postMessage(scan);
  statFiles(scan, underRoot(root));
  parentPort!.postMessage('statted');
});
