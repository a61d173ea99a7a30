/**
 * With a parse cache, the model keeps no message text in memory: each message's `content` is
 * a StoredText, read (and its redaction marks applied) when asked for, and it reads as the
 * text the model holds without a cache, redacted passages and segments alike.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkContent, type Checked } from '../../src/check.ts';
import { StoredText } from '../../src/lib/stored-text.ts';
import { shown, shownSegments, shownText } from '../../src/model/redaction.ts';
import { ROOT } from '../helpers/imports.ts';
import { tempDir } from '../helpers/content.ts';

let dir: Awaited<ReturnType<typeof tempDir>>;

/** This process's open file descriptors (Linux). */
const openFiles = () => readdirSync('/proc/self/fd').length;
const checks: Checked[] = [];

async function check(parseCacheDir?: string): Promise<Checked> {
  const checked = await checkContent({ contentDir: join(ROOT, 'content'), env: {}, ...(parseCacheDir && { parseCacheDir }) });
  checks.push(checked);
  expect(checked.archive).toBeDefined();
  return checked;
}

/** Each message's id, subject, text and segments as the serializers read them. */
const texts = (checked: Checked) =>
  checked.archive!.messages.map((message) => {
    const content = shown(message.content);
    return { id: message.id, subject: shownText(message.subject), content: shownText(content), segments: shownSegments(content) };
  });

beforeAll(async () => {
  dir = await tempDir('archive-stored-texts-');
});
afterAll(async () => {
  for (const checked of checks) checked.close();
  await dir.remove();
});

describe('message texts kept by the parse cache', () => {
  it('reads every text of the sample as the model without a cache holds it, cold and warm', async () => {
    const inMemory = await check();
    expect(inMemory.archive!.messages.some((message) => message.content instanceof StoredText)).toBe(false);
    const expected = texts(inMemory);
    // The sample has redacted passages: their segments (a redacted one is [true, text]) come through the stored text too.
    expect(expected.some((message) => message.content.includes('[geschwärzt]') && message.segments.some(([redacted]) => redacted))).toBe(true);

    const cacheDir = join(dir.path, 'parsed');
    for (const run of ['cold', 'warm']) {
      const cached = await check(cacheDir);
      if (run === 'warm') expect(cached.parsing!.misses).toBe(0);
      expect(cached.archive!.messages.every((message) => message.content instanceof StoredText)).toBe(true);
      expect(texts(cached)).toEqual(expected);
    }
  });

  it('closes every file it opened for texts, and refuses to read a text after', async () => {
    // Cold, then warm: the shard files written, then the shard files read.
    for (const run of ['cold', 'warm']) {
      const before = openFiles();
      const cached = await check(join(dir.path, 'closed'));
      expect(openFiles(), run).toBeGreaterThan(before);
      cached.close();
      expect(openFiles(), run).toBe(before);
      expect(() => shown(cached.archive!.messages[0]!.content)).toThrow(/after its build closed its files/);
    }
  });
});
