/**
 * How far V8 lets the heap grow past what a process holds before it collects the old generation
 * (docs/performance.md, "Memory"). V8 picks a factor of up to 4 after each full collection, and
 * a build allocates fast and keeps much of it briefly (each object's JSON until its pack is
 * written), so between collections its heap grew to two or three times what it held. At 1.5
 * times, V8 collects more often and the peak follows what the build holds; the cost is the CPU
 * of the extra collections.
 */
import { setFlagsFromString } from 'node:v8';

const HEAP_GROWING_PERCENT = 50;

/**
 * Sets V8's `--heap-growing-percent` for this process (and its worker threads), unless the
 * command line or NODE_OPTIONS sets it already. V8 reads the flag at every full collection, so
 * setting it after start takes effect.
 */
export function boundHeapGrowth(percent = HEAP_GROWING_PERCENT, given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ')): void {
  if (/--heap[-_]growing[-_]percent/.test(given)) return;
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}
