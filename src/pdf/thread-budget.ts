/**
 * The PDF stage's thread budget: at most `cores` CPU-heavy steps run at once in the whole
 * process, whichever worker thread runs them (docs/pdf.md, "Threads"). A step is a page's
 * render and text on a worker's JavaScript thread, or one sharp encode, which runs on a libuv
 * thread with one libvips thread (`sharp.concurrency(1)`). Every worker holds the same
 * tokens, a counter in shared memory, so a worker whose page is rendering and one whose PNGs
 * are encoding share the cores instead of each assuming it has them all.
 *
 * Each worker also counts the tokens it holds in memory of its own, shared with the main
 * thread: a worker terminated mid-step (a time limit) cannot give its tokens back, so the
 * pool does (`reclaim`).
 */
import { availableParallelism } from 'node:os';

/** What a worker receives: the shared counter of free tokens, and its own counter of tokens held. */
export interface BudgetMemory {
  free: SharedArrayBuffer;
  held: SharedArrayBuffer;
}

// Atomics.waitAsync is in Node since 16 (V8 8.7); TypeScript types it from lib ES2024 on.
type WaitAsync = (array: Int32Array, index: number, value: number) => { async: boolean; value: Promise<string> | string };
const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync;

/** Runs one CPU-heavy step under a budget (`ThreadBudget.run`), or at once (`unlimited`). */
export type RunStep = <T>(step: () => Promise<T>) => Promise<T>;

export const unlimited: RunStep = (step) => step();

/** The budget inside a worker. */
export class ThreadBudget {
  readonly #free: Int32Array;
  readonly #held: Int32Array;

  constructor(memory: BudgetMemory) {
    this.#free = new Int32Array(memory.free);
    this.#held = new Int32Array(memory.held);
  }

  /** Runs `step` once a token is free, and gives the token back when it settles. */
  readonly run: RunStep = async (step) => {
    await this.#acquire();
    try {
      return await step();
    } finally {
      this.#release();
    }
  };

  async #acquire(): Promise<void> {
    for (;;) {
      // Counted as held before it is taken: a worker terminated in between gives one token
      // too many back (`reclaim`), never one too few, so the budget cannot shrink to nothing.
      Atomics.add(this.#held, 0, 1);
      const free = Atomics.load(this.#free, 0);
      if (free > 0 && Atomics.compareExchange(this.#free, 0, free, free - 1) === free) return;
      Atomics.sub(this.#held, 0, 1);
      if (free > 0) continue;
      const wait = waitAsync(this.#free, 0, 0);
      if (wait.async) await wait.value;
    }
  }

  #release(): void {
    Atomics.sub(this.#held, 0, 1);
    Atomics.add(this.#free, 0, 1);
    Atomics.notify(this.#free, 0, 1);
  }
}

let processFree: SharedArrayBuffer | null = null;

/** The process's one counter of free tokens, `availableParallelism()` of them. */
function freeTokens(): SharedArrayBuffer {
  if (!processFree) {
    processFree = new SharedArrayBuffer(4);
    Atomics.store(new Int32Array(processFree), 0, availableParallelism());
  }
  return processFree;
}

/** The memory for one new worker; `reclaim` gives back what it still holds once it is gone. */
export function workerBudget(): { memory: BudgetMemory; reclaim(): void } {
  const memory = { free: freeTokens(), held: new SharedArrayBuffer(4) };
  return {
    memory,
    reclaim() {
      const held = Atomics.exchange(new Int32Array(memory.held), 0, 0);
      if (held <= 0) return;
      const free = new Int32Array(memory.free);
      Atomics.add(free, 0, held);
      Atomics.notify(free, 0);
    },
  };
}
