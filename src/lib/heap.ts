/**
 * How far V8 lets the heap grow past what a process holds before it collects the old generation
 * (docs/performance.md, "Memory"). V8 picks a factor of up to 4 after each full collection, and
 * a build allocates fast and keeps much of it briefly (each object's JSON until its pack is
 * written), so between collections its heap grew to two or three times what it held. At 1.3
 * times, V8 collects more often and the peak follows what the build holds; the cost is the CPU
 * of the extra collections (at 50,000 requests: peak RSS 2.8 GB at V8's choice, 1.5 GB at 1.5
 * times, 1.4 GB at 1.3 times).
 */
import { setFlagsFromString } from 'node:v8';

const HEAP_GROWING_PERCENT = 30;

/** What boundHeapGrowth set, which loosenHeapGrowth goes back to; undefined while it has not (the command line's flag wins, tests keep V8's). */
let bound: number | undefined;

/**
 * Sets V8's `--heap-growing-percent` (default 30) for this process (and its worker threads), unless the
 * command line or NODE_OPTIONS sets it already. V8 reads the flag at every full collection, so
 * setting it after start takes effect.
 */
export function boundHeapGrowth(percent = HEAP_GROWING_PERCENT, given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ')): void {
  if (/--heap[-_]growing[-_]percent/.test(given)) return;
  bound = percent;
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}

/**
 * Lets the heap grow by `percent` between full collections until the returned function bounds
 * it again as boundHeapGrowth did: for a build whose heap is the model it loads and little
 * besides, where collecting at every 30 % of growth marks the same model again and again (a
 * warm build, src/build.ts). Nothing changes where boundHeapGrowth did not set the flag.
 */
export function loosenHeapGrowth(percent: number): () => void {
  const after = bound;
  if (after === undefined) return () => {};
  setFlagsFromString(`--heap-growing-percent=${percent}`);
  return () => setFlagsFromString(`--heap-growing-percent=${after}`);
}
