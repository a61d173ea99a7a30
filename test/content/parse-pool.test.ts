import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll } from 'vitest';
import { parseFiles, type FileToParse } from '../../src/content/parse-pool.ts';
import { tempDir, writeTree } from '../helpers/content.ts';

let dir: Awaited<ReturnType<typeof tempDir>>;
const COUNT = 1200;

beforeAll(async () => {
  dir = await tempDir();
  const tree: Record<string, string> = {};
  for (let i = 0; i < COUNT; i++) {
    // Every 7th file is invalid, so problems with positions travel back from the workers too.
    tree[`requests/r/messages/${i}.yaml`] = `id: ${i + 1}\nis_response: ${i % 7 === 0 ? 'maybe' : 'false'}\nrecipient_public_body: 1\ntimestamp: 2024-01-01T00:00:00Z\n`;
  }
  await writeTree(dir.path, { ...tree, 'requests/r/messages/latin1.yaml': Uint8Array.from([...'id: 1\nsubject: Gebühren\n'].map((c) => c.charCodeAt(0))) });
});
afterAll(() => dir.remove());

function inputs(count: number): FileToParse[] {
  return Array.from({ length: count }, (_, i) => ({
    kind: 'message' as const,
    path: `requests/r/messages/${i}.yaml`,
  }));
}

const absolute = (input: FileToParse) => `${dir.path}/${input.path}`;
const read = { absolute, read: (input: FileToParse) => readFile(absolute(input)) };

describe('parsing in worker threads', () => {
  it('gives exactly the results of parsing on this thread, in file order', async () => {
    const files = inputs(COUNT);
    // Each parse is handed over as it comes back, with its file: once each, whatever the order.
    const handed = new Map<string, unknown>();
    const inWorkers = await parseFiles(files, read, { workers: 2, onParsed: (input, parsed) => handed.set(input.path, parsed) });
    const here = await parseFiles(files, read, { workers: 0 });
    expect(inWorkers).toEqual(here);
    expect(handed.size).toBe(COUNT);
    files.forEach((input, index) => expect(handed.get(input.path)).toBe(inWorkers[index]));
    expect(inWorkers.filter((file) => file.invalid)).toHaveLength(172);
    expect(inWorkers[0]!.problems).toEqual([
      {
        severity: 'error',
        kind: 'WrongType',
        file: 'requests/r/messages/0.yaml',
        line: 2,
        column: 14,
        path: 'is_response',
        message: 'must be true or false, not "maybe"',
        hint: 'write true or false (without quotes)',
      },
    ]);
    expect(inWorkers[1]!.records).toEqual([{ data: expect.objectContaining({ id: 2, is_response: false }), base: [] }]);
    expect(inWorkers[1]!.digest).toBe(createHash('sha1').update(readFileSync(`${dir.path}/requests/r/messages/1.yaml`)).digest('hex'));
  });

  it('reads bytes in the workers, so a file that is not UTF-8 is refused there too', async () => {
    const files = [...inputs(COUNT), { kind: 'message' as const, path: 'requests/r/messages/latin1.yaml' }];
    const inWorkers = await parseFiles(files, read, { workers: 2 });
    expect(inWorkers).toEqual(await parseFiles(files, read, { workers: 0 }));
    expect(inWorkers[COUNT]!.problems.map((p) => `${p.line}:${p.column} ${p.message.slice(0, 40)}`)).toEqual(['2:13 is not UTF-8 text: byte 0xFC here is not']);
  });
});
