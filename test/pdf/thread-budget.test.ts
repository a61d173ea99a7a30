/**
 * The PDF stage's thread budget (src/pdf/thread-budget.ts): however many workers ask, no more
 * steps run at once than there are tokens, and the tokens of a worker that is gone come back.
 */
import { describe, expect, it } from 'vitest';
import { ThreadBudget, type BudgetMemory } from '../../src/pdf/thread-budget.ts';

function memory(tokens: number, free = new SharedArrayBuffer(4)): BudgetMemory {
  if (tokens >= 0) Atomics.store(new Int32Array(free), 0, tokens);
  return { free, held: new SharedArrayBuffer(4) };
}

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 2));

describe('ThreadBudget', () => {
  it('runs at most as many steps at once as there are tokens, across budgets sharing the counter', async () => {
    const shared = memory(2);
    const budgets = [new ThreadBudget(shared), new ThreadBudget(memory(-1, shared.free)), new ThreadBudget(memory(-1, shared.free))];
    let running = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        budgets[i % 3]!.run(async () => {
          running++;
          most = Math.max(most, running);
          await tick();
          order.push(i);
          running--;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(order).toHaveLength(12);
    expect(Atomics.load(new Int32Array(shared.free), 0)).toBe(2);
    expect(Atomics.load(new Int32Array(shared.held), 0)).toBe(0);
  });

  it('gives the token back when a step throws', async () => {
    const shared = memory(1);
    const budget = new ThreadBudget(shared);
    await expect(budget.run(() => Promise.reject(new Error('encode failed')))).rejects.toThrow('encode failed');
    expect(await budget.run(() => Promise.resolve(7))).toBe(7);
    expect(Atomics.load(new Int32Array(shared.free), 0)).toBe(1);
  });

  it('counts what each worker holds, so the pool can give back the tokens of a terminated one', async () => {
    const shared = memory(1);
    const budget = new ThreadBudget(shared);
    let release!: () => void;
    const holding = budget.run(() => new Promise<void>((resolve) => (release = resolve)));
    await tick();
    expect(Atomics.load(new Int32Array(shared.held), 0)).toBe(1);
    expect(Atomics.load(new Int32Array(shared.free), 0)).toBe(0);
    release();
    await holding;
    expect(Atomics.load(new Int32Array(shared.held), 0)).toBe(0);
  });
});
