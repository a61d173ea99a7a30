/**
 * The preview's rebuild queue (src/lib/rebuild-queue.ts): a burst of changes is one run, runs
 * never overlap, and changes during a run queue exactly one more. Fake timers: the quiet time
 * and the job's duration are set by the test, not by the machine's load.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rebuildQueue } from '../../src/lib/rebuild-queue.ts';

const QUIET = 100;
const JOB = 1_000;

/** A job that takes JOB ms of fake time and records when it ran and how many ran at once. */
function recordingJob() {
  const runs: { start: number; end: number }[] = [];
  let active = 0;
  let most = 0;
  const job = async () => {
    active++;
    most = Math.max(most, active);
    const start = Date.now();
    await new Promise((resolve) => setTimeout(resolve, JOB));
    runs.push({ start, end: Date.now() });
    active--;
  };
  return { job, runs, most: () => most };
}

describe('rebuildQueue', () => {
  let t0: number;
  beforeEach(() => {
    vi.useFakeTimers();
    t0 = Date.now();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs once for a burst, after the burst has been quiet for quietMs', async () => {
    const { job, runs } = recordingJob();
    const queue = rebuildQueue(job, { quietMs: QUIET, onError: () => {} });
    for (let i = 0; i < 5; i++) {
      queue.trigger();
      await vi.advanceTimersByTimeAsync(QUIET / 2);
    }
    await vi.advanceTimersByTimeAsync(QUIET + JOB);
    expect(runs.map((run) => run.start - t0)).toEqual([5 * (QUIET / 2) - QUIET / 2 + QUIET]);
    await queue.close();
  });

  it('never runs two at once; changes during a run queue exactly one more, which starts when the run ends', async () => {
    const { job, runs, most } = recordingJob();
    const queue = rebuildQueue(job, { quietMs: QUIET, onError: () => {} });
    queue.trigger();
    await vi.advanceTimersByTimeAsync(QUIET + 10);
    // Three changes while the first run is under way, all quiet long before it ends.
    for (let i = 0; i < 3; i++) {
      queue.trigger();
      await vi.advanceTimersByTimeAsync(20);
    }
    await vi.advanceTimersByTimeAsync(3 * JOB);
    expect(runs.map((run) => [run.start - t0, run.end - t0])).toEqual([
      [QUIET, QUIET + JOB],
      [QUIET + JOB, QUIET + 2 * JOB],
    ]);
    expect(most()).toBe(1);
    await queue.close();
  });

  it('waits for quiet after a run when the changes go on past its end', async () => {
    const { job, runs } = recordingJob();
    const queue = rebuildQueue(job, { quietMs: QUIET, onError: () => {} });
    queue.trigger();
    await vi.advanceTimersByTimeAsync(QUIET + JOB - 50);
    queue.trigger();
    await vi.advanceTimersByTimeAsync(60); // the run has ended; the last change is 60 ms old
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(QUIET + JOB);
    expect(runs.map((run) => run.start - t0)).toEqual([QUIET, QUIET + JOB - 50 + QUIET]);
    await queue.close();
  });

  it('idle() waits for the queued run; a failing run is reported and the queue goes on', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const queue = rebuildQueue(
      async () => {
        calls++;
        await new Promise((resolve) => setTimeout(resolve, JOB));
        if (calls === 1) throw new Error('first run failed');
      },
      { quietMs: QUIET, onError: (error) => errors.push(error) },
    );
    let idle = false;
    queue.trigger();
    void queue.idle().then(() => (idle = true));
    await vi.advanceTimersByTimeAsync(QUIET + JOB / 2);
    queue.trigger();
    await vi.advanceTimersByTimeAsync(JOB);
    expect(idle).toBe(false);
    await vi.advanceTimersByTimeAsync(JOB);
    expect(idle).toBe(true);
    expect(calls).toBe(2);
    expect(errors.map((error) => (error as Error).message)).toEqual(['first run failed']);
    await queue.close();
  });

  it('close() ends the waiting, lets a run under way finish, and starts nothing after it', async () => {
    const { job, runs } = recordingJob();
    const queue = rebuildQueue(job, { quietMs: QUIET, onError: () => {} });
    queue.trigger();
    await vi.advanceTimersByTimeAsync(QUIET + 10);
    queue.trigger();
    let closed = false;
    void queue.close().then(() => (closed = true));
    await vi.advanceTimersByTimeAsync(3 * JOB);
    expect(closed).toBe(true);
    expect(runs).toHaveLength(1);
    queue.trigger();
    await vi.advanceTimersByTimeAsync(3 * JOB);
    expect(runs).toHaveLength(1);
  });
});
