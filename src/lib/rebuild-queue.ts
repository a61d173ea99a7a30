/**
 * Runs a job (the preview's rebuild) after a burst of triggers (file changes) has been quiet
 * for `quietMs`, and never two runs at once: triggers during a run queue exactly one more run,
 * however many they are, which starts once the run has ended and the burst is quiet. A save
 * that writes three files, or a `git checkout` that writes three hundred, costs one run.
 *
 * Hand-written rather than a debounce package: what matters here is the single flight with
 * one queued run, which debounce and queue packages leave to their callers.
 */
export interface RebuildQueue {
  /** Something changed: run the job once the changes are quiet. */
  trigger(): void;
  /** Resolves when nothing is running, queued or waiting for quiet. */
  idle(): Promise<void>;
  /** No further runs; resolves when a run under way has ended. */
  close(): Promise<void>;
}

/** `job` must not reject; if it does, `onError` gets the error and the queue goes on. */
export function rebuildQueue(job: () => Promise<void>, options: { quietMs: number; onError: (error: unknown) => void }): RebuildQueue {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let queued = false;
  let closed = false;
  let waiters: (() => void)[] = [];

  const settleIdle = () => {
    if (timer || running || queued) return;
    const ready = waiters;
    waiters = [];
    ready.forEach((resolve) => resolve());
  };

  const start = () => {
    queued = false;
    running = job()
      .catch(options.onError)
      .finally(() => {
        running = null;
        // Changes during the run whose quiet time has passed: run again now (with the timer
        // still set, it starts the run when it fires).
        if (queued && !timer && !closed) start();
        else settleIdle();
      });
  };

  return {
    trigger() {
      if (closed) return;
      queued = true;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        if (!running && queued && !closed) start();
        else settleIdle();
      }, options.quietMs);
    },
    idle() {
      return new Promise((resolve) => {
        waiters.push(resolve);
        settleIdle();
      });
    },
    async close() {
      closed = true;
      queued = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      settleIdle();
    },
  };
}
