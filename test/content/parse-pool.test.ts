import { describe, expect, it } from 'vitest';
import type { ParseInput } from '../../src/content/parse.ts';
import { parseFiles } from '../../src/content/parse-pool.ts';

function inputs(count: number): ParseInput[] {
  return Array.from({ length: count }, (_, i) => ({
    kind: 'message' as const,
    path: `requests/r/messages/${i}.yaml`,
    // Every 7th file is invalid, so problems with positions travel back from the workers too.
    text: `id: ${i + 1}\nis_response: ${i % 7 === 0 ? 'maybe' : 'false'}\nrecipient_public_body: 1\ntimestamp: 2024-01-01T00:00:00Z\n`,
  }));
}

describe('parsing in worker threads', () => {
  it('gives exactly the results of parsing on this thread, in file order', async () => {
    const files = inputs(1200);
    const inWorkers = await parseFiles(files, { workers: 2 });
    const here = await parseFiles(files, { workers: 0 });
    expect(inWorkers).toEqual(here);
    expect(inWorkers.filter((file) => file.invalid)).toHaveLength(172);
    expect(inWorkers[0]!.problems).toEqual([
      {
        severity: 'error',
        file: 'requests/r/messages/0.yaml',
        line: 2,
        column: 14,
        path: 'is_response',
        message: 'must be a boolean, not "maybe"',
        hint: 'fix the value type as shown',
      },
    ]);
    expect(inWorkers[1]!.records).toEqual([{ data: expect.objectContaining({ id: 2, is_response: false }), base: [] }]);
  });
});
